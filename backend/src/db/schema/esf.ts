import { doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { homeColumns, homeIndexes, newestFirst } from './home-columns';

/** Second-hand listings. */
export const esfListings = pgTable(
  'esf_listings',
  {
    ...homeColumns(),
    /** 万元 */
    totalPrice: doublePrecision('total_price').notNull(),
    /** 元/㎡ */
    unitPrice: integer('unit_price').notNull(),
    propertyType: text('property_type').notNull(),
    ownership: text('ownership').notNull(),
    ladderRatio: text('ladder_ratio').notNull(),
    heating: text('heating').notNull(),
  },
  (t) => [
    ...homeIndexes('esf', t),
    index('esf_city_total_idx').on(t.cityCode, t.totalPrice, t.id),
    // The city's sitemap files read its rows in id order by keyset (modules/sitemap/sources.ts).
    index('esf_city_id_idx').on(t.cityCode, t.id),
    index('esf_city_unit_idx').on(t.cityCode, t.unitPrice, t.id),
    // An agent's page lists their homes, newest first.
    index('esf_agent_idx').on(t.agentId, ...newestFirst(t)),
  ],
);
