import type { ChannelDef } from '@contracts/channels';
import type { ChannelCode } from '@contracts/constants';
import type { CallContext } from '@/lib/api/core';
import type { FilterRow } from './filter-bar';

export type Place = { id: number; name: string; children: { id: number; name: string }[] };

/** What every channel's conditions answer has beside its own filters: places and sorts. */
export interface Conditions {
  districts: Place[];
  subwayLines: Place[];
  sorts: { code: number; label: string }[];
}

/**
 * A channel's filters as its pages describe them: the channel, the call for its conditions and the filter rows
 * drawn from that answer (labels in lib/messages.ts). The list page (channelListPage) and the options page
 * (channelOptionsPage) take the same description, so every option the list offers is on the options page and
 * the other way round. One file per channel under ./filters/.
 */
export interface ChannelFilters<C extends Conditions, Code extends ChannelCode = ChannelCode> {
  channel: ChannelDef<Code>;
  fetchConditions: (ctx: CallContext, cityCode: string) => Promise<C>;
  /** The channel's filter rows, in the order the filter bar shows them. */
  rows: (conditions: C) => FilterRow[];
}
