import { eq } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { cacheTag } from '@contracts/cache-changes';
import type { ChannelCode } from '@contracts/constants';
import { ok } from '@contracts/envelope';
import { envelopeSchema } from '@contracts/envelope-schema';
import { opsAgentChangeSchema, opsAgentParamsSchema, opsAgentResultSchema, type OpsAgentResult } from '@contracts/ops';
import { ApiPath } from '@contracts/paths';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { agents, DEAL, esfListings, newProjects, offices, rentals, shops } from '../../db/schema';
import { notFound } from '../../http/errors';
import { recordChange } from '../cache/changes';
import { requireCity } from '../cities/cities';
import { opsGuard } from '../../http/ops-guard';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The detail pages whose agent card shows the agent (its status decides between 拨打电话 and the status's words):
 * every listing of theirs in every channel (esf and rentals through their agent indexes; projects, shops and
 * offices are few per city). At bench scale an agent has a few hundred listings at most.
 */
async function listingTagsOf(tx: Tx, agentId: number): Promise<string[]> {
  const commercial = (table: typeof shops | typeof offices, sale: ChannelCode, rent: ChannelCode) =>
    tx
      .select({ id: table.id, deal: table.deal })
      .from(table)
      .where(eq(table.agentId, agentId))
      .then((rows) => rows.map((r) => cacheTag.detail(r.deal === DEAL.SALE ? sale : rent, r.id)));
  const of = (table: typeof esfListings | typeof rentals | typeof newProjects, channel: ChannelCode) =>
    tx
      .select({ id: table.id })
      .from(table)
      .where(eq(table.agentId, agentId))
      .then((rows) => rows.map((r) => cacheTag.detail(channel, r.id)));
  // One after another: a transaction is one connection, which runs one query at a time anyway.
  return [
    ...(await of(esfListings, 'esf')),
    ...(await of(rentals, 'rent')),
    ...(await of(newProjects, 'new')),
    ...(await commercial(shops, 'shop_sale', 'shop_rent')),
    ...(await commercial(offices, 'offices_sale', 'offices_rent')),
  ];
}

/**
 * Sets an agent's status and announces it: the agent's pages and every page with their card render again at
 * once (the number itself is asked for at the moment of the call, so no page ever offered a stale number).
 */
export async function changeAgentStatus(db: Db, id: number, status: number): Promise<OpsAgentResult> {
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ name: agents.name, cityCode: agents.cityCode, status: agents.status })
      .from(agents)
      .where(eq(agents.id, id))
      .for('update');
    if (!row) throw notFound(`经纪人 ${id} `);
    await tx.update(agents).set({ status }).where(eq(agents.id, id));
    const tags = [cacheTag.agent(id), ...(await listingTagsOf(tx, id))];
    const seq = await recordChange(tx, tags);
    return { row, change: { seq, tags } };
  });
  const city = await requireCity(db, result.row.cityCode);
  return {
    id,
    name: result.row.name,
    cityCode: city.cityCode,
    cityDomain: city.cityDomain,
    status,
    previousStatus: result.row.status,
    change: result.change,
  };
}

export function registerOpsAgents(app: FastifyInstance, db: Db, config: Pick<Config, 'OPS_TOKEN'>): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    `${ApiPath.opsAgent}/:id`,
    {
      onRequest: opsGuard(config),
      schema: {
        summary:
          "Operator: change an agent's status, 1 available, 2 left, 3 cannot be contacted (Authorization: Bearer <OPS_TOKEN>); announced on the change feed",
        tags: ['ops'],
        params: opsAgentParamsSchema,
        body: opsAgentChangeSchema,
        response: { 200: envelopeSchema(opsAgentResultSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { status } = request.body;
      return ok(await changeAgentStatus(db, id, status));
    },
  );
}
