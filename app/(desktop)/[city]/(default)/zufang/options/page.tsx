import { channelOptionsPage } from '@/components/listing/channel-options-page';
import { rentFilters } from '@/components/listing/filters/rent';

const page = channelOptionsPage(rentFilters);
export const generateMetadata = page.generateMetadata;
export default page.Page;
