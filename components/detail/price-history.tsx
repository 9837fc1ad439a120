import Link from 'next/link';
import { CHANNELS } from '@contracts/channels';
import type { PriceCut, PriceHistory } from '@contracts/price-history';
import { formatDate } from '@/lib/format';
import { messages } from '@/lib/messages';
import styles from './price-history.module.css';

const M = messages.priceHistory;
const DAY = 86_400_000;
const W = 560;
const H = 110;
const PAD = 8;

/** A price in its channel's unit: `285万` for a sale, `6500元/月` for a rent. */
const priceText = (price: number, rent: boolean) => (rent ? `${price}元/月` : `${price}万`);

/** The change in percent, one decimal: `降5.2%`, `涨1.0%`. */
export function changeText(oldPrice: number, newPrice: number): string {
  const pct = (((newPrice - oldPrice) / oldPrice) * 100).toFixed(1).replace('-', '');
  return newPrice < oldPrice ? M.down(pct) : M.up(pct);
}

/**
 * 挂牌 date, days on market, the 调价记录 and a small step chart of the price since listing, all from the listing's
 * price_changes (contracts/price-history.ts). The chart is an SVG drawn here: no script, read by the label's words.
 * Nothing when the history could not be read: the page stands without it.
 */
export function PriceHistorySection({ history, rent }: { history: PriceHistory | null; rent: boolean }) {
  if (!history) return null;
  const listed = Date.parse(history.listedAt);
  const { changes, daysOnMarket: days } = history;
  // The chart runs from 挂牌 to today (or the last change, if that is later the same day).
  const lastChange = changes.length ? Date.parse(changes.at(-1)!.changedAt) : listed;
  const now = Math.max(listed + days * DAY, lastChange);
  const first = changes[0]?.oldPrice ?? history.price;
  // Steps: the price at listing, then each change, held until today.
  const steps = [{ t: listed, p: first }, ...changes.map((c) => ({ t: Date.parse(c.changedAt), p: c.newPrice }))];
  const prices = steps.map((s) => s.p);
  const lo = Math.min(...prices);
  const hi = Math.max(...prices);
  const x = (t: number) => PAD + ((t - listed) / Math.max(1, now - listed)) * (W - 2 * PAD);
  const y = (p: number) => (hi === lo ? H / 2 : PAD + ((hi - p) / (hi - lo)) * (H - 2 * PAD));
  const path = steps
    .map((s, i) => (i === 0 ? `M${x(s.t).toFixed(1)},${y(s.p).toFixed(1)}` : `H${x(s.t).toFixed(1)}V${y(s.p).toFixed(1)}`))
    .join('');
  return (
    <section className="section" aria-labelledby="price-history-title">
      <h2 id="price-history-title" className="section__title">
        {M.title}
      </h2>
      <dl className="facts">
        <div>
          <dt>{M.listedAt}</dt>
          <dd>{formatDate(history.listedAt)}</dd>
        </div>
        <div>
          <dt>{M.daysOnMarket}</dt>
          <dd>{M.days(days)}</dd>
        </div>
        <div>
          <dt>{M.changes}</dt>
          <dd>{M.times(changes.length)}</dd>
        </div>
      </dl>
      {/* A flat line says nothing a sentence does not: the chart only where the price has moved. */}
      {changes.length > 0 && (
        <svg
          className={styles.chart}
          viewBox={`0 0 ${W} ${H}`}
          width={W}
          height={H}
          role="img"
          aria-label={M.chartLabel(priceText(first, rent), priceText(history.price, rent))}
        >
          <path d={`${path}H${W - PAD}`} fill="none" stroke="#007c48" strokeWidth="2" />
          {steps.map((s) => (
            <circle key={s.t} cx={x(s.t)} cy={y(s.p)} r="3.5" fill="#d0391f" />
          ))}
        </svg>
      )}
      {changes.length === 0 ? (
        <p className={styles.none}>{M.none}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{M.columns.date}</th>
              <th scope="col">{M.columns.from}</th>
              <th scope="col">{M.columns.to}</th>
              <th scope="col">{M.columns.change}</th>
            </tr>
          </thead>
          <tbody>
            {[...changes].reverse().map((c) => (
              <tr key={c.changedAt}>
                <td>{formatDate(c.changedAt)}</td>
                <td>{priceText(c.oldPrice, rent)}</td>
                <td>{priceText(c.newPrice, rent)}</td>
                <td className={c.newPrice < c.oldPrice ? styles.down : styles.up}>{changeText(c.oldPrice, c.newPrice)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** 近期降价 on a 小区 page: its 二手房 whose price came down lately, each linking to its page. Nothing without cuts. */
export function RecentCuts({ cuts }: { cuts: PriceCut[] | null }) {
  if (!cuts?.length) return null;
  return (
    <section className="section" aria-labelledby="recent-cuts-title">
      <h2 id="recent-cuts-title" className="section__title">
        {M.recentCuts}
      </h2>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{messages.channelNames.esf}</th>
            <th scope="col">{M.columns.date}</th>
            <th scope="col">{M.columns.from}</th>
            <th scope="col">{M.columns.to}</th>
            <th scope="col">{M.columns.change}</th>
          </tr>
        </thead>
        <tbody>
          {cuts.map((c) => (
            <tr key={`${c.id}-${c.changedAt}`}>
              <td>
                <Link href={`${CHANNELS.esf.detailPrefix}${c.id}`}>{c.title}</Link>
              </td>
              <td>{formatDate(c.changedAt)}</td>
              <td>{priceText(c.oldPrice, false)}</td>
              <td>{priceText(c.newPrice, false)}</td>
              <td className={styles.down}>{changeText(c.oldPrice, c.newPrice)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
