import { bigserial, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What changed through the API, for the web's page caches (modules/cache/changes.ts): each row names cache
 * tags (contracts/cache-changes.ts) to drop. `seq` orders the feed; readers ask for the rows after the last
 * one they saw. Rows older than an hour are pruned, so the table stays small.
 */
export const cacheChanges = pgTable('cache_changes', {
  seq: bigserial('seq', { mode: 'number' }).primaryKey(),
  tags: text('tags').array().notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});
