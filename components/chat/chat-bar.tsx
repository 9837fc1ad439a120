'use client';
import { messages } from '@/lib/client-messages';

const M = messages.chat;

/** The closed chat header: 在线咨询 · 消息 (a visitor's goes to login, a user's opens the widget). */
export function ChatBar({ unread = 0, onClick, href }: { unread?: number; onClick?: () => void; href?: string }) {
  const inner = (
    <>
      <span className="chat-bar__title">{M.title}</span>
      <span className="chat-bar__tab">
        {M.messagesTab}
        {unread > 0 && (
          <span className="chat-badge" aria-label={M.unreadLabel(unread)}>
            {M.badge(unread)}
          </span>
        )}
      </span>
    </>
  );
  return href ? (
    <a className="chat-bar" href={href}>
      {inner}
    </a>
  ) : (
    <button type="button" className="chat-bar" aria-label={M.expand} aria-expanded={false} onClick={onClick}>
      {inner}
    </button>
  );
}
