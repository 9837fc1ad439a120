import type { ChannelCode } from './constants';

/**
 * The eight listing channels (issue 6, spec §2 and §9), each a description rather than a copy of pages:
 * where its pages live, what the backend calls it, which city flag switches it on, the words it uses and
 * the filter tokens of its list URLs (its name and words are in lib/messages.ts, by channel code). The path codec (lib/search-path.ts), the filter bar, the search box,
 * menus and tabs read this one registry; a channel path is never typed by hand anywhere else.
 * Zod-free: the browser imports it.
 */

/** spec §3 City flags: a channel whose flag is 0 does not exist in that city. */
export type CityFlag = 'isEsf' | 'isNewhouse' | 'isRent' | 'isShop' | 'isOffice';

/**
 * One filter of a list URL: `{token}{code}` in the filter segment, e.g. `p3` (price band 3) or `rt1`
 * (整租). What each code means (its band and label) is the backend's, per city, in /v1/condition/*.
 */
export interface FilterDimension {
  /** Letters of the token; never one of the location prefixes (e, dc, ta, sl, ss) nor pg / co. */
  token: string;
  /** Field of the channel's list request that takes the codes. */
  key: string;
  /** Codes run from 1 to max. */
  max: number;
  /** Several codes OR-ed (price bands), or one at a time (整租 or 合租). */
  multiple: boolean;
}

export interface ChannelDef {
  code: ChannelCode;
  /** List path, with the trailing slash: `/ershoufang/`. Filters follow as path segments. */
  listPath: string;
  /** Detail path of listing `id`: `/ershoufang/xiangqing/{id}`. */
  detailPrefix: string;
  /** spec §9 search type → business type (1 second-hand, 2 rent, 3 new, 4 shop/office, 5 community). */
  businessType: 1 | 2 | 3 | 4 | 5;
  /** spec §9: the second-level business type of tabs 4-7 (shops and offices). */
  businessTypeTwo?: 1 | 2 | 3 | 4;
  cityFlag: CityFlag;
  /** permiCode of the header menu entry that leads to the channel (spec §3 menus): 商铺 holds both shop channels. */
  menuCode: 'ershoufang' | 'loupan' | 'zufang' | 'xiaoqu' | 'sp' | 'xzl';
  /** For sale or for rent: spec §9's suggestion label (售 / 租, lib/messages.ts) and the price words follow it. */
  deal: 'sale' | 'rent';
  filters: readonly FilterDimension[];
  /** Sort codes run from 0 (default order) to maxSort. */
  maxSort: number;
}

const band = (token: string, key: string, max: number): FilterDimension => ({ token, key, max, multiple: true });
const one = (token: string, key: string, max: number): FilterDimension => ({ token, key, max, multiple: false });

export const CHANNELS: Readonly<Record<ChannelCode, ChannelDef>> = {
  esf: {
    code: 'esf',
    menuCode: 'ershoufang',
    listPath: '/ershoufang/',
    detailPrefix: '/ershoufang/xiangqing/',
    businessType: 1,
    cityFlag: 'isEsf',
    deal: 'sale',
    // p total-price band, a area band, l rooms (l6: more than five).
    filters: [band('p', 'price', 7), band('a', 'area', 7), band('l', 'rooms', 6)],
    maxSort: 9,
  },
  new: {
    code: 'new',
    menuCode: 'loupan',
    listPath: '/loupan/',
    detailPrefix: '/loupan/xiangqing/',
    businessType: 3,
    cityFlag: 'isNewhouse',
    deal: 'sale',
    // up average unit-price band, tp total-price band, zt sale status (在售/待售/售罄), wy property type.
    filters: [band('up', 'unitPrice', 7), band('tp', 'totalPrice', 7), one('zt', 'saleStatus', 3), band('wy', 'propertyType', 5)],
    maxSort: 9,
  },
  rent: {
    code: 'rent',
    menuCode: 'zufang',
    listPath: '/zufang/',
    detailPrefix: '/zufang/xiangqing/',
    businessType: 2,
    cityFlag: 'isRent',
    deal: 'rent',
    // rt 整租 (1) / 合租 (2), rp monthly-rent band, a area band, l rooms (l4: four or more).
    filters: [one('rt', 'rentType', 2), band('rp', 'rent', 7), band('a', 'area', 7), band('l', 'rooms', 4)],
    maxSort: 9,
  },
  estate: {
    code: 'estate',
    menuCode: 'xiaoqu',
    listPath: '/xiaoqu/',
    detailPrefix: '/xiaoqu/xiangqing/',
    businessType: 5,
    cityFlag: 'isEsf',
    deal: 'sale',
    // up reference-price band, y build-age band.
    filters: [band('up', 'avgPrice', 7), band('y', 'buildAge', 5)],
    maxSort: 9,
  },
  shop_sale: {
    code: 'shop_sale',
    menuCode: 'sp',
    listPath: '/sp/buy/',
    detailPrefix: '/sp/buy/xiangqing/',
    businessType: 4,
    businessTypeTwo: 1,
    cityFlag: 'isShop',
    deal: 'sale',
    // lx shop type, tp total-price band, a area band.
    filters: [band('lx', 'shopType', 5), band('tp', 'totalPrice', 7), band('a', 'area', 7)],
    maxSort: 9,
  },
  shop_rent: {
    code: 'shop_rent',
    menuCode: 'sp',
    listPath: '/sp/rent/',
    detailPrefix: '/sp/rent/xiangqing/',
    businessType: 4,
    businessTypeTwo: 2,
    cityFlag: 'isShop',
    deal: 'rent',
    // dp rent per ㎡ per day band.
    filters: [band('lx', 'shopType', 5), band('dp', 'dailyPrice', 7), band('a', 'area', 7)],
    maxSort: 9,
  },
  offices_sale: {
    code: 'offices_sale',
    menuCode: 'xzl',
    listPath: '/xzl/buy/',
    detailPrefix: '/xzl/buy/xiangqing/',
    businessType: 4,
    businessTypeTwo: 3,
    cityFlag: 'isOffice',
    deal: 'sale',
    // jb office grade (甲级/乙级/丙级).
    filters: [band('jb', 'grade', 3), band('tp', 'totalPrice', 7), band('a', 'area', 7)],
    maxSort: 9,
  },
  offices_rent: {
    code: 'offices_rent',
    menuCode: 'xzl',
    listPath: '/xzl/rent/',
    detailPrefix: '/xzl/rent/xiangqing/',
    businessType: 4,
    businessTypeTwo: 4,
    cityFlag: 'isOffice',
    deal: 'rent',
    filters: [band('jb', 'grade', 3), band('dp', 'dailyPrice', 7), band('a', 'area', 7)],
    maxSort: 9,
  },
};

export const CHANNEL_LIST: readonly ChannelDef[] = Object.values(CHANNELS);

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

/**
 * The channel whose section a page is in, by its list path: `/zufang/rt1/`, `/zufang/xiangqing/3` and
 * `/zufang/dictionary` are 租房's, `/sp/rent/…` 商铺出租's; none for the home, news, login … The header's menu
 * highlight and search box follow it (issue 6 §3).
 */
export function channelAt(pathname: string): ChannelDef | undefined {
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`;
  return CHANNEL_LIST.find((c) => path.startsWith(c.listPath));
}
