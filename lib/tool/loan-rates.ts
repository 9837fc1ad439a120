/**
 * The rates the calculators start from, each a setting with the day it took effect. docs/tools.md names the
 * source of each; a change of rate is one edit here (and a line there), never a number typed in a page.
 */
export interface RateSetting {
  /** Percent a year. */
  percent: number;
  /** ISO date the rate took effect. */
  effective: string;
}

export const LOAN_RATES = {
  /** 5年期以上贷款市场报价利率 (LPR): commercial home loans are priced as this plus or minus basis points. */
  lpr5y: { percent: 3.5, effective: '2025-05-20' },
  /** 个人住房公积金贷款利率, 5年以上, 首套. */
  fundFirst: { percent: 2.6, effective: '2025-05-08' },
  /** 个人住房公积金贷款利率, 5年以上, 二套. */
  fundSecond: { percent: 3.075, effective: '2025-05-08' },
} as const satisfies Record<string, RateSetting>;

/** The default terms an estimate on a detail page uses (and the calculator opens with). */
export const DEFAULT_TERMS = {
  /** 首付 share in percent: the common 首套 minimum banks ask for a commercial loan is lower, but 30% is what
   * most buyers put down and what the big portals' estimates assume. */
  downPercent: 30,
  years: 30,
  repay: 'equal',
} as const;

/** A commercial rate: the LPR moved by basis points (LPR 3.5% − 20bp = 3.3%). */
export const commercialRate = (basisPoints: number): number =>
  Math.round((LOAN_RATES.lpr5y.percent * 100 + basisPoints) * 1000) / 100_000;
