import { CHANNEL_CODES, type ChannelCode } from '@contracts/constants';
import { homeChannelOf, type HomeBusinessType, type HomeChannel } from '@contracts/channel-sections';
import type { ChannelModule } from './channel-module';
import { officesRentModule, officesSaleModule, shopRentModule, shopSaleModule } from './commercial';
import { esfModule } from './esf';
import { estateModule } from './estate';
import { newHomeModule } from './new-home';
import { rentModule } from './rent';

/**
 * Every listing channel's module (channel-module.ts), by its code (contracts/constants.ts CHANNEL_CODES). The map,
 * the suggestions, the alerts, the operator's price command, the sitemap, 调价记录 and the app's routes read a
 * channel here; a channel added to the contracts without a module here does not compile.
 */
export const CHANNEL_MODULES: { readonly [C in ChannelCode]: ChannelModule<C> } = {
  esf: esfModule,
  new: newHomeModule,
  rent: rentModule,
  estate: estateModule,
  shop_sale: shopSaleModule,
  shop_rent: shopRentModule,
  offices_sale: officesSaleModule,
  offices_rent: officesRentModule,
};

/** The module of a channel, typed by its code where the code is a type parameter. */
export function channelModule<C extends ChannelCode>(code: C): ChannelModule<C> {
  return CHANNEL_MODULES[code];
}

/** Every module, in the order of CHANNEL_CODES. */
export const CHANNEL_MODULE_LIST: readonly ChannelModule[] = CHANNEL_CODES.map((code) => CHANNEL_MODULES[code]);

export function isChannelCode(code: string): code is ChannelCode {
  return (CHANNEL_CODES as readonly string[]).includes(code);
}

/** One fact of every channel, by its code (what a caller keyed by code reads, e.g. the suggestions' stock). */
export function byChannel<R>(fact: (module: ChannelModule) => R): Readonly<Record<ChannelCode, R>> {
  // Every code has a module (CHANNEL_MODULES' type says so), so every code has its fact.
  return Object.fromEntries(CHANNEL_MODULE_LIST.map((m) => [m.code, fact(m)])) as Record<ChannelCode, R>;
}

/** The home channels' modules with their own tables' types (a home's title, rooms and price are columns of both). */
const HOME_MODULES = { esf: esfModule, rent: rentModule } as const;

/**
 * The module of a home's channel by its business type (1 二手房, 2 租房): its table, headline price, price words and
 * detail path. What differs between a home for sale and one to let is read here, never by comparing the number.
 */
export function homeModuleOf(businessType: HomeBusinessType): (typeof HOME_MODULES)[HomeChannel] {
  return HOME_MODULES[homeChannelOf(businessType)];
}
