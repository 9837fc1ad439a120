import { doublePrecision, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * 调价记录: every change of a listing's headline price (二手房 total, 租房 monthly rent, 商铺/写字楼 total or
 * rent), written by the one repricing path (modules/ops/listings.ts changeListingPrice: the operator's command
 * and an owner's 修改价格) in the same transaction as the price, and by the seed for a share of its listings.
 * `channel` names the table of `listing_id` (a channel code of contracts/channels.ts), so there is no foreign key:
 * one column cannot reference four tables; a listing is never deleted (a sold one is marked), so none dangles.
 * Prices in the channel's unit (万元 for a sale, 元/月 for a rent).
 */
export const priceChanges = pgTable(
  'price_changes',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').notNull(),
    listingId: integer('listing_id').notNull(),
    oldPrice: doublePrecision('old_price').notNull(),
    newPrice: doublePrecision('new_price').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A listing's history, newest first; and a channel's recent cuts in order (the 降价 list, a community's cuts).
    index('price_changes_listing_idx').on(t.channel, t.listingId, t.changedAt),
    index('price_changes_recent_idx').on(t.channel, t.changedAt),
  ],
);
