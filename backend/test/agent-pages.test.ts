import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_PAGE_SIZE, type AgentPhone, type AgentProfile } from '@contracts/agent';
import { cacheChangesSchema, cacheTag } from '@contracts/cache-changes';
import type { EsfListItem } from '@contracts/esf';
import type { OpsAgentResult } from '@contracts/ops';
import { ApiPath } from '@contracts/paths';
import type { RentListItem } from '@contracts/rent';
import { runOps, type OpsIo } from '../../scripts/ops';
import { agentPhoneReveals, agents, esfListings, newProjects, offices, rentals, shops } from '../src/db/schema';
import { yearsInTrade } from '../src/modules/portal/agent-pages';
import { answer, both, envelope, startHarness, type Harness } from './harness';

/**
 * Agent pages (spec §2 "Agent pages"): the agent's card with service area and years, their second-hand homes and rentals
 * paged newest first; 拨打电话 only from a listing of that agent; an operator's status change announced for the
 * agent's pages and their listings' pages.
 */

const TOKEN = 'agent-pages-ops-token-0123456789';
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ config: { OPS_TOKEN: TOKEN } });
});
afterAll(() => h?.close());

type Page<T> = { total: number; page: number; pageSize: number; list: T[] };

/** The agent with the most second-hand homes (more than a page of them in the test seed). */
async function busiestAgent() {
  const [row] = await h.database.db
    .select({ id: esfListings.agentId, n: sql<number>`count(*)::int` })
    .from(esfListings)
    .groupBy(esfListings.agentId)
    .orderBy(desc(sql`count(*)`))
    .limit(1);
  expect(row!.n).toBeGreaterThan(AGENT_PAGE_SIZE);
  return row!;
}

describe('an agent’s page', () => {
  it('shows the card, the service area, the years in the trade and the counts, never the mobile', async () => {
    const { id, n } = await busiestAgent();
    const [agent] = await h.database.db.select().from(agents).where(eq(agents.id, id));
    const profile = await answer<AgentProfile>(h.app, `${ApiPath.agentDetail}/${id}`);
    const [rentCount] = await h.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(rentals)
      .where(eq(rentals.agentId, id));
    expect(profile).toMatchObject({
      agentId: id,
      agentName: agent!.name,
      status: agent!.status,
      cityCode: agent!.cityCode,
      esfCount: n,
      rentCount: rentCount!.n,
    });
    expect(profile.branchName).toMatch(/店$/);
    expect(profile.businessAreaName).not.toBe('');
    expect(profile.districtName).not.toBe('');
    expect(profile.careerStart).toBeGreaterThanOrEqual(2008);
    expect(profile.careerStart).toBeLessThanOrEqual(2025);
    expect(profile.years).toBe(yearsInTrade(profile.careerStart));
    const [get] = await both(h.app, `${ApiPath.agentDetail}/${id}`);
    expect(get.body).not.toContain(agent!.mobile);
    expect(get.body).not.toContain('mobile');
  });

  it('counts years in the trade in whole years, at least one', () => {
    expect(yearsInTrade(2016, new Date('2026-03-01'))).toBe(10);
    expect(yearsInTrade(2026, new Date('2026-03-01'))).toBe(1);
    expect(yearsInTrade(2025, new Date('2026-03-01'))).toBe(1);
  });

  it('answers an unknown agent and a bad id as the not-found code and a 400', async () => {
    for (const url of [`${ApiPath.agentDetail}/2000000000`]) {
      const res = await h.app.inject(url);
      expect(res.statusCode).toBe(404);
      expect(envelope(res)).toMatchObject({ code: 4000000, succeed: false });
      expect(envelope(res).msg).toContain('经纪人');
    }
    for (const bad of ['0', 'x', '-1', '1.5', '99999999999']) {
      const res = await h.app.inject(`${ApiPath.agentDetail}/${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(envelope(res).msg).toBeTruthy();
    }
  });

  it('seeds, in every city with esfListings, agents of status 2 and 3 who have second-hand homes', async () => {
    const rows = await h.database.db.execute(sql`
      select l.city_code, bool_or(a.status = 2) as left_job, bool_or(a.status = 3) as unreachable
      from esf_listings l join agents a on a.id = l.agent_id group by l.city_code`);
    const cities = ((rows as { rows?: unknown[] }).rows ?? rows) as {
      city_code: string;
      left_job: boolean;
      unreachable: boolean;
    }[];
    expect(cities.length).toBeGreaterThan(5);
    for (const c of cities) expect(c, c.city_code).toMatchObject({ left_job: true, unreachable: true });
  });
});

describe('an agent’s listings', () => {
  it('pages the second-hand homes newest first, 10 a page, page 2 after page 1', async () => {
    const { id, n } = await busiestAgent();
    const first = await answer<Page<EsfListItem>>(h.app, ApiPath.agentEsf, { agentId: id });
    const second = await answer<Page<EsfListItem>>(h.app, ApiPath.agentEsf, { agentId: id, page: 2 });
    expect(first).toMatchObject({ total: n, page: 1, pageSize: AGENT_PAGE_SIZE });
    expect(first.list).toHaveLength(AGENT_PAGE_SIZE);
    expect(second.list.length).toBe(Math.min(AGENT_PAGE_SIZE, n - AGENT_PAGE_SIZE));
    const ids = [...first.list, ...second.list].map((l) => l.id);
    expect(new Set(ids).size).toBe(ids.length);
    const own = await h.database.db
      .select({ id: esfListings.id })
      .from(esfListings)
      .where(eq(esfListings.agentId, id))
      .orderBy(desc(esfListings.listedAt), desc(esfListings.id));
    expect(ids).toEqual(own.slice(0, ids.length).map((r) => r.id));
    // The esf channel's list item: what its cards show.
    expect(first.list[0]).toHaveProperty('totalPrice');
    expect(first.list[0]).toHaveProperty('communityName');
  });

  it('pages the rentals the same way', async () => {
    const [row] = await h.database.db
      .select({ id: rentals.agentId, n: sql<number>`count(*)::int` })
      .from(rentals)
      .groupBy(rentals.agentId)
      .orderBy(desc(sql`count(*)`))
      .limit(1);
    const page = await answer<Page<RentListItem>>(h.app, ApiPath.agentRent, { agentId: row!.id });
    expect(page.total).toBe(row!.n);
    expect(page.list.length).toBe(Math.min(AGENT_PAGE_SIZE, row!.n));
    expect(page.list[0]).toHaveProperty('monthlyRent');
  });

  it('answers an agent without esfListings with an empty page, and a page past the end with an empty list', async () => {
    const [idle] = await h.database.db
      .select({ id: agents.id })
      .from(agents)
      .where(sql`not exists (select 1 from ${rentals} where ${rentals.agentId} = ${agents.id})`)
      .limit(1);
    expect(await answer<Page<RentListItem>>(h.app, ApiPath.agentRent, { agentId: idle!.id })).toEqual({
      total: 0,
      page: 1,
      pageSize: AGENT_PAGE_SIZE,
      list: [],
    });
    const { id, n } = await busiestAgent();
    const past = await answer<Page<EsfListItem>>(h.app, ApiPath.agentEsf, { agentId: id, page: 100 });
    expect(past).toMatchObject({ total: n, page: 100, list: [] });
  });

  it('answers an unknown agent with the not-found code', async () => {
    for (const path of [ApiPath.agentEsf, ApiPath.agentRent]) {
      for (const res of await both(h.app, path, { agentId: 2_000_000_000 })) {
        expect(res.statusCode).toBe(404);
        expect(envelope(res)).toMatchObject({ code: 4000000, succeed: false });
      }
    }
  });

  it.each([
    [{}],
    [{ agentId: 0 }],
    [{ agentId: 'x' }],
    [{ agentId: 1, page: 0 }],
    [{ agentId: 1, page: 101 }],
    [{ agentId: 1, page: 'two' }],
    [{ agentId: 1, page: 1.5 }],
    [{ agentId: 1, pageSize: 50 }],
    [{ agentId: 1, cityCode: '110000' }],
    [{ agentId: 3_000_000_000 }],
  ])('refuses bad input %j with a readable 400', async (input) => {
    for (const path of [ApiPath.agentEsf, ApiPath.agentRent]) {
      for (const res of await both(h.app, path, input)) {
        expect(res.statusCode, `${path} ${res.body}`).toBe(400);
        expect(envelope(res).msg).toBeTruthy();
      }
    }
  });
});

describe('拨打电话 from a listing', () => {
  const ask = (payload: Record<string, unknown>) => h.app.inject({ method: 'POST', url: ApiPath.agentPhone, payload });

  async function availableWith<
    T extends typeof esfListings | typeof rentals | typeof newProjects | typeof shops | typeof offices,
  >(table: T) {
    const t = table as typeof shops;
    const [row] = await h.database.db
      .select({ id: t.id, agentId: t.agentId })
      .from(t)
      .innerJoin(agents, eq(agents.id, t.agentId))
      .where(eq(agents.status, 1))
      .limit(1);
    expect(row).toBeDefined();
    return row!;
  }

  it.each([
    [1, esfListings],
    [2, rentals],
    [3, newProjects],
    [4, shops],
    [4, offices],
  ] as const)('gives the number for a listing of business type %i of that agent, and records it', async (businessType, table) => {
    const { id, agentId } = await availableWith(table);
    const res = await ask({ agentId, businessType, businessId: id });
    expect(res.statusCode, res.body).toBe(200);
    expect(envelope<AgentPhone>(res).data.status).toBe(1);
    const rows = await h.database.db
      .select()
      .from(agentPhoneReveals)
      .where(and(eq(agentPhoneReveals.agentId, agentId), eq(agentPhoneReveals.businessId, id)));
    expect(rows.length).toBeGreaterThan(0);
  });

  it('answers another agent’s listing, a listing of another type and a 小区 with the not-found code, and records nothing', async () => {
    const { id, agentId } = await availableWith(esfListings);
    const [other] = await h.database.db
      .select({ id: agents.id })
      .from(agents)
      .where(and(ne(agents.id, agentId), eq(agents.status, 1)))
      .limit(1);
    const before = await h.database.db.select().from(agentPhoneReveals);
    for (const payload of [
      { agentId: other!.id, businessType: 1, businessId: id },
      { agentId, businessType: 1, businessId: 2_000_000_000 },
      { agentId, businessType: 5, businessId: 1 },
    ]) {
      const res = await ask(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(404);
      expect(envelope(res)).toMatchObject({ code: 4000000, succeed: false });
      expect(res.body).not.toMatch(/1[3-9]\d{9}/);
    }
    // A rental of that agent's is not a second-hand home of theirs unless the ids happen to meet.
    const [rental] = await h.database.db.select({ id: rentals.id }).from(rentals).where(eq(rentals.agentId, agentId)).limit(1);
    if (rental) {
      const [sameIdEsf] = await h.database.db
        .select()
        .from(esfListings)
        .where(and(eq(esfListings.id, rental.id), eq(esfListings.agentId, agentId)));
      if (!sameIdEsf) expect((await ask({ agentId, businessType: 1, businessId: rental.id })).statusCode).toBe(404);
    }
    expect(await h.database.db.select().from(agentPhoneReveals)).toHaveLength(before.length);
  });

  it('tells a shop from an office with businessTypeTwo', async () => {
    const shop = await availableWith(shops);
    const [row] = await h.database.db.select({ deal: shops.deal }).from(shops).where(eq(shops.id, shop.id));
    const right = row!.deal; // 1 for sale (商铺出售 = 1), 2 to let (商铺出租 = 2)
    expect((await ask({ agentId: shop.agentId, businessType: 4, businessTypeTwo: right, businessId: shop.id })).statusCode).toBe(
      200,
    );
    expect(
      (await ask({ agentId: shop.agentId, businessType: 4, businessTypeTwo: right === 1 ? 2 : 1, businessId: shop.id }))
        .statusCode,
    ).toBe(404);
  });
});

describe('an operator changes an agent’s status', () => {
  const opsAgent = (
    id: number | string,
    body: unknown,
    authorization: string | null = `Bearer ${TOKEN}`,
    app: FastifyInstance = h.app,
  ) =>
    app.inject({
      method: 'POST',
      url: `${ApiPath.opsAgent}/${id}`,
      headers: { 'content-type': 'application/json', ...(authorization === null ? {} : { authorization }) },
      payload: JSON.stringify(body),
    });

  it('is guarded: 401 without the token or with another one, and nothing changes', async () => {
    const { id } = await busiestAgent();
    const [before] = await h.database.db.select({ status: agents.status }).from(agents).where(eq(agents.id, id));
    for (const auth of [null, 'Bearer wrong-token', `Basic ${TOKEN}`]) {
      const res = await opsAgent(id, { status: 2 }, auth);
      expect(res.statusCode).toBe(401);
      expect(envelope(res).succeed).toBe(false);
    }
    const [after] = await h.database.db.select({ status: agents.status }).from(agents).where(eq(agents.id, id));
    expect(after!.status).toBe(before!.status);
  });

  it('is closed (403) while OPS_TOKEN is unset', async () => {
    const { buildApp } = await import('../src/app');
    const { localStorage } = await import('../src/storage/local-storage');
    const path = await import('node:path');
    const closed = await buildApp({
      db: h.database.db,
      config: { ...h.config, OPS_TOKEN: undefined },
      storage: localStorage(path.join(h.config.DATA_DIR, 'oss')),
    });
    try {
      expect((await opsAgent(1, { status: 2 }, `Bearer ${TOKEN}`, closed)).statusCode).toBe(403);
    } finally {
      await closed.close();
    }
  });

  it('refuses a bad status or id with a 400 and an unknown agent with a 404', async () => {
    for (const body of [{ status: 0 }, { status: 4 }, { status: '2' }, { status: 1.5 }, {}, { status: 2, extra: 1 }]) {
      const res = await opsAgent(1, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(envelope(res).msg).toBeTruthy();
    }
    expect((await opsAgent('x', { status: 2 })).statusCode).toBe(400);
    expect((await opsAgent(2_000_000_000, { status: 2 })).statusCode).toBe(404);
  });

  it('sets the status, which the page and 拨打电话 show at once, and announces the agent’s and their listings’ pages', async () => {
    const { id } = await busiestAgent();
    const latest = cacheChangesSchema.parse(envelope(await h.app.inject(ApiPath.cacheChanges)).data).latest;
    const res = await opsAgent(id, { status: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const result = envelope<OpsAgentResult>(res).data;
    expect(result).toMatchObject({ id, status: 2, cityDomain: expect.any(String) });
    expect((await answer<AgentProfile>(h.app, `${ApiPath.agentDetail}/${id}`)).status).toBe(2);
    const [listing] = await h.database.db
      .select({ id: esfListings.id })
      .from(esfListings)
      .where(eq(esfListings.agentId, id))
      .limit(1);
    expect(
      envelope<AgentPhone>(
        await h.app.inject({
          method: 'POST',
          url: ApiPath.agentPhone,
          payload: { agentId: id, businessType: 1, businessId: listing!.id },
        }),
      ).data,
    ).toEqual({
      status: 2,
      virtualNumber: null,
    });
    const changes = cacheChangesSchema.parse(
      envelope(await h.app.inject(`${ApiPath.cacheChanges}?after=${latest}`)).data,
    ).changes;
    const tags = changes.flatMap((c) => c.tags);
    expect(tags).toContain(cacheTag.agent(id));
    expect(tags).toContain(cacheTag.detail('esf', listing!.id));
    // Back to available, through `npm run ops`.
    const backendUrl = await h.app.listen({ host: '127.0.0.1', port: 0 });
    const out: string[] = [];
    const err: string[] = [];
    const io: OpsIo = {
      env: { BACKEND_URL: backendUrl, OPS_TOKEN: TOKEN },
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      fetch,
    };
    expect(await runOps(['agent', 'status', String(id), '1'], io)).toBe(0);
    expect(out.join('\n')).toContain(`agent #${id} `);
    expect(out.join('\n')).toContain('2 → 1');
    expect((await answer<AgentProfile>(h.app, `${ApiPath.agentDetail}/${id}`)).status).toBe(1);
    for (const args of [
      ['agent', 'status', String(id), '4'],
      ['agent', 'status', 'x', '1'],
      ['agent', 'fire', String(id)],
    ]) {
      expect(await runOps(args, { ...io, err: () => {} }), args.join(' ')).toBe(2);
    }
  });
});
