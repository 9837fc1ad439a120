import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BODY_LIMIT } from '@contracts/constants';
import { ApiPath } from '@contracts/paths';
import { sql } from 'drizzle-orm';
import { configWith, defaultPoolMax, loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { localStorage } from '../src/storage/local-storage';
import { isSafeKey } from '../src/storage/storage';
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
    const res = await h.app.inject({
      method: 'POST',
      url: ApiPath.menuIcon,
      payload: '{"cityCode":',
      headers: { 'content-type': 'application/json' },
    });
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

/** A failure answer: the envelope with a code and a message, nothing else. */
function expectFailure(res: { statusCode: number; body: string }, status: number, code = status) {
  expect(res.statusCode, res.body).toBe(status);
  const body = JSON.parse(res.body) as Record<string, unknown>;
  expect(body).toEqual({ code, succeed: false, msg: expect.any(String), data: null });
  expect(String(body.msg).length).toBeGreaterThan(0);
}

describe('hostile input: a 4xx in the envelope, never a 500', () => {
  it('refuses NUL in text fields before they reach PostgreSQL', async () => {
    for (const url of [
      `${ApiPath.esfList}?cityCode=110000&keyword=%00`,
      `${ApiPath.esfList}?cityCode=110000&keyword=a%00b`,
      `${ApiPath.index}?cityCode=%00`,
      `${ApiPath.recommends}?cityCode=110000&channelCode=esf&keyword=%00`,
      `${ApiPath.pcBottomLink}?cityCode=b%00j`,
    ]) {
      const res = await h.app.inject(url);
      expectFailure(res, 400);
      expect(envelope(res).msg).toMatch(/^(keyword: must not contain the NUL character|cityCode: 城市代码是六位数字)/);
    }
    const body = await h.app.inject({
      method: 'POST',
      url: ApiPath.esfList,
      payload: { cityCode: '110000', keyword: '望京\u0000' },
    });
    expectFailure(body, 400);
  });

  it('refuses numbers outside their column type', async () => {
    const cases = [
      [`${ApiPath.esfList}?cityCode=110000&districtId=2147483648`, /^districtId: Too big/],
      [`${ApiPath.esfList}?cityCode=110000&stationId=-1`, /^stationId: Too small/],
      [`${ApiPath.esfList}?cityCode=110000&estateId=1e309`, /^estateId: /],
      [`${ApiPath.esfList}?cityCode=110000&page=NaN`, /^page: /],
      [`${ApiPath.menuIcon}?cityCode=110000&platform=40000`, /^platform: Too big/],
      [`${ApiPath.menuIcon}?cityCode=110000&parentId=2147483648`, /^parentId: Too big/],
      [`${ApiPath.agentStatus}?branchId=2147483648&userId=1`, /^branchId: Too big/],
      [`${ApiPath.esfDetail}/2147483648`, /^id: Too big/],
    ] as const;
    for (const [url, msg] of cases) {
      const res = await h.app.inject(url);
      expectFailure(res, 400);
      expect(envelope(res).msg, url).toMatch(msg);
    }
    // The largest int4 is still a valid id: an unknown listing, not a bad request.
    expectFailure(await h.app.inject(`${ApiPath.esfDetail}/2147483647`), 404, 4000000);
  });

  it('answers a body over 1 MiB with 413 / 413', async () => {
    const payload = JSON.stringify({ cityCode: '110000', keyword: 'x'.repeat(API_BODY_LIMIT) });
    const res = await h.app.inject({
      method: 'POST',
      url: ApiPath.esfList,
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expectFailure(res, 413);
    expect(envelope(res).msg).toBe('请求体过大，上限 1 MiB');
  });

  it('answers a body that is not JSON with 415 / 415', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
    ]) {
      const res = await h.app.inject({
        method: 'POST',
        url: ApiPath.index,
        payload: 'cityCode=110000',
        headers: { 'content-type': type },
      });
      expectFailure(res, 415);
    }
  });

  it('refuses prototype keys in a JSON body', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: ApiPath.index,
      payload: '{"cityCode":"bj","__proto__":{"x":1}}',
      headers: { 'content-type': 'application/json' },
    });
    expectFailure(res, 400);
  });

  it('answers a malformed %-escape in the path with 400 in the envelope', async () => {
    for (const url of ['/yjyz.web.api/%zz', `${ApiPath.esfDetail}/%E6`, '/oss/%E0%A4%A']) {
      const res = await h.app.inject(url);
      expectFailure(res, 400);
      expect(envelope(res).msg).toBe('请求地址无效');
    }
  });

  it('answers an over-long path parameter with 414 in the envelope', async () => {
    expectFailure(await h.app.inject(`${ApiPath.esfDetail}/${'1'.repeat(101)}`), 414);
  });

  it('answers a method a path does not have with 405 and Allow; an unknown method with 404', async () => {
    for (const method of ['TRACE', 'DELETE', 'PUT', 'PATCH', 'OPTIONS'] as const) {
      const res = await h.app.inject({ method, url: ApiPath.cities });
      expectFailure(res, 405);
      expect(res.headers.allow).toBe('GET, HEAD, POST');
    }
    const getOnLogout = await h.app.inject({ method: 'GET', url: ApiPath.logout });
    expectFailure(getOnLogout, 405);
    expect(getOnLogout.headers.allow).toBe('POST');
    expectFailure(await h.app.inject({ method: 'PROPFIND', url: ApiPath.cities }), 404, 4000000);
    // Still answered: HEAD of a GET route.
    expect((await h.app.inject({ method: 'HEAD', url: ApiPath.healthz })).statusCode).toBe(200);
  });
});

describe("what Node's HTTP parser refuses (a real socket)", () => {
  let port = 0;
  beforeAll(async () => {
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    port = (h.app.server.address() as net.AddressInfo).port;
  });
  const raw = (request: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });
  const statusAndBody = (answer: string) => {
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    return { statusCode: Number(head.split(' ')[1]), body, head };
  };

  it('answers a malformed request, an over-long URL and over-large headers in the envelope', async () => {
    const cases = [
      ['GET / HTTP/9.9\r\nHost: x\r\n\r\n', 400],
      ['HELLO\r\n\r\n', 405],
      [`GET ${ApiPath.cities}?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 414],
      [`GET ${ApiPath.cities} HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
      ['POST /sso/logout HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n', 400],
    ] as const;
    for (const [request, status] of cases) {
      const answer = statusAndBody(await raw(request));
      expectFailure(answer, status);
      expect(answer.head).toMatch(/content-type: application\/json; charset=utf-8/i);
    }
  });
});

describe('service endpoints', () => {
  it('answers /healthz', async () => {
    expect(envelope(await h.app.inject(ApiPath.healthz)).data).toEqual({ status: 'ok' });
  });
  it('serves an OpenAPI document with every portal path on GET and POST', async () => {
    const doc = (await h.app.inject(ApiPath.openapi)).json() as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
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
    for (const url of [
      '/oss/../package.json',
      '/oss/seed/..%2F..%2Fpackage.json',
      '/oss/%2e%2e/%2e%2e/etc/passwd',
      '/oss/seed/nothing.svg',
      '/oss/%E0%A4%A',
    ]) {
      const res = await h.app.inject(url);
      // Malformed percent-encoding is refused by Fastify's URL parser (400) before it reaches the store.
      expect([400, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain('"name"');
    }
    // Keys no file can have: a file used as a folder, a name over 255 bytes (the file system refuses both).
    for (const url of ['/oss/seed/plan/3.svg/x', `/oss/${'a'.repeat(256)}`]) expectFailure(await h.app.inject(url), 404, 4000000);
    expect(isSafeKey('a/../b')).toBe(false);
    expect(isSafeKey('/etc/passwd')).toBe(false);
    expect(isSafeKey('seed/room/1-1.svg')).toBe(true);
  });
});

describe('/oss keys are decoded once', () => {
  it('serves keys with their own %-escapes, and a key whose % would be decoded twice is not another key', async () => {
    const storage = localStorage(path.join(h.config.DATA_DIR, 'oss'));
    const svg = (n: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg"><text>${n}</text></svg>`);
    await storage.put('seed/x%25y.svg', svg('x%25y'), 'image/svg+xml');
    await storage.put('seed/100%.svg', svg('100%'), 'image/svg+xml');
    await storage.put('seed/x%y.svg', svg('x%y'), 'image/svg+xml');
    // `%2525` is the key's `%25`, not `%`.
    const a = await h.app.inject('/oss/seed/x%2525y.svg');
    expect(a.statusCode).toBe(200);
    expect(a.body).toContain('x%25y');
    const b = await h.app.inject('/oss/seed/x%25y.svg');
    expect(b.statusCode).toBe(200);
    expect(b.body).toContain('<text>x%y<');
    // A lone `%` once decoded was a 404 (a second decode threw).
    const c = await h.app.inject('/oss/seed/100%25.svg');
    expect(c.statusCode).toBe(200);
    expect(c.body).toContain('100%');
    // `%252F` is a name with `%2F` in it, never a path separator.
    expect((await h.app.inject('/oss/seed%252Fplan%252F3.svg')).statusCode).toBe(404);
    expect((await h.app.inject('/oss/seed/..%252F..%252Fpackage.json')).statusCode).toBe(404);
  });
});

describe('config', () => {
  it('names the bad variable', () => {
    expect(() => loadConfig({ BACKEND_PORT: 'abc' })).toThrow(/BACKEND_PORT/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(configWith({}).SESSION_TTL_HOURS).toBe(30);
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('sizes the PostgreSQL pool 2 × cores + 1, at least 10, unless DATABASE_POOL_MAX says otherwise', () => {
    expect([1, 2, 4, 8, 16].map((cores) => defaultPoolMax(cores))).toEqual([10, 10, 10, 17, 33]);
    expect(configWith({}).DATABASE_POOL_MAX).toBe(defaultPoolMax());
    expect(configWith({ DATABASE_POOL_MAX: ' ' }).DATABASE_POOL_MAX).toBe(defaultPoolMax());
    expect(configWith({ DATABASE_POOL_MAX: '4' }).DATABASE_POOL_MAX).toBe(4);
    for (const bad of ['0', '-1', '2.5', 'many'])
      expect(() => loadConfig({ DATABASE_POOL_MAX: bad })).toThrow(/DATABASE_POOL_MAX/);
  });

  // PostgreSQL only (npm run test:pg): PGlite has one connection whatever the setting.
  it.runIf(process.env.DATABASE_URL)(
    'opens no more PostgreSQL connections than DATABASE_POOL_MAX, however many queries wait',
    async () => {
      const database = await openDatabase({ ...h.config, DATABASE_POOL_MAX: 2 });
      try {
        const pids = await Promise.all(
          Array.from({ length: 6 }, async () => {
            const result = (await database.db.execute(sql`select pg_backend_pid() as pid, pg_sleep(0.05)`)) as {
              rows: { pid: number }[];
            };
            return Number(result.rows[0]!.pid);
          }),
        );
        expect(new Set(pids).size).toBe(2);
      } finally {
        await database.close();
      }
    },
  );
});
