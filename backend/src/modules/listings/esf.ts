import { and, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { cityScopedRequestSchema } from '@contracts/city';
import { esfConditionsSchema, esfDetailSchema, esfListPageSchema, esfListQuerySchema, esfSimilarSchema } from '@contracts/esf';
import { ESF } from '@contracts/residential';
import { ApiPath } from '@contracts/paths';
import type { Db } from '../../db/client';
import { esfListings } from '../../db/schema';
import { notFound } from '../../http/errors';
import { portalIdRoute, portalRoute } from '../../http/portal-route';
import { requireChannelCity } from '../cities/cities';
import { communityAndAgentOf, listPager, placeConditions, placesOfCity } from './common';
import { residentialChannel } from './residential';
import type { ListFilters } from './channels/channel-module';
import { listItemsByIds, selectListingWithNames, toListItem } from './esf-items';
import { homeLikeness, similarListings } from './similar';

/**
 * The 二手房 channel (CHANNELS.esf): /v1/condition/esf, /v1/esf/list and /v1/esf/detail/{id}. Its filters and
 * sorts are its declaration's (contracts/residential.ts ESF). Places AND-ed, codes OR-ed within a filter and
 * AND-ed across filters, the keyword names a place.
 */

/** The declaration (contracts/residential.ts ESF) on the table of homes for sale. */
export const esf = residentialChannel(esfListings, ESF);

/** The WHERE of the list: places and keyword, then the declared filters. */
export function listConditions(input: ListFilters, cityCode: string, priceTier: number): SQL | undefined {
  return and(...placeConditions(esfListings, cityCode, input), esf.where(input, priceTier));
}

export function registerEsf(app: FastifyInstance, db: Db): void {
  portalRoute(app, {
    path: ApiPath.conditionEsf,
    summary: `Second-hand filter dictionary of a city: places, lines, ${ESF.filters.map((f) => f.key).join(', ')} (bands by city tier), sorts`,
    tags: ['esf'],
    input: cityScopedRequestSchema,
    output: esfConditionsSchema,
    handler: async (input) => {
      const city = await requireChannelCity(db, input.cityCode, 'esf');
      return {
        ...(await placesOfCity(db, city.cityCode)),
        ...esf.rows(city.priceTier),
        sorts: esf.sorts,
      };
    },
  });

  const pageOf = listPager(db);
  portalRoute(app, {
    path: ApiPath.esfList,
    summary: 'Second-hand esfListings of a city: filters, sort, pages of up to 50 (max page 100)',
    tags: ['esf'],
    input: esfListQuerySchema,
    output: esfListPageSchema,
    handler: async (input) => {
      const city = await requireChannelCity(db, input.cityCode, 'esf');
      return pageOf(
        esfListings,
        city.cityCode,
        input,
        listConditions(input, city.cityCode, city.priceTier),
        esf.orderBy(input.sort),
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

  portalIdRoute(app, {
    path: ApiPath.esfSimilar,
    summary: '相似房源: up to six homes of the same community or business area, price within 25%, a room more or less',
    tags: ['esf'],
    output: esfSimilarSchema,
    handler: async (id) => {
      const [home] = await db.select().from(esfListings).where(eq(esfListings.id, id)).limit(1);
      if (!home) throw notFound(`房源 ${id} `);
      const like = homeLikeness(esfListings, home, { column: esfListings.totalPrice, value: home.totalPrice });
      return { list: await similarListings(db, esfListings, like, (ids) => listItemsByIds(db, ids)) };
    },
  });
}

async function esfDetail(db: Db, id: number): Promise<z.input<typeof esfDetailSchema>> {
  const [row] = await selectListingWithNames(db).where(eq(esfListings.id, id)).limit(1);
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
