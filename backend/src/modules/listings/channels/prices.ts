import type { PriceRule } from './channel-module';

/** Units of a headline price as an operator sets it (channel-module.ts PriceRule). */
export const WAN: Pick<PriceRule, 'unit' | 'decimals'> = { unit: '万元', decimals: 2 };
export const YUAN_PER_MONTH: Pick<PriceRule, 'unit' | 'decimals'> = { unit: '元/月', decimals: 0 };
/** 元/㎡ from a total in 万元, as the seed writes it. */
export const unitPriceOf = (totalWan: number, area: number) => Math.round((totalWan * 10_000) / area);
/** 元/㎡·天 from a monthly rent, one decimal as the seed writes it, never 0. */
export const dailyRentOf = (monthly: number, area: number) => Math.max(0.1, Math.round((monthly * 10) / (area * 30)) / 10);
