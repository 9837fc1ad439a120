import type { CommercialChannel } from '@contracts/commercial';
import { fetchCommercialList } from '@/lib/api/endpoints';
import { channelListPage } from './channel-list-page';
import { CommercialCard } from './commercial-card';
import { commercialFilters } from './filters/commercial';

/** The list route of a 商铺 or 写字楼 channel: its filters (./filters/commercial.ts), its list and the commercial card. */
export function commercialListPage(code: CommercialChannel) {
  return channelListPage({
    ...commercialFilters(code),
    fetchList: fetchCommercialList(code),
    card: (item, eager) => <CommercialCard key={item.id} item={item} eager={eager} />,
  });
}
