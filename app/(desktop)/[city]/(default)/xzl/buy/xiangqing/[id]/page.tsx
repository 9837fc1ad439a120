import { commercialDetailPage } from '@/components/detail/commercial-detail';

/** 写字楼出售 detail (CHANNELS.offices_sale). */
const page = commercialDetailPage('offices_sale');

export const generateMetadata = page.generateMetadata;
export default page.CommercialDetailPage;

export { generateStaticParams } from '@/lib/server/render-on-visit';
