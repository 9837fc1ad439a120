import { commercialDetailPage } from '@/components/detail/commercial-detail';

/** 写字楼出租 detail (CHANNELS.offices_rent). */
const page = commercialDetailPage('offices_rent');

export const generateMetadata = page.generateMetadata;
export default page.CommercialDetailPage;

export { generateStaticParams } from '@/lib/server/render-on-visit';
