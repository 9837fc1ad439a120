import type { DeskThread } from '@contracts/im';
import { formatRelativeTime } from '@/lib/relative-time';
import type { DeskCopy } from './desk-copy';
import { badge, preview } from './desk-thread';
import styles from './desk.module.css';

export interface DeskThreadListProps {
  copy: DeskCopy;
  threads: DeskThread[] | null;
  openUser: number | null;
  onOpen: (userId: number) => void;
}

/** The agent's conversations, newest first: the user's name, the last message, its time and the unread badge. */
export function DeskThreadList({ copy, threads, openUser, onOpen }: DeskThreadListProps) {
  return (
    <aside className={styles.threads} aria-label={copy.conversations}>
      <h2 className={styles.threadsTitle}>{copy.conversations}</h2>
      {threads && threads.length === 0 && (
        <div className={styles.empty}>
          <p>{copy.emptyList}</p>
          <p className={styles.hint}>{copy.emptyListHint}</p>
        </div>
      )}
      <ul className={styles.threadList}>
        {threads?.map((t) => (
          <li key={t.conversationId}>
            <button
              type="button"
              className={`${styles.thread} ${t.user.userId === openUser ? styles.threadOpen : ''}`}
              onClick={() => onOpen(t.user.userId)}
              data-user-id={t.user.userId}
            >
              {t.user.avatarUrl ? (
                // eslint-disable-next-line @next/next/no-img-element -- the user's avatar from the portal's store
                <img src={t.user.avatarUrl} alt="" className={styles.avatar} />
              ) : (
                <span className={styles.avatarBlank}>{t.user.userName.slice(0, 1)}</span>
              )}
              <span className={styles.threadMain}>
                <span className={styles.threadName}>{t.user.userName}</span>
                <span className={styles.threadPreview}>{preview(t.lastMessage, copy)}</span>
              </span>
              <span className={styles.threadSide}>
                <time className={styles.time}>{t.lastMessage ? formatRelativeTime(t.lastMessage.createdAt) : ''}</time>
                {t.unRead > 0 && (
                  <span className={styles.badge} aria-label={`${t.unRead}`}>
                    {badge(t.unRead, copy.unreadMore)}
                  </span>
                )}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </aside>
  );
}
