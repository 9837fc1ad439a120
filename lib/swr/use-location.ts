'use client';
import type { Location } from '@contracts/city';
import { useAskedOnce } from './ask-once';
import { loadBrowserApi } from './browser-api';

async function fetchLocation(): Promise<Location | null> {
  const api = await loadBrowserApi();
  return api.fetchLocation(api.browserContext());
}

/**
 * spec §7 location: the visitor's city from their address, asked from the browser (the page is one render for
 * everyone, so the server cannot know it). `undefined` until the answer, and while `ask` is false (nothing is
 * asked); a failed call is swallowed (spec §7): no data, no error shown. On every page's first load, so without SWR
 * (./ask-once.ts).
 */
export function useLocation(ask = true): Location | null | undefined {
  return useAskedOnce(ask ? 'location' : null, fetchLocation).data;
}
