'use client';
import { chatWidgetMessages } from '@/lib/chat/chat-messages';
import { messages } from '@/lib/client/messages';
import { UnreadBadge } from './unread-badge';

const M = { ...messages.chat, ...chatWidgetMessages };

/**
 * Its name is what it shows (在线咨询 消息, and the unread count): WCAG 2.5.3, a voice user says what they see.
 * The closed widget of a logged-in user: 在线咨询 · 消息 with the unread badge (spec §9: max 99); a click opens it. It
 * stays on the page under the open dialog, which gives focus back to it on closing.
 */
export function ChatBar({ unread = 0, open, onClick }: { unread?: number; open: boolean; onClick: () => void }) {
  const inner = (
    <>
      <span className="chat-bar__title">{M.title}</span>
      <span className="chat-bar__tab">
        {M.messagesTab}
        {unread > 0 && <UnreadBadge count={unread} />}
      </span>
    </>
  );
  return (
    <button type="button" className="chat-bar" aria-haspopup="dialog" aria-expanded={open} onClick={onClick}>
      {inner}
    </button>
  );
}
