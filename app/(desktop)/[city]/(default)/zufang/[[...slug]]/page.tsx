import { channelListPage } from '@/components/listing/channel-list-page';
import { rentFilters } from '@/components/listing/filters/rent';
import { RentCard } from '@/components/listing/rent-card';
import { fetchRentList } from '@/lib/api/endpoints';

/** 租房 list: its filters (shared with /zufang/options), the rent list and the rent card. */
const page = channelListPage({
  ...rentFilters,
  fetchList: fetchRentList,
  card: (item, eager) => <RentCard key={item.id} item={item} eager={eager} />,
});

export const generateMetadata = page.generateMetadata;
export default page.ListPage;

export { generateStaticParams } from '@/lib/server/render-on-visit';
