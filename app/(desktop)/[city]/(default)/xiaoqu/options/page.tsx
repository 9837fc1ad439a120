import { channelOptionsPage } from '@/components/listing/channel-options-page';
import { estateFilters } from '@/components/listing/filters/estate';

const page = channelOptionsPage(estateFilters);
export const generateMetadata = page.generateMetadata;
export default page.Page;
