'use client';
import useSWR, { preload } from 'swr';
import { ApiPath } from '@contracts/paths';
import type { CityList } from '@contracts/city';
import { ASK_ONCE, loadBrowserApi } from './browser-api';

const KEY = [ApiPath.cities];

async function fetchCityList(): Promise<CityList> {
  const api = await loadBrowserApi();
  return api.fetchCities(api.browserContext());
}

/**
 * The city picker's list (spec §3 City list), asked by the browser when the picker is about to open, not carried by
 * every page: it was a fifth of a detail page's RSC payload, rendered, serialised and stored again for each page
 * (docs/performance.md "Cold pages"). The answer is the same for everyone, so the web's forward keeps it.
 */
export function useCityList() {
  return useSWR<CityList>(KEY, fetchCityList, ASK_ONCE);
}

/** Starts asking (the visitor points at the picker); useCityList then has the answer or the call under way. */
export function preloadCityList(): void {
  void preload(KEY, fetchCityList).catch(() => {});
}
