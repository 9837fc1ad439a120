import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { AGENT_PAGE_SIZE, agentListingsRequestSchema, agentProfileSchema, type AgentProfile } from '@contracts/agent';
import { esfListPageSchema } from '@contracts/esf';
import { ApiPath } from '@contracts/paths';
import { rentListPageSchema } from '@contracts/rent';
import type { Db } from '../../db/client';
import { agents, brands, branches, businessAreas, districts, esfListings, rentals } from '../../db/schema';
import { notFound } from '../../http/errors';
import { portalIdRoute, portalRoute } from '../../http/portal-route';
import { pageByIds } from '../listings/common';
import { listItemsByIds } from '../listings/esf-items';
import { rentItemsByIds } from '../listings/rent';

/**
 * An agent's page (spec §2 "Agent pages"): `/v1/agent/detail/{id}` (card, service area, years, counts) and their second-hand
 * homes and rentals, `/v1/agent/esf` and `/v1/agent/rent`, paged, newest first. Each page of ids is an index scan
 * of esf_agent_idx / rentals_agent_idx (agent_id, listed_at DESC, id DESC: the ORDER BY exactly), and each count
 * an index-only scan of the same index.
 */

/** 从业年限: whole years since the agent started, at least 1 (a first-year agent has been in the trade a year). */
export function yearsInTrade(careerStart: number, now = new Date()): number {
  return Math.max(1, now.getFullYear() - careerStart);
}

async function agentProfile(db: Db, id: number): Promise<AgentProfile> {
  const [[row], [esf], [rent]] = await Promise.all([
    db
      .select({
        agent: agents,
        branchName: branches.name,
        brandId: brands.id,
        brandName: brands.name,
        businessAreaName: businessAreas.name,
        districtName: districts.name,
      })
      .from(agents)
      .innerJoin(branches, eq(branches.id, agents.branchId))
      .innerJoin(brands, eq(brands.id, branches.brandId))
      .innerJoin(businessAreas, eq(businessAreas.id, branches.businessAreaId))
      .innerJoin(districts, eq(districts.id, businessAreas.districtId))
      .where(eq(agents.id, id)),
    db.select({ n: count() }).from(esfListings).where(eq(esfListings.agentId, id)),
    db.select({ n: count() }).from(rentals).where(eq(rentals.agentId, id)),
  ]);
  if (!row) throw notFound(`经纪人 ${id} `);
  const a = row.agent;
  return {
    userId: a.userId,
    agentId: a.id,
    agentName: a.name,
    agentPhoto: a.photoUrl,
    brandId: row.brandId,
    brandName: row.brandName,
    branchId: a.branchId,
    branchName: row.branchName,
    status: a.status,
    cityCode: a.cityCode,
    districtName: row.districtName,
    businessAreaName: row.businessAreaName,
    careerStart: a.careerStart,
    years: yearsInTrade(a.careerStart),
    esfCount: esf?.n ?? 0,
    rentCount: rent?.n ?? 0,
  };
}

/** An unknown agent is a 404, not an empty page: the page of someone who does not exist does not exist. */
async function requireAgent(db: Db, id: number): Promise<void> {
  const [row] = await db.select({ id: agents.id }).from(agents).where(eq(agents.id, id));
  if (!row) throw notFound(`经纪人 ${id} `);
}

type ListingsInput = z.output<typeof agentListingsRequestSchema>;

/** One page of an agent's homes in `table`, newest first, with the count of all of them. */
async function agentPage<T>(
  db: Db,
  table: typeof esfListings | typeof rentals,
  input: ListingsInput,
  load: (ids: number[]) => Promise<Map<number, T>>,
) {
  await requireAgent(db, input.agentId);
  const where = eq(table.agentId, input.agentId);
  const [list, [total]] = await Promise.all([
    pageByIds(
      db,
      table,
      where,
      [desc(table.listedAt), desc(table.id)],
      AGENT_PAGE_SIZE,
      (input.page - 1) * AGENT_PAGE_SIZE,
      load,
    ),
    db.select({ n: count() }).from(table).where(where),
  ]);
  return { total: total?.n ?? 0, page: input.page, pageSize: AGENT_PAGE_SIZE, list };
}

export function registerAgentPages(app: FastifyInstance, db: Db): void {
  portalIdRoute(app, {
    path: ApiPath.agentDetail,
    summary:
      "An agent's page: photo, name, brand, branch, service area, years in the trade, status, counts of their esfListings (never the mobile)",
    tags: ['agent'],
    output: agentProfileSchema,
    handler: (id) => agentProfile(db, id),
  });

  portalRoute(app, {
    path: ApiPath.agentEsf,
    summary: "An agent's second-hand esfListings, newest first, 10 a page (max page 100)",
    tags: ['agent'],
    input: agentListingsRequestSchema,
    output: esfListPageSchema,
    handler: (input) => agentPage(db, esfListings, input, (ids) => listItemsByIds(db, ids)),
  });

  portalRoute(app, {
    path: ApiPath.agentRent,
    summary: "An agent's rentals, newest first, 10 a page (max page 100)",
    tags: ['agent'],
    input: agentListingsRequestSchema,
    output: rentListPageSchema,
    handler: (input) => agentPage(db, rentals, input, (ids) => rentItemsByIds(db, ids)),
  });
}
