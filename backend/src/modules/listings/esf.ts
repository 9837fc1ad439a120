import { and, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { cityScopedRequestSchema } from '@contracts/city';
import { esfConditionsSchema, esfDetailSchema, esfListPageSchema, esfListQuerySchema } from '@contracts/esf';
import { ApiPath } from '@contracts/paths';
import type { Db } from '../../db/client';
import { listings } from '../../db/schema';
import { notFound } from '../../http/errors';
import { portalIdRoute, portalRoute } from '../../http/portal-route';
import { requireChannelCity } from '../cities/cities';
import { bandCondition, communityAndAgentOf, listPager, placeConditions, placesOfCity, roomsCondition } from './common';
import { AREA_BANDS, priceBandsOf, ROOM_OPTIONS, ROOMS_OPEN_ENDED, SORTS, sortOf } from './esf-bands';
import { listItemsByIds, selectListItems, toListItem } from './esf-items';

/**
 * The 二手房 channel (CHANNELS.esf): /v1/condition/esf, /v1/esf/list and /v1/esf/detail/{id}. Places AND-ed,
 * bands OR-ed within a filter and AND-ed across filters, the keyword names a place.
 */

type EsfListInput = z.output<typeof esfListQuerySchema>;

/** The WHERE of the list: places and keyword, bands OR-ed within a kind and AND-ed across kinds. */
function listConditions(input: EsfListInput, cityCode: string, priceTier: number): SQL | undefined {
  return and(
    ...placeConditions(listings, cityCode, input),
    bandCondition(listings.totalPrice, priceBandsOf(priceTier), input.price),
    bandCondition(listings.area, AREA_BANDS, input.area),
    roomsCondition(listings.rooms, input.rooms, ROOMS_OPEN_ENDED),
  );
}

export function registerEsf(app: FastifyInstance, db: Db): void {
  portalRoute(app, {
    path: ApiPath.conditionEsf,
    summary: "Second-hand filter dictionary of a city: places, lines, the city's price bands, area, rooms, sorts",
    tags: ['esf'],
    input: cityScopedRequestSchema,
    output: esfConditionsSchema,
    handler: async (input) => {
      const city = await requireChannelCity(db, input.cityCode, 'esf');
      return {
        ...(await placesOfCity(db, city.cityCode)),
        price: priceBandsOf(city.priceTier),
        area: AREA_BANDS,
        rooms: ROOM_OPTIONS,
        sorts: SORTS.map(({ code, label }) => ({ code, label })),
      };
    },
  });

  const pageOf = listPager(db);
  portalRoute(app, {
    path: ApiPath.esfList,
    summary: 'Second-hand listings of a city: filters, sort, pages of up to 50 (max page 100)',
    tags: ['esf'],
    input: esfListQuerySchema,
    output: esfListPageSchema,
    handler: async (input) => {
      const city = await requireChannelCity(db, input.cityCode, 'esf');
      return pageOf(
        listings,
        city.cityCode,
        input,
        listConditions(input, city.cityCode, city.priceTier),
        sortOf(input.sort),
        (ids) => listItemsByIds(db, ids),
      );
    },
  });

  portalIdRoute(app, {
    path: ApiPath.esfDetail,
    summary: 'One second-hand listing with photos, facts, community and agent',
    tags: ['esf'],
    output: esfDetailSchema,
    handler: (id) => esfDetail(db, id),
  });
}

async function esfDetail(db: Db, id: number): Promise<z.input<typeof esfDetailSchema>> {
  const [row] = await selectListItems(db).where(eq(listings.id, id)).limit(1);
  if (!row) throw notFound(`房源 ${id} `);
  const l = row.listing;
  const { community, agent } = await communityAndAgentOf(db, l, {
    districtName: row.districtName,
    businessAreaName: row.businessAreaName,
  });
  return {
    ...toListItem(row),
    listingNo: l.listingNo,
    photos: l.photos,
    propertyType: l.propertyType,
    ownership: l.ownership,
    ladderRatio: l.ladderRatio,
    heating: l.heating,
    floor: l.floor,
    description: l.description,
    community,
    agent,
  };
}
