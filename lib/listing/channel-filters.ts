import type { ChannelDef } from '@contracts/channels';
import type { ChannelCode } from '@contracts/constants';
import type { CallContext } from '@/lib/api/core';

/** One row of filter options: a filter of the channel (contracts/channels.ts) with the city's options for it. */
export interface FilterRow {
  key: string;
  label: string;
  options: { code: number; label: string }[];
  /** Folded under 更多 (朝向, 楼层 …) rather than a row of its own. */
  more?: boolean;
}

export type Place = { id: number; name: string; children: { id: number; name: string }[] };

/** What every channel's conditions answer has beside its own filters: places and sorts. */
export interface Conditions {
  districts: Place[];
  subwayLines: Place[];
  sorts: { code: number; label: string }[];
}

/**
 * A channel's filters as its pages describe them: the channel, the call for its conditions and the filter rows
 * drawn from that answer (labels in lib/messages.ts). The list page (lib/server/list-page.ts, channelListPage) and the options page
 * (channelOptionsPage) take the same description, so every option the list offers is on the options page and
 * the other way round. One file per channel under components/listing/filters/.
 */
export interface ChannelFilters<C extends Conditions, Code extends ChannelCode = ChannelCode> {
  channel: ChannelDef<Code>;
  fetchConditions: (ctx: CallContext, cityCode: string) => Promise<C>;
  /** The channel's filter rows, in the order the filter bar shows them. */
  rows: (conditions: C) => FilterRow[];
}
