import { and, avg, count, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { esfDetailSchema, esfListPageSchema, esfListQuerySchema, idParamSchema, type ConditionBand } from '../../../../contracts/esf';
import { ok } from '../../../../contracts/envelope';
import { envelopeSchema } from '../../../../contracts/envelope-schema';
import { ApiPath } from '../../../../contracts/paths';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { agents, brands, branches, businessAreas, communities, districts, listings, subwayStations } from '../../db/schema';
import { notFound } from '../../http/errors';
import { portalRoute } from '../../http/portal-route';
import { requireCity } from './cities';
import { AREA_BANDS, priceBandsOf, ROOMS_OPEN_ENDED, sortOf } from './esf-bands';
import { listItemsPage, selectListItems, toListItem } from './listing-items';

type EsfListInput = z.output<typeof esfListQuerySchema>;

/** `%` and `_` in a keyword are literal characters, not wildcards. */
export function likeContains(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function bandCondition(column: typeof listings.totalPrice | typeof listings.area, bands: ConditionBand[], codes: number[]): SQL | undefined {
  const parts = codes
    .map((code) => bands.find((b) => b.code === code))
    .filter((b): b is ConditionBand => b !== undefined)
    .map((b) => and(b.min === null ? undefined : gte(column, b.min), b.max === null ? undefined : lt(column, b.max)));
  return parts.length ? or(...parts) : undefined;
}

/** The WHERE of the list: location ids, keyword, bands OR-ed within a kind and AND-ed across kinds. */
function listConditions(input: EsfListInput, cityCode: string, priceTier: number): SQL | undefined {
  const where: (SQL | undefined)[] = [eq(listings.cityCode, cityCode)];
  if (input.districtId) where.push(eq(listings.districtId, input.districtId));
  if (input.businessAreaId) where.push(eq(listings.businessAreaId, input.businessAreaId));
  if (input.lineId) where.push(eq(listings.lineId, input.lineId));
  if (input.stationId) where.push(eq(listings.stationId, input.stationId));
  if (input.estateId) where.push(eq(listings.communityId, input.estateId));
  if (input.keyword) {
    // A keyword names a place: community, business area, district or subway station. Titles are not
    // searched: they repeat the community name, and a contains-match on 200k titles is a full scan
    // (≈110 ms on PGlite) that no index serves for two-character Chinese words.
    const pattern = likeContains(input.keyword);
    where.push(
      or(
        inArray(listings.communityId, sql`(select ${communities.id} from ${communities} where ${communities.cityCode} = ${cityCode} and ${communities.name} ilike ${pattern})`),
        inArray(listings.stationId, sql`(select ${subwayStations.id} from ${subwayStations} where ${subwayStations.cityCode} = ${cityCode} and ${subwayStations.name} ilike ${pattern})`),
        inArray(listings.businessAreaId, sql`(select ${businessAreas.id} from ${businessAreas} where ${businessAreas.cityCode} = ${cityCode} and ${businessAreas.name} ilike ${pattern})`),
        inArray(listings.districtId, sql`(select ${districts.id} from ${districts} where ${districts.cityCode} = ${cityCode} and ${districts.name} ilike ${pattern})`),
      ),
    );
  }
  if (input.price?.length) where.push(bandCondition(listings.totalPrice, priceBandsOf(priceTier), input.price));
  if (input.area?.length) where.push(bandCondition(listings.area, AREA_BANDS, input.area));
  if (input.rooms?.length) {
    const exact = input.rooms.filter((r) => r < ROOMS_OPEN_ENDED);
    where.push(
      or(
        exact.length ? inArray(listings.rooms, exact) : undefined,
        input.rooms.includes(ROOMS_OPEN_ENDED) ? gte(listings.rooms, ROOMS_OPEN_ENDED) : undefined,
      ),
    );
  }
  return and(...where);
}

/**
 * Result counts, kept a minute per filter set (page and sort do not change a count). Counting a whole
 * city is an index-only scan of tens of thousands of rows (≈50 ms for 36k on PGlite) and a visitor who
 * pages or re-sorts asks for the same count again; a count a minute old is fine for 共找到 N 套.
 */
const COUNT_TTL_MS = 60_000;
type CountCache = LRUCache<string, number>;

async function totalOf(counts: CountCache, db: Db, input: EsfListInput, cityCode: string, where: SQL | undefined): Promise<number> {
  const key = JSON.stringify([cityCode, input.districtId, input.businessAreaId, input.lineId, input.stationId, input.estateId, input.keyword, input.price, input.area, input.rooms]);
  const cached = counts.get(key);
  if (cached !== undefined) return cached;
  const [row] = await db.select({ n: count() }).from(listings).where(where);
  const total = row?.n ?? 0;
  counts.set(key, total);
  return total;
}

export function registerListings(app: FastifyInstance, db: Db): void {
  const counts: CountCache = new LRUCache({ max: 5000, ttl: COUNT_TTL_MS });
  portalRoute(app, {
    path: ApiPath.esfList,
    summary: 'Second-hand listings of a city: filters, sort, pages of up to 50 (max page 100)',
    tags: ['esf'],
    input: esfListQuerySchema,
    output: esfListPageSchema,
    handler: async (input) => {
      const city = await requireCity(db, input.cityCode);
      const where = listConditions(input, city.cityCode, city.priceTier);
      const list = await listItemsPage(db, where, sortOf(input.sort), input.pageSize, (input.page - 1) * input.pageSize);
      return { total: await totalOf(counts, db, input, city.cityCode, where), page: input.page, pageSize: input.pageSize, list };
    },
  });

  // The detail has its id in the path (`${ApiPath.esfDetail}/:id`); GET and POST as every portal call.
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const schema = { summary: 'One second-hand listing with photos, facts, community and agent', tags: ['esf'], params: idParamSchema, response: { 200: envelopeSchema(esfDetailSchema) } };
  const handler = async (request: { params: { id: number } }) => ok(await esfDetail(db, request.params.id));
  typed.get(`${ApiPath.esfDetail}/:id`, { schema }, handler);
  typed.post(`${ApiPath.esfDetail}/:id`, { schema }, handler);
}

async function esfDetail(db: Db, id: number): Promise<z.input<typeof esfDetailSchema>> {
  const [row] = await selectListItems(db).where(eq(listings.id, id)).limit(1);
  if (!row) throw notFound(`房源 ${id} `);
  const l = row.listing;
  const [[community], [stats], [agent]] = await Promise.all([
    db.select().from(communities).where(eq(communities.id, l.communityId)),
    db.select({ n: count(), avgPrice: avg(listings.unitPrice) }).from(listings).where(eq(listings.communityId, l.communityId)),
    db
      .select({ agent: agents, branchName: branches.name, brandId: brands.id, brandName: brands.name })
      .from(agents)
      .innerJoin(branches, eq(branches.id, agents.branchId))
      .innerJoin(brands, eq(brands.id, branches.brandId))
      .where(eq(agents.id, l.agentId)),
  ]);
  if (!community || !agent) throw new Error(`listing ${id} refers to a missing community or agent`);
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
    community: {
      id: community.id,
      name: community.name,
      districtName: row.districtName,
      businessAreaName: row.businessAreaName,
      address: community.address,
      lat: community.lat,
      lng: community.lng,
      buildYear: community.buildYear,
      buildingType: community.buildingType,
      propertyFee: community.propertyFee,
      developer: community.developer,
      avgPrice: Math.round(Number(stats?.avgPrice ?? 0)),
      onSaleCount: stats?.n ?? 0,
    },
    agent: {
      userId: agent.agent.userId,
      agentId: agent.agent.id,
      agentName: agent.agent.name,
      agentPhoto: agent.agent.photoUrl,
      mobile: agent.agent.mobile,
      brandId: agent.brandId,
      brandName: agent.brandName,
      branchId: agent.agent.branchId,
      branchName: agent.branchName,
      status: agent.agent.status,
    },
  };
}
