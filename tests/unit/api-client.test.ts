import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiPath, RequestHeader } from '@contracts/paths';
import { apiCache, cacheKey, isCacheable } from '@/lib/api/cache';
import { call } from '@/lib/api/call';
import type { CallContext } from '@/lib/api/core';
import { ApiError, isNotFound, isSessionInvalid } from '@/lib/api/errors';

let server: Server;
let seen: { url: string; headers: IncomingHttpHeaders }[] = [];
let reply: { status: number; body: unknown } = { status: 200, body: { code: 200, succeed: true, msg: 'ok', data: { v: 1 } } };
let ctx: CallContext;

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    res.writeHead(reply.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(reply.body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  ctx = {
    baseURL: `http://127.0.0.1:${port}`,
    deviceName: 'pc-web',
    cache: apiCache,
    token: 'tok',
    deviceCode: 'dev1',
    authority: 'bj.localhost:3000',
    clientIp: '1.2.3.4',
  };
});
afterAll(() => server.close());
beforeEach(() => {
  seen = [];
  apiCache.clear();
  reply = { status: 200, body: { code: 200, succeed: true, msg: 'ok', data: { v: 1 } } };
});

const schema = z.object({ v: z.number() });

describe('api client', () => {
  it('sends the spec §7 common headers and the bearer token on uncached calls', async () => {
    await call(ctx, ApiPath.userInfo, schema);
    const h = seen[0]!.headers;
    expect(h[RequestHeader.clientId]).toMatch(/^youju-pc\/\d+\.\d+\.\d+$/);
    expect(h[RequestHeader.tenantId]).toBe('youju');
    expect(h[RequestHeader.deviceName]).toBeTruthy();
    expect(h[RequestHeader.deviceCode]).toBe('dev1');
    expect(h[RequestHeader.authority]).toBe('bj.localhost:3000');
    expect(h.authorization).toBe('Bearer tok');
  });
  it('caches only CACHEABLE_PATHS, without credentials, keyed by params', async () => {
    await call(ctx, ApiPath.cities, schema, { method: 'GET' });
    await call(ctx, ApiPath.cities, schema, { method: 'GET' });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers.authorization).toBeUndefined();
    await call(ctx, ApiPath.index, schema, { method: 'GET', params: { cityCode: '1' } });
    await call(ctx, ApiPath.index, schema, { method: 'GET', params: { cityCode: '2' } });
    expect(seen).toHaveLength(3);
    await call(ctx, ApiPath.userInfo, schema);
    await call(ctx, ApiPath.userInfo, schema);
    expect(seen).toHaveLength(5);
    expect(isCacheable(ApiPath.userInfo)).toBe(false);
    expect(isCacheable(ApiPath.esfList)).toBe(false);
  });
  it('keys location answers by client IP', () => {
    expect(cacheKey(ApiPath.location, {}, '1.1.1.1')).not.toBe(cacheKey(ApiPath.location, {}, '2.2.2.2'));
    expect(cacheKey(ApiPath.cities, {}, '1.1.1.1')).toBe(cacheKey(ApiPath.cities, {}, '2.2.2.2'));
  });
  it('turns envelopes into errors the pages understand', async () => {
    reply = { status: 401, body: { code: 4010011002, succeed: false, msg: 'session invalid', data: null } };
    const e1 = await call(ctx, ApiPath.userInfo, schema).catch((e: unknown) => e);
    expect(isSessionInvalid(e1)).toBe(true);
    reply = { status: 404, body: { code: 4000000, succeed: false, msg: 'not found', data: null } };
    const e2 = await call(ctx, ApiPath.esfDetail + '/1', schema).catch((e: unknown) => e);
    expect(isNotFound(e2)).toBe(true);
    reply = { status: 502, body: '<html>bad gateway</html>' };
    const e3 = await call(ctx, ApiPath.userInfo, schema).catch((e: unknown) => e);
    expect(e3).toBeInstanceOf(ApiError);
    expect(isNotFound(e3) || isSessionInvalid(e3)).toBe(false);
  });
  it('rejects answers that do not match the contract schema', async () => {
    reply = { status: 200, body: { code: 200, succeed: true, msg: 'ok', data: { v: 'x' } } };
    await expect(call(ctx, ApiPath.userInfo, schema)).rejects.toBeInstanceOf(ApiError);
  });
  it('gives up on an unreachable backend with an ApiError', async () => {
    await expect(call({ baseURL: 'http://127.0.0.1:9', deviceName: 'pc-web' }, ApiPath.userInfo, schema)).rejects.toBeInstanceOf(
      ApiError,
    );
  });
});

describe('api client without a backend', () => {
  it('joins a cacheable call already on its way, and fails fast for a while after one found no backend', async () => {
    let hits = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const slow = createServer(async (_req, res) => {
      hits += 1;
      await gate;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 200, succeed: true, msg: 'ok', data: { v: 2 } }));
    });
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
    try {
      apiCache.clear();
      const joined = Promise.all(
        [1, 2, 3].map(() =>
          call({ baseURL: base, deviceName: 'pc-web', cache: apiCache }, ApiPath.cities, schema, { method: 'GET' }),
        ),
      );
      // The first call is at the backend, held there; the other two joined it instead of asking again.
      await vi.waitFor(() => expect(hits).toBe(1));
      release();
      expect(await joined).toEqual([{ v: 2 }, { v: 2 }, { v: 2 }]);
      expect(hits).toBe(1);
    } finally {
      slow.close();
    }
    // A backend that does not answer: the first asker waits out its timeout, the next fails at once.
    let asked = 0;
    const hung = createServer(() => {
      asked += 1;
    });
    await new Promise<void>((r) => hung.listen(0, '127.0.0.1', r));
    const hungBase = `http://127.0.0.1:${(hung.address() as AddressInfo).port}`;
    try {
      apiCache.clear();
      const first = Date.now();
      await expect(
        call({ baseURL: hungBase, deviceName: 'pc-web', cache: apiCache, timeout: 300 }, ApiPath.menuIcon, schema, {
          method: 'GET',
        }),
      ).rejects.toMatchObject({ status: 0 });
      expect(Date.now() - first).toBeGreaterThanOrEqual(290);
      await expect(
        call({ baseURL: hungBase, deviceName: 'pc-web', cache: apiCache, timeout: 300 }, ApiPath.menuIcon, schema, {
          method: 'GET',
        }),
      ).rejects.toMatchObject({ status: 0 });
      // The second asker did not wait for the backend: it was never asked again.
      expect(asked).toBe(1);
    } finally {
      hung.closeAllConnections();
      hung.close();
    }
  });
});
