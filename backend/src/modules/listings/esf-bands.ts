import { asc, desc, type SQL } from 'drizzle-orm';
import type { ConditionBand } from '@contracts/esf';
import { listings } from '../../db/schema';
import { band, bandsBetween, sortOrder, type ListSort } from './common';

/**
 * The second-hand filter and sort dictionary, in ONE place: the conditions answer (/v1/condition/esf) shows
 * these and the list query (/v1/esf/list) filters and sorts by the same definitions.
 * Price bands are in 万元 and differ by city tier (a 北京 flat costs several 西安 flats); min inclusive, max exclusive.
 *
 * Tier 1: 北京 上海 深圳; tier 2: 广州 杭州 南京 厦门; tier 3: the rest (cities.price_tier). */
const PRICE_BANDS: Record<number, ConditionBand[]> = {
  1: bandsBetween([200, 300, 400, 500, 700, 1000], '万'),
  2: bandsBetween([100, 150, 200, 300, 400, 600], '万'),
  3: bandsBetween([50, 80, 100, 150, 200, 300], '万'),
};

export function priceBandsOf(priceTier: number): ConditionBand[] {
  return PRICE_BANDS[priceTier] ?? PRICE_BANDS[3]!;
}

export const AREA_BANDS: ConditionBand[] = [
  band(1, '50㎡以下', [null, 50]),
  band(2, '50-70㎡', [50, 70]),
  band(3, '70-90㎡', [70, 90]),
  band(4, '90-110㎡', [90, 110]),
  band(5, '110-130㎡', [110, 130]),
  band(6, '130-150㎡', [130, 150]),
  band(7, '150㎡以上', [150, null]),
];

/** Room counts; code 6 means more than five rooms. */
export const ROOM_OPTIONS = [
  { code: 1, label: '一室' },
  { code: 2, label: '二室' },
  { code: 3, label: '三室' },
  { code: 4, label: '四室' },
  { code: 5, label: '五室' },
  { code: 6, label: '五室以上' },
];
export const ROOMS_OPEN_ENDED = 6;

/** Sort codes and their ORDER BY; the id breaks ties so pages never overlap. Default: newest first. */
const newest = [desc(listings.listedAt), desc(listings.id)];
export const SORTS: ListSort[] = [
  { code: 0, label: '默认排序', orderBy: newest },
  { code: 1, label: '最新发布', orderBy: newest },
  { code: 2, label: '总价从低到高', orderBy: [asc(listings.totalPrice), asc(listings.id)] },
  { code: 3, label: '总价从高到低', orderBy: [desc(listings.totalPrice), desc(listings.id)] },
  { code: 4, label: '单价从低到高', orderBy: [asc(listings.unitPrice), asc(listings.id)] },
  { code: 5, label: '单价从高到低', orderBy: [desc(listings.unitPrice), desc(listings.id)] },
  { code: 6, label: '面积从大到小', orderBy: [desc(listings.area), desc(listings.id)] },
];

export const sortOf = (code: number | undefined): SQL[] => sortOrder(SORTS, code);
