import { COMMERCIAL_SORT } from '@contracts/channels';
import type { ConditionBand } from '@contracts/listing-common';
import { bandsBetween } from './common';

/**
 * The 商铺 and 写字楼 filter and sort dictionary, in ONE place: /v1/condition/{shop,offices}_{sale,rent} show
 * these and the list calls filter and sort by the same definitions; the types, grades and trades themselves are
 * domain/commercial-codes.ts (the seed writes them too). Codes are those of CHANNELS.shop_sale … offices_rent (contracts/channels.ts): lx 1–5, jb 1–3,
 * tp 1–7, dp 1–7, a 1–7.
 */

const byTier = (tiers: Record<number, ConditionBand[]>) => (priceTier: number) => tiers[priceTier] ?? tiers[3]!;

/**
 * Total-price bands in 万元 per city price tier (1 北京 上海 深圳; 2 广州 杭州 南京 厦门; 3 the rest). An office
 * floor costs more than a shop: its bands start higher.
 */
export const shopTotalBands = byTier({
  1: bandsBetween([100, 200, 300, 500, 800, 1200], '万'),
  2: bandsBetween([50, 100, 200, 300, 500, 800], '万'),
  3: bandsBetween([30, 50, 100, 200, 300, 500], '万'),
});
export const officeTotalBands = byTier({
  1: bandsBetween([200, 500, 800, 1200, 2000, 3000], '万'),
  2: bandsBetween([100, 200, 400, 600, 1000, 2000], '万'),
  3: bandsBetween([50, 100, 200, 400, 600, 1000], '万'),
});

/**
 * Rent per ㎡ per day (元/㎡·天), the way shops and offices are let in China, per tier. A street shop in
 * 北京 lets for 8–20 元/㎡·天, a 甲级 office floor for 8–15.
 */
const DAILY_UNIT = '元/㎡·天';
export const shopDailyBands = byTier({
  1: bandsBetween([4, 6, 8, 12, 16, 22], DAILY_UNIT),
  2: bandsBetween([3, 4, 6, 8, 11, 15], DAILY_UNIT),
  3: bandsBetween([2, 3, 4, 6, 8, 11], DAILY_UNIT),
});
export const officeDailyBands = byTier({
  1: bandsBetween([3, 5, 7, 9, 12, 15], DAILY_UNIT),
  2: bandsBetween([2, 3, 4, 5, 7, 9], DAILY_UNIT),
  3: bandsBetween([1, 1.5, 2, 3, 4, 5], DAILY_UNIT),
});

/** Area bands in ㎡: shops run from a 20 ㎡ kiosk up; an office unit from a 100 ㎡ suite to a whole floor. */
export const SHOP_AREA_BANDS = bandsBetween([20, 50, 100, 200, 300, 500], '㎡');
export const OFFICE_AREA_BANDS = bandsBetween([100, 200, 300, 500, 1000, 2000], '㎡');

/**
 * Sort codes of the four channels (their registry's maxSort is the last); what "price" orders by is the deal's:
 * the total price for sale, the rent per ㎡ per day for rent (the figure tenants compare).
 */
export { COMMERCIAL_SORT };
export type CommercialSort = (typeof COMMERCIAL_SORT)[keyof typeof COMMERCIAL_SORT];

export function commercialSortOptions(deal: 'sale' | 'rent'): { code: CommercialSort; label: string }[] {
  const price = deal === 'sale' ? '总价' : '单价';
  return [
    { code: COMMERCIAL_SORT.DEFAULT, label: '默认排序' },
    { code: COMMERCIAL_SORT.NEWEST, label: '最新发布' },
    { code: COMMERCIAL_SORT.PRICE_ASC, label: `${price}从低到高` },
    { code: COMMERCIAL_SORT.PRICE_DESC, label: `${price}从高到低` },
    { code: COMMERCIAL_SORT.AREA_ASC, label: '面积从小到大' },
    { code: COMMERCIAL_SORT.AREA_DESC, label: '面积从大到小' },
  ];
}
