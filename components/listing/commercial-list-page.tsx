import { CHANNELS } from '@contracts/channels';
import type { CommercialChannel } from '@contracts/commercial';
import { fetchCommercialConditions, fetchCommercialList } from '@/lib/api/endpoints';
import { messages } from '@/lib/messages';
import { channelListPage } from './channel-list-page';
import { CommercialCard } from './commercial-card';

/**
 * The list route of a 商铺 or 写字楼 channel: its filter rows are its registry entry's filters (type or grade, total
 * or daily price, area), each with the options its conditions answer gives for the city.
 */
export function commercialListPage(code: CommercialChannel) {
  const channel = CHANNELS[code];
  return channelListPage({
    channel,
    fetchConditions: fetchCommercialConditions(code),
    fetchList: fetchCommercialList(code),
    rows: (c) => channel.filters.map((f) => ({ key: f.key, label: messages.commercial.filterLabels[f.key] ?? f.key, options: c[f.key as keyof typeof c] as { code: number; label: string }[] })),
    card: (item) => <CommercialCard key={item.id} item={item} />,
  });
}
