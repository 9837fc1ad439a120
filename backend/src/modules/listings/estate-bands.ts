import { asc, desc, type SQL } from 'drizzle-orm';
import type { ConditionBand } from '@contracts/listing-common';
import { communities } from '../../db/schema';
import { band, sortOrder, type ListSort } from './common';

/**
 * The 小区 filter and sort dictionary, in ONE place: /v1/condition/estate shows these and /v1/estate/list
 * filters and sorts by the same definitions. Codes are those of CHANNELS.estate (contracts/channels.ts):
 * up 1–7, y 1–5.
 */

/** `3万`, `1.2万`: reference prices are read in 万元/㎡ on the big portals' 小区 filters. */
const wan = (yuan: number) => `${yuan / 10_000}万`;

/** Bands between consecutive limits in 元/㎡, labelled in 万: `3万以下`, `3-4万` … `10万以上`. */
function priceBands(limits: number[]): ConditionBand[] {
  const bands = [band(1, `${wan(limits[0]!)}以下`, [null, limits[0]!])];
  for (let i = 1; i < limits.length; i++)
    bands.push(band(i + 1, `${limits[i - 1]! / 10_000}-${wan(limits[i]!)}`, [limits[i - 1]!, limits[i]!]));
  bands.push(band(limits.length + 1, `${wan(limits[limits.length - 1]!)}以上`, [limits[limits.length - 1]!, null]));
  return bands;
}

/**
 * Reference-price bands in 元/㎡ per city price tier (cities.price_tier: 1 北京 上海 深圳; 2 广州 杭州 南京 厦门;
 * 3 the rest), so that each band holds a fair share of a city's communities.
 */
const PRICE_BANDS: Record<number, ConditionBand[]> = {
  1: priceBands([40_000, 50_000, 60_000, 70_000, 80_000, 100_000]),
  2: priceBands([20_000, 25_000, 30_000, 40_000, 50_000, 60_000]),
  3: priceBands([10_000, 12_000, 15_000, 20_000, 25_000, 30_000]),
};

export function estatePriceBandsOf(priceTier: number): ConditionBand[] {
  return PRICE_BANDS[priceTier] ?? PRICE_BANDS[3]!;
}

/** The calendar in 中国 (UTC+8): a build age and a trend month turn over at Beijing midnight, not London's. */
export function chinaToday(now = Date.now()): { year: number; month: number } {
  const d = new Date(now + 8 * 3_600_000);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
}

/**
 * Build-age bands (楼龄) as the visitor reads them, stored as build-year ranges so that the list filters the
 * column directly: a community built in `year - 4` or later is 5年以内 (min inclusive, max exclusive).
 */
export function buildAgeBands(year = chinaToday().year): ConditionBand[] {
  return [
    band(1, '5年以内', [year - 4, null]),
    band(2, '5-10年', [year - 9, year - 4]),
    band(3, '10-15年', [year - 14, year - 9]),
    band(4, '15-20年', [year - 19, year - 14]),
    band(5, '20年以上', [null, year - 19]),
  ];
}

/**
 * Sort codes and their ORDER BY, each exactly the columns of an index (communities_city_idx, _city_price_idx,
 * _city_year_idx; descending sorts scan them backwards), the id breaking ties so pages never overlap.
 * Default: by id, which puts the well-known communities of the seed first.
 */
export const ESTATE_SORTS: ListSort[] = [
  { code: 0, label: '默认排序', orderBy: [asc(communities.id)] },
  { code: 1, label: '均价从低到高', orderBy: [asc(communities.avgPrice), asc(communities.id)] },
  { code: 2, label: '均价从高到低', orderBy: [desc(communities.avgPrice), desc(communities.id)] },
  { code: 3, label: '建成年代从新到旧', orderBy: [desc(communities.buildYear), desc(communities.id)] },
  { code: 4, label: '建成年代从旧到新', orderBy: [asc(communities.buildYear), asc(communities.id)] },
];

export const estateSortOf = (code: number | undefined): SQL[] => sortOrder(ESTATE_SORTS, code);
