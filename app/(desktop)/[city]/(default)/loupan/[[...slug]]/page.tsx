import { channelListPage } from '@/components/listing/channel-list-page';
import { newHomeFilters } from '@/components/listing/filters/new';
import { ProjectCard } from '@/components/listing/project-card';
import { fetchNewHomeList } from '@/lib/api/endpoints';

/** 新房 (楼盘) list: its filters (shared with /loupan/options), the project list and the project card. */
const page = channelListPage({
  ...newHomeFilters,
  fetchList: fetchNewHomeList,
  card: (item, eager) => <ProjectCard key={item.id} item={item} eager={eager} />,
});

export const generateMetadata = page.generateMetadata;
export default page.ListPage;

export { generateStaticParams } from '@/lib/server/render-on-visit';
