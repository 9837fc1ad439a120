import { CHANNELS } from '@contracts/channels';
import { channelDictionaryPage } from '@/components/listing/channel-dictionary-page';

const page = channelDictionaryPage(CHANNELS.shop_sale);
export const generateMetadata = page.generateMetadata;
export default page.Page;
