'use client';
import { useMemo } from 'react';
import useSWR from 'swr';
import type { MapBubbles, MapBubblesRequest } from '@contracts/map';
import { bubbleLevelOf, type MapChannel } from '@contracts/map-constants';
import { browserContext } from '@/lib/client/api';
import { fetchMapBubbles } from '@/lib/client/api-endpoints';
import { ASK_ONCE } from './browser-api';

/** The box the map asks bubbles for: its view clipped to the city (undefined when the view is outside it). */
export interface MapViewBox {
  zoom: number;
  bounds: { west: number; east: number; south: number; north: number } | undefined;
}

/**
 * The bubbles of the map's view (districts, areas, communities or projects by the zoom) with the filters, or `null`
 * before the first answer and after a failed call. A view's bubbles stay while the next view's are asked for: the
 * markers of a bubble in both are kept, not drawn again (components/map/use-bubble-markers.ts). Outside the city at a
 * community's zoom there is nothing to ask: no bubbles.
 */
export function useMapBubbles(
  cityCode: string,
  channel: MapChannel,
  view: MapViewBox | null,
  /** The filters (and the subway choice) as one JSON text: the same filters are the same key. */
  filterKey: string,
): MapBubbles | null {
  const level = view ? bubbleLevelOf(channel, view.zoom) : null;
  const outside = view !== null && !view.bounds && (level === 'community' || level === 'project');
  const { data, error } = useSWR(
    view && !outside ? ['map-bubbles', cityCode, channel, view.zoom, JSON.stringify(view.bounds ?? null), filterKey] : null,
    () =>
      fetchMapBubbles(browserContext(), {
        cityCode,
        channelCode: channel,
        zoom: view!.zoom,
        bounds: view!.bounds,
        filters: JSON.parse(filterKey) as Record<string, number>,
      } as MapBubblesRequest),
    { ...ASK_ONCE, keepPreviousData: true },
  );
  // One object per level: the markers follow the answer's identity.
  const none = useMemo<MapBubbles | null>(() => (outside && level ? { level, total: 0, list: [] } : null), [outside, level]);
  if (outside) return none;
  return error ? null : (data ?? null);
}
