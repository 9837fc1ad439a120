/**
 * Taxes on buying a second-hand home (税费计算器), by the national rules in force (docs/tools.md names each
 * rule, its effective date and its source). Money in yuan. A city may add its own rules (a different 契税 rate
 * for a third home, a checked price instead of the contract's); the page says the result is an estimate.
 */
import { toFen } from './mortgage';

export interface TaxInput {
  /** Contract price, yuan. */
  price: number;
  /** Floor area, ㎡. */
  area: number;
  /** Which home of the buyer's family this is: 1 首套, 2 二套, 3 三套及以上. */
  buyerHome: 1 | 2 | 3;
  /** How long the seller has held it: 1 under two years, 2 two to five years, 5 five years or more. */
  held: 1 | 2 | 5;
  /** The seller's family's only home. */
  sellerOnly: boolean;
  /** What the seller paid, yuan; unknown: 0 (个税 is then 1% of the price). */
  originalPrice: number;
}

export interface TaxLine {
  /** Which tax (the key of messages.tool.taxNames). */
  key: 'deed' | 'vat' | 'vatSurcharge' | 'income';
  amount: number;
  /** The rate or rule applied, shown beside the amount. */
  rule: string;
}

export interface TaxResult {
  lines: TaxLine[];
  total: number;
}

export const TAX_RULES = {
  /** 契税: 首套 ≤140㎡ 1%, >140㎡ 1.5%; 二套 ≤140㎡ 1%, >140㎡ 2%; 三套及以上 the general 3%. From 2024-12-01. */
  deed: { effective: '2024-12-01', areaLine: 140, first: [1, 1.5], second: [1, 2], more: 3 },
  /** 增值税: held under two years, 3% of the whole price net of the tax (÷1.03) from 2026-01-01 (5% before);
   * exempt from two years held, in every city (北京, 上海, 广州, 深圳 too since 2024-12-01). */
  vat: { effective: '2026-01-01', percent: 3, exemptYears: 2 },
  /** 城建税 7% + 教育费附加 3% + 地方教育附加 2% of the VAT, halved for individuals until 2027-12-31. */
  vatSurcharge: { effective: '2023-01-01', percentOfVat: 12, relief: 0.5 },
  /** 个人所得税: exempt for 满五唯一; else 20% of the gain, or 1% of the price when the gain is not known. */
  income: { effective: '2006-08-01', gainPercent: 20, pricePercent: 1 },
} as const;

export function homeTaxes(t: TaxInput): TaxResult {
  const R = TAX_RULES;
  const vat = t.held < R.vat.exemptYears ? (t.price / (1 + R.vat.percent / 100)) * (R.vat.percent / 100) : 0;
  const surcharge = vat * (R.vatSurcharge.percentOfVat / 100) * R.vatSurcharge.relief;
  // 契税 and 个税 are levied on the price without the VAT in it.
  const base = t.price - vat;
  const big = t.area > R.deed.areaLine ? 1 : 0;
  const deedPercent = t.buyerHome === 1 ? R.deed.first[big] : t.buyerHome === 2 ? R.deed.second[big] : R.deed.more;
  const deed = (base * deedPercent) / 100;
  let income = 0;
  let incomeRule = 'exempt';
  if (!(t.held >= 5 && t.sellerOnly)) {
    if (t.originalPrice > 0) {
      income = (Math.max(0, base - t.originalPrice - surcharge) * R.income.gainPercent) / 100;
      incomeRule = `${R.income.gainPercent}%`;
    } else {
      income = (base * R.income.pricePercent) / 100;
      incomeRule = `${R.income.pricePercent}%`;
    }
  }
  const lines: TaxLine[] = [
    { key: 'deed', amount: toFen(deed), rule: `${deedPercent}%` },
    { key: 'vat', amount: toFen(vat), rule: vat > 0 ? `${R.vat.percent}%` : 'exempt' },
    {
      key: 'vatSurcharge',
      amount: toFen(surcharge),
      rule: vat > 0 ? `${(R.vatSurcharge.percentOfVat * R.vatSurcharge.relief).toString()}%` : 'exempt',
    },
    { key: 'income', amount: toFen(income), rule: incomeRule },
  ];
  return { lines, total: toFen(lines.reduce((s, l) => s + l.amount, 0)) };
}
