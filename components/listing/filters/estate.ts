import { CHANNELS } from '@contracts/channels';
import type { EstateConditions } from '@contracts/estate';
import { fetchEstateConditions } from '@/lib/api/endpoints';
import { messages } from '@/lib/messages';
import type { ChannelFilters } from '../channel-filters';

const L = messages.estate.filters;

/** 小区 filters: reference-price and build-age bands (list and options pages). */
export const estateFilters: ChannelFilters<EstateConditions> = {
  channel: CHANNELS.estate,
  fetchConditions: fetchEstateConditions,
  rows: (c) => [
    { key: 'avgPrice', label: L.avgPrice, options: c.avgPrice },
    { key: 'buildAge', label: L.buildAge, options: c.buildAge },
  ],
};
