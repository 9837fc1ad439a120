import { commercialListPage } from '@/components/listing/commercial-list-page';

/** 写字楼出租 list (CHANNELS.offices_rent): its filters, sorts and card come from the commercial list page. */
const page = commercialListPage('offices_rent');

export const generateMetadata = page.generateMetadata;
export default page.ListPage;

export { generateStaticParams } from '@/lib/server/render-on-visit';
