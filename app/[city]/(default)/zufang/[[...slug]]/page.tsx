import { CHANNELS } from '@contracts/channels';
import { channelListPage } from '@/components/listing/channel-list-page';
import { RentCard } from '@/components/listing/rent-card';
import { fetchRentConditions, fetchRentList } from '@/lib/api/endpoints';
import { messages } from '@/lib/messages';

const L = messages.filterLabels;

/** 租房 list: 整租/合租, rent, area and rooms. */
const page = channelListPage({
  channel: CHANNELS.rent,
  fetchConditions: fetchRentConditions,
  fetchList: fetchRentList,
  rows: (c) => [
    { key: 'rentType', label: L.rentType, options: c.rentType },
    { key: 'rent', label: L.rent, options: c.rent },
    { key: 'area', label: L.area, options: c.area },
    { key: 'rooms', label: L.rooms, options: c.rooms },
  ],
  card: (item) => <RentCard key={item.id} item={item} />,
});

export const generateMetadata = page.generateMetadata;
export default page.ListPage;
