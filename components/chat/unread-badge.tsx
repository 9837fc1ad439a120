import { chatWidgetMessages as M } from '@/lib/chat/chat-messages';

/**
 * The unread badge (spec §9: stops at 99+). The number is what the eye sees; a screen reader hears "N条未读消息" in
 * its place. A label on the span itself would be ignored (a span has no role to name) and flagged by axe.
 */
export function UnreadBadge({ count }: { count: number }) {
  return (
    <>
      <span className="chat-badge" aria-hidden="true">
        {M.badge(count)}
      </span>
      <span className="visually-hidden">{M.unreadLabel(count)}</span>
    </>
  );
}
