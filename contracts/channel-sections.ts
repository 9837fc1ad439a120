import type { ChannelCode } from './constants';

/**
 * What the header, the search box and its suggestions need of the eight channels (contracts/channels.ts): where each
 * channel's pages live and what the backend and the events call it, without the filter rows. The registry's entries
 * are these plus their filters and sorts (`CHANNELS.esf` spreads `CHANNEL_SECTIONS.esf`), so each fact has one home;
 * the header loads this part only, as the residential filter rows and their bands (contracts/residential.ts) would
 * be ≈2 kB gzip of every page's first load (docs/performance.md "First-load JavaScript"). Zod-free.
 */
/** spec §3 City flags: a channel whose flag is 0 does not exist in that city. */
export type CityFlag = 'isEsf' | 'isNewhouse' | 'isRent' | 'isShop' | 'isOffice';

export interface ChannelSection<Code extends ChannelCode = ChannelCode> {
  code: Code;
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
}

export const CHANNEL_SECTIONS = {
  esf: {
    code: 'esf',
    menuCode: 'ershoufang',
    listPath: '/ershoufang/',
    detailPrefix: '/ershoufang/xiangqing/',
    businessType: 1,
    cityFlag: 'isEsf',
    deal: 'sale',
  },
  new: {
    code: 'new',
    menuCode: 'loupan',
    listPath: '/loupan/',
    detailPrefix: '/loupan/xiangqing/',
    businessType: 3,
    cityFlag: 'isNewhouse',
    deal: 'sale',
  },
  rent: {
    code: 'rent',
    menuCode: 'zufang',
    listPath: '/zufang/',
    detailPrefix: '/zufang/xiangqing/',
    businessType: 2,
    cityFlag: 'isRent',
    deal: 'rent',
  },
  estate: {
    code: 'estate',
    menuCode: 'xiaoqu',
    listPath: '/xiaoqu/',
    detailPrefix: '/xiaoqu/xiangqing/',
    businessType: 5,
    cityFlag: 'isEsf',
    deal: 'sale',
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
  },
} as const satisfies { [C in ChannelCode]: ChannelSection<C> };

const SECTION_LIST: readonly ChannelSection[] = Object.values(CHANNEL_SECTIONS);

/**
 * The channel whose section a page is in, by its list path: `/zufang/rt1/`, `/zufang/xiangqing/3` and
 * `/zufang/dictionary` are 租房's, `/sp/rent/…` 商铺出租's; none for the home, news, login … The header's menu
 * highlight and search box follow it, so a detail or dictionary page still shows the channel it belongs to.
 */
export function sectionAt(pathname: string): ChannelSection | undefined {
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`;
  return SECTION_LIST.find((c) => path.startsWith(c.listPath));
}

/**
 * The business types of a home (an owner's 委托, a followed home, a chat's listing card): 1 二手房, 2 租房. Whatever
 * differs between the two (table, price, unit, words) is looked up by the channel this gives, never by comparing the
 * number.
 */
export type HomeBusinessType = 1 | 2;
const HOME_CHANNELS = { 1: 'esf', 2: 'rent' } as const satisfies Record<HomeBusinessType, ChannelCode>;
export type HomeChannel = (typeof HOME_CHANNELS)[HomeBusinessType];

/** True for a home's business type (1 or 2): what a chat card, a follow or a viewing can name. */
export function isHomeBusinessType(businessType: unknown): businessType is HomeBusinessType {
  return typeof businessType === 'number' && businessType in HOME_CHANNELS;
}

/**
 * The channel of a home's business type: 1 → esf (二手房), 2 → rent (租房). Rules fed the number as a request carries
 * it take one that is no home's (the request schema refuses it first) as 租房's, as they always have.
 */
export function homeChannelOf(businessType: number): HomeChannel {
  return isHomeBusinessType(businessType) ? HOME_CHANNELS[businessType] : HOME_CHANNELS[2];
}

/** For sale or to let, by a home's business type (CHANNEL_SECTIONS' deal of its channel). */
export function homeDealOf(businessType: number): 'sale' | 'rent' {
  return CHANNEL_SECTIONS[homeChannelOf(businessType)].deal;
}
