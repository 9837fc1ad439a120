'use client';
import useSWR from 'swr';
import type { MapAreaRequest } from '@contracts/map';
import { formatDrawnArea, type AreaPoint, type MapChannel } from '@contracts/map-constants';
import { browserContext } from '@/lib/client/api';
import { fetchMapArea } from '@/lib/client/api-endpoints';
import { ASK_ONCE } from './browser-api';

/**
 * 画圈找房: the homes (新房: projects) inside the drawn area with the map's filters. `null` (no area) asks nothing.
 * `data` answers this area and these filters only; `error` is the call's message (the backend's words for an area too
 * large or too small).
 */
export function useMapArea(cityCode: string, channel: MapChannel, area: AreaPoint[] | null, filters: Record<string, number>) {
  return useSWR(
    area && ['map-area', cityCode, channel, formatDrawnArea(area), JSON.stringify(filters)],
    () => fetchMapArea(browserContext(), { cityCode, channelCode: channel, points: area!, filters } as MapAreaRequest),
    ASK_ONCE,
  );
}
