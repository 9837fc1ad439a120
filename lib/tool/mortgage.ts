/**
 * Home-loan arithmetic (房贷计算器): 等额本息 (equal monthly payments) and 等额本金 (equal principal, the
 * payment falling each month), for one loan or a 组合贷款 (a commercial and a 公积金 loan over the same years).
 * Amounts are yuan as floating point until shown; rounding to the fen happens once, at the end (`toFen`),
 * as the banks' own calculators print them (100万, 30年, 3.5%, 等额本息 → 4490.45 a month, interest 616560.88).
 */
export type Repay = 'equal' | 'principal';

export interface LoanPart {
  /** Yuan. */
  amount: number;
  /** Percent a year. */
  ratePercent: number;
}

export interface ScheduleMonth {
  month: number;
  payment: number;
  principal: number;
  interest: number;
  /** Owed after this month's payment. */
  balance: number;
}

export interface ScheduleYear {
  year: number;
  payment: number;
  principal: number;
  interest: number;
  balance: number;
}

export interface MortgageResult {
  repay: Repay;
  months: number;
  loan: number;
  /** 等额本息: every month's payment; 等额本金: the first month's. */
  firstPayment: number;
  /** 等额本金: how much less each month pays than the one before (0 for 等额本息). */
  monthlyDecrease: number;
  totalInterest: number;
  totalRepaid: number;
  schedule: ScheduleMonth[];
}

/** Rounds yuan to the fen, half away from zero, clearing float noise first (0.125 stored as 0.12499…). */
export function toFen(yuan: number): number {
  const cents = Math.round(Math.abs(yuan) * 100 + 1e-7);
  return (Math.sign(yuan) * cents) / 100;
}

function partSchedule(part: LoanPart, months: number, repay: Repay): ScheduleMonth[] {
  const r = part.ratePercent / 100 / 12;
  const out: ScheduleMonth[] = [];
  let balance = part.amount;
  // 等额本息: P·r·(1+r)^n / ((1+r)^n − 1); at 0% simply P/n.
  const level = r === 0 ? part.amount / months : (part.amount * r * (1 + r) ** months) / ((1 + r) ** months - 1);
  const principalEach = part.amount / months;
  for (let m = 1; m <= months; m++) {
    const interest = balance * r;
    const principal = repay === 'equal' ? level - interest : principalEach;
    balance = m === months ? 0 : balance - principal;
    out.push({ month: m, payment: principal + interest, principal, interest, balance });
  }
  return out;
}

/** The whole loan: one part, or two for 组合贷款 (their schedules added month by month). */
export function mortgage(parts: readonly LoanPart[], years: number, repay: Repay): MortgageResult {
  const months = Math.round(years * 12);
  const schedules = parts.filter((p) => p.amount > 0).map((p) => partSchedule(p, months, repay));
  const schedule: ScheduleMonth[] = [];
  for (let i = 0; i < months; i++) {
    const row = { month: i + 1, payment: 0, principal: 0, interest: 0, balance: 0 };
    for (const s of schedules) {
      const m = s[i]!;
      row.payment += m.payment;
      row.principal += m.principal;
      row.interest += m.interest;
      row.balance += m.balance;
    }
    schedule.push(row);
  }
  const loan = parts.reduce((sum, p) => sum + Math.max(0, p.amount), 0);
  const totalInterest = schedule.reduce((sum, m) => sum + m.interest, 0);
  const first = schedule[0]?.payment ?? 0;
  const second = schedule[1]?.payment ?? first;
  return {
    repay,
    months,
    loan,
    firstPayment: first,
    monthlyDecrease: repay === 'principal' ? first - second : 0,
    totalInterest,
    totalRepaid: loan + totalInterest,
    schedule,
  };
}

/** The schedule summed by year of the loan (year 1 = months 1–12). */
export function byYear(schedule: readonly ScheduleMonth[]): ScheduleYear[] {
  const years: ScheduleYear[] = [];
  for (const m of schedule) {
    const y = Math.ceil(m.month / 12);
    let row = years[y - 1];
    if (!row) years.push((row = { year: y, payment: 0, principal: 0, interest: 0, balance: 0 }));
    row.payment += m.payment;
    row.principal += m.principal;
    row.interest += m.interest;
    row.balance = m.balance;
  }
  return years;
}

/** The loan a monthly payment carries (the inverse of 等额本息), for the affordability estimate. */
export function loanForPayment(monthly: number, ratePercent: number, years: number): number {
  const n = Math.round(years * 12);
  const r = ratePercent / 100 / 12;
  if (monthly <= 0) return 0;
  return r === 0 ? monthly * n : (monthly * ((1 + r) ** n - 1)) / (r * (1 + r) ** n);
}
