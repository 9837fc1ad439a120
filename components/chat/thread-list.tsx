'use client';
import type { ChatThread } from '@/lib/chat/thread-store';
import { chatWidgetMessages } from '@/lib/chat/chat-messages';
import { messages } from '@/lib/client/messages';
import { formatRelativeTime } from '@/lib/relative-time';
import { previewOf } from './chat-message';
import { UnreadBadge } from './unread-badge';

const M = { ...messages.chat, ...chatWidgetMessages };

/** The conversations, newest first: the agent, the last message's time and preview, the unread badge (max 99). */
export function ThreadList({ threads, now, onOpen }: { threads: ChatThread[]; now: number; onOpen(agentUserId: number): void }) {
  if (threads.length === 0) return <p className="chat-empty">{M.empty}</p>;
  return (
    <ul className="chat-threads" aria-label={M.listTitle}>
      {threads.map((t) => {
        const last = t.messages.at(-1);
        const target = t.target;
        return (
          <li key={t.agentUserId}>
            <button type="button" className="chat-thread" onClick={() => onOpen(t.agentUserId)} data-agent={t.agentUserId}>
              {target && (
                // eslint-disable-next-line @next/next/no-img-element -- agent photo from the backend
                <img className="chat-thread__photo" src={target.agentPhoto} alt={target.agentName} width={44} height={44} />
              )}
              <span className="chat-thread__main">
                <span className="chat-thread__top">
                  <span className="chat-thread__name">{target?.agentName ?? ''}</span>
                  <span className="chat-thread__time">{last ? formatRelativeTime(last.createdAt, now) : ''}</span>
                </span>
                <span className="chat-thread__brand">
                  {target ? [target.brandName, target.branchName].filter(Boolean).join(' · ') : ''}
                </span>
                <span className="chat-thread__bottom">
                  <span className="chat-thread__preview">{previewOf(last)}</span>
                  {t.unRead > 0 && <UnreadBadge count={t.unRead} />}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
