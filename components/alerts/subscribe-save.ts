import type { AlertSearchAdd } from '@contracts/alerts';
import { ALERT_DUPLICATE } from '@contracts/alerts-constants';
import { ApiError, isSessionInvalid } from '@/lib/api/errors';
import { browserContext } from '@/lib/client/api';
import { addSavedSearch } from '@/lib/client/api-endpoints';
import { loginPath } from '@/lib/return-path';

/**
 * 订阅's click (or the save a return from the login asks for): saves the list, 'done' also when it was saved already
 * (409); a visitor (401) is sent to the login with the list and `hash` as the return path, the list kept under
 * `pendingKey` (sessionStorage) as this tab's request, and gets 'login'. Any other refusal is thrown, its message the
 * one to show. Loaded with the first click, with the API client and the alerts' words: no first page load carries
 * them (first-load JS, docs/performance.md).
 */
export async function saveSearch(search: AlertSearchAdd, hash: string, pendingKey: string): Promise<'done' | 'login'> {
  try {
    await addSavedSearch(browserContext(), search);
    return 'done';
  } catch (err) {
    if (isSessionInvalid(err)) {
      const here = `${window.location.pathname}${window.location.search}`;
      // Only a save this tab asked for is made on the way back: a link someone else wrote with the hash saves nothing.
      window.sessionStorage.setItem(pendingKey, here);
      window.location.assign(loginPath(`${here}${hash}`));
      return 'login';
    }
    if (err instanceof ApiError && err.status === 409 && err.message === ALERT_DUPLICATE) return 'done';
    throw err;
  }
}
