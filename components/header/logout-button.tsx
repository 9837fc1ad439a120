'use client';
import { messages } from '@/lib/client/messages';

/**
 * The backend's /sso/logout clears the HttpOnly session cookie; then the page reloads as anonymous. The API
 * client loads on the click: the button is on every page of a logged-in visitor, the call rare (first-load JS: at most +25 kB gzip a route).
 * Before that the chat lets go (spec §3 chatData is the user's): the widget stops its socket, this user's local
 * history goes, and /api/logout closes their sockets on every tab and instance (lib/chat/chat-session.ts).
 */
export function LogoutButton({ userId }: { userId: number }) {
  const onClick = async () => {
    try {
      const [{ browserContext }, { logout }, { endChatSession }] = await Promise.all([
        import('@/lib/client/api'),
        import('@/lib/client/api-endpoints'),
        import('@/lib/chat/chat-session'),
      ]);
      await endChatSession(userId).catch(() => {});
      await logout(browserContext());
    } finally {
      window.location.reload();
    }
  };
  return (
    <button type="button" className="link-button" onClick={onClick}>
      {messages.logout}
    </button>
  );
}
