import { commercialDetailPage } from '@/components/detail/commercial-detail';

/** 商铺出售 detail (CHANNELS.shop_sale). */
const page = commercialDetailPage('shop_sale');

export const generateMetadata = page.generateMetadata;
export default page.CommercialDetailPage;

export { generateStaticParams } from '@/lib/server/render-on-visit';
