import { CHANNELS } from '@contracts/channels';
import { channelListPage } from '@/components/listing/channel-list-page';
import { EstateCard } from '@/components/listing/estate-card';
import { fetchEstateConditions, fetchEstateList } from '@/lib/api/endpoints';
import { messages } from '@/lib/messages';

const L = messages.estate.filters;

/** 小区 list: reference-price and build-age bands; each card counts the community's homes for sale and rent. */
const page = channelListPage({
  channel: CHANNELS.estate,
  fetchConditions: fetchEstateConditions,
  fetchList: fetchEstateList,
  rows: (c) => [
    { key: 'avgPrice', label: L.avgPrice, options: c.avgPrice },
    { key: 'buildAge', label: L.buildAge, options: c.buildAge },
  ],
  card: (item) => <EstateCard key={item.id} item={item} />,
});

export const generateMetadata = page.generateMetadata;
export default page.ListPage;
