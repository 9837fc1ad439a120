import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { RENDER_BUDGET_DEFAULTS, SharedRenderBudget, type Taken } from '@/lib/front/render-budget';

/**
 * The render budget of several web processes in one Redis (REDIS_URL): an address gets its renders per window once
 * across the processes, not once per process; with Redis away each process counts alone and pages keep coming.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LIMIT = RENDER_BUDGET_DEFAULTS.perWindow;

function answers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(2000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(false));
  });
}
const hasRedis = await answers(REDIS_URL);
if (!hasRedis) console.warn(`render-budget-redis.test.ts: no Redis at ${REDIS_URL}; the shared count is not tested`);

const budgets: SharedRenderBudget[] = [];
afterAll(() => budgets.forEach((b) => b.close()));

/** A budget over `url` whose Redis client is ready (or has given up connecting): a test never races the connection. */
async function budgetOn(url: string, prefix: string): Promise<SharedRenderBudget> {
  const budget = new SharedRenderBudget(url, prefix, RENDER_BUDGET_DEFAULTS);
  budgets.push(budget);
  const client = (budget as unknown as { client: Redis }).client;
  for (let tries = 0; tries < 200 && client.status !== 'ready' && client.status !== 'reconnecting'; tries++)
    await new Promise((r) => setTimeout(r, 25));
  return budget;
}

describe.skipIf(!hasRedis)('two web processes sharing one Redis', () => {
  const prefix = `youju:test:renders:${randomUUID()}:`;
  afterAll(async () => {
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it(`gives an address ${LIMIT} renders in a window across both, then a 429 on both with the window's seconds left`, async () => {
    const [a, b] = [await budgetOn(REDIS_URL, prefix), await budgetOn(REDIS_URL, prefix)];
    const address = '203.0.113.77';
    const taken = await Promise.all(Array.from({ length: LIMIT }, (_, i) => (i % 2 ? a : b).take(address)));
    expect(taken.filter((t) => t !== 'spent' && t !== null)).toHaveLength(LIMIT);
    expect([await a.take(address), await b.take(address)]).toEqual(['spent', 'spent']);
    const retry = a.retryAfter(address);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(RENDER_BUDGET_DEFAULTS.windowMs / 1000);
    // Another address, and a prefetch of the same one, have windows of their own.
    expect(await a.take('203.0.113.78')).toMatchObject({ startedAt: expect.any(Number) as number });
    expect(await b.take(address, 'prefetch')).not.toBe('spent');

    // A render Next answered from its cache is given back, in whichever process: the next one passes again.
    b.giveBack(taken[0] as Taken);
    let again: Awaited<ReturnType<SharedRenderBudget['take']>> = 'spent';
    for (let tries = 0; tries < 100 && again === 'spent'; tries++) {
      again = await a.take(address);
      if (again === 'spent') await new Promise((r) => setTimeout(r, 20));
    }
    expect(again).not.toBe('spent');
  });

  it('does not count loopback, as in one process', async () => {
    const a = await budgetOn(REDIS_URL, prefix);
    for (let i = 0; i < LIMIT + 5; i++) expect(await a.take('127.0.0.1')).toBeNull();
  });
});

describe('a Redis that does not answer', () => {
  it(`counts in the process: pages keep being rendered, ${LIMIT} per window per address, then the 429`, async () => {
    // A port nobody listens on: every command fails at once, nothing waits for a connection.
    const budget = await budgetOn('redis://127.0.0.1:1', 'youju:test:renders:down:');
    const address = '198.51.100.9';
    for (let i = 0; i < LIMIT; i++) expect(await budget.take(address)).not.toBe('spent');
    expect(await budget.take(address)).toBe('spent');
    expect(budget.retryAfter(address)).toBeGreaterThanOrEqual(1);
  });
});
