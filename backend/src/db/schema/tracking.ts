import { integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Tracking events (spec §3, contracts/tracking.ts; modules/stats): append-only, never updated. The table is
 * PARTITIONED BY RANGE (received_at), one partition a day (Asia/Shanghai), made ahead by the backend and dropped
 * whole after TRACKING_RETENTION_DAYS: a DROP TABLE, not a DELETE that would leave bloat. Drizzle cannot declare
 * a partitioned table, so the migration's CREATE TABLE says it by hand (same SQL on PGlite and PostgreSQL). No
 * primary key and no index: rows are only ever scanned a day at a time by the roll-up, and each index would
 * slow the ingest. The ids are as the browser sent them (no references): a log outlives what it names.
 */
export const trackingEvents = pgTable('tracking_events', {
  /** When the backend took the event: the partition key, never the browser's clock. */
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  eventTm: timestamp('event_tm', { withTimezone: true }),
  eventType: text('event_type').notNull(),
  /** The page's route pattern (contracts/tracking-pages.ts), never the path as sent: as many values as routes. */
  pagePath: text('page_path').notNull(),
  deviceChannel: smallint('device_channel').notNull(),
  /** The city of the page (from the page's Origin, a city of the cities table), null when the sender was no city page. */
  cityDomain: text('city_domain'),
  deviceCode: text('device_code'),
  /**
   * The sender's address block (an IPv6 visitor by its /64) as a keyed hash (KEY_SECRET): the roll-up tells addresses
   * apart to cap what one brings to an item, and the log keeps no address. Null for events taken before it was kept.
   */
  addressKey: text('address_key'),
  /** As the browser says: a count's dimension, never a proof of who it was. */
  userId: integer('user_id'),
  promotion: text('promotion'),
  promoCode: text('promo_code'),
  agentId: integer('agent_id'),
  businessId: integer('business_id'),
  businessType: smallint('business_type'),
  businessTypeTwo: smallint('business_type_two'),
  buttonTitle: text('button_title'),
  type: text('type'),
  pageLongParam1: integer('page_long_param1'),
});

/**
 * The daily roll-ups of tracking_events (modules/stats/rollup.ts): per day, city and dimension — `listing`
 * (`{businessType}:{businessId}`), `agent`, `page` (a route pattern), `promotion` (`{_f}/{_pc}`), `channel` (business
 * type, 0 for pages of none) — the visitors who viewed, searched and contacted (contracts/tracking.ts STATS_COUNTING).
 * Recomputed whole for a day (delete and insert in one transaction), so a roll-up run twice gives the same rows; at
 * most ROLLUP_KEYS_PER_KIND listings, agents, pages and promotions per city a day; kept after the day's events are
 * dropped, for TRACKING_ROLLUP_RETENTION_DAYS.
 */
export const trackingDaily = pgTable(
  'tracking_daily',
  {
    day: text('day').notNull(),
    cityDomain: text('city_domain').notNull(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    views: integer('views').notNull().default(0),
    searches: integer('searches').notNull().default(0),
    contacts: integer('contacts').notNull().default(0),
  },
  (t) => [uniqueIndex('tracking_daily_pk').on(t.day, t.kind, t.cityDomain, t.key)],
);
