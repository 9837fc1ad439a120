/**
 * Filter options and bands as plain data, zod-free (the browser imports the channel registry, which reads them):
 * what a code of a filter stands for. The list request and conditions schemas type them (listing-common.ts);
 * the backend turns a band into its WHERE.
 */

/** One choice of a filter: its code in the URL and the request, and the words the filter bar shows. */
export interface FilterOption {
  code: number;
  label: string;
}

/** A choice that stands for a range of a number: min inclusive, max exclusive, null for open. */
export interface FilterBand extends FilterOption {
  min: number | null;
  max: number | null;
}

type Bounds = [number | null, number | null];
export const band = (code: number, label: string, [min, max]: Bounds): FilterBand => ({ code, label, min, max });

/**
 * Bands between consecutive limits, open at both ends: `200万以下`, `200-300万` … `1000万以上`. `scale` divides a
 * limit for its label only: limits in 元/㎡ read in 万 (`3-4万/㎡`) while the band keeps 元.
 */
export function bandsBetween(limits: readonly number[], unit: string, scale = 1): FilterBand[] {
  const say = (n: number) => String(n / scale);
  const first = limits[0]!;
  const last = limits[limits.length - 1]!;
  const bands: FilterBand[] = [band(1, `${say(first)}${unit}以下`, [null, first])];
  for (let i = 1; i < limits.length; i++)
    bands.push(band(i + 1, `${say(limits[i - 1]!)}-${say(limits[i]!)}${unit}`, [limits[i - 1]!, limits[i]!]));
  bands.push(band(limits.length + 1, `${say(last)}${unit}以上`, [last, null]));
  return bands;
}

/** What a filter's choices may depend on: the city's price tier (cities.price_tier) and the year in 中国 (build ages). */
export interface OptionsAt {
  priceTier: number;
  year: number;
}

/**
 * Bands per city price tier (1 北京 上海 深圳; 2 广州 杭州 南京 厦门; 3 the rest): a 北京 flat costs several 西安
 * flats. A tier without its own bands (a new tier) takes tier 3's.
 */
export const byTier =
  (tiers: Record<1 | 2 | 3, FilterBand[]>) =>
  ({ priceTier }: OptionsAt): FilterBand[] =>
    tiers[priceTier as 1 | 2 | 3] ?? tiers[3];

/** Options numbered from 1 in the order given: `choices('整租', '合租')`. */
export const choices = (...labels: string[]): FilterOption[] => labels.map((label, i) => ({ code: i + 1, label }));
