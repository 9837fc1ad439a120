'use client';
import { ApiError } from '@/lib/api/errors';
import { messages } from '@/lib/client/messages';

type AccountApi = typeof import('@/lib/client/api') & typeof import('@/lib/client/api-endpoints');
let accountApi: Promise<AccountApi> | undefined;

/**
 * The API client loads when a form is first focused or submitted, not with the page (first-load JS: at most +25 kB gzip a route),
 * as the login form does. A failed load is forgotten, so the next try loads again.
 */
export function loadAccountApi(): Promise<AccountApi> {
  accountApi ??= Promise.all([import('@/lib/client/api'), import('@/lib/client/api-endpoints')])
    .then(([browser, endpoints]) => ({ ...browser, ...endpoints }))
    .catch((err: unknown) => {
      accountApi = undefined;
      throw err;
    });
  return accountApi;
}

/** The backend's message for a refusal (it is the user's language), the network one for anything else. */
export function accountErrorText(err: unknown): string {
  return err instanceof ApiError && err.message ? err.message : messages.serverBusy;
}
