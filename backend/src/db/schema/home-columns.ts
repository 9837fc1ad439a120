import {
  boolean,
  doublePrecision,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { agents } from './agents';
import { cities } from './cities';
import { type ListingPhoto } from './columns';
import { businessAreas, communities, districts, subwayLines, subwayStations } from './places';

/**
 * The columns every listing table has (second-hand, rent; modules/listings/common.ts ListingTable). Location
 * ids are copied from the community so that filters need no join; the nearest station is within 1.5 km walking.
 */
export const homeColumns = () => ({
  id: serial('id').primaryKey(),
  listingNo: text('listing_no').notNull(),
  cityCode: text('city_code')
    .notNull()
    .references(() => cities.cityCode, { onDelete: 'restrict' }),
  districtId: integer('district_id')
    .notNull()
    .references(() => districts.id, { onDelete: 'restrict' }),
  businessAreaId: integer('business_area_id')
    .notNull()
    .references(() => businessAreas.id, { onDelete: 'restrict' }),
  communityId: integer('community_id')
    .notNull()
    .references(() => communities.id, { onDelete: 'restrict' }),
  title: text('title').notNull(),
  area: doublePrecision('area').notNull(),
  rooms: smallint('rooms').notNull(),
  halls: smallint('halls').notNull(),
  baths: smallint('baths').notNull(),
  orientation: text('orientation').notNull(),
  floorLevel: text('floor_level').notNull(),
  floor: smallint('floor').notNull(),
  totalFloors: smallint('total_floors').notNull(),
  decoration: text('decoration').notNull(),
  elevator: boolean('elevator').notNull(),
  tags: text('tags').array().notNull(),
  listedAt: timestamp('listed_at', { withTimezone: true }).notNull(),
  coverUrl: text('cover_url').notNull(),
  photos: jsonb('photos').$type<ListingPhoto[]>().notNull(),
  description: text('description').notNull(),
  agentId: integer('agent_id')
    .notNull()
    .references(() => agents.id, { onDelete: 'restrict' }),
  stationId: integer('station_id').references(() => subwayStations.id, { onDelete: 'set null' }),
  lineId: integer('line_id').references(() => subwayLines.id, { onDelete: 'set null' }),
  /** Walking metres to `stationId`. */
  stationDistance: integer('station_distance'),
});

export type HomeIndexed = Record<
  'id' | 'cityCode' | 'districtId' | 'businessAreaId' | 'communityId' | 'lineId' | 'stationId' | 'listedAt' | 'area',
  ExtraConfigColumn
>;

/**
 * `DESC` as an ORDER BY means it (PostgreSQL: DESC NULLS FIRST). drizzle's `.desc()` alone writes
 * `DESC NULLS LAST`, an order no `ORDER BY x DESC` asks for, so the planner sorted every row of the city for
 * each page despite the index (migration 0003 recreates the esf indexes of 0001 with this).
 */
export const newestFirst = (t: HomeIndexed) => [t.listedAt.desc().nullsFirst(), t.id.desc().nullsFirst()];

/**
 * The indexes every listing table needs. The list is always per city; each sort has its own index so a page
 * is an index scan (spec §9 speed). Column directions, NULLS included, match the ORDER BY exactly (newest:
 * listed_at DESC, id DESC); any mismatch makes PostgreSQL sort every row of the city for each page. A
 * descending sort on another column scans its ascending index backwards (area DESC, id DESC).
 */
export const homeIndexes = (prefix: string, t: HomeIndexed) => [
  index(`${prefix}_city_listed_idx`).on(t.cityCode, ...newestFirst(t)),
  index(`${prefix}_city_area_idx`).on(t.cityCode, t.area, t.id),
  index(`${prefix}_district_idx`).on(t.districtId, ...newestFirst(t)),
  index(`${prefix}_business_area_idx`).on(t.businessAreaId, ...newestFirst(t)),
  index(`${prefix}_community_idx`).on(t.communityId, ...newestFirst(t)),
  index(`${prefix}_line_idx`).on(t.lineId, ...newestFirst(t)),
  index(`${prefix}_station_idx`).on(t.stationId, ...newestFirst(t)),
];
