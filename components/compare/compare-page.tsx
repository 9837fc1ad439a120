import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { CHANNELS } from '@contracts/channels';
import type { EsfDetail } from '@contracts/esf';
import type { PriceHistory } from '@contracts/price-history';
import type { RentDetail } from '@contracts/rent';
import { fetchEsfDetail, fetchPriceHistory, fetchRentDetail } from '@/lib/api/endpoints';
import { COMPARE_MAX, type CompareChannel } from '@/lib/client/compare-list';
import { formatArea, formatLayout, formatTotalPrice, formatUnitPrice } from '@/lib/format';
import { messages } from '@/lib/messages';
import { orNull, publicContext } from '@/lib/server/api';
import { JsonLd } from '@/components/seo/json-ld';
import { getCity } from '@/lib/server/city-data';
import { seoFor } from '@/lib/server/seo';
import type { City } from '@contracts/city';
import { DEFAULT_TERMS, commercialRate } from '@/lib/tool/loan-rates';
import { mortgage } from '@/lib/tool/mortgage';
import styles from './compare.module.css';

/**
 * 房源对比 (/ershoufang/duibi?ids=…, /zufang/duibi?ids=…): up to four listings of one channel side by side, read
 * from the address, so a comparison is shared by its link. Each row's values are the listings' own (detail and
 * 调价记录 from the API); a row whose values differ is marked, and the best value of a number row is bold.
 */

export interface ComparePageProps {
  params: Promise<{ city: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** `ids=3,8,11`: distinct positive ids in their order, at most COMPARE_MAX; anything else is dropped. */
export function compareIds(raw: string | string[] | undefined): number[] {
  const text = Array.isArray(raw) ? raw.join(',') : (raw ?? '');
  const ids = text
    .split(',')
    .filter((x) => /^\d{1,9}$/.test(x))
    .map(Number)
    .filter((x) => x > 0);
  return [...new Set(ids)].slice(0, COMPARE_MAX);
}

type Home = (EsfDetail | RentDetail) & { history: PriceHistory | null };

interface Row {
  label: string;
  values: string[];
  /** A number per listing to pick the best by (lower is better unless `high`); none: no best. */
  numbers?: (number | null)[];
  high?: boolean;
}

const YEAR = new Date().getFullYear();

function monthlyPayment(totalWan: number): number {
  const loan = totalWan * (1 - DEFAULT_TERMS.downPercent / 100) * 10_000;
  return Math.round(mortgage([{ amount: loan, ratePercent: commercialRate(0) }], DEFAULT_TERMS.years, 'equal').firstPayment);
}

function changesText(h: PriceHistory | null): string {
  if (!h || h.changes.length === 0) return '未调价';
  const last = h.changes.at(-1)!;
  const pct = ((last.newPrice - last.oldPrice) / last.oldPrice) * 100;
  return `调价${h.changes.length}次，最近${pct < 0 ? '降' : '涨'}${Math.abs(pct).toFixed(1)}%`;
}

function rowsOf(channel: CompareChannel, homes: Home[]): Row[] {
  const esf = channel === 'esf';
  const rows: Row[] = [];
  if (esf) {
    const h = homes as (EsfDetail & { history: PriceHistory | null })[];
    rows.push(
      { label: '总价', values: h.map((x) => `${formatTotalPrice(x.totalPrice)}万`), numbers: h.map((x) => x.totalPrice) },
      { label: '单价', values: h.map((x) => formatUnitPrice(x.unitPrice)), numbers: h.map((x) => x.unitPrice) },
    );
  } else {
    const h = homes as (RentDetail & { history: PriceHistory | null })[];
    rows.push(
      { label: '租金', values: h.map((x) => `${x.monthlyRent}${messages.rentUnit}`), numbers: h.map((x) => x.monthlyRent) },
      { label: '方式', values: h.map((x) => messages.rentTypes[x.rentType] ?? '') },
    );
  }
  rows.push(
    { label: '面积', values: homes.map((x) => formatArea(x.area)), numbers: homes.map((x) => x.area), high: true },
    { label: '户型', values: homes.map((x) => formatLayout(x.rooms, x.halls, x.baths)) },
    { label: '楼层', values: homes.map((x) => `${x.floorLevel}/共${x.totalFloors}层`) },
    {
      label: '房龄',
      values: homes.map((x) => `${Math.max(0, YEAR - x.community.buildYear)}年（${x.community.buildYear}年建）`),
      numbers: homes.map((x) => YEAR - x.community.buildYear),
    },
    { label: '朝向', values: homes.map((x) => x.orientation) },
    { label: '装修', values: homes.map((x) => x.decoration) },
    { label: '电梯', values: homes.map((x) => (x.elevator ? '有' : '无')) },
    {
      label: '地铁',
      values: homes.map((x) =>
        x.nearestStation
          ? `${x.nearestStation.lineName}${x.nearestStation.stationName}站 ${x.nearestStation.distance}米`
          : '附近无地铁',
      ),
      numbers: homes.map((x) => x.nearestStation?.distance ?? null),
    },
    {
      label: '小区均价',
      values: homes.map((x) => (x.community.avgPrice > 0 ? formatUnitPrice(x.community.avgPrice) : '暂无')),
    },
    {
      label: '上架天数',
      values: homes.map((x) => (x.history ? `${x.history.daysOnMarket}天` : '—')),
      numbers: homes.map((x) => x.history?.daysOnMarket ?? null),
    },
    { label: '调价', values: homes.map((x) => changesText(x.history)) },
  );
  if (esf) {
    const h = homes as EsfDetail[];
    const pay = h.map((x) => monthlyPayment(x.totalPrice));
    rows.push({
      label: `月供（首付${DEFAULT_TERMS.downPercent}%、${DEFAULT_TERMS.years}年商贷）`,
      values: pay.map((p) => `${p.toLocaleString('en-US')}元`),
      numbers: pay,
    });
  }
  return rows;
}

/** A comparison is the visitor's own pick of homes: no page for an index (noindex, follow), under the channel's list. */
function compareSeo(city: City, channel: CompareChannel) {
  const def = CHANNELS[channel];
  const channelName = messages.channelNames[channel];
  return seoFor({
    city,
    path: `${def.listPath}duibi`,
    name: `${channelName}对比`,
    description: messages.seo.compare(city.cityName, channelName),
    trail: [{ name: channelName, path: def.listPath }],
    noindex: true,
  });
}

export function compareMetadata(channel: CompareChannel) {
  return async ({ params }: ComparePageProps): Promise<Metadata> => {
    const city = await getCity((await params).city);
    if (!city) notFound();
    return compareSeo(city, channel).metadata;
  };
}

export async function ComparePage({ channel, params, searchParams }: ComparePageProps & { channel: CompareChannel }) {
  const city = await getCity((await params).city);
  if (!city) notFound();
  const def = CHANNELS[channel];
  const ids = compareIds((await searchParams).ids);
  const ctx = await publicContext();
  const found = await Promise.all(
    ids.map(async (id) => {
      const [detail, history] = await Promise.all([
        orNull<EsfDetail | RentDetail>(channel === 'esf' ? fetchEsfDetail(ctx, id) : fetchRentDetail(ctx, id)),
        orNull(fetchPriceHistory(ctx, channel, id)),
      ]);
      // A listing of another city is not this city's to compare.
      return detail && detail.cityCode === city.cityCode ? ({ ...detail, history } as Home) : null;
    }),
  );
  const homes = found.filter((x): x is Home => x !== null);
  const rows = rowsOf(channel, homes);
  const title = `${channel === 'esf' ? '二手房' : '租房'}对比`;
  const without = (id: number) => {
    const rest = homes.filter((h) => h.id !== id).map((h) => h.id);
    return rest.length ? `${def.listPath}duibi?ids=${rest.join(',')}` : def.listPath;
  };
  return (
    <div className={`container ${styles.page}`}>
      <JsonLd data={compareSeo(city, channel).jsonLd} />
      <h1 className="section__title">{title}</h1>
      {homes.length < 2 ? (
        <p className={styles.empty}>
          请在<Link href={def.listPath}>{channel === 'esf' ? '二手房' : '租房'}列表</Link>或房源详情页点「加入对比」，选择2至
          {COMPARE_MAX}套房源进行对比。
        </p>
      ) : (
        <p className={styles.note}>标色的行表示各房源不同，加粗为该项最优。分享本页链接即可分享这次对比。</p>
      )}
      {homes.length > 0 && (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">房源</th>
              {homes.map((h) => (
                <th key={h.id} scope="col" data-listing={h.id}>
                  {/* eslint-disable-next-line @next/next/no-img-element -- the site's own thumbnails, sized by CSS */}
                  <img src={h.coverUrl} alt="" />
                  <Link href={`${def.detailPrefix}${h.id}`} prefetch={false}>
                    {h.title}
                  </Link>
                  <span className={styles.community}>
                    {h.districtName} · {h.communityName}
                  </span>
                  <Link className={styles.remove} href={without(h.id)} prefetch={false}>
                    移除
                  </Link>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const differs = new Set(r.values).size > 1;
              const nums = r.numbers?.filter((n): n is number => n !== null) ?? [];
              const best = differs && nums.length > 1 ? (r.high ? Math.max(...nums) : Math.min(...nums)) : null;
              return (
                <tr key={r.label} className={differs ? styles.differs : undefined} data-differs={differs || undefined}>
                  <th scope="row">{r.label}</th>
                  {r.values.map((v, i) => (
                    <td key={homes[i]!.id} className={best !== null && r.numbers?.[i] === best ? styles.best : undefined}>
                      {v}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}
