import { LOAN_RATES } from '@/lib/tool/loan-rates';
import { byYear, mortgage, type LoanPart } from '@/lib/tool/mortgage';
import type { MortgageState } from '@/lib/tool/tool-query';
import { messages } from '@/lib/messages';
import { Choice, Figure, NumberField, fen } from './fields';
import { ScheduleChart } from './schedule-chart';
import styles from './tool.module.css';

const T = messages.tool;
const WAN = 10_000;
const YEARS = Array.from({ length: 30 }, (_, i) => 30 - i);

/** The loan parts of the state: one loan, or 组合贷款's commercial and 公积金 parts. */
export function loanParts(s: MortgageState): LoanPart[] {
  const main = { amount: s.loan * WAN, ratePercent: s.rate };
  return s.kind === 'combo' ? [main, { amount: s.fundLoan * WAN, ratePercent: s.fundRate }] : [main];
}

/** 房贷计算器: a GET form of the URL's fields and the result of what the URL says, both rendered on the server. */
export function MortgageCalculator({ state: s }: { state: MortgageState }) {
  const r = mortgage(loanParts(s), s.years, s.repay);
  const years = byYear(r.schedule);
  const rateText =
    s.kind === 'fund'
      ? T.rateOf(T.kinds.fund, s.rate)
      : [
          T.rateOf(T.kinds.commercial, s.rate) + (s.bp !== null ? `（${T.lprPlus(LOAN_RATES.lpr5y.percent, s.bp)}）` : ''),
          ...(s.kind === 'combo' ? [T.rateOf(T.kinds.fund, s.fundRate)] : []),
        ].join('，');
  return (
    <div className={styles.layout}>
      <form method="get" action="/tool" className={styles.form} aria-label={T.tabs.mortgage}>
        <input type="hidden" name="calc" value="mortgage" />
        <Choice name="kind" legend={T.kind} options={T.kinds} value={s.kind} />
        <NumberField name="price" value={s.price ?? ''} />
        <NumberField name="down" value={s.down} step="1" />
        <NumberField name="loan" value={s.price === null ? s.loan : ''} hint={T.loanHint} />
        <NumberField name="fundLoan" value={s.kind === 'combo' ? s.fundLoan : ''} />
        <div className={styles.field}>
          <label htmlFor="tool-years">{T.fields.years}</label>
          <select id="tool-years" name="years" defaultValue={String(s.years)}>
            {YEARS.map((y) => (
              <option key={y} value={y}>
                {T.yearsOption(y)}
              </option>
            ))}
          </select>
        </div>
        <NumberField
          name="rate"
          value={s.bp === null && s.kind !== 'fund' ? s.rate : ''}
          hint={T.rateHint(LOAN_RATES.lpr5y.percent, LOAN_RATES.lpr5y.effective)}
        />
        <NumberField name="bp" value={s.bp ?? ''} step="1" />
        <NumberField name="fundRate" value={s.fundRate} />
        <Choice name="fundHome" legend={T.fundHome} options={T.fundHomes} value={s.fundHome} />
        <Choice name="repay" legend={T.repay} options={T.repays} value={s.repay} />
        <button type="submit" className="btn btn--primary btn--block">
          {T.calculate}
        </button>
      </form>
      <section className={styles.result} aria-labelledby="tool-result">
        <h2 id="tool-result" className="section__title">
          {T.result}
        </h2>
        <dl className={styles.figures}>
          {r.repay === 'equal' ? (
            <Figure big label={T.monthly} value={fen(r.firstPayment)} unit={T.yuan} />
          ) : (
            <>
              <Figure big label={T.firstMonth} value={fen(r.firstPayment)} unit={T.yuan} />
              <Figure big label={T.decrease} value={fen(r.monthlyDecrease)} unit={T.yuan} />
            </>
          )}
          <Figure label={T.loanTotal} value={fen(r.loan)} unit={T.yuan} />
          <Figure label={T.interestTotal} value={fen(r.totalInterest)} unit={T.yuan} />
          <Figure label={T.repaidTotal} value={fen(r.totalRepaid)} unit={T.yuan} />
          <Figure label={T.months} value={String(r.months)} unit="" />
        </dl>
        <p className={styles.hint}>
          {T.rateUsed}：{rateText}，{T.repays[s.repay]}
        </p>
        <ScheduleChart
          years={years.map((y) => ({
            principal: Math.round(y.principal),
            interest: Math.round(y.interest),
            balance: Math.round(y.balance),
          }))}
          labels={{ aria: T.chartLabel, year: T.chartYear, ...T.chartSeries }}
          className={styles.chart}
        />
        <h3 className={styles.subTitle}>{T.byYearTitle}</h3>
        <ScheduleTable rows={years.map((y) => ({ key: T.yearLabel(y.year), ...y }))} first={T.columns.year} />
        <details className={styles.months}>
          <summary>{T.byMonthTitle}</summary>
          <ScheduleTable rows={r.schedule.map((m) => ({ key: String(m.month), ...m }))} first={T.columns.month} />
        </details>
        <p className={styles.hint}>
          {T.ratesNote(
            `${LOAN_RATES.lpr5y.percent}%（${LOAN_RATES.lpr5y.effective}起）`,
            `${T.fundHomes[1]}${LOAN_RATES.fundFirst.percent}%、${T.fundHomes[2]}${LOAN_RATES.fundSecond.percent}%（${LOAN_RATES.fundFirst.effective}起）`,
          )}
        </p>
      </section>
    </div>
  );
}

function ScheduleTable({
  rows,
  first,
}: {
  rows: { key: string; payment: number; principal: number; interest: number; balance: number }[];
  first: string;
}) {
  const C = T.columns;
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">{first}</th>
          <th scope="col">{C.payment}</th>
          <th scope="col">{C.principal}</th>
          <th scope="col">{C.interest}</th>
          <th scope="col">{C.balance}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row">{r.key}</th>
            <td>{fen(r.payment)}</td>
            <td>{fen(r.principal)}</td>
            <td>{fen(r.interest)}</td>
            <td>{fen(r.balance)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
