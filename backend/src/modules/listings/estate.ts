import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { cityScopedRequestSchema } from '@contracts/city';
import {
  estateConditionsSchema,
  estateDetailSchema,
  estateListPageSchema,
  estateListQuerySchema,
  type EstateDetail,
  type EstateListItem,
  estateSimilarSchema,
} from '@contracts/estate';
import { ApiPath } from '@contracts/paths';
import { ESTATE } from '@contracts/residential';
import type { Db } from '../../db/client';
import { communities, esfListings, rentals } from '../../db/schema';
import { notFound } from '../../http/errors';
import { portalIdRoute, portalRoute } from '../../http/portal-route';
import { listItemsPage } from './esf-items';
import { requireChannelCity } from '../cities/cities';
import {
  listPager,
  nearestStationOf,
  pageByIds,
  placeConditions,
  placesOfCity,
  selectWithPlaces,
  type HomeTable,
} from './common';
import { chinaToday, residentialChannel } from './residential';
import type { ListFilters } from './channels/channel-module';
import { rentItemsByIds } from './rent';
import { placeLikeness, similarListings } from './similar';

/**
 * The 小区 channel (CHANNELS.estate): /v1/condition/estate, /v1/estate/list and /v1/estate/detail/{id}, its
 * filters and sorts its declaration's (contracts/residential.ts ESTATE). A community is its own place: `e{id}` is the community itself and a keyword matches its name or the places it
 * is in. Its homes for sale and for rent are counted when asked, never stored, so a card never disagrees with
 * the 二手房 and 租房 lists it links to.
 */

/** Homes for sale and for rent a detail shows: the newest few. */
const HOMES_SHOWN = 4;

function selectEstates(db: Db) {
  return selectWithPlaces(db, communities, { community: communities });
}

type EstateRow = Awaited<ReturnType<ReturnType<typeof selectEstates>['execute']>>[number];

function toEstateItem(row: EstateRow, counts: { onSaleCount: number; onRentCount: number }): EstateListItem {
  const c = row.community;
  return {
    id: c.id,
    name: c.name,
    cityCode: c.cityCode,
    districtName: row.districtName,
    businessAreaName: row.businessAreaName,
    buildYear: c.buildYear,
    buildingType: c.buildingType,
    avgPrice: c.avgPrice,
    ...counts,
    coverUrl: c.coverUrl,
    nearestStation: nearestStationOf(row, c.stationDistance),
  };
}

/** How many homes of `table` each community has: one grouped read of the community index for a page of ids. */
async function homesPerCommunity(db: Db, table: HomeTable, ids: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: table.communityId, n: count() })
    .from(table)
    .where(inArray(table.communityId, ids))
    .groupBy(table.communityId);
  return new Map(rows.map((r) => [Number(r.id), r.n]));
}

export async function estateItemsByIds(db: Db, ids: number[]): Promise<Map<number, EstateListItem>> {
  const [rows, onSale, onRent] = await Promise.all([
    selectEstates(db).where(inArray(communities.id, ids)),
    homesPerCommunity(db, esfListings, ids),
    homesPerCommunity(db, rentals, ids),
  ]);
  return new Map(
    rows.map((r) => [
      r.community.id,
      toEstateItem(r, { onSaleCount: onSale.get(r.community.id) ?? 0, onRentCount: onRent.get(r.community.id) ?? 0 }),
    ]),
  );
}

/** The declaration (contracts/residential.ts ESTATE) on the table of communities. */
export const estate = residentialChannel(communities, ESTATE);

/** The WHERE of the list: places and keyword (the community's own name among them), then the declared filters. */
export function listConditions(input: ListFilters, cityCode: string, priceTier: number): SQL | undefined {
  return and(...placeConditions(communities, cityCode, input, communities), estate.where(input, priceTier));
}

/** `YYYY-MM` of the 12 months ending with the current one, oldest first: the months of a stored trend. */
function trendMonths(): string[] {
  const { year, month } = chinaToday();
  return Array.from({ length: 12 }, (_, i) => {
    const back = 11 - i;
    const m = (((month - 1 - back) % 12) + 12) % 12;
    const y = year + Math.floor((month - 1 - back) / 12);
    return `${y}-${String(m + 1).padStart(2, '0')}`;
  });
}

async function estateDetail(db: Db, id: number): Promise<EstateDetail> {
  const [row] = await selectEstates(db).where(eq(communities.id, id)).limit(1);
  if (!row) throw notFound(`小区 ${id} `);
  const c = row.community;
  const newestFirst = (table: typeof esfListings | typeof rentals) => [desc(table.listedAt), desc(table.id)];
  const [[onSale], [onRent], forSale, forRent] = await Promise.all([
    db.select({ n: count() }).from(esfListings).where(eq(esfListings.communityId, id)),
    db.select({ n: count() }).from(rentals).where(eq(rentals.communityId, id)),
    listItemsPage(db, eq(esfListings.communityId, id), newestFirst(esfListings), HOMES_SHOWN, 0),
    pageByIds(db, rentals, eq(rentals.communityId, id), newestFirst(rentals), HOMES_SHOWN, 0, (ids) => rentItemsByIds(db, ids)),
  ]);
  const months = trendMonths();
  // A trend shorter than a year (a community seeded before the 小区 columns) shows the months it has.
  const trend = c.priceTrend.slice(-12);
  return {
    ...toEstateItem(row, { onSaleCount: onSale?.n ?? 0, onRentCount: onRent?.n ?? 0 }),
    districtId: c.districtId,
    businessAreaId: c.businessAreaId,
    address: c.address,
    lat: c.lat,
    lng: c.lng,
    propertyFee: c.propertyFee,
    developer: c.developer,
    propertyCompany: c.propertyCompany,
    buildingCount: c.buildingCount,
    households: c.households,
    plotRatio: c.plotRatio,
    greenRatio: c.greenRatio,
    priceTrend: trend.map((price, i) => ({ month: months[12 - trend.length + i]!, price })),
    photos: c.photos.length ? c.photos.map(({ url, title }) => ({ url, title })) : [{ url: c.coverUrl, title: '小区外景' }],
    description: c.description,
    forSale,
    forRent,
  };
}

export function registerEstate(app: FastifyInstance, db: Db): void {
  portalRoute(app, {
    path: ApiPath.conditionEstate,
    summary: "小区 filter dictionary of a city: places, lines, the city's reference-price bands, build-age bands, sorts",
    tags: ['estate'],
    input: cityScopedRequestSchema,
    output: estateConditionsSchema,
    handler: async (input) => {
      const city = await requireChannelCity(db, input.cityCode, 'estate');
      return {
        ...(await placesOfCity(db, city.cityCode)),
        ...estate.rows(city.priceTier),
        sorts: estate.sorts,
      };
    },
  });

  const pageOf = listPager(db);
  portalRoute(app, {
    path: ApiPath.estateList,
    summary: 'Communities of a city with their homes for sale and for rent: filters, sort, pages of up to 50 (max page 100)',
    tags: ['estate'],
    input: estateListQuerySchema,
    output: estateListPageSchema,
    handler: async (input) => {
      const city = await requireChannelCity(db, input.cityCode, 'estate');
      return pageOf(
        communities,
        city.cityCode,
        input,
        listConditions(input, city.cityCode, city.priceTier),
        estate.orderBy(input.sort),
        (ids) => estateItemsByIds(db, ids),
      );
    },
  });

  portalIdRoute(app, {
    path: ApiPath.estateDetail,
    summary: 'One community: facts, 12-month reference-price trend, photos, location, and its newest homes for sale and for rent',
    tags: ['estate'],
    output: estateDetailSchema,
    handler: (id) => estateDetail(db, id),
  });

  portalIdRoute(app, {
    path: ApiPath.estateSimilar,
    summary: '相似小区: up to six communities of the same district, its business area first, reference price within 25%',
    tags: ['estate'],
    output: estateSimilarSchema,
    handler: async (id) => {
      const [c] = await db.select().from(communities).where(eq(communities.id, id)).limit(1);
      if (!c) throw notFound(`小区 ${id} `);
      const like = placeLikeness(communities, c, { column: communities.avgPrice, value: c.avgPrice });
      return { list: await similarListings(db, communities, like, (ids) => estateItemsByIds(db, ids)) };
    },
  });
}
