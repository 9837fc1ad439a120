import { bandsBetween, byTier, choices } from './bands';
import { anyOf, bands, by, fixed, type ResidentialDecl } from './residential';

/**
 * 商铺 and 写字楼, each for sale and for rent: each channel ONE declaration of its filters and sorts, in the words of
 * the residential channels (contracts/residential.ts), from which the same things derive: the URL tokens and sort
 * range (contracts/channels.ts), the list request's fields (contracts/commercial.ts), the conditions answer, the WHERE
 * and the ORDER BY (backend modules/listings/commercial.ts binds each to its table, shops or offices). Columns are
 * named as those tables name them. Money: totalPrice 万元; dailyRent 元/㎡·天; area ㎡. Zod- and drizzle-free.
 */

/** 商铺类型 (lx): shops.shop_type; backend domain/commercial-codes.ts SHOP_TYPE names these codes. */
const shopType = anyOf('shopType', 'lx', 'shopType', choices('住宅底商', '商业街', '购物中心', '临街门面', '写字楼配套'));
/** 写字楼级别 (jb): offices.grade; OFFICE_GRADE names these codes. */
const grade = anyOf('grade', 'jb', 'grade', choices('甲级', '乙级', '丙级'));

/**
 * Total-price bands in 万元 per city price tier (1 北京 上海 深圳; 2 广州 杭州 南京 厦门; 3 the rest). An office floor
 * costs more than a shop: its bands start higher.
 */
const totalPrice = (tiers: Record<1 | 2 | 3, readonly number[]>) =>
  bands(
    'totalPrice',
    'tp',
    'totalPrice',
    byTier({ 1: bandsBetween(tiers[1], '万'), 2: bandsBetween(tiers[2], '万'), 3: bandsBetween(tiers[3], '万') }),
  );

/**
 * Rent per ㎡ per day (元/㎡·天), the way shops and offices are let in China, per tier. A street shop in 北京 lets for
 * 8–20 元/㎡·天, a 甲级 office floor for 8–15.
 */
const DAILY_UNIT = '元/㎡·天';
const dailyPrice = (tiers: Record<1 | 2 | 3, readonly number[]>) =>
  bands(
    'dailyPrice',
    'dp',
    'dailyRent',
    byTier({
      1: bandsBetween(tiers[1], DAILY_UNIT),
      2: bandsBetween(tiers[2], DAILY_UNIT),
      3: bandsBetween(tiers[3], DAILY_UNIT),
    }),
  );

/** Area bands in ㎡: shops run from a 20 ㎡ kiosk up; an office unit from a 100 ㎡ suite to a whole floor. */
const area = (limits: readonly number[]) => bands('area', 'a', 'area', fixed(bandsBetween(limits, '㎡')));
const SHOP_AREA = area([20, 50, 100, 200, 300, 500]);
const OFFICE_AREA = area([100, 200, 300, 500, 1000, 2000]);

/**
 * The sorts of a deal; what "price" orders by is the deal's: the total price for sale, the rent per ㎡ per day for rent
 * (the figure tenants compare). 默认排序 and 最新发布 are both the newest first.
 */
function sortsOf<P extends 'totalPrice' | 'dailyRent'>(price: P, word: string) {
  return [
    by('默认排序', 'listedAt', 'desc'),
    by('最新发布', 'listedAt', 'desc'),
    by(`${word}从低到高`, price, 'asc'),
    by(`${word}从高到低`, price, 'desc'),
    by('面积从小到大', 'area', 'asc'),
    by('面积从大到小', 'area', 'desc'),
  ];
}

/** 商铺出售 (CHANNELS.shop_sale, shops deal 1). */
export const SHOP_SALE = {
  filters: [
    shopType,
    totalPrice({ 1: [100, 200, 300, 500, 800, 1200], 2: [50, 100, 200, 300, 500, 800], 3: [30, 50, 100, 200, 300, 500] }),
    SHOP_AREA,
  ],
  sorts: sortsOf('totalPrice', '总价'),
} as const satisfies ResidentialDecl;

/** 商铺出租 (CHANNELS.shop_rent, shops deal 2). */
export const SHOP_RENT = {
  filters: [shopType, dailyPrice({ 1: [4, 6, 8, 12, 16, 22], 2: [3, 4, 6, 8, 11, 15], 3: [2, 3, 4, 6, 8, 11] }), SHOP_AREA],
  sorts: sortsOf('dailyRent', '单价'),
} as const satisfies ResidentialDecl;

/** 写字楼出售 (CHANNELS.offices_sale, offices deal 1). */
export const OFFICES_SALE = {
  filters: [
    grade,
    totalPrice({ 1: [200, 500, 800, 1200, 2000, 3000], 2: [100, 200, 400, 600, 1000, 2000], 3: [50, 100, 200, 400, 600, 1000] }),
    OFFICE_AREA,
  ],
  sorts: sortsOf('totalPrice', '总价'),
} as const satisfies ResidentialDecl;

/** 写字楼出租 (CHANNELS.offices_rent, offices deal 2). */
export const OFFICES_RENT = {
  filters: [grade, dailyPrice({ 1: [3, 5, 7, 9, 12, 15], 2: [2, 3, 4, 5, 7, 9], 3: [1, 1.5, 2, 3, 4, 5] }), OFFICE_AREA],
  sorts: sortsOf('dailyRent', '单价'),
} as const satisfies ResidentialDecl;

/** The declaration of each commercial channel, by channel code. */
export const COMMERCIAL_DECLS = {
  shop_sale: SHOP_SALE,
  shop_rent: SHOP_RENT,
  offices_sale: OFFICES_SALE,
  offices_rent: OFFICES_RENT,
} as const;
export type CommercialFilterKey = (typeof COMMERCIAL_DECLS)[keyof typeof COMMERCIAL_DECLS]['filters'][number]['key'];
