import { loginPath } from '@/lib/return-path';

/**
 * 预约看房's click (or the reopening a return from the login asks for): who is looking is asked (`/auth/me`, as the
 * header's user box does); true for a user, who gets the dialog, and a visitor is sent to the login, to come back to
 * `back`. Loaded with the first click: no first page load carries it (first-load JS, docs/performance.md).
 */
export async function mayBook(back: string): Promise<boolean> {
  let loggedIn = false;
  try {
    const res = await fetch('/auth/me', { credentials: 'same-origin', cache: 'no-store' });
    loggedIn = res.ok && ((await res.json()) as { user: unknown }).user != null;
  } catch {
    // Unknown: the login page asks again.
  }
  if (!loggedIn) window.location.assign(loginPath(back));
  return loggedIn;
}
