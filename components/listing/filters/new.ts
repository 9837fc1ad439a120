import { CHANNELS } from '@contracts/channels';
import type { NewHomeConditions } from '@contracts/new-home';
import { fetchNewHomeConditions } from '@/lib/api/endpoints';
import { messages } from '@/lib/messages';
import type { ChannelFilters } from '../channel-filters';

const L = messages.newHome.filterLabels;

/** 新房 (楼盘) filters: average price, total price, sale status and property type (list and options pages). */
export const newHomeFilters: ChannelFilters<NewHomeConditions> = {
  channel: CHANNELS.new,
  fetchConditions: fetchNewHomeConditions,
  rows: (c) => [
    { key: 'unitPrice', label: L.unitPrice, options: c.unitPrice },
    { key: 'totalPrice', label: L.totalPrice, options: c.totalPrice },
    { key: 'saleStatus', label: L.saleStatus, options: c.saleStatus },
    { key: 'propertyType', label: L.propertyType, options: c.propertyType },
  ],
};
