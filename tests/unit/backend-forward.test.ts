import { EventEmitter, once } from 'node:events';
import http, { type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_BODY_LIMIT, UPLOAD_BODY_LIMIT } from '@contracts/constants';
import { ApiPath, DESK_COOKIE, OSS_POST_PATH, SESSION_COOKIE } from '@contracts/paths';
import { backendPathAllowed, cookiesFor, forwardToBackend, socketAllowed } from '@/lib/front/backend-forward';
import { BackendPool, POOL_LIMITS, type PoolLimits } from '@/lib/front/backend-pool';
import { API_TIMEOUT_MS } from '@/lib/api/core';
import { registerGoneCallers } from '../../backend/src/http/gone-callers';
import { SharedAnswers } from '@/lib/front/shared-answers';
import { parseHost } from '@/lib/host';
import { loadSettings } from '@/lib/settings';

/** A stand-in backend that answers with what it received, and a web server that forwards to it. */
let backend: Server;
let web: Server;
let webPort = 0;
let backendPort = 0;
const seen: { headers: IncomingMessage['headers']; body: number; url?: string }[] = [];
/** Connections the backend was opened, and its calls in progress at once (the most of them). */
let connections = 0;
let inProgress = 0;
let mostInProgress = 0;

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

beforeAll(async () => {
  backend = http.createServer((req, res) => {
    let body = 0;
    mostInProgress = Math.max(mostInProgress, ++inProgress);
    res.once('finish', () => inProgress--);
    req.on('data', (c: Buffer) => (body += c.length));
    req.on('end', async () => {
      seen.push({ headers: req.headers, body, url: req.url });
      if (req.url?.startsWith('/yjyz.web.api/slow')) await new Promise((r) => setTimeout(r, 30));
      // `/shared…` answers as the backend answers a keystroke's suggestions: the same for everyone, for 30 s.
      if (req.url?.startsWith('/yjyz.web.api/shared')) {
        res.setHeader('cache-control', req.url.includes('private') ? 'private, max-age=30' : 'public, max-age=30');
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ code: 200, succeed: true, msg: 'success', data: { n: seen.length } }));
        return;
      }
      res.setHeader('set-cookie', ['a=1; Path=/', 'b=2; Path=/']);
      res.setHeader('keep-alive', 'timeout=72');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ code: 200, succeed: true, msg: 'success', data: { body } }));
    });
  });
  backend.on('connection', () => connections++);
  backendPort = await listen(backend);
  const settings = loadSettings({ BACKEND_URL: `http://127.0.0.1:${backendPort}`, PORTAL_ROOT_DOMAIN: 'localhost:3000' });
  // As web-server.ts does: the host kind from the Host header (bj.localhost:3000 unless a test says otherwise).
  const context = { pool: new BackendPool(), shared: new SharedAnswers() };
  web = http.createServer((req, res) => forwardToBackend(req, res, settings, parseHost(req.headers.host, settings), context));
  webPort = await listen(web);
});
afterAll(() => {
  backend.close();
  web.close();
});

const CITY_HOST = 'bj.localhost:3000';
const DESK_HOST = 'desk.localhost:3000';

function send(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: Buffer | (() => AsyncGenerator<Buffer>); port?: number } = {},
) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: init.port ?? webPort,
        path,
        method: init.method ?? 'GET',
        headers: { host: CITY_HOST, ...init.headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    const body = init.body;
    if (typeof body === 'function') {
      void (async () => {
        try {
          for await (const chunk of body()) if (!req.write(chunk)) await new Promise((r) => req.once('drain', r));
          req.end();
        } catch {
          // the server may close on us once it has answered 413
        }
      })();
    } else req.end(body);
  });
}

describe('forwardToBackend', () => {
  it('passes the call on with the public host and client address, and the answer back with its cookies', async () => {
    const res = await send('/yjyz.web.api/v1/cities?x=1', {
      headers: { 'x-forwarded-for': '203.0.113.9', connection: 'keep-alive', te: 'trailers', cookie: 'yj_device=abc123' },
    });
    expect(res.status).toBe(200);
    const last = seen.at(-1);
    expect(last?.url).toBe('/yjyz.web.api/v1/cities?x=1');
    expect(last?.headers['x-forwarded-host']).toBe('bj.localhost:3000');
    expect(last?.headers['x-forwarded-for']).toBe('203.0.113.9');
    expect(last?.headers.te).toBeUndefined();
    expect(res.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    // The backend's keep-alive belongs to the backend's connection, not the visitor's.
    expect(res.headers['keep-alive']).not.toBe('timeout=72');
    expect(JSON.stringify(res.headers)).not.toContain(String(backendPort));
  });
  it('forwards a body within the limit', async () => {
    const res = await send('/sso/logout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.alloc(50_000, 32),
    });
    expect(JSON.parse(res.body)).toMatchObject({ data: { body: 50_000 } });
  });
  it('forwards an agent desk image of up to 5 MB, not more', async () => {
    const photo = await send(ApiPath.deskImage, {
      method: 'POST',
      headers: { host: DESK_HOST, 'content-type': 'multipart/form-data; boundary=x' },
      body: Buffer.alloc(UPLOAD_BODY_LIMIT, 32),
    });
    expect(JSON.parse(photo.body)).toMatchObject({ data: { body: UPLOAD_BODY_LIMIT } });
    const over = await send(ApiPath.deskImage, {
      method: 'POST',
      headers: { host: DESK_HOST, 'content-type': 'multipart/form-data; boundary=x' },
      body: Buffer.alloc(UPLOAD_BODY_LIMIT + 1, 32),
    });
    expect(over.status).toBe(413);
  });
  it('forwards the desk paths from the desk host only, with the desk cookie and none of the portal', async () => {
    const before = seen.length;
    const cookie = `${SESSION_COOKIE}=user-token; ${DESK_COOKIE}=desk-token; yj_device=abc`;
    const fromDesk = await send(ApiPath.deskMe, { headers: { host: DESK_HOST, cookie } });
    expect(fromDesk.status).toBe(200);
    expect(seen.at(-1)?.headers['x-forwarded-host']).toBe(DESK_HOST);
    expect(seen.at(-1)?.headers.cookie).toBe(`${DESK_COOKIE}=desk-token`);
    for (const host of [CITY_HOST, 'localhost:3000', 'www.localhost:3000', 'evil.example']) {
      const refused = await send(`${ApiPath.deskMe}?x=1`, { headers: { host, cookie } });
      expect(refused.status, host).toBe(404);
      expect(JSON.parse(refused.body)).toMatchObject({ code: 4000000, succeed: false });
    }
    expect(seen.length).toBe(before + 1);
  });
  it('forwards from the desk host nothing but the desk paths and public object reads, without the portal cookies', async () => {
    const before = seen.length;
    const cookie = `${SESSION_COOKIE}=user-token; ${DESK_COOKIE}=desk-token`;
    for (const path of ['/sso/logout', '/yjyz.web.api/v1/cities', ApiPath.imMessage, '/api/deskx', '/common.stats.api/x']) {
      const refused = await send(path, { method: 'POST', headers: { host: DESK_HOST, cookie }, body: Buffer.from('{}') });
      expect(refused.status, path).toBe(404);
    }
    expect(seen.length).toBe(before);
    const image = await send('/oss/seed/a.png', { headers: { host: DESK_HOST, cookie } });
    expect(image.status).toBe(200);
    expect(seen.at(-1)?.headers.cookie).toBe(`${DESK_COOKIE}=desk-token`);
    expect((await send(OSS_POST_PATH, { method: 'POST', headers: { host: DESK_HOST }, body: Buffer.from('x') })).status).toBe(
      404,
    );
  });
  it('gives a portal visitor without one a device code with the first call, the backend seeing it at once; not with an image', async () => {
    const res = await send('/yjyz.web.api/v1/cities', { headers: { cookie: `${SESSION_COOKIE}=t` } });
    const given = res.headers['set-cookie']!.find((c) => c.startsWith('yj_device='));
    const code = /^yj_device=([0-9a-f]{32}); Max-Age=315360000; Path=\/; SameSite=Lax$/.exec(given ?? '')?.[1];
    expect(code, given).toBeDefined();
    expect(seen.at(-1)?.headers.cookie).toBe(`${SESSION_COOKIE}=t; yj_device=${code}`);
    // The backend's own cookies still come back beside it.
    expect(res.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/', given]);
    const image = await send('/oss/seed/a.png', {});
    expect(image.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(seen.at(-1)?.headers.cookie).toBeUndefined();
  });
  it('sends an answer the backend marked public again without calling it, to a GET with the same query only', async () => {
    const before = seen.length;
    const first = await send('/yjyz.web.api/shared?k=wj', { headers: { cookie: 'yj_device=abc12345' } });
    const again = await send('/yjyz.web.api/shared?k=wj', {});
    expect(seen.length - before).toBe(1);
    expect(again.body).toBe(first.body);
    expect(again.headers['cache-control']).toBe('public, max-age=30');
    expect(Number(again.headers.age)).toBeGreaterThanOrEqual(0);
    // A first visit gets its device code with the kept answer too; the kept answer itself carries none.
    expect(again.headers['set-cookie']?.[0]).toMatch(/^yj_device=[0-9a-f]{32};/);
    expect(
      (await send('/yjyz.web.api/shared?k=wj', { headers: { cookie: 'yj_device=abc12345' } })).headers['set-cookie'],
    ).toBeUndefined();
    // Another query, a POST, a private answer and the desk host all go to the backend.
    await send('/yjyz.web.api/shared?k=wa', {});
    await send('/yjyz.web.api/shared?k=wj', { method: 'POST', body: Buffer.from('{}') });
    await send('/yjyz.web.api/shared-private?k=wj', {});
    await send('/yjyz.web.api/shared-private?k=wj', {});
    expect(seen.length - before).toBe(5);
  });
  it('keeps one answer for every spelling of the same query: keys in another order, escaped, empty pairs', async () => {
    const before = seen.length;
    await send('/yjyz.web.api/shared?a=1&k=wx', {});
    for (const spelling of ['?k=wx&a=1', '?%6B=wx&a=1', '?a=1&&k=wx&', '?a=1&k=%77x', '?&a=1&&&k=wx'])
      await send(`/yjyz.web.api/shared${spelling}`, {});
    expect(seen.length - before).toBe(1);
    // Another value is another answer.
    await send('/yjyz.web.api/shared?a=1&k=wx+', {});
    expect(seen.length - before).toBe(2);
  });
  it('keeps the portal cookies and drops a desk cookie on a portal host', async () => {
    await send('/yjyz.web.api/v1/cities', { headers: { cookie: `${SESSION_COOKIE}=t; ${DESK_COOKIE}=d; yj_device=abc` } });
    expect(seen.at(-1)?.headers.cookie).toBe(`${SESSION_COOKIE}=t; yj_device=abc`);
    expect(cookiesFor('city', `${DESK_COOKIE}=d`)).toBeUndefined();
    expect(cookiesFor('desk', `${SESSION_COOKIE}=t`)).toBeUndefined();
    expect(cookiesFor('desk', ` ${DESK_COOKIE}=d ;${SESSION_COOKIE}=t`)).toBe(`${DESK_COOKIE}=d`);
  });
  it('opens the user socket on portal hosts and the desk socket on the desk host alone', () => {
    expect(socketAllowed(ApiPath.deskRegister, 'desk')).toBe(true);
    expect(socketAllowed(ApiPath.imRegister, 'desk')).toBe(false);
    for (const kind of ['city', 'root', 'www', 'unknown', 'old'] as const)
      expect(socketAllowed(ApiPath.deskRegister, kind)).toBe(false);
    expect(socketAllowed(ApiPath.imRegister, 'city')).toBe(true);
    expect(socketAllowed(ApiPath.imRegister, 'root')).toBe(true);
    expect(backendPathAllowed('GET', `${ApiPath.deskObject}/ub/x.png`, 'desk')).toBe(true);
    expect(backendPathAllowed('GET', `${ApiPath.deskObject}/ub/x.png`, 'city')).toBe(false);
    // Read as the backend's router reads it: an escaped letter does not hide a desk path.
    expect(backendPathAllowed('GET', '/api/%64esk/me', 'city')).toBe(false);
    expect(backendPathAllowed('GET', '/api/%64esk/me', 'desk')).toBe(true);
    expect(backendPathAllowed('GET', '/%6Fss/x.png', 'desk')).toBe(true);
    expect(backendPathAllowed('POST', '/%73so/logout', 'desk')).toBe(false);
  });
  it('forwards a photo of up to 5 MB to the local OSS host only', async () => {
    const photo = await send(OSS_POST_PATH, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: Buffer.alloc(UPLOAD_BODY_LIMIT, 32),
    });
    expect(JSON.parse(photo.body)).toMatchObject({ data: { body: UPLOAD_BODY_LIMIT } });
    const elsewhere = await send(`${OSS_POST_PATH}x.png`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: Buffer.alloc(API_BODY_LIMIT + 1, 32),
    });
    expect(elsewhere.status).toBe(413);
    const over = await send(OSS_POST_PATH, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: Buffer.alloc(UPLOAD_BODY_LIMIT + 1, 32),
    });
    expect(over.status).toBe(413);
  });
  it('refuses a declared body over the limit with 413 and the envelope, before sending anything on', async () => {
    const before = seen.length;
    const res = await send('/sso/logout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.alloc(API_BODY_LIMIT + 1, 32),
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ code: 413, succeed: false, data: null });
    expect(seen.length).toBe(before);
  });
  it('refuses a chunked body that grows past the limit', async () => {
    async function* chunks() {
      for (let i = 0; i < 40; i += 1) yield Buffer.alloc(64 * 1024, 32);
    }
    const res = await send('/sso/logout', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      body: chunks,
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ code: 413 });
  });
  it('sends a body on a GET framed by its length, so it can never become a second request', async () => {
    // Found by an attacker probe: the chunked body of a GET went on unframed and the backend read it as a
    // request of its own (client address and all), answering it to the next visitor on that socket.
    const smuggled = 'POST /sso/evil HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}';
    async function* chunks() {
      yield Buffer.from(smuggled);
    }
    const before = seen.length;
    const first = await send('/yjyz.web.api/v1/no-such', { headers: { 'transfer-encoding': 'chunked' }, body: chunks });
    const second = await send('/yjyz.web.api/v1/cities');
    const calls = seen.slice(before);
    expect(calls.map((c) => c.url)).toEqual(['/yjyz.web.api/v1/no-such', '/yjyz.web.api/v1/cities']);
    expect(calls[0]?.headers['content-length']).toBe(String(Buffer.byteLength(smuggled)));
    expect(calls[0]?.headers['transfer-encoding']).toBeUndefined();
    expect(JSON.parse(first.body)).toMatchObject({ data: { body: Buffer.byteLength(smuggled) } });
    expect(JSON.parse(second.body)).toMatchObject({ data: { body: 0 } });
  });
  it('forwards calls on kept connections, never more at once than the pool holds, the others waiting their turn', async () => {
    const before = connections;
    mostInProgress = 0;
    // Ten visitors, eight calls each: 80 calls, at most 32 at the backend.
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        send(`/yjyz.web.api/slow?n=${i}`, { headers: { 'x-forwarded-for': `198.51.100.${i % 10}` } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(80).fill(200));
    // 32 connections at most (POOL_LIMITS.sockets), and the 80 calls did not each open one.
    expect(mostInProgress).toBeLessThanOrEqual(32);
    expect(connections - before).toBeLessThanOrEqual(32);
    const opened = connections;
    for (let i = 0; i < 5; i++) expect((await send('/yjyz.web.api/v1/cities')).status).toBe(200);
    expect(connections).toBe(opened);
  });
  it('calls on a new connection once the backend has closed the kept ones (a backend restart)', async () => {
    expect((await send('/yjyz.web.api/v1/cities')).status).toBe(200);
    backend.closeIdleConnections();
    // The pool learns of the close from the socket's end; the next call must not be written to a closed connection.
    while ((await new Promise<number>((r) => backend.getConnections((_, n) => r(n)))) > 0) await new Promise(setImmediate);
    await new Promise(setImmediate);
    const opened = connections;
    const res = await send('/yjyz.web.api/v1/cities');
    expect(res.status).toBe(200);
    expect(connections).toBeGreaterThan(opened);
  });
  it('answers 502 with the envelope when the backend cannot be reached', async () => {
    const settings = loadSettings({ BACKEND_URL: 'http://127.0.0.1:9', PORTAL_ROOT_DOMAIN: 'localhost:3000' });
    const pool = new BackendPool();
    const down = http.createServer((req, res) =>
      forwardToBackend(req, res, settings, { kind: 'city', host: CITY_HOST }, { pool }),
    );
    const port = await listen(down);
    const res = await new Promise<{ status: number; body: string }>((resolve) => {
      http.get({ host: '127.0.0.1', port, path: '/yjyz.web.api/v1/cities' }, (r) => {
        let t = '';
        r.on('data', (c: Buffer) => (t += c.toString()));
        r.on('end', () => resolve({ status: r.statusCode ?? 0, body: t }));
      });
    });
    down.close();
    expect(res.status).toBe(502);
    expect(JSON.parse(res.body)).toMatchObject({ code: 502, succeed: false, msg: '网络繁忙，请稍后再试' });
  });
});

/**
 * A stand-in backend that holds every call until the test lets it answer, and a web forwarding to it over a pool of
 * its own: each test starts from an empty pool, whatever ran before.
 */
interface Held {
  url: string;
  from: string;
  answer(): void;
  answered: boolean;
  closed: boolean;
}
async function holdingPair(limits: PoolLimits = POOL_LIMITS) {
  const arrived: Held[] = [];
  const events = new EventEmitter();
  const backend = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const held: Held = {
        url: req.url ?? '',
        from: String(req.headers['x-forwarded-for']),
        closed: false,
        answered: false,
        answer: () => {
          if (held.answered) return;
          held.answered = true;
          res.end(JSON.stringify({ code: 200, succeed: true, msg: 'success', data: null }));
        },
      };
      res.on('close', () => {
        held.closed = true;
        events.emit('change');
      });
      arrived.push(held);
      events.emit('change');
      // `/quick` is answered at once, everything else when the test says.
      if (req.url?.includes('/quick')) held.answer();
    });
  });
  const port = await listen(backend);
  const settings = loadSettings({ BACKEND_URL: `http://127.0.0.1:${port}`, PORTAL_ROOT_DOMAIN: 'localhost:3000' });
  const pool = new BackendPool(limits);
  let received = 0;
  const web = http.createServer((req, res) => {
    received += 1;
    events.emit('change');
    void forwardToBackend(req, res, settings, parseHost(req.headers.host, settings), { pool });
  });
  const webPort = await listen(web);
  return {
    arrived,
    pool,
    /** Requests the web has received. */
    received: () => received,
    /** Calls of `from` the backend holds unanswered. */
    holding: (from: string) => arrived.filter((h) => h.from === from && !h.closed).length,
    /** Resolves once `ready()` holds, re-checked whenever a request arrives or a call closes. */
    async until(ready: () => boolean) {
      while (!ready()) await once(events, 'change');
    },
    /** The next arrival or close. */
    next: () => once(events, 'change'),
    call: (path: string, from: string) => send(path, { port: webPort, headers: { 'x-forwarded-for': from } }),
    close() {
      for (const h of arrived) h.answer();
      web.close();
      backend.close();
      web.closeAllConnections();
      backend.closeAllConnections();
      pool.agent.destroy();
    },
  };
}

const FLOOD = '203.0.113.7';
const VISITOR = '198.51.100.20';

describe('the pool shared between visitors', () => {
  afterEach(() => vi.useRealTimers());

  it('never lets one address keep another waiting: the visitor is served before the flood queued ahead of it', async () => {
    // Found by a probe: 64 slow calls from one address held the 32 connections, and every other visitor's call
    // waited behind all of them (p50 5.0 s).
    const pair = await holdingPair();
    try {
      const flood = Array.from({ length: 64 }, (_, i) => pair.call(`/yjyz.web.api/hold?n=${i}`, FLOOD));
      await pair.until(() => pair.received() === 64 && pair.holding(FLOOD) >= POOL_LIMITS.perBlock);
      const visitor = pair.call('/yjyz.web.api/quick', VISITOR);
      // The visitor is answered while every call of the flood is held or waiting, and the flood never holds more
      // than its share of the connections (before, it held all 32 and the visitor waited until 33 were answered).
      const first = await Promise.race([
        visitor.then(() => 'visitor'),
        pair.until(() => pair.holding(FLOOD) > POOL_LIMITS.perBlock).then(() => 'flood past its share'),
      ]);
      expect(first).toBe('visitor');
      expect((await visitor).status).toBe(200);
      expect(pair.arrived.filter((h) => h.from === FLOOD && h.answered)).toEqual([]);
      expect(pair.holding(FLOOD)).toBe(POOL_LIMITS.perBlock);
      expect(pair.pool.load).toMatchObject({ inFlight: POOL_LIMITS.perBlock, waiting: 64 - POOL_LIMITS.perBlock });
      while (pair.arrived.filter((h) => h.from === FLOOD).length < 64 || pair.holding(FLOOD) > 0) {
        for (const h of pair.arrived) h.answer();
        await pair.next();
      }
      expect((await Promise.all(flood)).map((a) => a.status)).toEqual(Array(64).fill(200));
    } finally {
      pair.close();
    }
  });

  it('answers a call that waited past its deadline with 503, without it ever reaching the backend', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const pair = await holdingPair();
    try {
      const atBackend = Array.from({ length: POOL_LIMITS.perBlock }, (_, i) => pair.call(`/yjyz.web.api/hold?n=${i}`, FLOOD));
      await pair.until(() => pair.holding(FLOOD) === POOL_LIMITS.perBlock);
      const late = pair.call('/yjyz.web.api/hold?late=1', FLOOD);
      await pair.until(() => pair.pool.load.waiting === 1 || pair.holding(FLOOD) > POOL_LIMITS.perBlock);
      expect(pair.holding(FLOOD)).toBe(POOL_LIMITS.perBlock);
      await vi.advanceTimersByTimeAsync(POOL_LIMITS.waitMs);
      const answer = await late;
      expect(answer.status).toBe(503);
      expect(answer.headers['retry-after']).toBe('1');
      expect(JSON.parse(answer.body)).toMatchObject({ code: 503, succeed: false, msg: '网络繁忙，请稍后再试' });
      // The ones at the backend are answered as usual, and the late one never went.
      for (const h of pair.arrived) h.answer();
      expect((await Promise.all(atBackend)).map((a) => a.status)).toEqual(Array(POOL_LIMITS.perBlock).fill(200));
      expect(pair.arrived.map((h) => h.url)).not.toContain('/yjyz.web.api/hold?late=1');
      expect(pair.pool.load).toEqual({ inFlight: 0, waiting: 0, blocks: 0 });
    } finally {
      pair.close();
    }
  });

  it('refuses an address block past its calls in the forward with 429, an IPv6 visitor by its /64', async () => {
    const pair = await holdingPair({ ...POOL_LIMITS, blockCalls: 2 });
    try {
      const held = [
        pair.call('/yjyz.web.api/hold?n=1', '2001:db8:0:1::1'),
        pair.call('/yjyz.web.api/hold?n=2', '2001:db8:0:1::2'),
      ];
      await pair.until(() => pair.arrived.length === 2);
      const refused = await pair.call('/yjyz.web.api/quick?n=3', '2001:db8:0:1::3');
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('1');
      expect(JSON.parse(refused.body)).toMatchObject({ code: 429, succeed: false });
      // Another /64 is another visitor.
      expect((await pair.call('/yjyz.web.api/quick?n=4', '2001:db8:0:2::1')).status).toBe(200);
      expect(pair.arrived.map((h) => h.url)).not.toContain('/yjyz.web.api/quick?n=3');
      for (const h of pair.arrived) h.answer();
      expect((await Promise.all(held)).map((a) => a.status)).toEqual([200, 200]);
    } finally {
      pair.close();
    }
  });

  it("keeps no share for this machine's own callers (tests, benches), as the render budget does not count them", async () => {
    const pair = await holdingPair({ ...POOL_LIMITS, perBlock: 1, blockCalls: 1 });
    try {
      const calls = [1, 2, 3].map((n) => pair.call(`/yjyz.web.api/hold?n=${n}`, '127.0.0.1'));
      await pair.until(() => pair.holding('127.0.0.1') === 3);
      for (const h of pair.arrived) h.answer();
      expect((await Promise.all(calls)).map((a) => a.status)).toEqual([200, 200, 200]);
    } finally {
      pair.close();
    }
  });

  it('answers 503 at once when too many calls wait already', async () => {
    const pair = await holdingPair({ ...POOL_LIMITS, sockets: 1, waiting: 1 });
    try {
      const first = pair.call('/yjyz.web.api/hold?n=1', FLOOD);
      await pair.until(() => pair.arrived.length === 1);
      const waiting = pair.call('/yjyz.web.api/quick?n=2', VISITOR);
      await pair.until(() => pair.pool.load.waiting === 1);
      expect((await pair.call('/yjyz.web.api/quick?n=3', '192.0.2.1')).status).toBe(503);
      pair.arrived[0]!.answer();
      expect((await first).status).toBe(200);
      expect((await waiting).status).toBe(200);
    } finally {
      pair.close();
    }
  });
});

describe('a call the web gives up on', () => {
  afterEach(() => vi.useRealTimers());

  /**
   * The real hook of the backend (backend/src/http/gone-callers.ts) on a Fastify app whose one route waits, before
   * its handler, until the test opens the gate: as a call waits in a busy backend for its body, a rate-limit count or
   * the event loop.
   */
  async function gatedBackend() {
    const events = new EventEmitter();
    const logged: string[] = [];
    const app = Fastify({
      logger: {
        level: 'info',
        stream: {
          write: (line: string) => {
            logged.push(line);
            events.emit('change');
          },
        },
      },
    });
    registerGoneCallers(app);
    const state = { ran: 0, closed: 0, waiting: 0, open: () => {} };
    const gate = new Promise<void>((resolve) => (state.open = resolve));
    app.addHook('onRequest', (request, _reply, done) => {
      request.raw.socket.once('close', () => {
        state.closed += 1;
        events.emit('change');
      });
      done();
    });
    app.post('/yjyz.web.api/v1/heavy', {
      preValidation: async () => {
        state.waiting += 1;
        events.emit('change');
        await gate;
      },
      handler: async () => {
        state.ran += 1;
        events.emit('change');
        return { code: 200, succeed: true, msg: 'success', data: null };
      },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const settings = loadSettings({
      BACKEND_URL: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
      PORTAL_ROOT_DOMAIN: 'localhost:3000',
    });
    const pool = new BackendPool();
    const web = http.createServer((req, res) => {
      void forwardToBackend(req, res, settings, parseHost(req.headers.host, settings), { pool });
    });
    const port = await listen(web);
    return {
      state,
      port,
      skipped: () => logged.filter((l) => l.includes('caller gone: handler not run')).length,
      async until(ready: () => boolean) {
        while (!ready()) await once(events, 'change');
      },
      async close() {
        web.close();
        web.closeAllConnections();
        pool.agent.destroy();
        await app.close();
      },
    };
  }

  it('is closed at the backend after 5 s, and the backend does not run its handler', async () => {
    const backend = await gatedBackend();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const call = send('/yjyz.web.api/v1/heavy', {
        method: 'POST',
        port: backend.port,
        headers: { 'content-type': 'application/json' },
        body: Buffer.from('{}'),
      });
      await backend.until(() => backend.state.waiting === 1);
      await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS);
      const answer = await call;
      expect(answer.status).toBe(504);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 504, msg: '网络繁忙，请稍后再试' });
      // The backend saw the web close the call; when its turn came, the handler was not run.
      await backend.until(() => backend.state.closed === 1);
      backend.state.open();
      await backend.until(() => backend.skipped() + backend.state.ran > 0);
      expect(backend.state.ran).toBe(0);
      expect(backend.skipped()).toBe(1);
    } finally {
      await backend.close();
    }
  });

  it('is closed at the backend when the visitor leaves, and the backend does not run its handler', async () => {
    const backend = await gatedBackend();
    try {
      const leaving = http.request({
        host: '127.0.0.1',
        port: backend.port,
        path: '/yjyz.web.api/v1/heavy',
        method: 'POST',
        headers: { host: CITY_HOST, 'content-type': 'application/json', 'content-length': 2 },
      });
      leaving.on('error', () => {});
      leaving.end('{}');
      await backend.until(() => backend.state.waiting === 1);
      leaving.destroy();
      await backend.until(() => backend.state.closed === 1);
      backend.state.open();
      await backend.until(() => backend.skipped() + backend.state.ran > 0);
      expect(backend.state.ran).toBe(0);
    } finally {
      await backend.close();
    }
  });
});
