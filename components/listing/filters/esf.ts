import { CHANNELS } from '@contracts/channels';
import type { EsfConditions } from '@contracts/esf';
import { fetchEsfConditions } from '@/lib/api/endpoints';
import { messages } from '@/lib/messages';
import type { ChannelFilters } from '../channel-filters';

const L = messages.filterLabels;

/** 二手房 filters: price, area and rooms (list and options pages). */
export const esfFilters: ChannelFilters<EsfConditions> = {
  channel: CHANNELS.esf,
  fetchConditions: fetchEsfConditions,
  rows: (c) => [
    { key: 'price', label: L.price, options: c.price },
    { key: 'area', label: L.area, options: c.area },
    { key: 'rooms', label: L.rooms, options: c.rooms },
  ],
};
