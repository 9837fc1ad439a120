import { messages } from '@/lib/messages';

export interface TrendPoint {
  /** `YYYY-MM` */
  month: string;
  /** 元/㎡ */
  price: number;
}

// Drawn at the width it is shown (the page's 1200px less the frame), so 12px text stays 12px.
const W = 1160;
const H = 280;
const PAD = { left: 64, right: 84, top: 24, bottom: 36 };

/** A round step for about `parts` gridlines over `span`: 1, 2, 2.5 or 5 times a power of ten. */
function niceStep(span: number, parts: number): number {
  const raw = Math.max(span / parts, 1);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw);
  return step ?? 10 * power;
}

/** `12月`, and the year where it starts or turns (`25年12月`, `26年1月`). */
function monthLabel(month: string, first: boolean): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return first || m === 1 ? `${String(y).slice(2)}年${m}月` : `${m}月`;
}

/** Change from `from` to `to` as a signed percentage with two decimals: `-0.67%`, `+1.20%`. */
export function percentChange(from: number, to: number): string {
  const pct = from > 0 ? ((to - from) / from) * 100 : 0;
  return `${pct > 0 ? '+' : ''}${pct.toFixed(2)}%`;
}

/**
 * The 12-month reference-price trend of a community as a line chart, drawn on the server as SVG (no chart
 * library: twelve points need a polyline, a few gridlines and labels). Each point has a title with its month
 * and price; the figure's label says what the chart shows for readers that do not see it.
 */
export function PriceTrendChart({ points }: { points: TrendPoint[] }) {
  if (points.length < 2) return null;
  const prices = points.map((p) => p.price);
  const lo = Math.min(...prices);
  const hi = Math.max(...prices);
  const step = niceStep(hi - lo || hi * 0.02, 4);
  const yMin = Math.floor(lo / step) * step;
  const yMax = Math.max(Math.ceil(hi / step) * step, yMin + step);
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (innerW * i) / (points.length - 1);
  const y = (price: number) => PAD.top + innerH * (1 - (price - yMin) / (yMax - yMin));
  const ticks: number[] = [];
  for (let v = yMin; v <= yMax + step / 2; v += step) ticks.push(v);
  const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.price).toFixed(1)}`).join(' ');
  const area = `${line} L${x(points.length - 1).toFixed(1)},${PAD.top + innerH} L${x(0).toFixed(1)},${PAD.top + innerH} Z`;
  const last = points[points.length - 1]!;
  const first = points[0]!;
  const caption = messages.estate.trendCaption(first.month, last.month);
  return (
    <figure className="trend-chart">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={`${caption}：${first.price.toLocaleString('en-US')} → ${last.price.toLocaleString('en-US')}`}
      >
        <defs>
          <linearGradient id="trend-fill" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor="#00ae66" stopOpacity="0.25" />
            <stop offset="100%" stopColor="#00ae66" stopOpacity="0" />
          </linearGradient>
        </defs>
        {ticks.map((v) => (
          <g key={v} className="trend-chart__grid">
            <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} />
            <text x={PAD.left - 8} y={y(v) + 4} textAnchor="end">
              {v.toLocaleString('en-US')}
            </text>
          </g>
        ))}
        <path d={area} fill="url(#trend-fill)" />
        <path d={line} className="trend-chart__line" />
        {points.map((p, i) => (
          <g key={p.month}>
            <circle cx={x(i)} cy={y(p.price)} r={i === points.length - 1 ? 5 : 3.5} className="trend-chart__dot">
              <title>{`${monthLabel(p.month, true)} ${p.price.toLocaleString('en-US')}${messages.unitPriceUnit}`}</title>
            </circle>
            <text x={x(i)} y={H - 12} textAnchor="middle" className="trend-chart__month">
              {monthLabel(p.month, i === 0)}
            </text>
          </g>
        ))}
        <text x={x(points.length - 1) + 10} y={y(last.price) + 5} className="trend-chart__value">
          {last.price.toLocaleString('en-US')}
        </text>
      </svg>
      <figcaption>{caption}</figcaption>
    </figure>
  );
}
