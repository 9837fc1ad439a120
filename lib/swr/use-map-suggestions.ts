'use client';
import useSWR from 'swr';
import type { MapSuggestion } from '@contracts/map';
import type { MapChannel } from '@contracts/map-constants';
import { browserContext } from '@/lib/client/api';
import { fetchMapRecommends } from '@/lib/client/api-endpoints';
import { useDebouncedValue } from '@/lib/hooks/use-debounced-value';
import { ASK_ONCE } from './browser-api';

/** How long typing rests before the map asks for places. */
export const MAP_SUGGEST_DEBOUNCE_MS = 300;

/**
 * The map's place suggestions (spec /v1/ditu/recommends) for what is typed: districts, areas, communities, lines and
 * stations with their coordinates. Nothing is asked for blank text, and none are offered for it.
 */
export function useMapSuggestions(cityCode: string, channel: MapChannel, keyword: string): MapSuggestion[] {
  const typed = useDebouncedValue(keyword.trim(), MAP_SUGGEST_DEBOUNCE_MS);
  const { data } = useSWR(
    typed ? ['map-suggestions', cityCode, channel, typed] : null,
    () => fetchMapRecommends(browserContext(), { cityCode, channelCode: channel, keyword: typed }),
    ASK_ONCE,
  );
  return data ?? [];
}
