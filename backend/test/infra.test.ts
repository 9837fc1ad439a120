import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../contracts/paths';
import { configWith, loadConfig } from '../src/config';
import { isSafeKey } from '../src/modules/storage/storage';
import { envelope, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  // A route that fails unexpectedly, to see what a caller gets from a 500.
  h.app.get('/test/explode', async () => {
    throw new Error('relation "secret_table" does not exist at /work/main/backend/src/x.ts:1');
  });
});
afterAll(() => h?.close());

describe('envelope and errors', () => {
  it('answers unknown routes with 404 / 4000000', async () => {
    const res = await h.app.inject('/yjyz.web.api/v1/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(envelope(res)).toMatchObject({ code: 4000000, succeed: false, data: null });
  });
  it('answers malformed JSON with 400', async () => {
    const res = await h.app.inject({ method: 'POST', url: ApiPath.menuIcon, payload: '{"cityCode":', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(envelope(res)).toMatchObject({ code: 400, succeed: false, msg: 'body: malformed JSON' });
  });
  it('accepts an empty POST body where no fields are needed', async () => {
    for (const headers of [{}, { 'content-type': 'application/json' }]) {
      const res = await h.app.inject({ method: 'POST', url: ApiPath.cities, headers });
      expect(envelope(res).code).toBe(200);
    }
  });
  it('rejects over-long strings', async () => {
    const res = await h.app.inject({ method: 'POST', url: ApiPath.index, payload: { cityCode: 'x'.repeat(13) } });
    expect(res.statusCode).toBe(400);
    expect(envelope(res).msg).toMatch(/^cityCode: /);
  });
  it('never shows a stack or SQL in a 500', async () => {
    const res = await h.app.inject('/test/explode');
    expect(res.statusCode).toBe(500);
    expect(envelope(res)).toEqual({ code: 500, succeed: false, msg: '服务繁忙，请稍后再试', data: null });
    expect(res.body).not.toMatch(/secret_table|\.ts|at /);
  });
});

describe('service endpoints', () => {
  it('answers /healthz', async () => {
    expect(envelope(await h.app.inject(ApiPath.healthz)).data).toEqual({ status: 'ok' });
  });
  it('serves an OpenAPI document with every portal path on GET and POST', async () => {
    const doc = (await h.app.inject(ApiPath.openapi)).json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [ApiPath.cities, ApiPath.esfList, ApiPath.recommends, ApiPath.userInfo]) {
      expect(Object.keys(doc.paths[path]!)).toEqual(expect.arrayContaining(['get', 'post']));
    }
    expect(doc.paths[ApiPath.loginBySms]).toHaveProperty('post');
    expect(doc.paths[`${ApiPath.esfDetail}/{id}`]).toHaveProperty('get');
  });
});

describe('/oss', () => {
  it('serves a seeded image with its content type and long cache headers', async () => {
    const res = await h.app.inject('/oss/seed/plan/3.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(res.body).toContain('<svg');
  });
  it('refuses path traversal and unknown keys', async () => {
    for (const url of ['/oss/../package.json', '/oss/seed/..%2F..%2Fpackage.json', '/oss/%2e%2e/%2e%2e/etc/passwd', '/oss/seed/nothing.svg', '/oss/%E0%A4%A']) {
      const res = await h.app.inject(url);
      // Malformed percent-encoding is refused by Fastify's URL parser (400) before it reaches the store.
      expect([400, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain('"name"');
    }
    expect(isSafeKey('a/../b')).toBe(false);
    expect(isSafeKey('/etc/passwd')).toBe(false);
    expect(isSafeKey('seed/room/1-1.svg')).toBe(true);
  });
});

describe('config', () => {
  it('names the bad variable', () => {
    expect(() => loadConfig({ BACKEND_PORT: 'abc' })).toThrow(/BACKEND_PORT/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(configWith({}).SESSION_TTL_HOURS).toBe(30);
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});
