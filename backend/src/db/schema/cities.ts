import { doublePrecision, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { searchable } from './columns';

/** spec §3 City; flags are 0/1. `priceTier` picks the city's price bands (contracts/residential.ts). */
export const cities = pgTable(
  'cities',
  {
    cityCode: text('city_code').primaryKey(),
    ...searchable,
    cityDomain: text('city_domain').notNull(),
    minorCityCode: text('minor_city_code').notNull(),
    initial: text('initial').notNull(),
    isShop: smallint('is_shop').notNull().default(1),
    isOffice: smallint('is_office').notNull().default(1),
    isEsf: smallint('is_esf').notNull().default(1),
    isNewhouse: smallint('is_newhouse').notNull().default(1),
    isRent: smallint('is_rent').notNull().default(1),
    /** Position among the hot cities; null when not hot. */
    hotRank: integer('hot_rank'),
    priceTier: smallint('price_tier').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
  },
  (t) => [uniqueIndex('cities_domain_idx').on(t.cityDomain)],
);

/** The header menu (spec §3 City.menus); `requiresFlag` names the city flag an entry depends on. */
export const menus = pgTable('menus', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id').notNull().default(0),
  platform: smallint('platform').notNull().default(0),
  permiName: text('permi_name').notNull(),
  permiCode: text('permi_code').notNull(),
  jumpPage: text('jump_page').notNull(),
  requiresFlag: text('requires_flag'),
  sort: integer('sort').notNull(),
});

export const friendlyLinks = pgTable('friendly_links', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  url: text('url').notNull(),
  sort: integer('sort').notNull(),
});
