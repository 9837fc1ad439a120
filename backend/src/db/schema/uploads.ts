import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Files a user uploaded through the PostObject ticket (spec §7 ticker/storage/callback), recorded by the
 * callback once the object is in storage and its bytes checked: only a key recorded here for that user may be used
 * as their avatar, an entrust's photo or a review's.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    /** The object key, under the user's own folder (`ub/process/<keyed hash of the id>/…`; `u{userId}` before migration 0013). */
    key: text('key').notNull(),
    /** jpg or png, from the bytes, whatever the name said. */
    suffix: text('suffix').notNull(),
    size: integer('size').notNull(),
    md5: text('md5').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The card-size copy derived on the server; '' until made. */
    thumbKey: text('thumb_key').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Since when something public names it (a published entrust's listing, a review, the user's avatar): then
     * `/oss/<key>` serves it to anyone, cacheable. Null: private, served to its owner and to the other end of a
     * chat it was sent in (upload_shares) only. Kept by modules/uploads/publication.ts refreshPublication at each
     * publish, take-down, review and avatar change, so serving reads it with the row it looks up anyway.
     */
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('uploads_key_idx').on(t.key), index('uploads_user_idx').on(t.userId, t.createdAt.desc())],
);

/**
 * Images sent in a chat (layout 121): the conversation's two ends (the portal user, the agent's IM identity) may
 * both read the image, whoever uploaded it; nobody else may while it is private. Written when the message is
 * stored (modules/im/store.ts storeMessage). No reference to uploads: a key the chat names is checked as the
 * sender's own before it is stored, and a row left after its upload is gone grants nothing.
 */
export const uploadShares = pgTable(
  'upload_shares',
  {
    key: text('key').notNull(),
    userId: integer('user_id').notNull(),
    agentUserId: integer('agent_user_id').notNull(),
  },
  (t) => [uniqueIndex('upload_shares_pk').on(t.key, t.userId, t.agentUserId)],
);
