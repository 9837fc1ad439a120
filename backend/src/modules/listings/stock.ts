import type { ChannelStock } from './channels/channel-module';
import { byChannel } from './channels/registry';

/**
 * What each channel's stock is and how a count of it reads (channel-module.ts ChannelStock), by channel code: the
 * suggestions count here (望京 · 在租12套, 望京 · 35个小区), each tab its own channel's records. Each channel's module
 * states its own.
 */
export type { ChannelStock };
export const CHANNEL_STOCK = byChannel((channel) => channel.stock);
