import { channelListPage } from '@/components/listing/channel-list-page';
import { esfFilters } from '@/components/listing/filters/esf';
import { ListingCard } from '@/components/listing/listing-card';
import { fetchEsfList } from '@/lib/api/endpoints';

/** 二手房 list: its filters (shared with /ershoufang/options), the list and the second-hand card. */
const page = channelListPage({
  ...esfFilters,
  fetchList: fetchEsfList,
  card: (item, eager) => <ListingCard key={item.id} item={item} eager={eager} />,
});

export const generateMetadata = page.generateMetadata;
export default page.ListPage;

export { generateStaticParams } from '@/lib/server/render-on-visit';
