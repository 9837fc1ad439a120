import { commercialListPage } from '@/components/listing/commercial-list-page';

/** 商铺出租 list (CHANNELS.shop_rent): its filters, sorts and card come from the commercial list page. */
const page = commercialListPage('shop_rent');

export const generateMetadata = page.generateMetadata;
export default page.ListPage;

export { generateStaticParams } from '@/lib/server/render-on-visit';
