import { asc, desc, type SQL } from 'drizzle-orm';
import type { ConditionBand } from '@contracts/listing-common';
import { rentals } from '../../db/schema';
import { band, bandsBetween, sortOrder, type ListSort } from './common';

/**
 * The rent filter and sort dictionary, in ONE place: /v1/condition/rent shows these and /v1/rent/list filters
 * and sorts by the same definitions (the rent type codes, which the seed writes too: domain/residential-codes.ts).
 * Codes are those of CHANNELS.rent (contracts/channels.ts): rt 1–2, rp 1–7, a 1–7, l 1–4.
 */

/**
 * Monthly-rent bands in 元/月, per city price tier (cities.price_tier: 1 北京 上海 深圳; 2 广州 杭州 南京 厦门;
 * 3 the rest). A 合租 room and a whole flat share one scale: the low bands are mostly rooms.
 */
const RENT_BANDS: Record<number, ConditionBand[]> = {
  1: bandsBetween([2000, 3000, 4000, 5000, 7000, 10000], '元'),
  2: bandsBetween([1500, 2000, 3000, 4000, 5000, 7000], '元'),
  3: bandsBetween([1000, 1500, 2000, 2500, 3000, 4000], '元'),
};

export function rentBandsOf(priceTier: number): ConditionBand[] {
  return RENT_BANDS[priceTier] ?? RENT_BANDS[3]!;
}

/** Area bands in ㎡: a 合租 room is 10–25 ㎡, so the first two bands are mostly rooms. */
export const RENT_AREA_BANDS: ConditionBand[] = [
  band(1, '20㎡以下', [null, 20]),
  band(2, '20-40㎡', [20, 40]),
  band(3, '40-60㎡', [40, 60]),
  band(4, '60-80㎡', [60, 80]),
  band(5, '80-100㎡', [80, 100]),
  band(6, '100-130㎡', [100, 130]),
  band(7, '130㎡以上', [130, null]),
];

/** Room counts of the flat (for 合租 the shared flat's); code 4 means four rooms or more. */
export const RENT_ROOM_OPTIONS = [
  { code: 1, label: '一室' },
  { code: 2, label: '二室' },
  { code: 3, label: '三室' },
  { code: 4, label: '四室及以上' },
];
export const RENT_ROOMS_OPEN_ENDED = 4;

/** Sort codes and their ORDER BY; the id breaks ties so pages never overlap. Default: newest first. */
const newest = [desc(rentals.listedAt), desc(rentals.id)];
export const RENT_SORTS: ListSort[] = [
  { code: 0, label: '默认排序', orderBy: newest },
  { code: 1, label: '最新发布', orderBy: newest },
  { code: 2, label: '租金从低到高', orderBy: [asc(rentals.monthlyRent), asc(rentals.id)] },
  { code: 3, label: '租金从高到低', orderBy: [desc(rentals.monthlyRent), desc(rentals.id)] },
  { code: 4, label: '面积从小到大', orderBy: [asc(rentals.area), asc(rentals.id)] },
  { code: 5, label: '面积从大到小', orderBy: [desc(rentals.area), desc(rentals.id)] },
];

export const rentSortOf = (code: number | undefined): SQL[] => sortOrder(RENT_SORTS, code);

/** Every facility the detail lists, each shown as present or absent (rentDetailSchema.facilities); the 我要出租 form offers the same. */
export { RENT_FACILITIES, type RentFacility } from '@contracts/entrust-rules';
