import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import styles from '@/components/lookhouse/lookhouse.module.css';
import { fetchLookhouse } from '@/lib/api/endpoints';
import { messages } from '@/lib/messages';
import { publicContext } from '@/lib/server/api';
import { cache } from 'react';
import { JsonLd } from '@/components/seo/json-ld';
import { getCity } from '@/lib/server/city-data';
import { seoFor } from '@/lib/server/seo';

const L = messages.lookhouse;

interface LookhousePageProps {
  params: Promise<{ city: string }>;
}

/** The city and how many homes each start offers: loaded once for the head and the page (react cache). */
const load = cache(async (domain: string) => {
  const city = await getCity(domain);
  if (!city) notFound();
  const ctx = await publicContext();
  const [buy, rent] = await Promise.all([
    fetchLookhouse(ctx, { cityCode: city.cityCode, deal: 'buy' }),
    fetchLookhouse(ctx, { cityCode: city.cityCode, deal: 'rent' }),
  ]);
  const seo = seoFor({
    city,
    path: '/lookhouse',
    name: L.title,
    description: messages.seo.lookhouse(city.cityName, buy.total, rent.total),
  });
  return { buy, rent, seo };
});

export async function generateMetadata({ params }: LookhousePageProps): Promise<Metadata> {
  return (await load((await params).city)).seo.metadata;
}

/**
 * 帮我找房 (spec §2 /lookhouse): the start. Buy or rent, each with how many real homes the city offers for it
 * (the questionnaire's query with no answers yet), leading to the questions (/lookhouse/opts).
 */
export default async function LookhousePage({ params }: LookhousePageProps) {
  const { buy, rent, seo } = await load((await params).city);
  return (
    <div className={`container ${styles.page}`}>
      <JsonLd data={seo.jsonLd} />
      <h1 className="section__title">{L.title}</h1>
      <p className={styles.intro}>{L.intro}</p>
      <div className={styles.starts}>
        {(['buy', 'rent'] as const).map((deal) => {
          const total = deal === 'buy' ? buy.total : rent.total;
          return total > 0 ? (
            <Link key={deal} className={styles.start} href={`/lookhouse/opts?deal=${deal}`} prefetch={false}>
              <strong>{L.start[deal]}</strong>
              <span>{L.startNote[deal](total)}</span>
            </Link>
          ) : null;
        })}
      </div>
    </div>
  );
}
