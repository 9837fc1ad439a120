import { CHANNELS } from '@contracts/channels';
import type { CommercialChannel } from '@contracts/commercial';
import { fetchCommercialConditions } from '@/lib/api/endpoints';
import { messages } from '@/lib/messages';
import type { ChannelFilters } from '@/lib/listing/channel-filters';

/**
 * The filters of a 商铺 or 写字楼 channel (list and options pages): its registry entry's filters (type or grade,
 * total or daily price, area), each with the options its conditions answer gives for the city.
 */
export function commercialFilters(
  code: CommercialChannel,
): ChannelFilters<Awaited<ReturnType<ReturnType<typeof fetchCommercialConditions>>>, CommercialChannel> {
  const channel = CHANNELS[code];
  return {
    channel,
    fetchConditions: fetchCommercialConditions(code),
    rows: (c) =>
      channel.filters.map((f) => ({
        key: f.key,
        label: messages.commercial.filterLabels[f.key] ?? f.key,
        options: c[f.key as keyof typeof c] as { code: number; label: string }[],
      })),
  };
}
