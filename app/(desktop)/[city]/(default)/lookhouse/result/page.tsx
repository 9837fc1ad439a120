import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import type { City } from '@contracts/city';
import { CHANNELS } from '@contracts/channels';
import type { LookhouseItem } from '@contracts/lookhouse';
import styles from '@/components/lookhouse/lookhouse.module.css';
import { fetchLookhouse } from '@/lib/api/endpoints';
import { formatArea, formatTotalPrice } from '@/lib/format';
import { lookhouseListPath, lookhouseQuery, parseLookhouse, toLookhouseRequest } from '@/lib/lookhouse/lookhouse-query';
import { messages } from '@/lib/messages';
import { publicContext } from '@/lib/server/api';
import { JsonLd } from '@/components/seo/json-ld';
import { getCity } from '@/lib/server/city-data';
import { seoFor } from '@/lib/server/seo';

const L = messages.lookhouse;

// The answers are the query: each address is its own render, for everyone alike.
export const dynamic = 'force-dynamic';

interface LookhouseResultProps {
  params: Promise<{ city: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** Answers in the query are no page for an index: its canonical address is the questions' own (noindex, follow). */
const stepSeo = (city: City) =>
  seoFor({
    city,
    path: '/lookhouse/result',
    name: L.resultTitle,
    description: messages.seo.lookhouseStep(city.cityName, L.resultTitle),
    trail: [{ name: L.title, path: '/lookhouse' }],
    noindex: true,
  });

export async function generateMetadata({ params }: LookhouseResultProps): Promise<Metadata> {
  const city = await getCity((await params).city);
  if (!city) notFound();
  return stepSeo(city).metadata;
}

function priceOf(item: LookhouseItem): string {
  if (item.price === null) return L.priceTbd;
  if (item.channel === 'rent') return `${item.price}${messages.rentUnit}`;
  if (item.channel === 'new') return L.fromPrice(formatTotalPrice(item.price));
  return `${formatTotalPrice(item.price)}万`;
}

/**
 * 帮我找房 (spec §2 /lookhouse/result): the city's real listings that fit the answers in the address, best first,
 * each saying which answers it meets and how far it is from the commute station; links to edit the answers and
 * to the channel's list with the same filters.
 */
export default async function LookhouseResultPage({ params, searchParams }: LookhouseResultProps) {
  const city = await getCity((await params).city);
  if (!city) notFound();
  const a = parseLookhouse(await searchParams);
  const result = await fetchLookhouse(await publicContext(), toLookhouseRequest(city.cityCode, a));
  return (
    <div className={`container ${styles.page}`}>
      <JsonLd data={stepSeo(city).jsonLd} />
      <h1 className="section__title">{L.resultTitle}</h1>
      <p className={styles.summary}>
        {result.total > 0 ? L.total(result.total) + (result.stationName ? L.nearTo(result.stationName) : '') : L.none}
      </p>
      <nav className={styles.links}>
        <Link href={`/lookhouse/opts?${lookhouseQuery(a)}`} prefetch={false}>
          {L.edit}
        </Link>
        <Link href={lookhouseListPath(a)} prefetch={false}>
          {L.listLink[a.deal]}
        </Link>
      </nav>
      <ol className={styles.list}>
        {result.list.map((item) => {
          const href = `${CHANNELS[item.channel].detailPrefix}${item.id}`;
          const facts = [
            L.channelNames[item.channel],
            item.districtName,
            item.rooms !== null ? L.roomNames[Math.min(item.rooms, 4)] : null,
            item.area !== null ? formatArea(item.area) : null,
          ].filter(Boolean);
          return (
            <li key={`${item.channel}-${item.id}`} className={styles.item} data-channel={item.channel}>
              <Link href={href} prefetch={false}>
                {/* eslint-disable-next-line @next/next/no-img-element -- the site's own thumbnails, sized by CSS */}
                <img src={item.coverUrl} alt={item.title} loading="lazy" />
              </Link>
              <div>
                <h2>
                  <Link href={href} prefetch={false}>
                    {item.title}
                  </Link>
                </h2>
                <p className={styles.facts}>
                  {facts.join(' · ')}
                  {item.distance !== null && result.stationName ? ` · ${L.distance(result.stationName, item.distance)}` : ''}
                </p>
                {item.meets.length > 0 && (
                  <ul className={styles.meets} aria-label="符合">
                    {item.meets.map((m) => (
                      <li key={m}>✓ {L.meets[m]}</li>
                    ))}
                  </ul>
                )}
                {item.misses.length > 0 && (
                  <p className={styles.misses}>
                    {L.missPrefix}
                    {item.misses.map((m) => L.meets[m]).join('、')}
                  </p>
                )}
              </div>
              <div className={styles.price}>{priceOf(item)}</div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
