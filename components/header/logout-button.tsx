'use client';
import { messages } from '@/lib/client-messages';

/**
 * The backend's /sso/logout clears the HttpOnly session cookie; then the page reloads as anonymous. The API
 * client loads on the click: the button is on every page of a logged-in visitor, the call rare (issue 7).
 */
export function LogoutButton() {
  const onClick = async () => {
    try {
      const [{ browserContext }, { logout }] = await Promise.all([import('@/lib/api/browser'), import('@/lib/api/browser-endpoints')]);
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
