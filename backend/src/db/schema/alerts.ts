import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cities } from './cities';
import { users } from './users';

/**
 * 订阅 (saved searches, modules/alerts): a user's list of a channel in a city, as its list request (`query`: the
 * channel's list request without city, page and sort, checked by its schema) and its address (`path`). Matched
 * against the homes the change feed names, looked up by channel, city and district (a search without a district
 * is under null), so one change reads only the searches it can be in.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    cityCode: text('city_code')
      .notNull()
      .references(() => cities.cityCode, { onDelete: 'cascade' }),
    districtId: integer('district_id'),
    query: jsonb('query').$type<Record<string, unknown>>().notNull(),
    path: text('path').notNull(),
    name: text('name').notNull(),
    paused: boolean('paused').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** 我的订阅's "new since last seen": matches after this. */
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the last digest went out: the next one waits an hour after it (ALERT_DIGEST_INTERVAL_MS). */
    digestAt: timestamp('digest_at', { withTimezone: true }),
  },
  (t) => [
    index('saved_searches_match_idx')
      .on(t.channel, t.cityCode, t.districtId)
      .where(sql`not ${t.paused}`),
    index('saved_searches_user_idx').on(t.userId, t.id),
  ],
);

/**
 * A home that came into a saved search (published into it, or its price moved it in) after the search was
 * saved; `digestedAt` is when it went out in a digest. One row per search and home: a home comes in once.
 */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    savedSearchId: integer('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id').notNull(),
    matchedAt: timestamp('matched_at', { withTimezone: true }).notNull().defaultNow(),
    digestedAt: timestamp('digested_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('saved_search_matches_pk').on(t.savedSearchId, t.listingId),
    index('saved_search_matches_pending_idx')
      .on(t.matchedAt)
      .where(sql`${t.digestedAt} is null`),
  ],
);

/** Where the alerts worker has read to: `feed` in the change feed (cache_changes.seq), `price` in price_changes.id. */
export const alertCursors = pgTable('alert_cursors', {
  name: text('name').primaryKey(),
  position: bigint('position', { mode: 'number' }).notNull(),
});
