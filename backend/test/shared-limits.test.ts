import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiPath, RequestHeader } from '@contracts/paths';
import { TRACKING_EVENT_BUDGET } from '@contracts/tracking';
import { buildApp } from '../src/app';
import { configWith } from '../src/config';
import { DEMO_USER } from '../src/db/seed';
import { sharedKeyPrefix } from '../src/modules/limits/shared';
import { PASSWORD_MAX_FAILURES } from '../src/modules/sso/password-throttle';
import { localStorage } from '../src/storage/local-storage';
import { envelope, startHarness, type Harness } from './harness';

/**
 * Two backend processes on one database and one Redis (a limit holds however many processes serve): what one allows per window,
 * both together allow. Redis is part of the test machine (.ci/run starts it); an unreachable Redis fails here, it
 * is not skipped.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LOGIN_MAX = 20;
const SMS_MAX = 30;

let h: Harness;
let a: FastifyInstance;
let b: FastifyInstance;
let redis: Redis;
let ipSeq = 0;
const nextIp = () => `198.51.100.${++ipSeq}`;
let mobileSeq = 0;
const nextMobile = () => `1370000${String(++mobileSeq).padStart(4, '0')}`;

const login = (app: FastifyInstance, ip: string, mobile: string, password: string) =>
  app.inject({ method: 'POST', url: ApiPath.loginByPassword, payload: { mobile, password }, headers: { 'x-forwarded-for': ip } });
const smsCode = (app: FastifyInstance, ip: string, mobile: string) =>
  app.inject({ method: 'POST', url: ApiPath.smsCode, payload: { mobile }, headers: { 'x-forwarded-for': ip } });

/** A batch of 50 page views from `ip` and a device of its own; the tracking budget counts events (modules/stats/budget.ts). */
const trackViews = (app: FastifyInstance, ip: string, device: string) =>
  app.inject({
    method: 'POST',
    url: ApiPath.trackingView,
    payload: Array.from({ length: 50 }, () => ({
      eventTm: Date.now(),
      pagePath: '/ershoufang/',
      eventType: 'page_view',
      deviceChannel: 4,
    })),
    headers: { 'x-forwarded-for': ip, origin: 'http://bj.localhost:3000', [RequestHeader.deviceCode]: device },
  });
const accepted = (res: LightMyRequestResponse) => {
  expect(res.statusCode).toBe(200);
  return envelope<{ accepted: number }>(res).data!.accepted;
};

beforeAll(async () => {
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
  // Fails the file when Redis does not answer: the shared limits are not optional where REDIS_URL is set.
  expect(await redis.ping()).toBe('PONG');
  h = await startHarness({ config: { REDIS_URL } });
  a = h.app;
  // The second process: the same settings (database, Redis), its own memory.
  b = await buildApp({ db: h.database.db, config: h.config, storage: localStorage(path.join(h.config.DATA_DIR, 'oss')) });
}, 120_000);

afterAll(async () => {
  const prefix = sharedKeyPrefix(h.config);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  await b?.close();
  await h?.close();
  redis.disconnect();
});

describe('rate limits shared through Redis by two backend processes', () => {
  it(`login: ${LOGIN_MAX / 2 + 2} tries on A and ${LOGIN_MAX / 2 - 2} on B use up the ${LOGIN_MAX} of one address; the next is 429 on both`, async () => {
    const ip = nextIp();
    for (let i = 0; i < LOGIN_MAX / 2 + 2; i++) expect((await login(a, ip, nextMobile(), 'wrong-pass1')).statusCode).toBe(400);
    for (let i = 0; i < LOGIN_MAX / 2 - 2; i++) expect((await login(b, ip, nextMobile(), 'wrong-pass1')).statusCode).toBe(400);
    for (const app of [a, b]) {
      const res = await login(app, ip, nextMobile(), 'wrong-pass1');
      expect(res.statusCode).toBe(429);
      expect(envelope(res).msg).toMatch(/^请求过于频繁，请\d+秒后再试$/);
    }
    // Another address still gets in: the count is per address, not global.
    expect((await login(b, nextIp(), DEMO_USER.mobile, DEMO_USER.password)).statusCode).toBe(200);
  });

  it('a third process without Redis counts alone: the same address is not limited there', async () => {
    const ip = nextIp();
    for (let i = 0; i < LOGIN_MAX; i++) await login(a, ip, nextMobile(), 'wrong-pass1');
    expect((await login(a, ip, nextMobile(), 'wrong-pass1')).statusCode).toBe(429);
    const alone = await buildApp({
      db: h.database.db,
      config: configWith({
        DATA_DIR: h.config.DATA_DIR,
        LOG_LEVEL: 'silent',
        ...(h.config.DATABASE_URL ? { DATABASE_URL: h.config.DATABASE_URL } : {}),
      }),
      storage: localStorage(path.join(h.config.DATA_DIR, 'oss')),
    });
    try {
      expect((await login(alone, ip, nextMobile(), 'wrong-pass1')).statusCode).toBe(400);
    } finally {
      await alone.close();
    }
  });

  it(`SMS codes: ${SMS_MAX / 2} on A and ${SMS_MAX / 2} on B from one address, then 429 on both`, async () => {
    const ip = nextIp();
    for (let i = 0; i < SMS_MAX / 2; i++) expect((await smsCode(a, ip, nextMobile())).statusCode).toBe(200);
    for (let i = 0; i < SMS_MAX / 2; i++) expect((await smsCode(b, ip, nextMobile())).statusCode).toBe(200);
    expect((await smsCode(a, ip, nextMobile())).statusCode).toBe(429);
    expect((await smsCode(b, ip, nextMobile())).statusCode).toBe(429);
  });

  it(`the password lock: ${PASSWORD_MAX_FAILURES - 2} wrong passwords on A and 2 on B (each from its own address) lock the account on both`, async () => {
    const mobile = DEMO_USER.mobile;
    for (let i = 0; i < PASSWORD_MAX_FAILURES - 2; i++)
      expect((await login(a, nextIp(), mobile, 'wrong-pass1')).statusCode).toBe(400);
    for (let i = 0; i < 2; i++) expect((await login(b, nextIp(), mobile, 'wrong-pass1')).statusCode).toBe(400);
    for (const app of [a, b]) {
      const res = await login(app, nextIp(), mobile, DEMO_USER.password);
      expect(res.statusCode).toBe(429);
      expect(envelope(res).msg).toMatch(/^密码错误次数过多，请1[45]分钟后再试，或使用验证码登录$/);
    }
    // The lock is the key in Redis: gone, both let the right password in again.
    await redis.del(`${sharedKeyPrefix(h.config)}pw:${mobile}`);
    expect((await login(b, nextIp(), mobile, DEMO_USER.password)).statusCode).toBe(200);
  });

  it(`tracking: the ${TRACKING_EVENT_BUDGET.view.address} events a minute of one address are taken once by A and B together`, async () => {
    // The minute is the clock's: frozen, so that the calls fall in one window however slow the machine.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const ip = nextIp();
      let taken = 0;
      for (let n = 0; n < TRACKING_EVENT_BUDGET.view.address / 50 + 2; n++)
        taken += accepted(await trackViews(n % 2 === 0 ? a : b, ip, `shared-device-${n}`));
      expect(taken).toBe(TRACKING_EVENT_BUDGET.view.address);
    } finally {
      vi.useRealTimers();
    }
  });

  it("the counts sit under this database's prefix only", async () => {
    const prefix = sharedKeyPrefix(h.config);
    expect(prefix).toMatch(/^youju:[0-9a-f]{10}:$/);
    const keys = await redis.keys(`${prefix}rl:*`);
    expect(keys.length).toBeGreaterThan(0);
    // Another database (another test file, another deployment) has another prefix.
    expect(sharedKeyPrefix({ DATA_DIR: '/elsewhere', DATABASE_URL: undefined })).not.toBe(prefix);
    expect(sharedKeyPrefix({ DATA_DIR: '.data', DATABASE_URL: 'postgres://u@db:5432/one' })).not.toBe(
      sharedKeyPrefix({ DATA_DIR: '.data', DATABASE_URL: 'postgres://u@db:5432/two' }),
    );
  });
});

describe('Redis down: each process counts on its own (neither open nor closed)', () => {
  let down: FastifyInstance;
  beforeAll(async () => {
    // Port 1: nothing listens, every command fails at once.
    down = await buildApp({
      db: h.database.db,
      config: configWith({
        DATA_DIR: h.config.DATA_DIR,
        LOG_LEVEL: 'silent',
        REDIS_URL: 'redis://127.0.0.1:1',
        ...(h.config.DATABASE_URL ? { DATABASE_URL: h.config.DATABASE_URL } : {}),
      }),
      storage: localStorage(path.join(h.config.DATA_DIR, 'oss')),
    });
  });
  afterAll(() => down?.close());

  it('logins still answer, and the per-address limit still holds in the process', async () => {
    const ip = nextIp();
    expect((await login(down, ip, DEMO_USER.mobile, DEMO_USER.password)).statusCode).toBe(200);
    for (let i = 1; i < LOGIN_MAX; i++) expect((await login(down, ip, nextMobile(), 'wrong-pass1')).statusCode).toBe(400);
    const res = await login(down, ip, nextMobile(), 'wrong-pass1');
    expect(res.statusCode).toBe(429);
  });

  it(`tracking events are still bounded in the process: ${TRACKING_EVENT_BUDGET.view.address} a minute from one address`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const ip = nextIp();
      let taken = 0;
      for (let n = 0; n < TRACKING_EVENT_BUDGET.view.address / 50 + 2; n++)
        taken += accepted(await trackViews(down, ip, `down-device-${n}`));
      expect(taken).toBe(TRACKING_EVENT_BUDGET.view.address);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the password lock still holds in the process', async () => {
    const mobile = nextMobile();
    for (let i = 0; i < PASSWORD_MAX_FAILURES; i++)
      expect((await login(down, nextIp(), mobile, 'wrong-pass1')).statusCode).toBe(400);
    const res = await login(down, nextIp(), mobile, 'wrong-pass1');
    expect(res.statusCode).toBe(429);
    expect(envelope(res).msg).toContain('密码错误次数过多');
  });
});
