import { channelOptionsPage } from '@/components/listing/channel-options-page';
import { esfFilters } from '@/components/listing/filters/esf';

const page = channelOptionsPage(esfFilters);
export const generateMetadata = page.generateMetadata;
export default page.Page;
