import type { ChannelCode } from './constants';
import { CHANNEL_SECTIONS, sectionAt, type ChannelSection, type CityFlag } from './channel-sections';
import { COMMERCIAL_DECLS } from './commercial-filters';
import { codeCount, maxSortOf, RESIDENTIAL, type ResidentialDecl } from './residential';

/**
 * The eight listing channels (spec §2 and §9), each a description rather than a copy of pages:
 * where its pages live, what the backend calls it, which city flag switches it on, the words it uses and
 * the filter tokens of its list URLs (its name and words are in lib/messages.ts, by channel code). The path codec (lib/search-path.ts), the filter bar, the search box,
 * menus and tabs read this one registry; a channel path is never typed by hand anywhere else. Every channel's
 * filters and sorts are its declaration's (contracts/residential.ts, contracts/commercial-filters.ts).
 * Zod-free: the browser imports it.
 */

export type { CityFlag };

/**
 * One filter of a list URL: `{token}{code}` in the filter segment, e.g. `p3` (price band 3) or `rt1`
 * (整租). What each code means (its band and label) is the backend's, per city, in /v1/condition/*.
 */
export interface FilterDimension<Key extends string = string> {
  /** Letters of the token; never one of the location prefixes (e, dc, ta, sl, ss) nor pg / co. */
  token: string;
  /** Field of the channel's list request that takes the codes. */
  key: Key;
  /** Codes run from 1 to max. */
  max: number;
  /** Several codes OR-ed (price bands), or one at a time (整租 or 合租). */
  multiple: boolean;
  /**
   * A visitor's own bound of a banded row (`bp100`: at least 100 of the price row's unit), not a choice among codes:
   * the row it refines, which end it is and the unit the number is in. The codec keeps a range's ends in order.
   */
  bound?: { row: string; end: 'from' | 'to'; unit: string };
}

/** A channel's section (where its pages live, contracts/channel-sections.ts) with its list's filters and sorts. */
export interface ChannelDef<Code extends ChannelCode = ChannelCode> extends ChannelSection<Code> {
  filters: readonly FilterDimension[];
  /** Sort codes run from 0 (default order) to maxSort, the last code of the channel's sort list: a higher `co` is
   * not an address of the list (the codec drops it, and the list page redirects to the address without it). */
  maxSort: number;
}

/** A channel's filters and sort range, from its declaration (residential or commercial, in the same words). */
function declared<K extends string>(decl: ResidentialDecl<K>) {
  return {
    filters: decl.filters.map((f): FilterDimension<K> => ({
      token: f.token,
      key: f.key,
      max: codeCount(f),
      multiple: f.multiple,
      ...(f.kind === 'bound' ? { bound: { row: f.row, end: f.end, unit: f.unit } } : {}),
    })),
    maxSort: maxSortOf(decl),
  };
}

export const CHANNELS = {
  esf: { ...CHANNEL_SECTIONS.esf, ...declared(RESIDENTIAL.esf) },
  new: { ...CHANNEL_SECTIONS.new, ...declared(RESIDENTIAL.new) },
  rent: { ...CHANNEL_SECTIONS.rent, ...declared(RESIDENTIAL.rent) },
  estate: { ...CHANNEL_SECTIONS.estate, ...declared(RESIDENTIAL.estate) },
  shop_sale: { ...CHANNEL_SECTIONS.shop_sale, ...declared(COMMERCIAL_DECLS.shop_sale) },
  shop_rent: { ...CHANNEL_SECTIONS.shop_rent, ...declared(COMMERCIAL_DECLS.shop_rent) },
  offices_sale: { ...CHANNEL_SECTIONS.offices_sale, ...declared(COMMERCIAL_DECLS.offices_sale) },
  offices_rent: { ...CHANNEL_SECTIONS.offices_rent, ...declared(COMMERCIAL_DECLS.offices_rent) },
} as const satisfies { [C in ChannelCode]: ChannelDef<C> };

export const CHANNEL_LIST: readonly ChannelDef[] = Object.values(CHANNELS);

/** The entry of a channel, typed by its code where the code is a type parameter (CHANNELS[code] is a union there). */
export function channelDef<C extends ChannelCode>(code: C): ChannelDef<C> {
  const byCode: { readonly [K in ChannelCode]: ChannelDef<K> } = CHANNELS;
  return byCode[code];
}

/** `/ershoufang/xiangqing/12` */
export function detailPath(channel: ChannelCode, id: number): string {
  return `${CHANNELS[channel].detailPrefix}${id}`;
}

/** The channel's place dictionary, `/ershoufang/dictionary` (spec §2: every channel has one). */
export function dictionaryPath(channel: ChannelCode): string {
  return `${CHANNELS[channel].listPath}dictionary`;
}

/** The channel's page of every filter option, `/ershoufang/options` (spec §2). */
export function optionsPath(channel: ChannelCode): string {
  return `${CHANNELS[channel].listPath}options`;
}

/** True when the city has the channel (spec §3: flags default to 1, so only an explicit 0 switches it off). */
export function channelIsOn(city: Partial<Record<CityFlag, number>>, channel: ChannelCode): boolean {
  return city[CHANNELS[channel].cityFlag] !== 0;
}

/** The channel whose section a page is in (contracts/channel-sections.ts `sectionAt`), as its registry entry. */
export function channelAt(pathname: string): ChannelDef | undefined {
  const section = sectionAt(pathname);
  return section && CHANNELS[section.code];
}
