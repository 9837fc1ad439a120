import { index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { homeColumns, homeIndexes, newestFirst } from './home-columns';

/**
 * Rentals (租房). A 合租 row is one room of a shared flat: its rent and area are the room's, its rooms / halls /
 * baths the flat's.
 */
export const rentals = pgTable(
  'rentals',
  {
    ...homeColumns(),
    /** 1 整租, 2 合租 */
    rentType: smallint('rent_type').notNull(),
    /** 元/月 */
    monthlyRent: integer('monthly_rent').notNull(),
    /** 押一付三 / 押一付一 / 半年付 … */
    payment: text('payment').notNull(),
    /** 元 */
    deposit: integer('deposit').notNull(),
    /** 随时入住 or a date, `2026-12-01`. */
    checkIn: text('check_in').notNull(),
    leaseTerm: text('lease_term').notNull(),
    viewing: text('viewing').notNull(),
    utilities: text('utilities').notNull(),
    /** The facilities the home has, by name (RENT_FACILITIES, contracts/entrust-rules.ts, lists them all). */
    facilities: text('facilities').array().notNull(),
  },
  (t) => [
    ...homeIndexes('rentals', t),
    index('rentals_city_rent_idx').on(t.cityCode, t.monthlyRent, t.id),
    // The city's sitemap files read its rows in id order by keyset (modules/sitemap/sources.ts).
    index('rentals_city_id_idx').on(t.cityCode, t.id),
    // 整租 / 合租 is the first choice most visitors make; its pages and counts stay index scans.
    index('rentals_city_type_idx').on(t.cityCode, t.rentType, ...newestFirst(t)),
    index('rentals_agent_idx').on(t.agentId, ...newestFirst(t)),
  ],
);
