/**
 * 购房能力评估: the dearest home a family can buy from its monthly income, the monthly debts it already pays and
 * its savings. Banks lend while all monthly debts stay within half the income (月供收入比 ≤ 50%); the savings
 * pay the 首付. The price is the smaller of what the savings allow as 首付 and what savings plus the loan reach.
 */
import { loanForPayment } from './mortgage';

/** Banks' usual ceiling of monthly debt to monthly income. */
export const DEBT_TO_INCOME = 0.5;

export interface AffordInput {
  /** Yuan a month. */
  income: number;
  /** Yuan a month already going to other loans. */
  debt: number;
  /** Yuan. */
  savings: number;
  downPercent: number;
  years: number;
  ratePercent: number;
}

export interface AffordResult {
  /** The monthly payment the income carries, yuan (0 when the debts already use it up). */
  maxPayment: number;
  maxLoan: number;
  /** The dearest price, yuan. */
  maxPrice: number;
}

export function affordability(a: AffordInput): AffordResult {
  const maxPayment = Math.max(0, a.income * DEBT_TO_INCOME - a.debt);
  const maxLoan = loanForPayment(maxPayment, a.ratePercent, a.years);
  const down = a.downPercent / 100;
  // The savings must be the 首付 of the price, and the loan the rest.
  const bySavings = down > 0 ? a.savings / down : Infinity;
  const byLoan = a.savings + maxLoan;
  const maxPrice = Math.max(0, Math.min(bySavings, byLoan));
  return { maxPayment, maxLoan, maxPrice };
}
