import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import styles from '@/components/lookhouse/lookhouse.module.css';
import { fetchLookhouse } from '@/lib/api/endpoints';
import { messages } from '@/lib/messages';
import { publicContext } from '@/lib/server/api';
import { getCity } from '@/lib/server/city-data';

const L = messages.lookhouse;

interface LookhousePageProps {
  params: Promise<{ city: string }>;
}

export async function generateMetadata({ params }: LookhousePageProps): Promise<Metadata> {
  const city = await getCity((await params).city);
  if (!city) notFound();
  return { title: messages.pageTitle(L.title, city.cityName) };
}

/**
 * 帮我找房 (spec §2 /lookhouse): the start. Buy or rent, each with how many real homes the city offers for it
 * (the questionnaire's query with no answers yet), leading to the questions (/lookhouse/opts).
 */
export default async function LookhousePage({ params }: LookhousePageProps) {
  const city = await getCity((await params).city);
  if (!city) notFound();
  const ctx = await publicContext();
  const [buy, rent] = await Promise.all([
    fetchLookhouse(ctx, { cityCode: city.cityCode, deal: 'buy' }),
    fetchLookhouse(ctx, { cityCode: city.cityCode, deal: 'rent' }),
  ]);
  return (
    <div className={`container ${styles.page}`}>
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
