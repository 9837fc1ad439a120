import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { VIEWING_OPEN_STATUSES, type ViewingBusinessType, type ViewingSlot, type ViewingStatus } from '@contracts/viewing';
import { agents } from './agents';
import { users } from './users';

/** `status` of a viewing (预约看房): the contract's codes, under the name the backend's modules use. */
export { VIEWING_STATUSES as VIEWING_STATUS } from '@contracts/viewing';

/** Viewings a user booked from a second-hand or rental detail page (预约看房), and their status. */
export const viewings = pgTable(
  'viewings',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** contracts/channels.ts businessType: 1 二手房, 2 租房. */
    businessType: smallint('business_type').$type<ViewingBusinessType>().notNull(),
    listingId: integer('listing_id').notNull(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'restrict' }),
    /** `2026-11-28` */
    date: text('date').notNull(),
    /** contracts/viewing.ts VIEWING_SLOTS: 1 上午, 2 下午, 3 晚上. */
    slot: smallint('slot').$type<ViewingSlot>().notNull(),
    contactName: text('contact_name').notNull(),
    mobile: text('mobile').notNull(),
    /** contracts/viewing.ts VIEWING_STATUSES. */
    status: smallint('status').$type<ViewingStatus>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('viewings_user_idx').on(t.userId, t.businessType, t.createdAt.desc()),
    // The owner's 卖房管理 counts the viewing requests of each of their homes.
    index('viewings_listing_idx').on(t.businessType, t.listingId),
    // One open booking per user and home: a second while the first stands is refused.
    uniqueIndex('viewings_open_idx')
      .on(t.userId, t.businessType, t.listingId)
      .where(sql.raw(`status in (${VIEWING_OPEN_STATUSES.join(', ')})`)),
  ],
);
