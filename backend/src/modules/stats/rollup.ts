import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import {
  ROLLUP_KEYS_PER_KIND,
  ROLLUP_VISITORS_PER_ADDRESS,
  STATS_COUNTING,
  TrackingEventType,
  type StatsReport,
  type StatsReportRequest,
} from '@contracts/tracking';
import type { Db } from '../../db/client';
import { trackingDaily } from '../../db/schema';
import { addDays } from './partitions';

/**
 * The daily roll-up (schema/tracking.ts trackingDaily): one day's events counted per city and dimension, in one statement
 * over that day's partition. Each event counts for every dimension it has: a detail page view for its listing, its
 * page and its channel. A search's businessId is the suggestion's place, not a listing, so searches count for pages,
 * channels and promotions only.
 *
 * What is counted is visitors, not events (contracts/tracking.ts STATS_COUNTING), so that a client sending the same
 * view again and again is one visitor: a visitor is a device code, or the address without one, counted once per item
 * a day for each of viewed, searched, contacted. A script can make up device codes, so an address (its keyed hash)
 * brings at most ROLLUP_VISITORS_PER_ADDRESS visitors to one item a day. The kinds whose keys come from the client
 * (listing, agent, page, promotion) keep their first ROLLUP_KEYS_PER_KIND keys per city a day, by contacts then
 * views: the rows of a day are bounded by the cities and these, whatever is sent. Channels are six at most.
 */
export async function rollUpDay(db: Db, day: string): Promise<void> {
  const start = `${day} 00:00:00+08`;
  const end = `${addDays(day, 1)} 00:00:00+08`;
  const { pageView, search, contact } = TrackingEventType;
  await db.transaction(async (tx) => {
    await tx.delete(trackingDaily).where(eq(trackingDaily.day, day));
    await tx.execute(sql`
      with visits as (
        select coalesce(e.city_domain, '') as city_domain, d.kind, d.key,
               -- Rows taken before the address was kept: each device stands for its own address.
               coalesce(e.address_key, 'device:' || coalesce(e.device_code, '')) as address,
               coalesce(e.device_code, 'address:' || coalesce(e.address_key, '')) as visitor,
               bool_or(e.event_type = ${pageView}) as viewed,
               bool_or(e.event_type = ${search}) as searched,
               bool_or(e.event_type = ${contact}) as contacted
        from tracking_events e
        cross join lateral (values
          ('listing', case when e.event_type <> ${search} and e.business_type is not null and e.business_id is not null
                           then e.business_type || ':' || e.business_id end),
          ('agent', e.agent_id::text),
          ('page', e.page_path),
          ('promotion', case when e.promotion is not null or e.promo_code is not null
                             then coalesce(e.promotion, '') || '/' || coalesce(e.promo_code, '') end),
          ('channel', coalesce(e.business_type, 0)::text)
        ) as d(kind, key)
        where e.received_at >= ${start}::timestamptz and e.received_at < ${end}::timestamptz and d.key is not null
        group by 1, 2, 3, 4, 5
      ),
      addresses as (
        select city_domain, kind, key,
               least(count(*) filter (where viewed), ${ROLLUP_VISITORS_PER_ADDRESS}) as views,
               least(count(*) filter (where searched), ${ROLLUP_VISITORS_PER_ADDRESS}) as searches,
               least(count(*) filter (where contacted), ${ROLLUP_VISITORS_PER_ADDRESS}) as contacts
        from visits
        group by city_domain, kind, key, address
      ),
      items as (
        select city_domain, kind, key, sum(views) as views, sum(searches) as searches, sum(contacts) as contacts,
               row_number() over (partition by city_domain, kind
                                  order by sum(contacts) desc, sum(views) desc, sum(searches) desc, key) as rank
        from addresses
        group by city_domain, kind, key
      )
      insert into tracking_daily (day, city_domain, kind, key, views, searches, contacts)
      select ${day}, city_domain, kind, key, views, searches, contacts
      from items
      where kind = 'channel' or rank <= ${ROLLUP_KEYS_PER_KIND}`);
  });
}

/** Deletes the roll-ups of the days before `today - retentionDays + 1`; answers those days, oldest first. */
export async function dropExpiredRollUps(db: Db, today: string, retentionDays: number): Promise<string[]> {
  const oldestKept = addDays(today, -(retentionDays - 1));
  const gone = (await db.execute(sql`
    with gone as (delete from tracking_daily where day < ${oldestKept} returning day)
    select distinct day from gone order by day`)) as unknown as { rows: { day: string }[] };
  return gone.rows.map((r) => r.day);
}

interface Counts {
  views: number;
  searches: number;
  contacts: number;
}

/** The operator's report over the roll-ups of [from, to] (days inclusive), optionally of one city. */
export async function statsReport(
  db: Db,
  request: Required<Pick<StatsReportRequest, 'from' | 'to'>> & StatsReportRequest,
): Promise<StatsReport> {
  const top = Number(request.top ?? 10);
  const within = (kind: string): SQL =>
    and(
      eq(trackingDaily.kind, kind),
      gte(trackingDaily.day, request.from),
      lte(trackingDaily.day, request.to),
      request.cityDomain ? eq(trackingDaily.cityDomain, request.cityDomain) : undefined,
    )!;
  const sums = {
    views: sql<number>`sum(${trackingDaily.views})::int`,
    searches: sql<number>`sum(${trackingDaily.searches})::int`,
    contacts: sql<number>`sum(${trackingDaily.contacts})::int`,
  };
  const topOf = (kind: string, order: SQL) =>
    db
      .select({ key: trackingDaily.key, ...sums })
      .from(trackingDaily)
      .where(within(kind))
      .groupBy(trackingDaily.key)
      .orderBy(order, trackingDaily.key)
      .limit(top);
  const byContacts = sql`sum(${trackingDaily.contacts}) desc, sum(${trackingDaily.views}) desc`;
  const byViews = sql`sum(${trackingDaily.views}) desc, sum(${trackingDaily.contacts}) desc`;
  const [channels, topListings, topAgents, topPages, byPromotion] = await Promise.all([
    db
      .select({ cityDomain: trackingDaily.cityDomain, key: trackingDaily.key, ...sums })
      .from(trackingDaily)
      .where(within('channel'))
      .groupBy(trackingDaily.cityDomain, trackingDaily.key)
      .orderBy(trackingDaily.cityDomain, trackingDaily.key),
    topOf('listing', byContacts),
    topOf('agent', byContacts),
    topOf('page', byViews),
    topOf('promotion', byViews),
  ]);
  const totals: Counts = { views: 0, searches: 0, contacts: 0 };
  for (const c of channels) {
    totals.views += c.views;
    totals.searches += c.searches;
    totals.contacts += c.contacts;
  }
  return {
    from: request.from,
    to: request.to,
    cityDomain: request.cityDomain ?? null,
    counting: STATS_COUNTING,
    totals,
    byChannel: channels.map(({ key, ...c }) => ({
      ...c,
      businessType: Number(key),
      conversion: c.views > 0 ? Math.round((c.contacts / c.views) * 10_000) / 10_000 : 0,
    })),
    topListings,
    topAgents,
    topPages,
    byPromotion,
  };
}
