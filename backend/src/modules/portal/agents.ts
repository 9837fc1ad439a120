import { and, eq, sql } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { agentPhoneRequestSchema, agentPhoneSchema, type AgentPhone, type AgentPhoneRequest } from '@contracts/agent';
import { ok } from '@contracts/envelope';
import { envelopeSchema } from '@contracts/envelope-schema';
import { ApiPath } from '@contracts/paths';
import { agentStatusRequestSchema, agentStatusSchema } from '@contracts/user';
import type { Db } from '../../db/client';
import { agentPhoneReveals, agents, DEAL, esfListings, newProjects, offices, rentals, shops } from '../../db/schema';
import { deviceCodeOf } from '../../http/device';
import { clientBlock } from '../../http/client-block';
import { notFound, tooManyRequests } from '../../http/errors';
import { portalRoute } from '../../http/portal-route';
import { sessionUser } from '../../http/sessions';
import { bindingFor, deviceKeyOf, liveBinding, toVirtualNumber, type VirtualLine } from './virtual-numbers';

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
 * Requests per address and hour, whatever they ask: a flood of clicks (repeats, unknown ids) stops here, before
 * the database is asked. The caps on what is given are PHONE_CAPS.
 */
const PHONE_LIMIT = { max: 60, timeWindow: '1 hour' };

/**
 * How many numbers one address, one device and one logged-in user are given in the last hour and the last 24
 * hours, counted as distinct (agent, device) bindings — distinct agents for a device; for an address or a user also
 * the same agent again under a made-up device code, which would take another extension of the line. A house hunter
 * calls a handful of agents a day (a busy weekend of viewings: a dozen); anyone asking for more is collecting them.
 * An address is shared by a household, an office or a carrier's NAT, so it is given three times a device's. Asking
 * again for an agent the device holds a live number of is not counted (it gives nothing new). Before: 60 requests
 * an hour per address, no day cap — 952 agents in about 16 hours.
 */
export const PHONE_CAPS = {
  address: { hour: 20, day: 60 },
  device: { hour: 10, day: 20 },
  user: { hour: 10, day: 20 },
} as const;

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

export const PHONE_CAP_MESSAGES = {
  hour: '查看经纪人电话过于频繁，请一小时后再试',
  day: '今日查看经纪人电话已达上限，请明天再试',
} as const;

/** Who asks: the device code (x-device-code, as the web sends it), the address, and the session's user if any. */
interface Asker {
  deviceCode: string | null;
  ip: string;
  userId: number | null;
}

/** The session's user where the request carries a live one; a visitor (or a dead session, or a failed lookup) is null, not a 401. */
const sessionUserId = (db: Db, request: FastifyRequest): Promise<number | null> =>
  sessionUser(db, request).then(
    (user) => user?.id ?? null,
    () => null,
  );

/**
 * 拨打电话 (contracts/agent.ts): a virtual number of the agent for the visitor who clicked, read with the agent's
 * status at that moment, and the click recorded. POST only: it records something, and no link or crawler should
 * cause it. The agent's own mobile is in no answer.
 */
export function registerAgentPhone(app: FastifyInstance, db: Db, line: VirtualLine): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    ApiPath.agentPhone,
    {
      config: { rateLimit: PHONE_LIMIT },
      schema: {
        summary:
          'A virtual number (the 400 line and an extension bound to the agent and this device for 30 days) for the visitor who clicked 拨打电话 (recorded), while the agent can be contacted; capped per address, device and user per hour and day (429)',
        tags: ['portal'],
        body: agentPhoneRequestSchema,
        response: { 200: envelopeSchema(agentPhoneSchema) },
      },
    },
    async (request) => {
      const asker: Asker = {
        deviceCode: deviceCodeOf(request),
        ip: clientBlock(request),
        userId: await sessionUserId(db, request),
      };
      return ok(await revealPhone(db, line, request.body, asker, new Date()));
    },
  );
}

/** A table with an agent (contracts/channels.ts businessType: 1 二手房, 2 租房, 3 新房, 4 商铺/写字楼), and the deal of a commercial unit. */
type AgentTable = typeof esfListings | typeof rentals | typeof newProjects | typeof shops | typeof offices;
type Owned = { table: AgentTable; deal?: number };

/**
 * Where a listing of each business type lives. 小区 (5) have no agent. A commercial unit is a shop or an office
 * (businessTypeTwo 1/2 shops, 3/4 offices; 1 and 3 for sale, 2 and 4 to let); without businessTypeTwo either.
 */
function tablesOf(businessType: number, businessTypeTwo: number | undefined): Owned[] {
  switch (businessType) {
    case 1:
      return [{ table: esfListings }];
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

/**
 * Refuses (429) when the asker's address, device or user has been given PHONE_CAPS' number of numbers in the last
 * hour or day — counting the reveal just recorded, so that requests running side by side each see the
 * others' rows and none slips past a cap (at worst both are refused).
 */
async function checkCaps(db: Db, asker: Asker, now: Date): Promise<void> {
  const t = agentPhoneReveals;
  const hourAgo = new Date(now.getTime() - HOUR_MS).toISOString();
  const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
  // A visitor without a device code is one device per address.
  const device =
    asker.deviceCode === null
      ? sql`(${t.deviceCode} is null and ${t.clientIp} = ${asker.ip})`
      : sql`${t.deviceCode} = ${asker.deviceCode}`;
  const user = asker.userId === null ? sql`false` : sql`${t.userId} = ${asker.userId}`;
  const address = sql`${t.clientIp} = ${asker.ip}`;
  const recent = sql`${t.at} > ${hourAgo}::timestamptz`;
  // One binding per agent and device code: what a reveal may have taken of the line.
  const pair = sql`${t.agentId}::text || ':' || coalesce(${t.deviceCode}, '')`;
  const [n] = await db
    .select({
      addressHour: sql<number>`count(distinct ${pair}) filter (where ${address} and ${recent})`.mapWith(Number),
      addressDay: sql<number>`count(distinct ${pair}) filter (where ${address})`.mapWith(Number),
      deviceHour: sql<number>`count(distinct ${pair}) filter (where ${device} and ${recent})`.mapWith(Number),
      deviceDay: sql<number>`count(distinct ${pair}) filter (where ${device})`.mapWith(Number),
      userHour: sql<number>`count(distinct ${pair}) filter (where ${user} and ${recent})`.mapWith(Number),
      userDay: sql<number>`count(distinct ${pair}) filter (where ${user})`.mapWith(Number),
    })
    .from(t)
    .where(sql`${t.at} > ${dayAgo}::timestamptz and (${address} or ${device} or ${user})`);
  if (!n) return;
  const caps = PHONE_CAPS;
  if (n.addressDay > caps.address.day || n.deviceDay > caps.device.day || n.userDay > caps.user.day)
    throw tooManyRequests(PHONE_CAP_MESSAGES.day);
  if (n.addressHour > caps.address.hour || n.deviceHour > caps.device.hour || n.userHour > caps.user.hour)
    throw tooManyRequests(PHONE_CAP_MESSAGES.hour);
}

async function revealPhone(db: Db, line: VirtualLine, input: AgentPhoneRequest, asker: Asker, now: Date): Promise<AgentPhone> {
  const [[agent], owned] = await Promise.all([
    db.select({ status: agents.status }).from(agents).where(eq(agents.id, input.agentId)),
    isAgentsListing(db, input),
  ]);
  if (!agent) throw notFound(`经纪人 ${input.agentId} `);
  // The record says which listing a call came from: only a listing of that agent's is one (another's id is a 404).
  if (!owned) throw notFound(`经纪人 ${input.agentId} 的房源 ${input.businessId} `);
  // spec §3: only an available agent is contacted; the page says why not otherwise.
  if (agent.status !== 1) return { status: agent.status, virtualNumber: null };
  const deviceKey = deviceKeyOf(asker.deviceCode, asker.ip);
  const held = await liveBinding(db, input.agentId, deviceKey, now);
  // spec §3 tracking: every click given a number is recorded, a repeat too.
  const [reveal] = await db
    .insert(agentPhoneReveals)
    .values({
      agentId: input.agentId,
      businessType: input.businessType ?? null,
      businessId: input.businessId ?? null,
      deviceCode: asker.deviceCode,
      clientIp: asker.ip,
      userId: asker.userId,
      extension: held?.extension ?? null,
      at: now,
    })
    .returning({ id: agentPhoneReveals.id });
  let binding = held;
  if (!binding) {
    try {
      await checkCaps(db, asker, now);
      binding = await bindingFor(db, line, input.agentId, deviceKey, now);
    } catch (err) {
      // Refused: no number was given, so no record of one (and the caps do not count it).
      await db.delete(agentPhoneReveals).where(eq(agentPhoneReveals.id, reveal!.id));
      throw err;
    }
    await db.update(agentPhoneReveals).set({ extension: binding.extension }).where(eq(agentPhoneReveals.id, reveal!.id));
  }
  return { status: 1, virtualNumber: toVirtualNumber(line, binding) };
}
