import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import type { City } from '@contracts/city';
import { LOOKHOUSE_BUDGET_MAX, LOOKHOUSE_DISTRICTS_MAX, LOOKHOUSE_NEEDS } from '@contracts/lookhouse';
import styles from '@/components/lookhouse/lookhouse.module.css';
import { fetchEsfConditions, fetchRentConditions } from '@/lib/api/endpoints';
import { parseLookhouse } from '@/lib/lookhouse/lookhouse-query';
import { messages } from '@/lib/messages';
import { publicContext } from '@/lib/server/api';
import { JsonLd } from '@/components/seo/json-ld';
import { getCity } from '@/lib/server/city-data';
import { seoFor } from '@/lib/server/seo';

const L = messages.lookhouse;

// The questions are prefilled from the query (a visitor back from the result edits their answers).
export const dynamic = 'force-dynamic';

interface LookhouseOptsProps {
  params: Promise<{ city: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** Answers in the query are no page for an index: its canonical address is the questions' own (noindex, follow). */
const stepSeo = (city: City) =>
  seoFor({
    city,
    path: '/lookhouse/opts',
    name: L.optsTitle,
    description: messages.seo.lookhouseStep(city.cityName, L.optsTitle),
    trail: [{ name: L.title, path: '/lookhouse' }],
    noindex: true,
  });

export async function generateMetadata({ params }: LookhouseOptsProps): Promise<Metadata> {
  const city = await getCity((await params).city);
  if (!city) notFound();
  return stepSeo(city).metadata;
}

/**
 * 帮我找房 (spec §2 /lookhouse/opts): the questions, one plain GET form to /lookhouse/result, so it works without
 * JavaScript and its answers are the result's address. The districts and stations are the city's own.
 */
export default async function LookhouseOptsPage({ params, searchParams }: LookhouseOptsProps) {
  const city = await getCity((await params).city);
  if (!city) notFound();
  const a = parseLookhouse(await searchParams);
  const ctx = await publicContext();
  const conditions =
    a.deal === 'buy' ? await fetchEsfConditions(ctx, city.cityCode) : await fetchRentConditions(ctx, city.cityCode);
  const stations = conditions.subwayLines.flatMap((line) => line.children.map((s) => ({ ...s, line: line.name })));
  return (
    <div className={`container ${styles.page}`}>
      <JsonLd data={stepSeo(city).jsonLd} />
      <h1 className="section__title">{L.optsTitle}</h1>
      <form className={styles.form} action="/lookhouse/result" method="get">
        <fieldset>
          <legend>{L.deal}</legend>
          <div className={styles.choices}>
            {(['buy', 'rent'] as const).map((deal) => (
              <Link
                key={deal}
                href={`/lookhouse/opts?deal=${deal}`}
                aria-current={deal === a.deal ? 'page' : undefined}
                prefetch={false}
              >
                {L.deals[deal]}
              </Link>
            ))}
          </div>
          <input type="hidden" name="deal" value={a.deal} />
        </fieldset>
        <fieldset>
          <legend>{L.budget[a.deal]}</legend>
          <div className={styles.range}>
            <label>
              {L.budgetFrom}{' '}
              <input type="number" name="bf" min={0} max={LOOKHOUSE_BUDGET_MAX[a.deal]} defaultValue={a.budgetFrom} />
            </label>
            –
            <label>
              {L.budgetTo} <input type="number" name="bt" min={1} max={LOOKHOUSE_BUDGET_MAX[a.deal]} defaultValue={a.budgetTo} />
            </label>
          </div>
        </fieldset>
        <fieldset>
          <legend>{L.districts(LOOKHOUSE_DISTRICTS_MAX)}</legend>
          <div className={styles.choices}>
            {conditions.districts.map((d) => (
              <label key={d.id}>
                <input type="checkbox" name="d" value={d.id} defaultChecked={a.districtIds.includes(d.id)} />
                {d.name}
              </label>
            ))}
          </div>
        </fieldset>
        {stations.length > 0 && (
          <fieldset>
            <legend>{L.commute}</legend>
            <select name="st" defaultValue={a.stationId ?? ''} aria-label={L.commute}>
              <option value="">{L.commuteNone}</option>
              {conditions.subwayLines.map((line) => (
                <optgroup key={line.id} label={line.name}>
                  {line.children.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </fieldset>
        )}
        <fieldset>
          <legend>{L.rooms}</legend>
          <div className={styles.choices}>
            {[1, 2, 3, 4].map((n) => (
              <label key={n}>
                <input type="checkbox" name="l" value={n} defaultChecked={a.rooms.includes(n)} />
                {L.roomNames[n]}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend>{L.needs}</legend>
          <div className={styles.choices}>
            {LOOKHOUSE_NEEDS.map((n) => (
              <label key={n}>
                <input type="checkbox" name="n" value={n} defaultChecked={a.needs.includes(n)} />
                {L.needNames[n]}
              </label>
            ))}
          </div>
          <p className={styles.note}>{L.schoolNote}</p>
        </fieldset>
        {a.deal === 'rent' && (
          <fieldset>
            <legend>{L.moveIn}</legend>
            <input type="date" name="mi" defaultValue={a.moveIn} aria-label={L.moveIn} />
          </fieldset>
        )}
        <div className={styles.actions}>
          <button type="submit" className={styles.submit}>
            {L.submit}
          </button>
        </div>
      </form>
    </div>
  );
}
