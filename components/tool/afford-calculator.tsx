import Link from 'next/link';
import { CHANNELS } from '@contracts/channels';
import { affordability } from '@/lib/tool/affordability';
import type { AffordState } from '@/lib/tool/tool-query';
import { messages } from '@/lib/messages';
import { formatListPath } from '@/lib/search-path';
import { Figure, NumberField, fen } from './fields';
import styles from './tool.module.css';

const T = messages.tool;
const A = T.afford;
const WAN = 10_000;
/** The range shown runs from this share of the dearest price up to it: cheaper homes fit too, but few buy far below their means. */
const RANGE_FLOOR = 0.7;

/** 购房能力评估: the price range income, debts and savings allow, linking to the 二手房 list of that range. */
export function AffordCalculator({ state: s }: { state: AffordState }) {
  const r = affordability({
    income: s.income,
    debt: s.debt,
    savings: s.savings * WAN,
    downPercent: s.down,
    years: s.years,
    ratePercent: s.rate,
  });
  const to = Math.floor(r.maxPrice / WAN);
  const from = Math.floor(to * RANGE_FLOOR);
  const list = formatListPath(CHANNELS.esf, { filters: { priceFrom: [from], priceTo: [to] } });
  return (
    <div className={styles.layout}>
      <form method="get" action="/tool" className={styles.form} aria-label={T.tabs.afford}>
        <input type="hidden" name="calc" value="afford" />
        <NumberField name="income" value={s.income} />
        <NumberField name="debt" value={s.debt} />
        <NumberField name="savings" value={s.savings} />
        <NumberField name="down" value={s.down} step="1" />
        <NumberField name="years" value={s.years} step="1" />
        <NumberField name="rate" value={s.rate} />
        <button type="submit" className="btn btn--primary btn--block">
          {T.calculate}
        </button>
      </form>
      <section className={styles.result} aria-labelledby="tool-result">
        <h2 id="tool-result" className="section__title">
          {T.result}
        </h2>
        <dl className={styles.figures}>
          <Figure label={A.maxPayment} value={fen(r.maxPayment)} unit={T.yuan} />
          <Figure label={A.maxLoan} value={fen(r.maxLoan / WAN)} unit={T.wan} />
          {to >= 1 && <Figure big label={A.range} value={A.rangeValue(from, to)} unit="" />}
        </dl>
        {to >= 1 ? (
          <p>
            <Link className="btn btn--primary" href={list}>
              {A.listLink(from, to)}
            </Link>
          </p>
        ) : (
          <p role="status">{A.nothing}</p>
        )}
        <p className={styles.hint}>{A.note}</p>
      </section>
    </div>
  );
}
