'use client';
import type { CityList } from '@contracts/city';
import { ask, useAskedOnce } from './ask-once';
import { loadBrowserApi } from './browser-api';

const KEY = 'cities';

async function fetchCityList(): Promise<CityList> {
  const api = await loadBrowserApi();
  return api.fetchCities(api.browserContext());
}

/**
 * The city picker's list (spec §3 City list), asked by the browser when the picker is about to open, not carried by
 * every page: it was a fifth of a detail page's RSC payload, rendered, serialised and stored again for each page
 * (docs/performance.md "Cold pages"). The answer is the same for everyone, so the web's forward keeps it. The picker's
 * toggle is on every page's first load, so this is ./ask-once.ts, not SWR; a failure shows, and opening again asks again.
 */
export function useCityList() {
  return useAskedOnce(KEY, fetchCityList);
}

/** Starts asking (the visitor points at the picker); useCityList then has the answer or the call under way. */
export function preloadCityList(): void {
  ask(KEY, fetchCityList).catch(() => {});
}
