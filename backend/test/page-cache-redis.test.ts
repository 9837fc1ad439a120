import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '@contracts/paths';
import { RedisStore } from '../../lib/front/page-cache/stores';
import { sharedKeyPrefix } from '../src/modules/limits/shared';
import { startHarness, type Harness } from './harness';

/**
 * The web's page cache and the backend's limits in one Redis (docs/security.md "Made-up addresses and the page
 * cache"): the page cache keeps to its budget with its own eviction, and never to more than half of a Redis's
 * maxmemory, so however many pages anyone makes it store, the rate limits and the password lock keep counting in
 * Redis (they neither fail open nor closed for lack of memory).
 *
 * A Redis of its own (redis-server on a free port, 24 MB maxmemory, noeviction as in production), so that filling
 * it harms no one else; the binary is part of the test machine (.ci/run starts Redis with it).
 */
const PORT = 16_400 + Math.floor(Math.random() * 1000);
const URL = `redis://127.0.0.1:${PORT}`;
const MAXMEMORY = 24 * 1024 * 1024;
const MB = 1024 * 1024;
const LOGIN_MAX = 20;

let server: ChildProcess;
let redis: Redis;

beforeAll(async () => {
  server = spawn(
    'redis-server',
    [
      '--port',
      String(PORT),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--maxmemory',
      String(MAXMEMORY),
      '--maxmemory-policy',
      'noeviction',
    ],
    {
      stdio: 'ignore',
    },
  );
  redis = new Redis(URL, { maxRetriesPerRequest: 1, retryStrategy: (n) => (n > 50 ? null : 100) });
  const until = Date.now() + 10_000;
  while ((await redis.ping().catch(() => 'down')) !== 'PONG') {
    if (Date.now() > until) throw new Error(`redis-server on ${PORT} did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
}, 20_000);

afterAll(async () => {
  redis?.disconnect();
  server?.kill();
});

/** A page of `bytes` random bytes, as Next hands one over (random: nothing compresses it). */
const page = (bytes: number) => ({
  lastModified: Date.now(),
  value: { kind: 'APP_PAGE', html: Buffer.from(Array.from({ length: bytes }, () => Math.floor(Math.random() * 256))) },
  tags: ['city:bj'],
});

/** What the page cache's keys take in Redis, as Redis counts it (entries and its own bookkeeping). */
async function bytesUnder(prefix: string): Promise<{ bytes: number; keys: number }> {
  const keys = await redis.keys(`${prefix}*`);
  let bytes = 0;
  for (const key of keys) bytes += Number((await redis.call('MEMORY', 'USAGE', key, 'SAMPLES', '0')) ?? 0);
  return { bytes, keys: keys.length };
}

describe('the page cache keeps to its budget in Redis', () => {
  it('a budget of 4 MB holds under 4 MB after 12 MB of pages, newest kept, oldest gone', async () => {
    const store = new RedisStore(URL, 'test:budget:', 4 * MB);
    await store.ready();
    for (let i = 0; i < 48; i++) await store.set(`/bj/zufang/dc${i}`, page(256 * 1024));
    const used = await bytesUnder('test:budget:');
    expect(used.bytes).toBeGreaterThan(3 * MB);
    expect(used.bytes).toBeLessThanOrEqual(4 * MB);
    // The newest are kept, the oldest went (a write that timed out on a busy machine is a dropped page, by design).
    const newest = await Promise.all([44, 45, 46, 47].map((i) => store.get(`/bj/zufang/dc${i}`)));
    expect(newest.filter(Boolean).length).toBeGreaterThan(0);
    expect(await store.get('/bj/zufang/dc0')).toBeUndefined();
    store.close();
    await redis.del(...(await redis.keys('test:budget:*')));
  });

  it('takes at most half of a Redis with a maxmemory, whatever its setting, and the limits keep counting in Redis', async () => {
    let h: Harness | undefined;
    // Asked for 512 MB in a 24 MB Redis: it keeps to 12.
    const store = new RedisStore(URL, 'youju:page:', 512 * MB);
    try {
      await store.ready();
      await expect.poll(() => store.budgetInForce).toBe(MAXMEMORY / 2);
      // 40 MB of pages: past the budget, past the Redis's whole memory (small pages, so that without a budget the
      // last one that fits leaves Redis at its limit).
      for (let i = 0; i < 1280; i++) await store.set(`/bj/zufang/dc${i}`, page(32 * 1024));
      const used = await bytesUnder('youju:page:');
      expect(used.bytes).toBeGreaterThan(8 * MB);
      expect(used.bytes).toBeLessThanOrEqual(MAXMEMORY / 2);
      const info = await redis.info('memory');
      expect(Number(/^used_memory:(\d+)/m.exec(info)![1])).toBeLessThan(MAXMEMORY * 0.75);

      // The backend on the same Redis: an address's 20 logins a window, then 429, counted in Redis.
      h = await startHarness({ config: { REDIS_URL: URL } });
      const ip = '198.51.100.77';
      const login = (i: number) =>
        h!.app.inject({
          method: 'POST',
          url: ApiPath.loginByPassword,
          payload: { mobile: `1370001${String(i).padStart(4, '0')}`, password: 'wrong-pass1' },
          headers: { 'x-forwarded-for': ip },
        });
      for (let i = 0; i < LOGIN_MAX; i++) expect((await login(i)).statusCode).toBe(400);
      expect((await login(LOGIN_MAX)).statusCode).toBe(429);
      const counted = await redis.keys(`${sharedKeyPrefix(h.config)}rl:*`);
      expect(counted.length).toBeGreaterThan(0);
      // The password lock writes to Redis too.
      expect(await redis.keys(`${sharedKeyPrefix(h.config)}pw:*`)).not.toHaveLength(0);
    } finally {
      store.close();
      await h?.close();
    }
  }, 120_000);
});
