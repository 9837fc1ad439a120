import { commercialListPage } from '@/components/listing/commercial-list-page';

/** 写字楼出售 list (CHANNELS.offices_sale): its filters, sorts and card come from the commercial list page. */
const page = commercialListPage('offices_sale');

export const generateMetadata = page.generateMetadata;
export default page.ListPage;

export { generateStaticParams } from '@/lib/server/render-on-visit';
