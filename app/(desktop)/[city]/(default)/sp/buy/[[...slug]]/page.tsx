import { commercialListPage } from '@/components/listing/commercial-list-page';

/** 商铺出售 list (CHANNELS.shop_sale): its filters, sorts and card come from the commercial list page. */
const page = commercialListPage('shop_sale');

export const generateMetadata = page.generateMetadata;
export default page.ListPage;

export { generateStaticParams } from '@/lib/server/render-on-visit';
