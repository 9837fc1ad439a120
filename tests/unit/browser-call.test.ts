import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiPath, RequestHeader } from '@contracts/paths';
import { browserCall } from '@/lib/client/api-call';
import { unchecked, type CallContext } from '@/lib/api/core';
import { ApiError, isNotFound, isSessionInvalid } from '@/lib/api/errors';

/** The browser's fetch exchange must behave as the server's axios one (tests/unit/api-client.test.ts). */
let server: Server;
let seen: { method: string; url: string; headers: IncomingHttpHeaders; body: string }[] = [];
let reply: { status: number; body: unknown; delayMs?: number } = { status: 200, body: null };
let ctx: CallContext;
const ok = (data: unknown) => ({ status: 200, body: { code: 200, succeed: true, msg: 'ok', data } });

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      setTimeout(() => {
        res.writeHead(reply.status, { 'content-type': typeof reply.body === 'string' ? 'text/html' : 'application/json' });
        res.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  ctx = { baseURL: `http://127.0.0.1:${port}`, deviceName: 'pc-web', deviceCode: 'dev1', authority: 'bj.localhost:3000' };
});
afterAll(() => server.close());
beforeEach(() => {
  seen = [];
  reply = ok({ v: 1 });
});

describe('browser calls over fetch', () => {
  it('POSTs the request as JSON with the spec §7 common headers and returns data', async () => {
    reply = ok([{ id: 7, name: '望京' }]);
    const data = await browserCall(ctx, ApiPath.recommends, unchecked<{ id: number; name: string }[]>(), {
      params: { cityCode: '110000', keyword: '望京' },
    });
    expect(data).toEqual([{ id: 7, name: '望京' }]);
    const req = seen[0]!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe(ApiPath.recommends);
    expect(req.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req.body)).toEqual({ cityCode: '110000', keyword: '望京' });
    expect(req.headers[RequestHeader.clientId]).toMatch(/^youju-pc\/\d+\.\d+\.\d+$/);
    expect(req.headers[RequestHeader.deviceCode]).toBe('dev1');
    expect(req.headers[RequestHeader.authority]).toBe('bj.localhost:3000');
    // The browser never sends a bearer token: the HttpOnly cookie is the credential.
    expect(req.headers.authorization).toBeUndefined();
  });
  it('sends a POST without params as an empty JSON object, and GET params as a query string', async () => {
    await browserCall(ctx, ApiPath.logout, unchecked<null>());
    expect(seen[0]!.body).toBe('{}');
    await browserCall(ctx, ApiPath.index, unchecked(), {
      method: 'GET',
      params: { cityCode: '110000', ids: [1, 2], none: undefined },
    });
    expect(seen[1]!.method).toBe('GET');
    expect(decodeURIComponent(seen[1]!.url)).toBe(`${ApiPath.index}?cityCode=110000&ids[]=1&ids[]=2`);
  });
  it('turns envelopes and statuses into the same errors as server calls', async () => {
    reply = { status: 401, body: { code: 4010011002, succeed: false, msg: 'session invalid', data: null } };
    expect(isSessionInvalid(await browserCall(ctx, ApiPath.logout, unchecked()).catch((e: unknown) => e))).toBe(true);
    reply = { status: 200, body: { code: 4000000, succeed: false, msg: '房源不存在', data: null } };
    const e2 = await browserCall(ctx, ApiPath.recommends, unchecked()).catch((e: unknown) => e);
    expect(isNotFound(e2)).toBe(true);
    expect((e2 as ApiError).message).toBe('房源不存在');
    reply = { status: 502, body: '<html>bad gateway</html>' };
    const e3 = await browserCall(ctx, ApiPath.recommends, unchecked()).catch((e: unknown) => e);
    expect(e3).toBeInstanceOf(ApiError);
    expect((e3 as ApiError).status).toBe(502);
  });
  it('gives up after the timeout, and on an unreachable backend, with an ApiError', async () => {
    reply = { ...ok(null), delayMs: 500 };
    await expect(browserCall({ ...ctx, timeout: 100 }, ApiPath.recommends, unchecked())).rejects.toBeInstanceOf(ApiError);
    await expect(
      browserCall({ baseURL: 'http://127.0.0.1:9', deviceName: 'pc-web' }, ApiPath.recommends, unchecked()),
    ).rejects.toBeInstanceOf(ApiError);
  });
});
