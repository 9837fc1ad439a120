import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { agentPhoneRequestSchema, agentPhoneSchema, type AgentPhone, type AgentPhoneRequest } from '../../../../contracts/agent';
import { ok } from '../../../../contracts/envelope';
import { envelopeSchema } from '../../../../contracts/envelope-schema';
import { ApiPath, RequestHeader } from '../../../../contracts/paths';
import { agentStatusRequestSchema, agentStatusSchema } from '../../../../contracts/user';
import type { Db } from '../../db/client';
import { agentPhoneReveals, agents, DEAL, listings, newProjects, offices, rentals, shops } from '../../db/schema';
import { notFound } from '../../http/errors';
import { portalRoute } from '../../http/portal-route';

/** spec §5 chat: sending is allowed only when the agent's status is 1. */
export function registerAgents(app: FastifyInstance, db: Db): void {
  portalRoute(app, {
    path: ApiPath.agentStatus,
    summary: "An agent's status: 1 available, 2 left the job, 3 cannot be contacted (spec §3)",
    tags: ['portal'],
    input: agentStatusRequestSchema,
    output: agentStatusSchema,
    handler: async (input) => {
      const [agent] = await db
        .select({ status: agents.status })
        .from(agents)
        .where(and(eq(agents.userId, input.userId), eq(agents.branchId, input.branchId)));
      if (!agent) throw notFound(`经纪人 ${input.userId} `);
      return { status: agent.status };
    },
  });
}

/**
 * Numbers given per address and hour: a visitor calls a handful of agents; anyone asking for every agent's number
 * is collecting them.
 */
const PHONE_LIMIT = { max: 60, timeWindow: '1 hour' };

/**
 * 拨打电话 (contracts/agent.ts): the agent's number for the visitor who clicked, read with the agent's status at
 * that moment, and the click recorded. POST only: it records something, and no link or crawler should cause it.
 */
export function registerAgentPhone(app: FastifyInstance, db: Db): void {
  app.post(
    ApiPath.agentPhone,
    {
      config: { rateLimit: PHONE_LIMIT },
      schema: {
        summary: "An agent's number for the visitor who clicked 拨打电话 on a listing (recorded), while the agent can be contacted",
        tags: ['portal'],
        body: agentPhoneRequestSchema,
        response: { 200: envelopeSchema(agentPhoneSchema) },
      },
    },
    async (request) => ok(await revealPhone(db, request.body as AgentPhoneRequest, request.headers[RequestHeader.deviceCode], request.ip)),
  );
}

/** A table with an agent (contracts/channels.ts businessType: 1 二手房, 2 租房, 3 新房, 4 商铺/写字楼), and the deal of a commercial unit. */
type AgentTable = typeof listings | typeof rentals | typeof newProjects | typeof shops | typeof offices;
type Owned = { table: AgentTable; deal?: number };

/**
 * Where a listing of each business type lives. 小区 (5) have no agent. A commercial unit is a shop or an office
 * (businessTypeTwo 1/2 shops, 3/4 offices; 1 and 3 for sale, 2 and 4 to let); without businessTypeTwo either.
 */
function tablesOf(businessType: number, businessTypeTwo: number | undefined): Owned[] {
  switch (businessType) {
    case 1:
      return [{ table: listings }];
    case 2:
      return [{ table: rentals }];
    case 3:
      return [{ table: newProjects }];
    case 4: {
      if (businessTypeTwo === undefined) return [{ table: shops }, { table: offices }];
      return [{ table: businessTypeTwo <= 2 ? shops : offices, deal: businessTypeTwo % 2 === 1 ? DEAL.SALE : DEAL.RENT }];
    }
    default:
      return [];
  }
}

/** True when the listing the visitor called from is one of the agent's (the primary key finds it; one row). */
async function isAgentsListing(db: Db, input: AgentPhoneRequest): Promise<boolean> {
  // A call from the agent's own page names no listing (contracts/agent.ts).
  if (input.businessType === undefined || input.businessId === undefined) return true;
  for (const { table, deal } of tablesOf(input.businessType, input.businessTypeTwo)) {
    const t = table as typeof shops;
    const [row] = await db
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.id, input.businessId), eq(t.agentId, input.agentId), deal === undefined ? undefined : eq(t.deal, deal)));
    if (row) return true;
  }
  return false;
}

async function revealPhone(db: Db, input: AgentPhoneRequest, deviceCode: string | string[] | undefined, clientIp: string): Promise<AgentPhone> {
  const [[agent], owned] = await Promise.all([
    db.select({ status: agents.status, mobile: agents.mobile }).from(agents).where(eq(agents.id, input.agentId)),
    isAgentsListing(db, input),
  ]);
  if (!agent) throw notFound(`经纪人 ${input.agentId} `);
  // The record says which listing a call came from: only a listing of that agent's is one (another's id is a 404).
  if (!owned) throw notFound(`经纪人 ${input.agentId} 的房源 ${input.businessId} `);
  // spec §3: only an available agent is contacted; the page says why not otherwise.
  if (agent.status !== 1) return { status: agent.status, mobile: null };
  await db.insert(agentPhoneReveals).values({
    agentId: input.agentId,
    businessType: input.businessType ?? null,
    businessId: input.businessId ?? null,
    deviceCode: typeof deviceCode === 'string' ? deviceCode.slice(0, 64) : null,
    clientIp,
  });
  return { status: 1, mobile: agent.mobile };
}
