import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ResultCode } from '@contracts/envelope';
import { ApiPath } from '@contracts/paths';
import { buildApp } from '../src/app';
import { ApiError } from '../src/http/errors';
import { sharedKeyPrefix } from '../src/modules/limits/shared';
import { MAP_BUILDS_PER_MINUTE, MAP_CALLS_PER_MINUTE, MapBuilds, type MapBuildLimits } from '../src/modules/map/map-limits';
import { localStorage } from '../src/storage/local-storage';
import { envelope, startHarness, type Harness } from './harness';

/**
 * The map's limits (docs/security.md "The map's aggregates", modules/map/map-limits.ts): per address block (an IPv6
 * visitor by its /64) MAP_CALLS_PER_MINUTE map calls and MAP_BUILDS_PER_MINUTE new aggregates a minute; per process
 * MAP_BUILDS builds at once and MAP_BUILDS_WAITING waiting, past which a 429. A flood of made-up filter sets from
 * one /64, or from many, meets 429s while other visitors, kept aggregates and /healthz are answered. The window's
 * clock is Vitest's (the limits count in the process here: no REDIS_URL).
 */

let h: Harness;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
  vi.useRealTimers();
});

const BJ = '110000';
const BUSY = /^请求过于频繁，请\d+秒后再试$/;
/** A new address in the /64 2001:db8:<block>:0::/64 each time (its last 64 bits new). */
let host = 0;
const inBlock = (block: string) => `2001:db8:${block}:0:${(++host).toString(16)}:1:2:3`;

function bubbles(from: string, filters: Record<string, unknown>, method: 'GET' | 'POST' = 'POST', app = h.app) {
  const body = { cityCode: BJ, channelCode: 'esf', zoom: 11, filters };
  return method === 'POST'
    ? app.inject({ method, url: ApiPath.mapBubbles, payload: body, headers: { 'x-forwarded-for': from } })
    : app.inject({
        method,
        url: `${ApiPath.mapBubbles}?cityCode=${BJ}&channelCode=esf&zoom=11`,
        headers: { 'x-forwarded-for': from },
      });
}

function refused(res: { statusCode: number; body: string }) {
  expect(res.statusCode, res.body).toBe(429);
  const body = JSON.parse(res.body) as { code: number; succeed: boolean; msg: string };
  expect(body.code).toBe(ResultCode.TOO_MANY_REQUESTS);
  expect(body.succeed).toBe(false);
  expect(body.msg).toMatch(BUSY);
}

describe('per address block', () => {
  it(`builds ${MAP_BUILDS_PER_MINUTE} new filter sets a minute for one /64, then 429s; kept ones and other addresses are served`, async () => {
    for (let i = 0; i < MAP_BUILDS_PER_MINUTE; i++) {
      const res = await bubbles(inBlock('a1'), { priceFrom: [100 + i] });
      expect(res.statusCode, `build ${i + 1}: ${res.body}`).toBe(200);
    }
    // Made up from anywhere in the /64: refused.
    for (let i = 0; i < 5; i++) refused(await bubbles(inBlock('a1'), { priceFrom: [500 + i] }));
    // A filter set that is kept is no build: answered.
    expect((await bubbles(inBlock('a1'), { priceFrom: [100] })).statusCode).toBe(200);
    // Another visitor's new filter set, and another /64's.
    expect((await bubbles('198.51.100.31', { priceFrom: [600] })).statusCode).toBe(200);
    expect((await bubbles(inBlock('a2'), { priceFrom: [601] })).statusCode).toBe(200);
    // The next minute, the /64 builds again.
    vi.setSystemTime(Date.now() + 61_000);
    expect((await bubbles(inBlock('a1'), { priceFrom: [602] })).statusCode).toBe(200);
  });

  it(`answers ${MAP_CALLS_PER_MINUTE} map calls a minute for one /64, whichever call and method, then 429s`, async () => {
    // The same kept filter set throughout: no build is counted, only calls.
    expect((await bubbles('198.51.100.40', { rooms: [2] })).statusCode).toBe(200);
    for (let i = 0; i < MAP_CALLS_PER_MINUTE; i++) {
      const from = inBlock('b1');
      const res =
        i % 3 === 0
          ? await h.app.inject({
              method: 'GET',
              url: `${ApiPath.mapBasemap}?cityCode=${BJ}`,
              headers: { 'x-forwarded-for': from },
            })
          : await bubbles(from, { rooms: [2] }, i % 3 === 1 ? 'POST' : 'GET');
      expect(res.statusCode, `call ${i + 1}: ${res.body}`).toBe(200);
    }
    refused(await bubbles(inBlock('b1'), { rooms: [2] }));
    const commute = await h.app.inject({
      method: 'POST',
      url: ApiPath.mapCommute,
      payload: { cityCode: BJ, channelCode: 'esf', minutes: 30, lat: 39.9, lng: 116.4 },
      headers: { 'x-forwarded-for': inBlock('b1') },
    });
    refused(commute);
    // Another address, and this machine's own tools (loopback: the bench, the tests), are answered.
    expect((await bubbles('198.51.100.41', { rooms: [2] })).statusCode).toBe(200);
    expect((await h.app.inject({ method: 'GET', url: `${ApiPath.mapBasemap}?cityCode=${BJ}` })).statusCode).toBe(200);
  });
});

describe('in total', () => {
  it('refuses new filter sets past the builds running and waiting, while kept ones, lists and /healthz answer', async () => {
    expect((await bubbles('198.51.100.50', { rooms: [3] })).statusCode).toBe(200);
    const { builds } = h.app.mapCache.limits;
    const { running, waiting } = builds.limits;
    // A flood from many /64s holds every turn and every place in the queue.
    let open = () => {};
    const opened = new Promise<void>((resolve) => (open = resolve));
    const held = Array.from({ length: running + waiting }, (_, i) => builds.run(`flood-${i}`, () => opened));
    expect(builds.load).toEqual({ running, waiting });
    refused(await bubbles(inBlock('c1'), { rooms: [4] }));
    refused(await bubbles(inBlock('c2'), { priceFrom: [700] }));
    expect((await bubbles(inBlock('c3'), { rooms: [3] })).statusCode).toBe(200);
    expect((await h.app.inject({ method: 'GET', url: ApiPath.healthz })).statusCode).toBe(200);
    const list = await h.app.inject({ method: 'POST', url: ApiPath.esfList, payload: { cityCode: BJ, priceFrom: [700] } });
    expect(list.statusCode).toBe(200);
    expect(envelope<{ total: number }>(list).data.total).toBeGreaterThanOrEqual(0);
    open();
    await Promise.all(held);
    expect(builds.load).toEqual({ running: 0, waiting: 0 });
    expect((await bubbles(inBlock('c1'), { rooms: [4] })).statusCode).toBe(200);
  });
});

/**
 * Two backend processes on one database and one Redis (as modules/limits/shared.ts): the minute's builds of a /64 are
 * one count for both (they spend the database both share); its calls are counted by each process (they spend that
 * process's thread). Redis is part of the test machine, as for backend/test/shared-limits.test.ts.
 */
describe('two backend processes on one Redis', () => {
  const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  let shared: Harness;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let redis: Redis;
  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
    expect(await redis.ping()).toBe('PONG');
    shared = await startHarness({ config: { REDIS_URL } });
    a = shared.app;
    b = await buildApp({
      db: shared.database.db,
      config: shared.config,
      storage: localStorage(path.join(shared.config.DATA_DIR, 'oss')),
    });
  }, 120_000);
  afterAll(async () => {
    const keys = await redis.keys(`${sharedKeyPrefix(shared.config)}*`);
    if (keys.length) await redis.del(...keys);
    await b?.close();
    await shared?.close();
    redis.disconnect();
  });

  it(`share one /64's ${MAP_BUILDS_PER_MINUTE} builds a minute: the next is 429 on both`, async () => {
    for (let i = 0; i < MAP_BUILDS_PER_MINUTE; i++) {
      const res = await bubbles(inBlock('d1'), { priceFrom: [800 + i] }, 'POST', i % 2 ? b : a);
      expect(res.statusCode, `build ${i + 1}: ${res.body}`).toBe(200);
    }
    refused(await bubbles(inBlock('d1'), { priceFrom: [900] }, 'POST', a));
    refused(await bubbles(inBlock('d1'), { priceFrom: [901] }, 'POST', b));
  });

  it(`count one /64's map calls each for itself: ${MAP_CALLS_PER_MINUTE} on one, and the other still answers`, async () => {
    expect((await bubbles('198.51.100.60', { rooms: [2] }, 'POST', a)).statusCode).toBe(200);
    for (let i = 0; i < MAP_CALLS_PER_MINUTE; i++)
      expect((await bubbles(inBlock('d2'), { rooms: [2] }, 'GET', a)).statusCode).toBe(200);
    refused(await bubbles(inBlock('d2'), { rooms: [2] }, 'GET', a));
    expect((await bubbles(inBlock('d2'), { rooms: [2] }, 'GET', b)).statusCode).toBe(200);
    // Nothing of the calls' count went to Redis.
    expect(await redis.keys(`${sharedKeyPrefix(shared.config)}rl:*map:ip:*`)).toEqual([]);
  });
});

describe('the turns of builds (MapBuilds)', () => {
  const limits: MapBuildLimits = { running: 2, waiting: 2, waitMs: 3000, perAddress: 2 };
  /** A build that ends when told. */
  function held() {
    let end = () => {};
    const ended = new Promise<void>((resolve) => (end = resolve));
    return { end, build: () => ended };
  }
  const busy = (p: Promise<unknown>) =>
    expect(p).rejects.toSatisfy((e) => e instanceof ApiError && e.statusCode === 429 && BUSY.test(e.message));

  it('runs MAP_BUILDS at once, queues MAP_BUILDS_WAITING, and refuses more at once', async () => {
    const builds = new MapBuilds(limits);
    const work = Array.from({ length: 4 }, held);
    const runs = work.map((w, i) => builds.run(`a${i}`, w.build));
    expect(builds.load).toEqual({ running: 2, waiting: 2 });
    await busy(builds.run('a9', async () => 'never'));
    work.forEach((w) => w.end());
    await Promise.all(runs);
    expect(builds.load).toEqual({ running: 0, waiting: 0 });
  });

  it('gives one address at most its share at once; others, and loopback (no owner), still get turns', async () => {
    const builds = new MapBuilds({ ...limits, waiting: 10 });
    const work = Array.from({ length: 4 }, held);
    const mine = [builds.run('2001:db8::/64', work[0]!.build), builds.run('2001:db8::/64', work[1]!.build)];
    await busy(builds.run('2001:db8::/64', async () => 'never'));
    const others = [builds.run('198.51.100.7', work[2]!.build), builds.run(null, work[3]!.build)];
    expect(builds.load).toEqual({ running: 2, waiting: 2 });
    work.forEach((w) => w.end());
    await Promise.all([...mine, ...others]);
    // Its builds done, the address has its share again.
    await expect(builds.run('2001:db8::/64', async () => 'again')).resolves.toBe('again');
  });

  it('refuses a build that waited MAP_BUILD_WAIT_MS, and a failed build gives its turn back', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const builds = new MapBuilds(limits);
      const work = [held(), held()];
      const runs = work.map((w, i) => builds.run(`b${i}`, w.build));
      const waited = builds.run('b2', async () => 'late');
      const check = busy(waited);
      await vi.advanceTimersByTimeAsync(limits.waitMs);
      await check;
      expect(builds.load).toEqual({ running: 2, waiting: 0 });
      work.forEach((w) => w.end());
      await Promise.all(runs);
      await expect(builds.run('b3', async () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
      expect(builds.load).toEqual({ running: 0, waiting: 0 });
    } finally {
      vi.useFakeTimers({ toFake: ['Date'] });
    }
  });
});
