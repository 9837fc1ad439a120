/**
 * The calculators' state in the URL (`/tool?calc=mortgage&loan=100&years=30&rate=3.5&repay=equal`), so a
 * result can be shared and is rendered on the server, read without JavaScript. One parser, one formatter: the
 * page, the forms (plain GET forms of the same names) and the links from detail pages all go through here.
 *
 * Money in the URL is in 万元 (loan, fundLoan, price, savings, orig) or 元 a month (income, debt); rates in
 * percent a year. A value out of its range is dropped with a message naming the field, and its default used:
 * the page always shows a result and says what it did not accept.
 */
import { z } from 'zod';
import type { Repay } from './mortgage';
import { DEFAULT_TERMS, LOAN_RATES, commercialRate } from './loan-rates';

export const CALCS = ['mortgage', 'tax', 'afford'] as const;
export type Calc = (typeof CALCS)[number];
export const LOAN_KINDS = ['commercial', 'fund', 'combo'] as const;
export type LoanKind = (typeof LOAN_KINDS)[number];

/** The fields a visitor can type, with their ranges: the forms' min/max and the parser's checks. */
export const FIELD_RANGES = {
  price: { min: 1, max: 100_000 },
  loan: { min: 0.01, max: 10_000 },
  fundLoan: { min: 0.01, max: 500 },
  down: { min: 0, max: 100 },
  years: { min: 1, max: 30 },
  rate: { min: 0, max: 20 },
  fundRate: { min: 0, max: 20 },
  bp: { min: -300, max: 300 },
  area: { min: 1, max: 10_000 },
  orig: { min: 0, max: 100_000 },
  income: { min: 0, max: 10_000_000 },
  debt: { min: 0, max: 10_000_000 },
  savings: { min: 0, max: 100_000 },
} as const;
export type RangedField = keyof typeof FIELD_RANGES;

export interface MortgageState {
  kind: LoanKind;
  /** 万元: the commercial loan, or the only loan (公积金 alone: the 公积金 loan). */
  loan: number;
  /** 万元, 组合贷款's 公积金 part. */
  fundLoan: number;
  /** The total price and 首付 share the loan came from, when it came from them. */
  price: number | null;
  down: number;
  years: number;
  rate: number;
  fundRate: number;
  /** Basis points over the LPR the commercial rate was set from (null when `rate` was given). */
  bp: number | null;
  /** 公积金 rate of a first (1) or second (2) home. */
  fundHome: 1 | 2;
  repay: Repay;
}

export interface TaxState {
  price: number;
  area: number;
  buyerHome: 1 | 2 | 3;
  held: 1 | 2 | 5;
  sellerOnly: boolean;
  orig: number;
}

export interface AffordState {
  income: number;
  debt: number;
  savings: number;
  down: number;
  years: number;
  rate: number;
}

export interface ToolState {
  calc: Calc;
  mortgage: MortgageState;
  tax: TaxState;
  afford: AffordState;
  /** Fields whose value was not accepted (the page names them). */
  rejected: RangedField[];
}

type Params = Record<string, string | string[] | undefined>;

const one = (p: Params, key: string): string | undefined => {
  const v = p[key];
  const s = (Array.isArray(v) ? v[0] : v)?.trim();
  return s ? s : undefined;
};

const numberIn = (field: RangedField) =>
  z
    .string()
    .max(24)
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number)
    .pipe(z.number().min(FIELD_RANGES[field].min).max(FIELD_RANGES[field].max));

const pick = <T extends string>(values: readonly T[], raw: string | undefined, fallback: T): T =>
  values.includes(raw as T) ? (raw as T) : fallback;

export function parseToolQuery(params: Params): ToolState {
  const rejected: RangedField[] = [];
  const num = (field: RangedField): number | undefined => {
    const raw = one(params, field);
    if (raw === undefined) return undefined;
    const parsed = numberIn(field).safeParse(raw);
    if (parsed.success) return parsed.data;
    rejected.push(field);
    return undefined;
  };
  const calc = pick(CALCS, one(params, 'calc'), 'mortgage');
  const price = num('price');
  const down = num('down') ?? DEFAULT_TERMS.downPercent;
  const years = Math.round(num('years') ?? DEFAULT_TERMS.years);
  const fundHome = one(params, 'fundHome') === '2' ? 2 : 1;
  const fundDefault = fundHome === 2 ? LOAN_RATES.fundSecond.percent : LOAN_RATES.fundFirst.percent;
  const fundLoan = num('fundLoan');
  const kind = pick(LOAN_KINDS, one(params, 'kind'), fundLoan !== undefined ? 'combo' : 'commercial');
  const rateGiven = num('rate');
  const bp = rateGiven === undefined ? Math.round(num('bp') ?? 0) : null;
  const fundRate = num('fundRate');
  // 公积金 alone: its rate is the 公积金 rate (the form's fundRate field), or `rate` when an address gives that.
  const rate = kind === 'fund' ? (fundRate ?? rateGiven ?? fundDefault) : (rateGiven ?? commercialRate(bp ?? 0));
  // The loan: typed directly, else from the price and 首付; the default is 100万 (the calculators' usual start).
  const loanFromPrice = price !== undefined ? Math.round(price * (100 - down)) / 100 : undefined;
  const typedLoan = num('loan');
  const loan = typedLoan ?? loanFromPrice ?? 100;
  const repay = pick(['equal', 'principal'] as const, one(params, 'repay'), DEFAULT_TERMS.repay);
  const mortgage: MortgageState = {
    kind,
    loan,
    fundLoan: kind === 'combo' ? (fundLoan ?? 30) : 0,
    price: typedLoan === undefined ? (price ?? null) : null,
    down,
    years,
    rate,
    fundRate: kind === 'fund' ? rate : (fundRate ?? fundDefault),
    bp: kind === 'fund' ? null : bp,
    fundHome,
    repay,
  };
  const buyerHome = one(params, 'buyerHome');
  const tax: TaxState = {
    price: price ?? 300,
    area: num('area') ?? 90,
    buyerHome: buyerHome === '2' ? 2 : buyerHome === '3' ? 3 : 1,
    held: one(params, 'held') === '1' ? 1 : one(params, 'held') === '2' ? 2 : 5,
    sellerOnly: one(params, 'only') !== '0',
    orig: num('orig') ?? 0,
  };
  const afford: AffordState = {
    income: num('income') ?? 20_000,
    debt: num('debt') ?? 0,
    savings: num('savings') ?? 100,
    down,
    years,
    rate,
  };
  return {
    calc,
    mortgage,
    tax,
    afford,
    rejected: (Object.keys(FIELD_RANGES) as RangedField[]).filter((f) => rejected.includes(f)),
  };
}

/** A `/tool?…` address of the given values (only those given: the others take their defaults). */
export function toolHref(calc: Calc, values: Record<string, string | number | undefined> = {}): string {
  const q = new URLSearchParams({ calc });
  for (const [k, v] of Object.entries(values)) if (v !== undefined) q.set(k, String(v));
  return `/tool?${q.toString()}`;
}
