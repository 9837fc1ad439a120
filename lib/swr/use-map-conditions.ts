'use client';
import useSWR from 'swr';
import type { MapChannel } from '@contracts/map-constants';
import { browserContext } from '@/lib/client/api';
import { fetchChannelConditions } from '@/lib/client/api-endpoints';
import { ASK_ONCE } from './browser-api';

export type MapOption = { code: number; label: string };

/**
 * The map's filter options of a channel in the city (its conditions answer, the list page's): the rows of the map's
 * filter bar, and the labels a drawn area's 订阅 is named by. `undefined` until they have come (or when the call
 * failed): those of another channel are never shown for this one.
 */
export function useMapConditions(channel: MapChannel, cityCode: string): Record<string, MapOption[]> | undefined {
  const { data } = useSWR(
    ['map-conditions', channel, cityCode],
    async () => (await fetchChannelConditions(browserContext(), channel, cityCode)) as Record<string, MapOption[]>,
    ASK_ONCE,
  );
  return data;
}
