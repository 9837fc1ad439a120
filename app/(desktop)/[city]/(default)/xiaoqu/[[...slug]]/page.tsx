import { channelListPage } from '@/components/listing/channel-list-page';
import { EstateCard } from '@/components/listing/estate-card';
import { estateFilters } from '@/components/listing/filters/estate';
import { fetchEstateList } from '@/lib/api/endpoints';

/** 小区 list: its filters (shared with /xiaoqu/options); each card counts the community's homes for sale and rent. */
const page = channelListPage({
  ...estateFilters,
  fetchList: fetchEstateList,
  card: (item, eager) => <EstateCard key={item.id} item={item} eager={eager} />,
});

export const generateMetadata = page.generateMetadata;
export default page.ListPage;

export { generateStaticParams } from '@/lib/server/render-on-visit';
