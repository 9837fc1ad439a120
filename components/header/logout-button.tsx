'use client';
import { browserContext } from '@/lib/api/browser';
import { logout } from '@/lib/api/browser-endpoints';
import { messages } from '@/lib/client-messages';

/** The backend's /sso/logout clears the HttpOnly session cookie; then the page reloads as anonymous. */
export function LogoutButton() {
  const onClick = async () => {
    try {
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
