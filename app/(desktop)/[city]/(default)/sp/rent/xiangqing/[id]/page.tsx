import { commercialDetailPage } from '@/components/detail/commercial-detail';

/** 商铺出租 detail (CHANNELS.shop_rent). */
const page = commercialDetailPage('shop_rent');

export const generateMetadata = page.generateMetadata;
export default page.CommercialDetailPage;

export { generateStaticParams } from '@/lib/server/render-on-visit';
