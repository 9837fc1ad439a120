'use client';
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import type { MapSuggestion } from '@contracts/map';
import type { MapChannel } from '@contracts/map-constants';
import { browserContext } from '@/lib/client/api';
import { fetchMapRecommends } from '@/lib/client/api-endpoints';
import { ASK_ONCE } from './browser-api';

/** How long typing rests before the map asks for places. */
export const MAP_SUGGEST_DEBOUNCE_MS = 300;

/**
 * The map's place suggestions (spec /v1/ditu/recommends) for what is typed: districts, areas, communities, lines and
 * stations with their coordinates. Nothing is asked for blank text, and none are offered for it.
 */
export function useMapSuggestions(cityCode: string, channel: MapChannel, keyword: string): MapSuggestion[] {
  // Its own rest, not lib/hooks/use-debounced-value.ts: a module shared with the map's chunk is split out of the
  // header search box's dropdown into a chunk of its own, and the dropdown's list of chunks, which every page's first
  // load carries, grows by one name (≈9 B gzip).
  const [typed, setTyped] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setTyped(keyword.trim()), MAP_SUGGEST_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [keyword]);
  const { data } = useSWR(
    typed ? ['map-suggestions', cityCode, channel, typed] : null,
    () => fetchMapRecommends(browserContext(), { cityCode, channelCode: channel, keyword: typed }),
    ASK_ONCE,
  );
  return data ?? [];
}
