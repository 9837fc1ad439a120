import { channelOptionsPage } from '@/components/listing/channel-options-page';
import { newHomeFilters } from '@/components/listing/filters/new';

const page = channelOptionsPage(newHomeFilters);
export const generateMetadata = page.generateMetadata;
export default page.Page;
