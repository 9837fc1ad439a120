import { execFile, spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '@contracts/paths';
import { runOps, type OpsIo } from '../../scripts/ops';
import { and, asc, eq } from 'drizzle-orm';
import { agents, branches, communities, ENTRUST_STATUS, entrustOverrides, entrusts, users } from '../src/db/schema';
import { answer, startHarness, type Harness } from './harness';

/** `npm run ops` (scripts/ops.ts) against a backend listening on a port of its own. */

const TOKEN = 'cli-test-ops-token-0123456789';
const ROOT = path.resolve(import.meta.dirname, '../..');
let h: Harness;
let backendUrl: string;
beforeAll(async () => {
  h = await startHarness({ config: { OPS_TOKEN: TOKEN } });
  backendUrl = await h.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => h?.close());

async function run(args: string[], env: Record<string, string | undefined> = { BACKEND_URL: backendUrl, OPS_TOKEN: TOKEN }) {
  const out: string[] = [];
  const err: string[] = [];
  const io: OpsIo = { env, out: (l) => out.push(l), err: (l) => err.push(l), fetch };
  const code = await runOps(args, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function someRental(): Promise<{ id: number; monthlyRent: number }> {
  const page = await answer<{ list: { id: number; monthlyRent: number }[] }>(h.app, ApiPath.rentList, { cityCode: '110000' });
  expect(page.list.length).toBeGreaterThan(0);
  return page.list[0]!;
}

describe('npm run ops', () => {
  it('changes a price and prints the record, its old and new price and the change', async () => {
    const rental = await someRental();
    const { code, out, err } = await run(['listing', 'price', 'rent', String(rental.id), '6600']);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toContain(`rent #${rental.id} `);
    expect(out).toContain(`monthlyRent: ${rental.monthlyRent} → 6600 元/月`);
    expect(out).toMatch(new RegExp(`change \\d+: list:rent:bj detail:rent:${rental.id} detail:estate:\\d+`));
    expect((await answer<{ monthlyRent: number }>(h.app, `${ApiPath.rentDetail}/${rental.id}`)).monthlyRent).toBe(6600);
  });

  it('prints the backend’s message and exits 1 when the call is refused or the backend is unreachable', async () => {
    const rental = await someRental();
    expect(
      await run(['listing', 'price', 'rent', String(rental.id), '6600'], {
        BACKEND_URL: backendUrl,
        OPS_TOKEN: 'not-the-token-at-all',
      }),
    ).toEqual({
      code: 1,
      out: '',
      err: '401: 运维令牌不正确',
    });
    expect(await run(['listing', 'price', 'villa', '1', '6600'])).toMatchObject({ code: 1, err: '404: 房源频道 villa 不存在' });
    expect(await run(['listing', 'price', 'rent', String(rental.id), '6600.5'])).toMatchObject({
      code: 1,
      err: expect.stringMatching(/^400: price: 租金以元\/月计/),
    });
    const unreachable = await run(['listing', 'price', 'rent', '1', '6600'], {
      BACKEND_URL: 'http://127.0.0.1:1',
      OPS_TOKEN: TOKEN,
    });
    expect(unreachable.code).toBe(1);
    expect(unreachable.err).toMatch(/^cannot reach the backend at http:\/\/127\.0\.0\.1:1: /);
    expect((await answer<{ monthlyRent: number }>(h.app, `${ApiPath.rentDetail}/${rental.id}`)).monthlyRent).toBe(
      rental.monthlyRent,
    );
  });

  it('exits 2 with the usage on a usage error or without OPS_TOKEN, before calling anyone', async () => {
    for (const args of [
      [],
      ['house'],
      ['listing', 'status', 'esf', '1', 'off'],
      ['listing', 'price', 'esf', '1'],
      ['listing', 'price', 'esf', 'x', '5'],
      ['listing', 'price', 'esf', '1', 'cheap'],
      ['listing', 'price', 'esf', '1', '5', '6'],
    ]) {
      const result = await run(args, { BACKEND_URL: 'http://127.0.0.1:1', OPS_TOKEN: TOKEN });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.err, args.join(' ')).toContain('usage: npm run ops -- listing price <channel> <id> <price>');
    }
    expect((await run(['listing', 'status', 'esf', '1', 'off'])).err).toMatch(
      /^listing status: the listing tables have no status column yet/,
    );
    expect(await run(['listing', 'price', 'rent', '1', '6600'], { BACKEND_URL: backendUrl })).toEqual({
      code: 2,
      out: '',
      err: 'OPS_TOKEN is not set: set it to the backend’s OPS_TOKEN',
    });
  });

  it('publishes an entrust (entrust accept <id> [brandId]) and marks it sold (entrust sold <id>)', async () => {
    const db = h.database.db;
    const [community] = await db
      .select({ id: communities.id, brandId: branches.brandId })
      .from(communities)
      .innerJoin(branches, eq(branches.businessAreaId, communities.businessAreaId))
      .innerJoin(agents, and(eq(agents.branchId, branches.id), eq(agents.status, 1)))
      .where(eq(communities.cityCode, '110000'))
      .orderBy(asc(communities.id))
      .limit(1);
    const [user] = await db.insert(users).values({ mobile: '13917009901' }).returning({ id: users.id });
    const [entrust] = await db
      .insert(entrusts)
      .values({
        userId: user!.id,
        businessType: 2,
        cityCode: '110000',
        communityId: community!.id,
        building: '1号楼',
        unit: '',
        room: '101',
        area: 60,
        rooms: 2,
        halls: 1,
        baths: 1,
        floor: 3,
        totalFloors: 6,
        orientation: '南',
        decoration: '简装',
        price: 5200,
        rentType: 1,
        payment: '押一付三',
        contactName: '周女士',
        photos: [{ key: 'ub/entrust/x.jpg', url: '/oss/ub/entrust/x.jpg', thumbUrl: '/oss/ub/entrust/x_thumb.jpg' }],
        brandIds: [community!.brandId],
        status: ENTRUST_STATUS.REVIEWING,
      })
      .returning({ id: entrusts.id });
    const id = String(entrust!.id);
    const accepted = await run(['entrust', 'accept', id, String(community!.brandId)]);
    expect(accepted.err).toBe('');
    expect(accepted.code).toBe(0);
    expect(accepted.out).toContain(`entrust #${id} (bj): 审核中 → 已发布`);
    const listingId = Number(/listing: rent #(\d+), agent #\d+/.exec(accepted.out)?.[1]);
    expect(listingId).toBeGreaterThan(0);
    expect(accepted.out).toMatch(
      new RegExp(`change \\d+: list:rent:bj detail:rent:${listingId} detail:estate:${community!.id} agent:\\d+`),
    );
    expect((await answer<{ monthlyRent: number }>(h.app, `${ApiPath.rentDetail}/${listingId}`)).monthlyRent).toBe(5200);
    expect(await run(['entrust', 'accept', id])).toMatchObject({
      code: 1,
      err: expect.stringMatching(/^409: 委托 \d+ 的状态为已发布/),
    });

    const sold = await run(['entrust', 'sold', id]);
    expect(sold).toMatchObject({ code: 0, err: '' });
    expect(sold.out).toContain('已发布 → 已成交');
    expect((await h.app.inject(`${ApiPath.rentDetail}/${listingId}`)).statusCode).toBe(404);
    for (const args of [
      ['entrust'],
      ['entrust', 'publish', id],
      ['entrust', 'accept'],
      ['entrust', 'accept', 'x'],
      ['entrust', 'accept', id, 'b'],
      ['entrust', 'sold', id, '3'],
      ['entrust', 'accept', id, '3', '4'],
    ]) {
      const result = await run(args, { BACKEND_URL: 'http://127.0.0.1:1', OPS_TOKEN: TOKEN });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.err, args.join(' ')).toContain('npm run ops -- entrust accept <id> [brandId]');
    }
  });

  it('publishes an entrust out of bounds only with --override "<reason>", prints and records the reason', async () => {
    const db = h.database.db;
    const [community] = await db
      .select({ id: communities.id, brandId: branches.brandId, avgPrice: communities.avgPrice })
      .from(communities)
      .innerJoin(branches, eq(branches.businessAreaId, communities.businessAreaId))
      .innerJoin(agents, and(eq(agents.branchId, branches.id), eq(agents.status, 1)))
      .where(eq(communities.cityCode, '110000'))
      .orderBy(asc(communities.id))
      .limit(1);
    const [user] = await db.insert(users).values({ mobile: '13917009902' }).returning({ id: users.id });
    // 5 ㎡ for 100000万: stored as an entrust before the bounds could have been (the form refuses it now).
    const [entrust] = await db
      .insert(entrusts)
      .values({
        userId: user!.id,
        businessType: 1,
        cityCode: '110000',
        communityId: community!.id,
        building: '2号楼',
        unit: '',
        room: '201',
        area: 5,
        rooms: 1,
        halls: 0,
        baths: 1,
        floor: 2,
        totalFloors: 6,
        orientation: '南',
        decoration: '简装',
        price: 100_000,
        contactName: '周女士',
        photos: [{ key: 'ub/entrust/x.jpg', url: '/oss/ub/entrust/x.jpg', thumbUrl: '/oss/ub/entrust/x_thumb.jpg' }],
        brandIds: [community!.brandId],
        status: ENTRUST_STATUS.REVIEWING,
      })
      .returning({ id: entrusts.id });
    const id = String(entrust!.id);
    const refused = await run(['entrust', 'accept', id]);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(new RegExp(`^409: 委托 ${id} 超出发布范围：area: .*price: 单价约200000000元/㎡.*--override`));
    for (const args of [
      ['entrust', 'accept', id, '--override'],
      ['entrust', 'accept', id, '--override', ' '],
      ['entrust', 'sold', id, '--override', '已核实'],
    ]) {
      const usage = await run(args, { BACKEND_URL: 'http://127.0.0.1:1', OPS_TOKEN: TOKEN });
      expect(usage.code, args.join(' ')).toBe(2);
      expect(usage.err, args.join(' ')).toContain('--override');
    }
    const reason = '业主提供房本，面积录入有误待更正，先行发布';
    const accepted = await run(['entrust', 'accept', id, '--override', reason, String(community!.brandId)]);
    expect(accepted.err).toBe('');
    expect(accepted.code).toBe(0);
    expect(accepted.out).toContain(`override recorded: ${reason}`);
    expect(accepted.out).toContain('price: 单价约200000000元/㎡');
    const [recorded] = await db.select().from(entrustOverrides).where(eq(entrustOverrides.entrustId, entrust!.id));
    expect(recorded).toMatchObject({ action: 'accept', reason, area: 5, price: 100_000 });
    expect(recorded!.problems.length).toBe(2);
  });

  it('runs as a command: the exit code and output of the script itself', async () => {
    const rental = await someRental();
    // Not spawnSync: it would block the event loop that the backend under test answers on.
    const args = ['--import', 'tsx', 'scripts/ops.ts', 'listing', 'price', 'rent', String(rental.id), '7100'];
    const child = await new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        args,
        { cwd: ROOT, env: { ...process.env, BACKEND_URL: backendUrl, OPS_TOKEN: TOKEN } },
        (error, stdout, stderr) =>
          resolve({ status: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
      );
    });
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
    expect(child.stdout).toContain('→ 7100 元/月');
    const refused = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/ops.ts', 'listing', 'price'], {
      cwd: ROOT,
      env: { ...process.env, OPS_TOKEN: TOKEN },
      encoding: 'utf8',
    });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('usage:');
  });
});
