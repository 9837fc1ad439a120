import { channelDef } from '@contracts/channels';
import { isRowFilter, RESIDENTIAL, type ResidentialChannel } from '@contracts/residential';
import type { CallContext } from '@/lib/api/core';
import { messages } from '@/lib/messages';
import type { ChannelFilters, Conditions } from '@/lib/listing/channel-filters';

/**
 * The filters of a residential channel (list and options pages), from its declaration (contracts/residential.ts):
 * one row per declared filter (bounds aside), in its order, the 更多 ones marked, named by lib/messages.ts filterLabels and offering what the city's
 * conditions answer gives for that key.
 */
export function residentialFilters<Code extends ResidentialChannel, C extends Conditions>(
  code: Code,
  fetchConditions: (ctx: CallContext, cityCode: string) => Promise<C>,
): ChannelFilters<C, Code> {
  return {
    channel: channelDef(code),
    fetchConditions,
    rows: (conditions) =>
      // A visitor's own bound (bp100) is no row: the filter bar offers it in the row it refines (price, area).
      RESIDENTIAL[code].filters.filter(isRowFilter).map((f) => ({
        key: f.key,
        label: messages.filterLabels[f.key],
        ...('more' in f && f.more ? { more: true } : {}),
        // The conditions schema has a row per declared key (contracts/listing-common.ts conditionsSchemaOf).
        options: (conditions as unknown as Record<string, { code: number; label: string }[]>)[f.key] ?? [],
      })),
  };
}
