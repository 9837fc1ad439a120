'use client';
import useSWR from 'swr';
import type { MapChannel } from '@contracts/map-constants';
import { browserContext } from '@/lib/client/api';
import { fetchChannelList } from '@/lib/client/api-endpoints';
import { ASK_ONCE } from './browser-api';

/** A home (新房: a project) as the map's side list shows it: the fields of the three channels' list items it reads. */
export interface MapListItem {
  id: number;
  title?: string;
  name?: string;
  communityName?: string;
  districtName?: string;
  businessAreaName?: string;
  rooms?: number;
  halls?: number;
  area?: number;
  totalPrice?: number;
  unitPrice?: number;
  monthlyRent?: number;
  avgPrice?: number | null;
  saleStatus?: number;
  address?: string;
}

/** The side list's page: the channel's list call (the list page's) with the map's filters. */
export interface MapListRequest {
  cityCode: string;
  channel: MapChannel;
  /** The list request's fields: page, pageSize, filters (each a list of codes), estateId, lineId or stationId. */
  query: Record<string, unknown>;
}

/**
 * The map's side list: a chosen community's (project's) homes, or on a list route the channel's list, a page at a
 * time. `null` asks nothing. `data` is the answer to this request only (none while it is asked); `error` when its call
 * failed.
 */
export function useMapList(req: MapListRequest | null) {
  return useSWR(
    req && ['map-list', req.cityCode, req.channel, JSON.stringify(req.query)],
    () => fetchChannelList<MapListItem>(browserContext(), req!.channel, { cityCode: req!.cityCode, ...req!.query }),
    ASK_ONCE,
  );
}
