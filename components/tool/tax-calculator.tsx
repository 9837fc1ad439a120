import { homeTaxes } from '@/lib/tool/home-taxes';
import type { TaxState } from '@/lib/tool/tool-query';
import { messages } from '@/lib/messages';
import { Choice, NumberField, fen } from './fields';
import styles from './tool.module.css';

const T = messages.tool;
const X = T.tax;
const WAN = 10_000;

/** 税费计算器 for a second-hand purchase: the GET form and the taxes of what the URL says. */
export function TaxCalculator({ state: s }: { state: TaxState }) {
  const r = homeTaxes({
    price: s.price * WAN,
    area: s.area,
    buyerHome: s.buyerHome,
    held: s.held,
    sellerOnly: s.sellerOnly,
    originalPrice: s.orig * WAN,
  });
  return (
    <div className={styles.layout}>
      <form method="get" action="/tool" className={styles.form} aria-label={T.tabs.tax}>
        <input type="hidden" name="calc" value="tax" />
        <NumberField name="price" value={s.price} />
        <NumberField name="area" value={s.area} />
        <Choice name="buyerHome" legend={X.buyerHome} options={X.buyerHomes} value={s.buyerHome} />
        <Choice name="held" legend={X.held} options={X.helds} value={s.held} />
        <Choice name="only" legend={X.only} options={X.onlyOptions} value={s.sellerOnly ? 1 : 0} />
        <NumberField name="orig" value={s.orig} hint={X.origHint} />
        <button type="submit" className="btn btn--primary btn--block">
          {T.calculate}
        </button>
      </form>
      <section className={styles.result} aria-labelledby="tool-result">
        <h2 id="tool-result" className="section__title">
          {T.result}
        </h2>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{X.kind}</th>
              <th scope="col">{X.rule}</th>
              <th scope="col">{X.amount}</th>
            </tr>
          </thead>
          <tbody>
            {r.lines.map((l) => (
              <tr key={l.key}>
                <th scope="row">{X.names[l.key]}</th>
                <td>{l.rule === 'exempt' ? X.exempt : l.rule}</td>
                <td data-tax={l.key}>{fen(l.amount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{X.total}</th>
              <td />
              <td data-tax="total">
                <strong>{fen(r.total)}</strong>
              </td>
            </tr>
          </tfoot>
        </table>
        <p className={styles.hint}>{X.note}</p>
      </section>
    </div>
  );
}
