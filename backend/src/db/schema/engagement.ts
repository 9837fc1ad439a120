import { index, integer, pgTable, smallint, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * How often a listing's detail page was opened (浏览: the owner's 卖房管理 shows it). The pages are cached,
 * so the count comes from the page's beacon (`POST /v1/listing/view`), not from rendering.
 */
export const listingViews = pgTable(
  'listing_views',
  {
    businessType: smallint('business_type').notNull(),
    listingId: integer('listing_id').notNull(),
    views: integer('views').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('listing_views_pk').on(t.businessType, t.listingId)],
);

/** Users following a listing (关注): the detail page's button; the owner sees the count. */
export const listingFollows = pgTable(
  'listing_follows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessType: smallint('business_type').notNull(),
    listingId: integer('listing_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('listing_follows_pk').on(t.userId, t.businessType, t.listingId),
    index('listing_follows_listing_idx').on(t.businessType, t.listingId),
  ],
);
