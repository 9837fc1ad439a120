'use client';
import useSWR from 'swr';
import type { MapCommuteRequest } from '@contracts/map-commute';
import type { MapChannel } from '@contracts/map-constants';
import { browserContext } from '@/lib/client/api';
import { fetchMapCommute } from '@/lib/client/api-endpoints';
import { ASK_ONCE } from './browser-api';

/** 通勤找房's question: the time, the workplace (a station, or a point) and the page, with the list's filters. */
export interface MapCommuteAsk {
  cityCode: string;
  channel: MapChannel;
  minutes: number;
  where: { stationId: number } | { lng: number; lat: number };
  page: number;
  pageSize: number;
  /** The list's filters, each a list of codes. */
  filters: Record<string, unknown>;
}

/**
 * 通勤找房: the stations and homes reached from the workplace in the time, a page of them. `null` (no workplace
 * chosen yet) asks nothing. `data` answers this question only; `error` is the call's message.
 */
export function useMapCommute(ask: MapCommuteAsk | null) {
  return useSWR(
    ask && ['map-commute', JSON.stringify(ask)],
    () =>
      fetchMapCommute(browserContext(), {
        cityCode: ask!.cityCode,
        channelCode: ask!.channel,
        minutes: ask!.minutes,
        ...ask!.where,
        page: ask!.page,
        pageSize: ask!.pageSize,
        filters: ask!.filters,
      } as MapCommuteRequest),
    ASK_ONCE,
  );
}
