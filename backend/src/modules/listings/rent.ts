import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { cityScopedRequestSchema } from '@contracts/city';
import { ApiPath } from '@contracts/paths';
import { RENT } from '@contracts/residential';
import {
  rentConditionsSchema,
  rentDetailSchema,
  rentListPageSchema,
  rentListQuerySchema,
  rentSimilarSchema,
  type RentDetail,
  type RentListItem,
} from '@contracts/rent';
import type { Db } from '../../db/client';
import { rentals } from '../../db/schema';
import { notFound } from '../../http/errors';
import { portalIdRoute, portalRoute } from '../../http/portal-route';
import { requireChannelCity } from '../cities/cities';
import {
  communityAndAgentOf,
  homeItemColumns,
  homeItemsByIds,
  listItemBase,
  type HomeRow,
  type PlaceNames,
  listPager,
  placeConditions,
  placesOfCity,
  selectWithPlaceNames,
} from './common';
import { RENT_FACILITIES } from '@contracts/entrust-rules';
import { residentialChannel } from './residential';
import type { ListFilters } from './channels/channel-module';
import { homeLikeness, similarListings } from './similar';

/**
 * The 租房 channel (CHANNELS.rent): /v1/condition/rent, /v1/rent/list and /v1/rent/detail/{id}. Its filters and
 * sorts are its declaration's (contracts/residential.ts RENT), with the semantics of 二手房: places AND-ed, bands OR-ed within a filter and AND-ed across filters, the keyword names a
 * place. A city whose isRent flag is 0 has no such channel: its list and conditions are a 404.
 */

interface RentItemRow extends PlaceNames {
  rental: HomeRow & Pick<typeof rentals.$inferSelect, 'rentType' | 'monthlyRent'>;
}

function toRentItem(row: RentItemRow): RentListItem {
  const r = row.rental;
  return { ...listItemBase(r, row), rentType: r.rentType, monthlyRent: r.monthlyRent };
}

/** List items by id; a rental cut in rent lately is tagged 「降价」 (common.ts homeItemsByIds). */
export function rentItemsByIds(db: Db, ids: number[]): Promise<Map<number, RentListItem>> {
  const columns = { ...homeItemColumns(rentals), rentType: rentals.rentType, monthlyRent: rentals.monthlyRent };
  const rows = db.select(columns).from(rentals).where(inArray(rentals.id, ids));
  return homeItemsByIds(db, 'rent', ids, rows, (r, names) => toRentItem({ rental: r, ...names }));
}

/** The declaration (contracts/residential.ts RENT) on the table of rentals. */
export const rent = residentialChannel(rentals, RENT);

/** The WHERE of the list: places and keyword, then the declared filters (整租/合租, rent, area, rooms …). */
export function listConditions(input: ListFilters, cityCode: string, priceTier: number): SQL | undefined {
  return and(...placeConditions(rentals, cityCode, input), rent.where(input, priceTier));
}

async function rentDetail(db: Db, id: number): Promise<RentDetail> {
  const [row] = await selectWithPlaceNames(db, rentals, { rental: rentals }).where(eq(rentals.id, id)).limit(1);
  if (!row) throw notFound(`房源 ${id} `);
  const r = row.rental;
  const { community, agent } = await communityAndAgentOf(db, r, {
    districtName: row.districtName,
    businessAreaName: row.businessAreaName,
  });
  const has = new Set(r.facilities);
  return {
    ...toRentItem(row),
    listingNo: r.listingNo,
    photos: r.photos,
    floor: r.floor,
    payment: r.payment,
    deposit: r.deposit,
    checkIn: r.checkIn,
    leaseTerm: r.leaseTerm,
    viewing: r.viewing,
    utilities: r.utilities,
    facilities: RENT_FACILITIES.map((name) => ({ name, has: has.has(name) })),
    description: r.description,
    community,
    agent,
  };
}

export function registerRent(app: FastifyInstance, db: Db): void {
  portalRoute(app, {
    path: ApiPath.conditionRent,
    summary: `Rent filter dictionary of a city: places, lines, ${RENT.filters.map((f) => f.key).join(', ')} (bands by city tier), sorts`,
    tags: ['rent'],
    input: cityScopedRequestSchema,
    output: rentConditionsSchema,
    handler: async (input) => {
      const city = await requireChannelCity(db, input.cityCode, 'rent');
      return {
        ...(await placesOfCity(db, city.cityCode)),
        ...rent.rows(city.priceTier),
        sorts: rent.sorts,
      };
    },
  });

  const pageOf = listPager(db);
  portalRoute(app, {
    path: ApiPath.rentList,
    summary: 'Rentals of a city: filters, sort, pages of up to 50 (max page 100)',
    tags: ['rent'],
    input: rentListQuerySchema,
    output: rentListPageSchema,
    handler: async (input) => {
      const city = await requireChannelCity(db, input.cityCode, 'rent');
      return pageOf(
        rentals,
        city.cityCode,
        input,
        listConditions(input, city.cityCode, city.priceTier),
        rent.orderBy(input.sort),
        (ids) => rentItemsByIds(db, ids),
      );
    },
  });

  portalIdRoute(app, {
    path: ApiPath.rentDetail,
    summary: 'One rental with photos, terms (payment, deposit, lease, check-in), facilities, community and agent',
    tags: ['rent'],
    output: rentDetailSchema,
    handler: (id) => rentDetail(db, id),
  });

  portalIdRoute(app, {
    path: ApiPath.rentSimilar,
    summary: '相似房源: up to six rentals of the same community or business area, rent within 25%, a room more or less',
    tags: ['rent'],
    output: rentSimilarSchema,
    handler: async (id) => {
      const [home] = await db.select().from(rentals).where(eq(rentals.id, id)).limit(1);
      if (!home) throw notFound(`房源 ${id} `);
      // A room of a shared flat is no alternative to a whole flat of the same rent.
      const like = homeLikeness(rentals, home, { column: rentals.monthlyRent, value: home.monthlyRent }, [
        eq(rentals.rentType, home.rentType),
      ]);
      return { list: await similarListings(db, rentals, like, (ids) => rentItemsByIds(db, ids)) };
    },
  });
}
