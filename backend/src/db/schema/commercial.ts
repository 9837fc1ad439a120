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
} from 'drizzle-orm/pg-core';
import { agents } from './agents';
import { cities } from './cities';
import { type ListingPhoto } from './columns';
import { businessAreas, districts, subwayLines, subwayStations } from './places';

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
