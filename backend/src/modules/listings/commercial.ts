import { and, between, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { CHANNELS } from '@contracts/channels';
import { cityScopedRequestSchema } from '@contracts/city';
import {
  COMMERCIAL_PATHS,
  COMMERCIAL_SCHEMAS,
  commercialConditionsSchema,
  commercialKindOf,
  commercialListQueryOf,
  type CommercialChannel,
  type CommercialDetail,
  type CommercialKind,
  type CommercialListItem,
} from '@contracts/commercial';
import type { FilterBand, FilterOption } from '@contracts/bands';
import type { ListFilters } from './channels/channel-module';
import type { Db } from '../../db/client';
import { DEAL, offices, shops } from '../../db/schema';
import { notFound } from '../../http/errors';
import { portalIdRoute, portalRoute } from '../../http/portal-route';
import { requireChannelCity } from '../cities/cities';
import { OFFICE_GRADE_OPTIONS, SHOP_TYPE_OPTIONS } from '../../domain/commercial-codes';
import { agentCardOf, listPager, placeConditions, placesOfCity, selectWithPlaces } from './common';
import { placeLikeness, similarListings } from './similar';

/**
 * 商铺 and 写字楼 for sale and for rent: the four channels CHANNELS.shop_sale … offices_rent, as ONE engine. A channel
 * is a kind (its table: shops or offices) and a deal (its rows: deal 1 or 2, its price fields), and its declaration
 * (contracts/commercial-filters.ts) bound to its table (residential.ts residentialChannel, as the residential channels
 * are): its conditions rows, WHERE, sorts and ORDER BY. Semantics as 二手房: places AND-ed, codes OR-ed within a
 * filter and AND-ed across filters, the keyword names a place or the unit's project. A city whose isShop / isOffice
 * flag is 0 has no such channel: its conditions, list and details are a 404.
 */

type UnitRow = {
  unit: typeof shops.$inferSelect | typeof offices.$inferSelect;
  districtName: string;
  businessAreaName: string;
  lineName: string | null;
  stationName: string | null;
};

/** A kind of unit: its table, and its rows with their place names. */
interface KindDef {
  table: typeof shops | typeof offices;
  rows: (db: Db, where: SQL | undefined) => Promise<UnitRow[]>;
}

const KINDS: Record<CommercialKind, KindDef> = {
  shop: { table: shops, rows: (db, where) => selectWithPlaces(db, shops, { unit: shops }).where(where) },
  office: { table: offices, rows: (db, where) => selectWithPlaces(db, offices, { unit: offices }).where(where) },
};

const TYPE_NAMES = {
  shop: new Map(SHOP_TYPE_OPTIONS.map((o) => [o.code as number, o.label])),
  office: new Map(OFFICE_GRADE_OPTIONS.map((o) => [o.code as number, o.label])),
};

/** A channel's declaration bound to its table (residential.ts): what its conditions, list and sorts read. */
export interface CommercialQuery {
  rows: (priceTier: number) => Record<string, FilterOption[] | FilterBand[]>;
  sorts: FilterOption[];
  where: (input: Record<string, unknown>, priceTier: number) => SQL | undefined;
  orderBy: (sort: number | undefined) => SQL[];
}

/** A channel as this module uses it: its kind, its deal's rows and its bound declaration. */
interface Channel {
  code: CommercialChannel;
  kind: CommercialKind;
  def: KindDef;
  deal: 'sale' | 'rent';
  /** The rows of the table that are this channel's. */
  scope: SQL;
  query: CommercialQuery;
}

function channelOf(code: CommercialChannel, query: CommercialQuery): Channel {
  const kind = commercialKindOf(code);
  const def = KINDS[kind];
  const { deal } = CHANNELS[code];
  return { code, kind, def, deal, scope: eq(def.table.deal, deal === 'sale' ? DEAL.SALE : DEAL.RENT), query };
}

function listConditions(channel: Channel, input: ListFilters, cityCode: string, priceTier: number): SQL | undefined {
  return and(
    ...placeConditions(channel.def.table, cityCode, input, channel.def.table.projectName),
    channel.scope,
    channel.query.where(input, priceTier),
  );
}

/**
 * One of the four as the channel registry holds it (channels/commercial.ts): its table and deal, and the list's own
 * WHERE, ORDER BY and items, for whoever must agree with the list (a saved search's matching, the sitemap).
 */
export function commercialList(code: CommercialChannel, name: string, query: CommercialQuery) {
  const channel = channelOf(code, query);
  return {
    table: channel.def.table,
    scope: channel.scope,
    where: (input: ListFilters, cityCode: string, priceTier: number) => listConditions(channel, input, cityCode, priceTier),
    orderBy: query.orderBy,
    items: (db: Db, ids: number[]) => itemsByIds(db, channel, ids),
    register: (app: FastifyInstance, db: Db) => registerChannel(app, db, channel, name),
  };
}

/** A nullable column the unit's deal always fills (seed-commercial.ts); empty means a broken row. */
function filled<T>(value: T | null, what: string, id: number): T {
  if (value === null) throw new Error(`unit ${id} has no ${what}`);
  return value;
}

function toItem({ unit: u, ...names }: UnitRow): CommercialListItem {
  const base = {
    id: u.id,
    title: u.title,
    cityCode: u.cityCode,
    projectName: u.projectName,
    districtName: names.districtName,
    businessAreaName: names.businessAreaName,
    address: u.address,
    area: u.area,
    floor: u.floor,
    totalFloors: u.totalFloors,
    decoration: u.decoration,
    tags: u.tags,
    listedAt: u.listedAt.toISOString(),
    coverUrl: u.coverUrl,
    nearestStation:
      names.lineName && names.stationName && u.stationDistance !== null
        ? { lineName: names.lineName, stationName: names.stationName, distance: u.stationDistance }
        : null,
  };
  const kind =
    'shopType' in u
      ? { kind: 'shop' as const, shopType: u.shopType, typeName: TYPE_NAMES.shop.get(u.shopType) ?? '' }
      : { kind: 'office' as const, grade: u.grade, typeName: TYPE_NAMES.office.get(u.grade) ?? '', workstations: u.workstations };
  const price =
    u.deal === DEAL.SALE
      ? {
          deal: 'sale' as const,
          totalPrice: filled(u.totalPrice, 'total price', u.id),
          unitPrice: filled(u.unitPrice, 'unit price', u.id),
        }
      : {
          deal: 'rent' as const,
          monthlyRent: filled(u.monthlyRent, 'monthly rent', u.id),
          dailyRent: filled(u.dailyRent, 'daily rent', u.id),
        };
  return { ...base, ...kind, ...price } as CommercialListItem;
}

async function itemsByIds(db: Db, channel: Channel, ids: number[]): Promise<Map<number, CommercialListItem>> {
  const rows = await channel.def.rows(db, inArray(channel.def.table.id, ids));
  return new Map(rows.map((r) => [r.unit.id, toItem(r)]));
}

async function detailOf(db: Db, channel: Channel, id: number): Promise<CommercialDetail> {
  const { table } = channel.def;
  // A unit of the other deal (a shop to let asked for under shop_sale) is not this channel's: 404 as unknown.
  const [row] = await channel.def.rows(db, and(eq(table.id, id), channel.scope));
  if (!row) throw notFound(`房源 ${id} `);
  const u = row.unit;
  const [, agent] = await Promise.all([requireChannelCity(db, u.cityCode, channel.code), agentCardOf(db, u.agentId)]);
  // The seed writes the agent with the unit; a miss is a broken database, not a visitor's mistake (a 500).
  if (!agent) throw new Error(`unit ${u.id} refers to a missing agent`);
  const facts =
    'shopType' in u
      ? {
          frontage: u.frontage,
          depth: u.depth,
          floorHeight: u.floorHeight,
          suitableTrades: u.suitableTrades,
          transferFee: u.transferFee,
          operatingStatus: u.operatingStatus,
        }
      : { propertyFee: u.propertyFee, divisible: u.divisible, propertyCompany: u.propertyCompany };
  return {
    ...toItem(row),
    listingNo: u.listingNo,
    photos: u.photos,
    description: u.description,
    lat: u.lat,
    lng: u.lng,
    agent,
    ...facts,
  } as CommercialDetail;
}

/** The four routes of one of the four; `name` (商铺出售) is its name in their summaries. */
function registerChannel(app: FastifyInstance, db: Db, channel: Channel, name: string): void {
  const { code } = channel;
  const paths = COMMERCIAL_PATHS[code];
  const schemas = COMMERCIAL_SCHEMAS[code];
  const tags = [code];

  portalRoute(app, {
    path: paths.conditions,
    summary: `${name} filter dictionary of a city: places, lines, ${CHANNELS[code].filters.map((f) => f.key).join(', ')} (bands by city tier), sorts`,
    tags,
    input: cityScopedRequestSchema,
    output: commercialConditionsSchema,
    handler: async (input) => {
      const city = await requireChannelCity(db, input.cityCode, code);
      return {
        ...(await placesOfCity(db, city.cityCode)),
        area: [],
        ...channel.query.rows(city.priceTier),
        sorts: channel.query.sorts,
      };
    },
  });

  // One pager per channel: its count cache is keyed by the filters, and the four share filter names.
  const pageOf = listPager(db);
  portalRoute(app, {
    path: paths.list,
    summary: `${name} of a city: filters, sort, pages of up to 50 (max page 100)`,
    tags,
    input: commercialListQueryOf(code),
    output: schemas.page,
    handler: async (input) => {
      const city = await requireChannelCity(db, input.cityCode, code);
      const page = await pageOf(
        channel.def.table,
        city.cityCode,
        input,
        listConditions(channel, input, city.cityCode, city.priceTier),
        channel.query.orderBy(input.sort),
        (ids) => itemsByIds(db, channel, ids),
      );
      // Items are built for the channel's kind and deal (toItem); the answer is checked against its schema on the way out.
      return page as z.input<typeof schemas.page>;
    },
  });

  portalIdRoute(app, {
    path: paths.detail,
    summary: `One ${name} unit with photos, ${channel.kind === 'shop' ? 'frontage, trades, transfer fee' : 'workstations, property fee'}, location and agent`,
    tags,
    output: schemas.detail,
    handler: async (id) => (await detailOf(db, channel, id)) as z.input<typeof schemas.detail>,
  });

  portalIdRoute(app, {
    path: paths.similar,
    summary: `相似房源 of a ${name} unit: up to six of the same deal in its district, its business area first, price within 25%, area within half`,
    tags,
    output: schemas.similar,
    handler: async (id) => (await similarUnits(db, channel, id)) as z.input<typeof schemas.similar>,
  });
}

/** A unit's 相似房源: the same deal, its district (its business area first), a like price and an area within half of it. */
async function similarUnits(db: Db, channel: Channel, id: number): Promise<{ list: CommercialListItem[] }> {
  const { table } = channel.def;
  const [u] = await db
    .select()
    .from(table)
    .where(and(eq(table.id, id), channel.scope))
    .limit(1);
  if (!u) throw notFound(`房源 ${id} `);
  const price =
    channel.deal === 'sale' ? { column: table.totalPrice, value: u.totalPrice } : { column: table.dailyRent, value: u.dailyRent };
  const like = placeLikeness(table, u, price, [channel.scope, between(table.area, u.area * 0.5, u.area * 1.5)]);
  return { list: await similarListings(db, table, like, (ids) => itemsByIds(db, channel, ids)) };
}
