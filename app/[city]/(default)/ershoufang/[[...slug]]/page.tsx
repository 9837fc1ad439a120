import { CHANNELS } from '@contracts/channels';
import { channelListPage } from '@/components/listing/channel-list-page';
import { ListingCard } from '@/components/listing/listing-card';
import { fetchEsfConditions, fetchEsfList } from '@/lib/api/endpoints';
import { messages } from '@/lib/messages';

const L = messages.filterLabels;

/** 二手房 list: price, area and rooms. */
const page = channelListPage({
  channel: CHANNELS.esf,
  fetchConditions: fetchEsfConditions,
  fetchList: fetchEsfList,
  rows: (c) => [
    { key: 'price', label: L.price, options: c.price },
    { key: 'area', label: L.area, options: c.area },
    { key: 'rooms', label: L.rooms, options: c.rooms },
  ],
  card: (item) => <ListingCard key={item.id} item={item} />,
});

export const generateMetadata = page.generateMetadata;
export default page.ListPage;
