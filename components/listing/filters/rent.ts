import { CHANNELS } from '@contracts/channels';
import type { RentConditions } from '@contracts/rent';
import { fetchRentConditions } from '@/lib/api/endpoints';
import { messages } from '@/lib/messages';
import type { ChannelFilters } from '../channel-filters';

const L = messages.filterLabels;

/** 租房 filters: 整租/合租, rent, area and rooms (list and options pages). */
export const rentFilters: ChannelFilters<RentConditions> = {
  channel: CHANNELS.rent,
  fetchConditions: fetchRentConditions,
  rows: (c) => [
    { key: 'rentType', label: L.rentType, options: c.rentType },
    { key: 'rent', label: L.rent, options: c.rent },
    { key: 'area', label: L.area, options: c.area },
    { key: 'rooms', label: L.rooms, options: c.rooms },
  ],
};
