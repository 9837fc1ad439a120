'use client';
import type { DeskAgent, ImMessage, ImPhoneReply, ImPropertyCard } from '@contracts/im';
import { IM_LAYOUT } from '@contracts/im-constants';
import { ApiPath } from '@contracts/paths';
import { formatRelativeTime } from '@/lib/relative-time';
import type { DeskCopy } from './desk-copy';
import styles from './desk.module.css';

export interface DeskMessageProps {
  message: ImMessage;
  copy: DeskCopy;
  agent: DeskAgent;
  /** The answer to this message, when it is a phone request (20001) that has one. */
  reply: ImPhoneReply | undefined;
  onAnswer: (requestId: number, agree: boolean) => void;
  busy: boolean;
  /** `//bj.localhost:3000`: where a property card's city lives (its pcUrl is a path there). */
  cityOrigin: (cityDomain: string) => string;
}

const fill = (template: string, n: string | number) => template.replace('{n}', String(n));

/**
 * A stored image key as the desk may load it: through the desk's own object path, which knows the agent by the desk
 * cookie (a chat image is private to the conversation's two ends; `/oss/` never sees the desk cookie).
 */
const imageUrl = (key: string) => (/^(https?:)?\/\//.test(key) || key.startsWith('/') ? key : `${ApiPath.deskObject}/${key}`);

/** One message of a conversation, every layout of spec §3: the user's on the left, the agent's own on the right. */
export function DeskMessage({ message, copy, agent, reply, onAnswer, busy, cityOrigin }: DeskMessageProps) {
  const mine = !message.fromUser;
  const content = message.content as Record<string, unknown>;
  const auto = content.auto === true;
  return (
    <li
      className={`${styles.message} ${mine ? styles.mine : styles.theirs}`}
      data-message-id={message.messageId}
      data-layout={message.layout}
    >
      <div className={styles.bubbleWrap}>
        {auto && <span className={styles.autoTag}>{copy.autoReply}</span>}
        <Body
          message={message}
          content={content}
          copy={copy}
          agent={agent}
          reply={reply}
          onAnswer={onAnswer}
          busy={busy}
          cityOrigin={cityOrigin}
        />
        <time className={styles.time} dateTime={message.createdAt} title={message.createdAt}>
          {formatRelativeTime(message.createdAt)}
        </time>
      </div>
    </li>
  );
}

function Body({
  message,
  content,
  copy,
  agent,
  reply,
  onAnswer,
  busy,
  cityOrigin,
}: DeskMessageProps & { content: Record<string, unknown> }) {
  const mine = !message.fromUser;
  switch (message.layout) {
    case IM_LAYOUT.TEXT:
      return <p className={styles.text}>{String(content.msgDetail ?? '')}</p>;
    case IM_LAYOUT.IMAGE: {
      const keys = Array.isArray(content.msgList) ? (content.msgList as unknown[]).map(String) : [];
      return (
        <div className={styles.images}>
          {keys.map((key) => (
            <a key={key} href={imageUrl(key)} target="_blank" rel="noreferrer">
              {/* eslint-disable-next-line @next/next/no-img-element -- user images from the portal's own store */}
              <img src={imageUrl(key)} alt={copy.imageAlt} className={styles.image} />
            </a>
          ))}
        </div>
      );
    }
    case IM_LAYOUT.PROPERTY: {
      const card = content.layoutDetail as ImPropertyCard;
      return (
        <a className={styles.card} href={`${cityOrigin(card.cityDomain)}${card.pcUrl}`} target="_blank" rel="noreferrer">
          {/* A listing without photos has no cover: an empty box of the cover's size, never an <img src=""> (which
              loads the page again). */}
          {card.coverUrl ? (
            // eslint-disable-next-line @next/next/no-img-element -- the listing's cover from the portal's store
            <img src={card.coverUrl} alt={card.title} className={styles.cardCover} />
          ) : (
            <span className={styles.cardCover} aria-hidden="true" />
          )}
          <span className={styles.cardBody}>
            <span className={styles.cardTitle}>{card.title}</span>
            <span className={styles.cardLayout}>{card.layoutText}</span>
            <span className={styles.cardPrice}>{card.priceText}</span>
          </span>
        </a>
      );
    }
    case IM_LAYOUT.PHONE_REQUEST: {
      const answered = reply ? <span className={styles.answer}>{reply.agree ? copy.agreed : copy.refused}</span> : null;
      if (mine) {
        return (
          <div className={styles.system}>
            <p>{copy.phoneRequestFromMe}</p>
            {answered ?? <span className={styles.answer}>{copy.waiting}</span>}
          </div>
        );
      }
      return (
        <div className={styles.system}>
          <p>{copy.phoneRequestFromUser}</p>
          {answered ?? (
            <div className={styles.answerButtons}>
              <button
                type="button"
                className="btn btn--primary"
                disabled={busy}
                onClick={() => onAnswer(message.messageId, true)}
              >
                {copy.agree}
              </button>
              <button type="button" className="btn" disabled={busy} onClick={() => onAnswer(message.messageId, false)}>
                {copy.refuse}
              </button>
            </div>
          )}
        </div>
      );
    }
    case IM_LAYOUT.PHONE_REPLY: {
      const detail = content.layoutDetail as ImPhoneReply;
      return (
        <div className={styles.system}>
          <p className={styles.answer}>{detail.agree ? copy.agreed : copy.refused}</p>
          {detail.agree && detail.mobile && <p className={styles.phone}>{fill(copy.phoneOf, detail.mobile)}</p>}
        </div>
      );
    }
    case IM_LAYOUT.AGENT_CARD: {
      const own = (content.layoutDetail as { agentUserId?: number } | undefined)?.agentUserId === agent.userId;
      return (
        <div className={styles.agentCard}>
          <span className={styles.agentCardLabel}>{copy.agentCard}</span>
          {own ? (
            <span className={styles.agentCardBody}>
              {/* eslint-disable-next-line @next/next/no-img-element -- the agent's photo from the portal's store */}
              <img src={agent.agentPhoto} alt={agent.agentName} className={styles.avatar} />
              <span>
                <strong>{agent.agentName}</strong>
                <br />
                {agent.brandName} · {agent.branchName}
              </span>
            </span>
          ) : null}
        </div>
      );
    }
    default:
      return null;
  }
}
