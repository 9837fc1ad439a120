import { asc, desc, sql, type SQL } from 'drizzle-orm';
import { SALE_STATUS } from '@contracts/new-home';
import type { ConditionBand } from '@contracts/listing-common';
import { newProjects } from '../../db/schema';
import { band, bandsBetween, sortOrder, type ListSort } from './common';

/**
 * The 新房 filter and sort dictionary, in ONE place: /v1/condition/loupan shows these, /v1/loupan/list filters
 * and sorts by the same definitions (the property type codes, which the seed writes too:
 * domain/residential-codes.ts). Codes are those of CHANNELS.new (contracts/channels.ts): up 1–7, tp 1–7, zt 1–3, wy 1–5.
 */

export const SALE_STATUS_OPTIONS = [
  { code: SALE_STATUS.ON_SALE, label: '在售' },
  { code: SALE_STATUS.COMING, label: '待售' },
  { code: SALE_STATUS.SOLD_OUT, label: '售罄' },
];

/** `3万/㎡以下`, `3-4万/㎡` … `10万/㎡以上` from limits in 元/㎡: prices per ㎡ of new homes read in 万. */
function perSqmBands(limits: number[]): ConditionBand[] {
  const wan = (yuan: number) => String(yuan / 10000);
  const first = limits[0]!;
  const last = limits[limits.length - 1]!;
  const bands = [band(1, `${wan(first)}万/㎡以下`, [null, first])];
  for (let i = 1; i < limits.length; i++)
    bands.push(band(i + 1, `${wan(limits[i - 1]!)}-${wan(limits[i]!)}万/㎡`, [limits[i - 1]!, limits[i]!]));
  bands.push(band(limits.length + 1, `${wan(last)}万/㎡以上`, [last, null]));
  return bands;
}

/**
 * Average-price bands per city price tier (cities.price_tier: 1 北京 上海 深圳; 2 广州 杭州 南京 厦门; 3 the rest).
 * New homes sell a little above the second-hand level of their district (seed-projects.ts), so the bands sit
 * around 1.1× the tier's second-hand prices.
 */
const UNIT_PRICE_BANDS: Record<number, ConditionBand[]> = {
  1: perSqmBands([30000, 40000, 50000, 60000, 80000, 100000]),
  2: perSqmBands([20000, 25000, 30000, 35000, 40000, 50000]),
  3: perSqmBands([10000, 12000, 15000, 18000, 22000, 26000]),
};

/** Total price of one home, 万元 per tier: a new two-room flat starts near the first limit. */
const TOTAL_PRICE_BANDS: Record<number, ConditionBand[]> = {
  1: bandsBetween([200, 300, 500, 800, 1000, 1500], '万'),
  2: bandsBetween([150, 200, 300, 400, 600, 1000], '万'),
  3: bandsBetween([80, 100, 150, 200, 300, 500], '万'),
};

export function unitPriceBandsOf(priceTier: number): ConditionBand[] {
  return UNIT_PRICE_BANDS[priceTier] ?? UNIT_PRICE_BANDS[3]!;
}

export function totalPriceBandsOf(priceTier: number): ConditionBand[] {
  return TOTAL_PRICE_BANDS[priceTier] ?? TOTAL_PRICE_BANDS[3]!;
}

/**
 * Sort codes and their ORDER BY; the id breaks ties so pages never overlap. Each order is its index of
 * new_projects (schema.ts), read forwards or backwards, except 均价从高到低: a 价格待定 project (null) goes last
 * there as in every price order, while the index read backwards would put it first. That order sorts the
 * city's projects (a few hundred, a top-N sort) instead of scanning an index; see docs/data.md.
 */
const newest = [desc(newProjects.updatedAt), desc(newProjects.id)];
export const NEW_HOME_SORTS: ListSort[] = [
  { code: 0, label: '默认排序', orderBy: newest },
  { code: 1, label: '均价从低到高', orderBy: [asc(newProjects.avgPrice), asc(newProjects.id)] },
  { code: 2, label: '均价从高到低', orderBy: [sql`${newProjects.avgPrice} desc nulls last`, desc(newProjects.id)] },
  { code: 3, label: '总价从低到高', orderBy: [asc(newProjects.totalPriceMin), asc(newProjects.id)] },
  { code: 4, label: '最新开盘', orderBy: [desc(newProjects.openingDate), desc(newProjects.id)] },
];

export const newHomeSortOf = (code: number | undefined): SQL[] => sortOrder(NEW_HOME_SORTS, code);
