'use client';

type BrowserApi = typeof import('@/lib/client/api') & typeof import('@/lib/client/api-endpoints');

/**
 * The browser API client for the SWR hooks' fetchers, loaded on the first call and not with the page: no first
 * page load carries it (first-load JS). A failed load is not kept, so the next call loads again.
 */
export async function loadBrowserApi(): Promise<BrowserApi> {
  const [browser, endpoints] = await Promise.all([import('@/lib/client/api'), import('@/lib/client/api-endpoints')]);
  return { ...browser, ...endpoints };
}

/**
 * Options shared by the hooks: each resource is asked once per page view, as before SWR (a focus or a reconnect
 * asks nothing), and a failure is shown, not retried behind the user's back.
 */
export const ASK_ONCE = {
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  shouldRetryOnError: false,
} as const;
