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
import type { SaleStatus } from '@contracts/new-home';
import type { NewsKind } from '@contracts/project-pages';
import { agents } from './agents';
import { cities } from './cities';
import { businessAreas, districts, subwayLines, subwayStations } from './places';
import { users } from './users';
import { type ListingPhoto, prefixIndexes, searchable } from './columns';

/** A pre-sale permit (预售许可证) of a project: its number, date of issue (`2026-03-18`) and the buildings it covers. */
export type ProjectPermit = { number: string; issuedAt: string; buildings: string };

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
    /** contracts/new-home.ts SALE_STATUS: 1 在售, 2 待售, 3 售罄. */
    saleStatus: smallint('sale_status').$type<SaleStatus>().notNull(),
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
    /** contracts/new-home.ts SALE_STATUS: 1 在售, 2 待售, 3 售罄. */
    saleStatus: smallint('sale_status').$type<SaleStatus>().notNull(),
    planUrl: text('plan_url').notNull(),
    tags: text('tags').array().notNull(),
  },
  (t) => [index('project_layouts_project_idx').on(t.projectId, t.rooms, t.area)],
);

/** `kind` of a project's news (楼盘动态): the contract's codes, under the name the backend's modules use. */
export { NEWS_KIND as PROJECT_NEWS_KIND } from '@contracts/project-pages';

/** A project's news feed (楼盘动态): 开盘, 加推, 交房, 价格变动; shown newest first. */
export const projectNews = pgTable(
  'project_news',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => newProjects.id, { onDelete: 'cascade' }),
    /** contracts/project-pages.ts NEWS_KIND. */
    kind: smallint('kind').$type<NewsKind>().notNull(),
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
