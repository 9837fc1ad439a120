import { CHANNELS } from '@contracts/channels';
import { channelListPage } from '@/components/listing/channel-list-page';
import { ProjectCard } from '@/components/listing/project-card';
import { fetchNewHomeConditions, fetchNewHomeList } from '@/lib/api/endpoints';
import { messages } from '@/lib/messages';

const L = messages.newHome.filterLabels;

/** 新房 (楼盘) list: average price, total price, sale status and property type. */
const page = channelListPage({
  channel: CHANNELS.new,
  fetchConditions: fetchNewHomeConditions,
  fetchList: fetchNewHomeList,
  rows: (c) => [
    { key: 'unitPrice', label: L.unitPrice, options: c.unitPrice },
    { key: 'totalPrice', label: L.totalPrice, options: c.totalPrice },
    { key: 'saleStatus', label: L.saleStatus, options: c.saleStatus },
    { key: 'propertyType', label: L.propertyType, options: c.propertyType },
  ],
  card: (item) => <ProjectCard key={item.id} item={item} />,
});

export const generateMetadata = page.generateMetadata;
export default page.ListPage;
