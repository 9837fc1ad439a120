import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ENTRUST_OPEN_STATUSES, type EntrustBusinessType, type EntrustStatus } from '@contracts/entrust-rules';
import { agents, brands } from './agents';
import { cities } from './cities';
import { communities } from './places';
import { users } from './users';

/** `status` of an entrust (委托): the contract's codes, under the name the backend's modules use. */
export { ENTRUST_STATUSES as ENTRUST_STATUS } from '@contracts/entrust-rules';

/** A photo an owner uploaded for an entrust: the upload's key (theirs, recorded by the callback) and its URLs. */
export type EntrustPhoto = { key: string; url: string; thumbUrl: string };

/**
 * An owner's home offered for sale (businessType 1) or to let (2) through 我要卖房 / 我要出租. Once
 * accepted it becomes a row of esf_listings or rentals (`listingId`) with an agent of one of the entrusted
 * brands; taking it down deletes that row and keeps this one, so the owner can edit and submit it again.
 */
export const entrusts = pgTable(
  'entrusts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** contracts/channels.ts businessType: 1 二手房 (sell), 2 租房 (rent). */
    businessType: smallint('business_type').$type<EntrustBusinessType>().notNull(),
    cityCode: text('city_code')
      .notNull()
      .references(() => cities.cityCode, { onDelete: 'restrict' }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'restrict' }),
    /** 楼栋, 单元, 门牌: the owner's address inside the community; never shown on a public page. */
    building: text('building').notNull(),
    unit: text('unit').notNull(),
    room: text('room').notNull(),
    area: doublePrecision('area').notNull(),
    rooms: smallint('rooms').notNull(),
    halls: smallint('halls').notNull(),
    baths: smallint('baths').notNull(),
    floor: smallint('floor').notNull(),
    totalFloors: smallint('total_floors').notNull(),
    orientation: text('orientation').notNull(),
    decoration: text('decoration').notNull(),
    /** Sell: expected total in 万元; rent: 元/月. */
    price: doublePrecision('price').notNull(),
    /** Rent only: 1 整租, 2 合租; and how the rent is paid (押一付三 …). Null for a sale. */
    rentType: smallint('rent_type'),
    payment: text('payment'),
    /** Rent only: 配套设施 the owner ticked (RENT_FACILITIES); empty for a sale. */
    facilities: text('facilities')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    contactName: text('contact_name').notNull(),
    description: text('description').notNull().default(''),
    photos: jsonb('photos').$type<EntrustPhoto[]>().notNull(),
    /** The brands (agencies) the owner entrusted, each serving the community's business area. */
    brandIds: integer('brand_ids').array().notNull(),
    /** contracts/entrust-rules.ts ENTRUST_STATUSES. */
    status: smallint('status').$type<EntrustStatus>().notNull(),
    /**
     * The listing it was last published as (esf_listings or rentals by businessType): on the site while 已发布; after
     * 下架 or 已成交 its row is gone but the id still names the home's views, follows and bookings.
     */
    listingId: integer('listing_id'),
    /** The agent and brand that took it on, once accepted. */
    agentId: integer('agent_id').references(() => agents.id, { onDelete: 'restrict' }),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    index('entrusts_user_idx').on(t.userId, t.businessType, t.createdAt.desc()),
    // A listing belongs to at most one entrust: the owner's management pages find it through this.
    uniqueIndex('entrusts_listing_idx')
      .on(t.businessType, t.listingId)
      .where(sql`listing_id is not null`),
    // One open entrust (审核中 or 已发布) per owner and flat: a second submission of the same home is refused.
    uniqueIndex('entrusts_open_idx')
      .on(t.userId, t.businessType, t.communityId, t.building, t.unit, t.room)
      .where(sql.raw(`status in (${ENTRUST_OPEN_STATUSES.join(', ')})`)),
  ],
);

/**
 * An operator's override of the publication bounds (contracts/entrust-rules.ts: area, price, price per ㎡ and the
 * community's band): `npm run ops -- entrust accept <id> --override "<reason>"` publishes an entrust the bounds
 * would refuse, and this row keeps why, what was overridden and the listing it became. Kept with the entrust
 * (cascade): an override means nothing without the home it was for.
 */
export const entrustOverrides = pgTable(
  'entrust_overrides',
  {
    id: serial('id').primaryKey(),
    entrustId: integer('entrust_id')
      .notNull()
      .references(() => entrusts.id, { onDelete: 'cascade' }),
    /** The operator action it was given with: `accept`. */
    action: text('action').notNull(),
    /** The operator's words, as typed. */
    reason: text('reason').notNull(),
    /** The messages of the bounds that would have refused the action. */
    problems: jsonb('problems').$type<string[]>().notNull(),
    /** The listing the entrust was published as (esf_listings or rentals by the entrust's business type). */
    listingId: integer('listing_id'),
    /** The area and price overridden, as they were then (the entrust may be edited later). */
    area: doublePrecision('area').notNull(),
    price: doublePrecision('price').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('entrust_overrides_entrust_idx').on(t.entrustId, t.createdAt)],
);
