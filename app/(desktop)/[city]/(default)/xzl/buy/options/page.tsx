import { channelOptionsPage } from '@/components/listing/channel-options-page';
import { commercialFilters } from '@/components/listing/filters/commercial';

const page = channelOptionsPage(commercialFilters('offices_sale'));
export const generateMetadata = page.generateMetadata;
export default page.Page;
