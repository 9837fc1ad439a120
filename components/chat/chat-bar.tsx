'use client';
import { chatWidgetMessages } from '@/lib/chat/chat-messages';
import { messages } from '@/lib/client/messages';

const M = { ...messages.chat, ...chatWidgetMessages };

/**
 * The closed widget of a logged-in user: 在线咨询 · 消息 with the unread badge (spec §9: max 99); a click opens it. It
 * stays on the page under the open dialog, which gives focus back to it on closing.
 */
export function ChatBar({ unread = 0, open, onClick }: { unread?: number; open: boolean; onClick: () => void }) {
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
  return (
    <button
      type="button"
      className="chat-bar"
      aria-label={M.expand}
      aria-haspopup="dialog"
      aria-expanded={open}
      onClick={onClick}
    >
      {inner}
    </button>
  );
}
