import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../../contracts/paths';
import { agentStatusRequestSchema, agentStatusSchema } from '../../../../contracts/user';
import type { Db } from '../../db/client';
import { agents } from '../../db/schema';
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
