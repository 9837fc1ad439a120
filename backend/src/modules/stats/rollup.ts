import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { TrackingEventType, type StatsReport, type StatsReportRequest } from '@contracts/tracking';
import type { Db } from '../../db/client';
import { trackingDaily } from '../../db/schema';
import { addDays } from './partitions';

/**
 * The daily roll-up (schema.ts trackingDaily): one day's events counted per city and dimension, in one statement
 * over that day's partition. Each event counts once per dimension it has: a detail page view counts for its
 * listing, its page and its channel. A search's businessId is the suggestion's place, not a listing, so searches
 * count for pages, channels and promotions only.
 */
export async function rollUpDay(db: Db, day: string): Promise<void> {
  const start = `${day} 00:00:00+08`;
  const end = `${addDays(day, 1)} 00:00:00+08`;
  const { pageView, search, contact } = TrackingEventType;
  await db.transaction(async (tx) => {
    await tx.delete(trackingDaily).where(eq(trackingDaily.day, day));
    await tx.execute(sql`
      insert into tracking_daily (day, city_domain, kind, key, views, searches, contacts)
      select ${day}, coalesce(e.city_domain, ''), d.kind, d.key,
             count(*) filter (where e.event_type = ${pageView}),
             count(*) filter (where e.event_type = ${search}),
             count(*) filter (where e.event_type = ${contact})
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
      group by 2, 3, 4`);
  });
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
