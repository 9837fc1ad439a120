'use client';
import useSWR from 'swr';
import { ApiPath } from '@contracts/paths';
import type { Location } from '@contracts/city';
import { ASK_ONCE, loadBrowserApi } from './browser-api';

/**
 * spec §7 location: the visitor's city from their address, asked from the browser (the page is one render for
 * everyone, so the server cannot know it). `undefined` until the answer, and while `ask` is false (nothing is
 * asked); a failed call is swallowed (spec §7): no data, no error shown.
 */
export function useLocation(ask = true): Location | null | undefined {
  const { data } = useSWR<Location | null>(
    ask ? [ApiPath.location] : null,
    async () => {
      const api = await loadBrowserApi();
      return api.fetchLocation(api.browserContext());
    },
    ASK_ONCE,
  );
  return data;
}
