import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { affordability } from '@/lib/tool/affordability';
import { homeTaxes, type TaxInput } from '@/lib/tool/home-taxes';
import { LOAN_RATES, commercialRate } from '@/lib/tool/loan-rates';
import { byYear, loanForPayment, mortgage, toFen } from '@/lib/tool/mortgage';
import { parseToolQuery, toolHref } from '@/lib/tool/tool-query';

const WAN = 10_000;

describe('mortgage: the reference cases, to the fen', () => {
  it('100万, 30 years, 3.5%, 等额本息: 4490.45 a month, interest 616560.88', () => {
    const r = mortgage([{ amount: 100 * WAN, ratePercent: 3.5 }], 30, 'equal');
    expect(toFen(r.firstPayment)).toBe(4490.45);
    expect(toFen(r.totalInterest)).toBe(616560.88);
    expect(toFen(r.totalRepaid)).toBe(1616560.88);
    expect(r.monthlyDecrease).toBe(0);
  });

  it('100万, 30 years, 3.5%, 等额本金: first month 5694.44, 8.10 less each month, interest 526458.33', () => {
    const r = mortgage([{ amount: 100 * WAN, ratePercent: 3.5 }], 30, 'principal');
    expect(toFen(r.firstPayment)).toBe(5694.44);
    expect(toFen(r.monthlyDecrease)).toBe(8.1);
    expect(toFen(r.totalInterest)).toBe(526458.33);
    expect(toFen(r.schedule.at(-1)!.payment)).toBe(2785.88);
  });

  it('组合: 70万 at 3.5% + 30万 at 2.85%, 30 years, 等额本息: 4383.98', () => {
    const r = mortgage(
      [
        { amount: 70 * WAN, ratePercent: 3.5 },
        { amount: 30 * WAN, ratePercent: 2.85 },
      ],
      30,
      'equal',
    );
    expect(toFen(r.firstPayment)).toBe(4383.98);
    expect(r.loan).toBe(100 * WAN);
  });

  it('at 0% the payment is the loan over the months', () => {
    expect(toFen(mortgage([{ amount: 120_000, ratePercent: 0 }], 1, 'equal').firstPayment)).toBe(10_000);
  });

  it('the yearly schedule sums the months', () => {
    const r = mortgage([{ amount: 100 * WAN, ratePercent: 3.5 }], 30, 'equal');
    const years = byYear(r.schedule);
    expect(years).toHaveLength(30);
    expect(toFen(years.reduce((s, y) => s + y.interest, 0))).toBe(616560.88);
    expect(years.at(-1)!.balance).toBe(0);
  });
});

const loanArb = fc.record({
  amount: fc.integer({ min: 1, max: 10_000 }).map((w) => w * WAN),
  ratePercent: fc.integer({ min: 1, max: 1000 }).map((x) => x / 100),
  years: fc.integer({ min: 1, max: 30 }),
});

describe('mortgage: properties', () => {
  it('等额本金 pays less interest than 等额本息 on any loan at a positive rate', () => {
    fc.assert(
      fc.property(loanArb, ({ amount, ratePercent, years }) => {
        const equal = mortgage([{ amount, ratePercent }], years, 'equal');
        const principal = mortgage([{ amount, ratePercent }], years, 'principal');
        // One month carries the same interest either way; from two months on 等额本金 owes less each month.
        if (years * 12 > 1) expect(principal.totalInterest).toBeLessThan(equal.totalInterest);
      }),
    );
  });

  it('the schedule repays exactly the loan, and payment = principal + interest every month', () => {
    fc.assert(
      fc.property(loanArb, fc.constantFrom('equal' as const, 'principal' as const), ({ amount, ratePercent, years }, repay) => {
        const r = mortgage([{ amount, ratePercent }], years, repay);
        expect(r.schedule).toHaveLength(years * 12);
        const principal = r.schedule.reduce((s, m) => s + m.principal, 0);
        expect(Math.abs(principal - amount)).toBeLessThan(0.01);
        for (const m of r.schedule) expect(Math.abs(m.payment - m.principal - m.interest)).toBeLessThan(1e-6);
        expect(r.schedule.at(-1)!.balance).toBe(0);
      }),
    );
  });

  it('loanForPayment inverts 等额本息', () => {
    fc.assert(
      fc.property(loanArb, ({ amount, ratePercent, years }) => {
        const monthly = mortgage([{ amount, ratePercent }], years, 'equal').firstPayment;
        expect(Math.abs(loanForPayment(monthly, ratePercent, years) - amount)).toBeLessThan(0.01);
      }),
    );
  });
});

describe('loan rates', () => {
  it('a commercial rate is the LPR moved by basis points', () => {
    expect(commercialRate(0)).toBe(LOAN_RATES.lpr5y.percent);
    expect(commercialRate(-20)).toBe(3.3);
    expect(commercialRate(55)).toBe(4.05);
  });
});

const tax = (over: Partial<TaxInput>) =>
  homeTaxes({ price: 300 * WAN, area: 90, buyerHome: 1, held: 5, sellerOnly: true, originalPrice: 0, ...over });
const amounts = (r: ReturnType<typeof homeTaxes>) => Object.fromEntries(r.lines.map((l) => [l.key, l.amount]));

describe('taxes on a second-hand home: reference cases', () => {
  it('满五唯一, 首套 90㎡ at 300万: only 契税 at 1%, 30000', () => {
    const r = tax({});
    expect(amounts(r)).toEqual({ deed: 30_000, vat: 0, vatSurcharge: 0, income: 0 });
    expect(r.total).toBe(30_000);
  });

  it('首套 over 140㎡: 契税 1.5%', () => {
    expect(amounts(tax({ area: 140.5 }))).toMatchObject({ deed: 45_000 });
    expect(amounts(tax({ area: 140 }))).toMatchObject({ deed: 30_000 });
  });

  it('二套 150㎡ held three years, not the only home, gain unknown: 契税 2%, no VAT, 个税 1% of the price', () => {
    const r = tax({ area: 150, buyerHome: 2, held: 2, sellerOnly: false });
    expect(amounts(r)).toEqual({ deed: 60_000, vat: 0, vatSurcharge: 0, income: 30_000 });
    expect(r.total).toBe(90_000);
  });

  it('三套 pays 契税 at 3%; 满五 but not the only home pays 个税', () => {
    expect(amounts(tax({ buyerHome: 3 }))).toMatchObject({ deed: 90_000, income: 0 });
    expect(amounts(tax({ sellerOnly: false }))).toMatchObject({ income: 30_000 });
  });

  it('held under two years, 206万 bought at 150万: VAT at 3% 60000, surcharges 3600, 契税 20000, 个税 20% of the gain 99280', () => {
    // 206万 ÷ 1.03 = 200万 net of VAT; VAT 3% of it (财政部 税务总局公告2025年第17号, from 2026-01-01).
    const r = tax({ price: 206 * WAN, area: 100, held: 1, sellerOnly: false, originalPrice: 150 * WAN });
    expect(amounts(r)).toEqual({ deed: 20_000, vat: 60_000, vatSurcharge: 3_600, income: 99_280 });
    expect(r.total).toBe(182_880);
  });

  it('a loss pays no 个税', () => {
    expect(amounts(tax({ held: 2, sellerOnly: false, originalPrice: 400 * WAN }))).toMatchObject({ income: 0 });
  });
});

describe('affordability', () => {
  it('half the income less the debts is the payment; the savings are the 首付', () => {
    const r = affordability({ income: 20_000, debt: 1_000, savings: 100 * WAN, downPercent: 30, years: 30, ratePercent: 3.5 });
    expect(r.maxPayment).toBe(9_000);
    expect(toFen(r.maxLoan)).toBe(toFen(loanForPayment(9_000, 3.5, 30)));
    // 100万 saved is the 首付 of 333.33万, more than savings + the loan (about 300.4万) reach.
    expect(toFen(r.maxPrice)).toBe(toFen(100 * WAN + r.maxLoan));
  });

  it('little savings bound the price by the 首付', () => {
    const r = affordability({ income: 50_000, debt: 0, savings: 30 * WAN, downPercent: 30, years: 30, ratePercent: 3.5 });
    expect(r.maxPrice).toBe(100 * WAN);
  });

  it('debts above half the income leave no loan', () => {
    const r = affordability({ income: 10_000, debt: 6_000, savings: 50 * WAN, downPercent: 30, years: 30, ratePercent: 3.5 });
    expect(r.maxLoan).toBe(0);
    expect(r.maxPrice).toBe(50 * WAN);
  });
});

describe('the calculators in the URL', () => {
  it('reads the reference address', () => {
    const s = parseToolQuery({ calc: 'mortgage', loan: '100', years: '30', rate: '3.5', repay: 'equal' });
    expect(s.mortgage).toMatchObject({ kind: 'commercial', loan: 100, years: 30, rate: 3.5, repay: 'equal' });
    expect(s.rejected).toEqual([]);
  });

  it('a fundLoan makes it 组合; a price and 首付 give the loan', () => {
    expect(parseToolQuery({ loan: '70', fundLoan: '30', fundRate: '2.85' }).mortgage).toMatchObject({
      kind: 'combo',
      loan: 70,
      fundLoan: 30,
      fundRate: 2.85,
    });
    expect(parseToolQuery({ price: '500', down: '35' }).mortgage).toMatchObject({ loan: 325, price: 500 });
  });

  it('without a rate: the LPR and basis points, or the 公积金 rate of the home', () => {
    expect(parseToolQuery({ bp: '-30' }).mortgage.rate).toBe(3.2);
    expect(parseToolQuery({ kind: 'fund', fundHome: '2' }).mortgage.rate).toBe(LOAN_RATES.fundSecond.percent);
  });

  it('names what it refuses and falls back to the default; no input throws', () => {
    const s = parseToolQuery({ loan: '-5', years: '99', rate: 'abc', calc: 'x' });
    expect(s.calc).toBe('mortgage');
    expect(s.rejected).toEqual(['loan', 'years', 'rate']);
    expect(s.mortgage).toMatchObject({ loan: 100, years: 30 });
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom('calc', 'loan', 'years', 'rate', 'price', 'down', 'bp', 'income', 'held'), fc.string()),
        (p) => {
          const r = parseToolQuery(p);
          expect(r.mortgage.years).toBeGreaterThanOrEqual(1);
          expect(Number.isFinite(r.mortgage.loan)).toBe(true);
        },
      ),
    );
  });

  it('toolHref writes what the parser reads', () => {
    const href = toolHref('mortgage', { price: 420, down: 30 });
    expect(href).toBe('/tool?calc=mortgage&price=420&down=30');
    expect(parseToolQuery(Object.fromEntries(new URL(href, 'http://x').searchParams)).mortgage.loan).toBe(294);
  });
});
