import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentPhone } from '../../contracts/agent';
import type { EsfDetail } from '../../contracts/esf';
import { ApiPath, RequestHeader } from '../../contracts/paths';
import { agentPhoneReveals, agents, listings } from '../src/db/schema';
import { envelope, startHarness, type Harness } from './harness';

/** 拨打电话 (issue 8): an agent's number only for the visitor who asks, recorded; never in a listing's answer. */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const ask = (payload: unknown, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'POST', url: ApiPath.agentPhone, payload: payload as Record<string, unknown>, headers });

/** An agent of that status with a second-hand listing (the seed has one in every city, seed-agents.ts), and the listing. */
async function agentWithStatus(status: number) {
  const [row] = await h.database.db
    .select({ agent: agents, listingId: listings.id })
    .from(agents)
    .innerJoin(listings, eq(listings.agentId, agents.id))
    .where(eq(agents.status, status))
    .limit(1);
  expect(row, `a seeded agent with status ${status} and a listing`).toBeDefined();
  return { ...row!.agent, listingId: row!.listingId };
}

describe('an agent’s number', () => {
  it('is not in a listing’s answer', async () => {
    const [listing] = await h.database.db.select({ id: listings.id, agentId: listings.agentId }).from(listings).limit(1);
    const [agent] = await h.database.db.select().from(agents).where(eq(agents.id, listing!.agentId));
    const res = await h.app.inject(`${ApiPath.esfDetail}/${listing!.id}`);
    expect(res.statusCode).toBe(200);
    expect(envelope<EsfDetail>(res).data.agent.agentId).toBe(agent!.id);
    expect(res.body).not.toContain(agent!.mobile);
  });

  it('is given to the visitor who clicks, and the click is recorded with where it came from', async () => {
    const agent = await agentWithStatus(1);
    const res = await ask({ agentId: agent.id, businessType: 1, businessId: agent.listingId }, { [RequestHeader.deviceCode]: 'device-abc' });
    expect(res.statusCode, res.body).toBe(200);
    expect(envelope<AgentPhone>(res).data).toEqual({ status: 1, mobile: agent.mobile });
    const rows = await h.database.db.select().from(agentPhoneReveals).where(eq(agentPhoneReveals.agentId, agent.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ businessType: 1, businessId: agent.listingId, deviceCode: 'device-abc' });
  });

  it('is given from the agent’s own page, recorded as about no listing', async () => {
    const agent = await agentWithStatus(1);
    const res = await ask({ agentId: agent.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(envelope<AgentPhone>(res).data).toEqual({ status: 1, mobile: agent.mobile });
    const rows = await h.database.db.select().from(agentPhoneReveals).where(eq(agentPhoneReveals.agentId, agent.id));
    expect(rows.some((r) => r.businessType === null && r.businessId === null)).toBe(true);
  });

  it.each([
    [2, 'left the job'],
    [3, 'cannot be contacted'],
  ])('is not given for an agent of status %i (%s), and nothing is recorded', async (status) => {
    const agent = await agentWithStatus(status);
    const res = await ask({ agentId: agent.id, businessType: 1, businessId: agent.listingId });
    expect(res.statusCode).toBe(200);
    expect(envelope<AgentPhone>(res).data).toEqual({ status, mobile: null });
    expect(await h.database.db.select().from(agentPhoneReveals).where(eq(agentPhoneReveals.agentId, agent.id))).toHaveLength(0);
  });

  it('answers an unknown agent with the not-found code', async () => {
    const res = await ask({ agentId: 2_000_000_000, businessType: 1, businessId: 1 });
    expect(res.statusCode).toBe(404);
    expect(envelope(res)).toMatchObject({ code: 4000000, succeed: false });
  });

  it.each([
    [{}],
    [{ agentId: 1, businessType: 1 }],
    [{ agentId: 1, businessId: 1 }],
    [{ agentId: 1, businessTypeTwo: 1 }],
    [{ agentId: 1, businessType: 1, businessTypeTwo: 1, businessId: 1 }],
    [{ agentId: 0, businessType: 1, businessId: 1 }],
    [{ agentId: 1, businessType: 6, businessId: 1 }],
    [{ agentId: 'x', businessType: 1, businessId: 1 }],
    [{ agentId: 1, businessType: 1, businessId: 1, extra: true }],
  ])('refuses bad input %j with a readable 400', async (payload) => {
    const res = await ask(payload);
    expect(res.statusCode).toBe(400);
    expect(envelope(res).msg).toBeTruthy();
  });

  it('is POST only: no link or crawler reveals a number', async () => {
    const agent = await agentWithStatus(1);
    const res = await h.app.inject(`${ApiPath.agentPhone}?agentId=${agent.id}&businessType=1&businessId=1`);
    expect(res.statusCode).toBe(405);
    expect(res.body).not.toContain(agent.mobile);
  });
});
