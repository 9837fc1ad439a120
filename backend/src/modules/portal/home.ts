import { and, avg, count, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { cityScopedRequestSchema } from '@contracts/city';
import { homeDataSchema } from '@contracts/home';
import { ApiPath } from '@contracts/paths';
import type { Db } from '../../db/client';
import { agents, businessAreas, communities, districts, esfListings } from '../../db/schema';
import { portalRoute } from '../../http/portal-route';
import { requireCity, toCity } from '../cities/cities';
import { listItemsPage } from '../listings/esf-items';

const NEWEST = 8;
const HOT_COMMUNITIES = 8;

/** The communities of a city with the most listings on sale, with their reference price (as on their 小区 page). */
export async function hotCommunitiesOf(db: Db, cityCode: string, limit: number) {
  const top = await db
    .select({ communityId: esfListings.communityId, onSaleCount: count() })
    .from(esfListings)
    .where(eq(esfListings.cityCode, cityCode))
    .groupBy(esfListings.communityId)
    .orderBy(desc(count()), esfListings.communityId)
    .limit(limit);
  if (top.length === 0) return [];
  const rows = await db
    .select({ community: communities, districtName: districts.name, businessAreaName: businessAreas.name })
    .from(communities)
    .innerJoin(districts, eq(districts.id, communities.districtId))
    .innerJoin(businessAreas, eq(businessAreas.id, communities.businessAreaId))
    .where(
      inArray(
        communities.id,
        top.map((t) => t.communityId),
      ),
    );
  const byId = new Map(rows.map((r) => [r.community.id, r]));
  return top.flatMap((t) => {
    const r = byId.get(t.communityId);
    return r
      ? [
          {
            id: r.community.id,
            name: r.community.name,
            districtName: r.districtName,
            businessAreaName: r.businessAreaName,
            avgPrice: r.community.avgPrice,
            onSaleCount: t.onSaleCount,
            coverUrl: r.community.coverUrl,
          },
        ]
      : [];
  });
}

export function registerHome(app: FastifyInstance, db: Db): void {
  portalRoute(app, {
    path: ApiPath.index,
    summary: "The city's home page: counts, newest esfListings, communities with the most listings",
    tags: ['portal'],
    input: cityScopedRequestSchema,
    output: homeDataSchema,
    handler: async (input) => {
      const city = await requireCity(db, input.cityCode);
      const [[stats], [communityStats], [agentStats], newest, hotCommunities] = await Promise.all([
        db
          .select({ esfCount: count(), avgUnitPrice: avg(esfListings.unitPrice) })
          .from(esfListings)
          .where(eq(esfListings.cityCode, city.cityCode)),
        // Every community of the city, as the 小区 list counts them (共找到 N 个小区), not only those with homes for sale.
        db.select({ n: count() }).from(communities).where(eq(communities.cityCode, city.cityCode)),
        db
          .select({ n: count() })
          .from(agents)
          .where(and(eq(agents.cityCode, city.cityCode), eq(agents.status, 1))),
        listItemsPage(db, eq(esfListings.cityCode, city.cityCode), [desc(esfListings.listedAt), desc(esfListings.id)], NEWEST, 0),
        hotCommunitiesOf(db, city.cityCode, HOT_COMMUNITIES),
      ]);
      return {
        city: toCity(city),
        stats: {
          esfCount: stats?.esfCount ?? 0,
          communityCount: communityStats?.n ?? 0,
          agentCount: agentStats?.n ?? 0,
          avgUnitPrice: Math.round(Number(stats?.avgUnitPrice ?? 0)),
        },
        esfHot: newest,
        hotCommunities,
      };
    },
  });
}
