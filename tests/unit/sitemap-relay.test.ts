import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiPath } from '@contracts/paths';
import {
  relaySitemap,
  SITEMAP_FILE_PATH,
  SITEMAP_KEEP_S,
  SITEMAP_NOT_FOUND_KEEP_S,
  SitemapRelay,
} from '@/lib/server/sitemap-relay';

// The route's own function as the route calls it: the city from the host's domain, the backend from the settings.
const where = vi.hoisted(() => ({ backend: '' }));
vi.mock('@/lib/server/config', () => ({
  config: {
    get backendUrl() {
      return where.backend;
    },
  },
}));
vi.mock('@/lib/server/city-data', () => ({
  getCity: async (domain: string) => (domain === 'bj' ? { cityCode: '110000', cityDomain: 'bj', cityName: '北京' } : undefined),
}));

/**
 * The web's sitemap relay (lib/server/sitemap-relay.ts) against a stand-in backend that counts what it is asked. An
 * attacker probe (2026-11-29) asked for 14 sitemap files a second from one address: each was a build in the backend.
 */
const asked: string[] = [];
/** What the stand-in answers a file: its status, and ms it takes. */
let answer = { status: 200, delay: 0 };
let server: Server;
let backend = '';
const FILE = gzipSync(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset>${'<url><loc>x</loc></url>'.repeat(500)}</urlset>\n`);

beforeAll(async () => {
  server = http.createServer((req, res) => {
    asked.push(req.url!);
    setTimeout(() => {
      if (answer.status !== 200) {
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end('{"code":4000000,"succeed":false,"msg":"网站地图 esf-9.xml.gz 不存在","data":null}');
        return;
      }
      res.writeHead(200, {
        'content-type': 'application/gzip',
        'cache-control': 'public, max-age=3600',
        'content-disposition': 'inline; filename="esf-1.xml.gz"',
      });
      res.end(FILE);
    }, answer.delay);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  backend = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  where.backend = backend;
});
afterAll(() => server.close());
afterEach(() => {
  vi.useRealTimers();
  answer = { status: 200, delay: 0 };
});

const file = (part: number) => ({ cityCode: '110000', kind: 'esf', part: String(part) });
const callsFor = (part: number) => asked.filter((u) => u.startsWith(ApiPath.sitemapFile) && u.endsWith(`part=${part}`)).length;
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe('sitemap files through the web', () => {
  it('a second ask for a file within the hour is not a second call to the backend', async () => {
    const first = await relaySitemap('bj', SITEMAP_FILE_PATH, { kind: 'esf', part: '7' });
    const again = await relaySitemap('bj', SITEMAP_FILE_PATH, { kind: 'esf', part: '7' });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect((await bytes(again)).equals(FILE)).toBe(true);
    expect(callsFor(7)).toBe(1);
    expect((await relaySitemap('zz', SITEMAP_FILE_PATH, { kind: 'esf', part: '7' })).status).toBe(404);
  });

  it('are asked of the backend once an hour: a second ask within it is answered as kept, not a second call', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const relay = new SitemapRelay(backend);
    const first = await relay.answer(ApiPath.sitemapFile, file(1));
    expect(first.status).toBe(200);
    expect(first.headers.get('x-nextjs-cache')).toBe('MISS');
    expect(first.headers.get('content-type')).toBe('application/gzip');
    expect(first.headers.get('cache-control')).toBe('public, max-age=3600');
    expect((await bytes(first)).equals(FILE)).toBe(true);

    vi.setSystemTime(Date.now() + (SITEMAP_KEEP_S - 1) * 1000);
    const again = await relay.answer(ApiPath.sitemapFile, file(1));
    expect(again.status).toBe(200);
    expect(again.headers.get('x-nextjs-cache')).toBe('HIT');
    expect(again.headers.get('content-disposition')).toBe('inline; filename="esf-1.xml.gz"');
    expect(Number(again.headers.get('age'))).toBe(SITEMAP_KEEP_S - 1);
    expect((await bytes(again)).equals(FILE)).toBe(true);
    expect(callsFor(1)).toBe(1);

    // Past the hour the backend is asked again (it may have built a new one).
    vi.setSystemTime(Date.now() + 2000);
    expect((await relay.answer(ApiPath.sitemapFile, file(1))).headers.get('x-nextjs-cache')).toBe('MISS');
    expect(callsFor(1)).toBe(2);
  });

  it('asked many times at once, are one call: one ask is the MISS, the others wait for it', async () => {
    const relay = new SitemapRelay(backend);
    answer = { status: 200, delay: 50 };
    const all = await Promise.all(Array.from({ length: 20 }, () => relay.answer(ApiPath.sitemapFile, file(2))));
    expect(callsFor(2)).toBe(1);
    expect(all.map((r) => r.status)).toEqual(all.map(() => 200));
    expect(all.filter((r) => r.headers.get('x-nextjs-cache') === 'MISS')).toHaveLength(1);
    for (const res of all) expect((await bytes(res)).equals(FILE)).toBe(true);
  });

  // Next's fetch hands a route one branch of a tee of the answer and may never read the other: a 404 whose body was
  // cancelled there never ended (on the bench, every made-up part waited until the client gave up).
  it('end a 404 and a failure also when the body is one branch of a tee, as Next’s fetch gives it', async () => {
    const held: ReadableStream[] = [];
    const real = globalThis.fetch;
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      const res = await real(...args);
      const [mine, other] = res.body!.tee();
      held.push(other);
      return new Response(mine, { status: res.status, headers: res.headers });
    });
    try {
      const relay = new SitemapRelay(backend);
      answer = { status: 404, delay: 0 };
      expect((await relay.answer(ApiPath.sitemapFile, file(11))).status).toBe(404);
      answer = { status: 500, delay: 0 };
      expect((await relay.answer(ApiPath.sitemapFile, file(12))).status).toBe(502);
      answer = { status: 200, delay: 0 };
      expect((await bytes(await relay.answer(ApiPath.sitemapFile, file(13)))).equals(FILE)).toBe(true);
      expect(held).toHaveLength(3);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('keep a file that is none as a plain 404 for 10 minutes, and keep no failure', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const relay = new SitemapRelay(backend);
    answer = { status: 404, delay: 0 };
    for (const cache of ['MISS', 'HIT']) {
      const res = await relay.answer(ApiPath.sitemapFile, file(9));
      expect(res.status).toBe(404);
      expect(res.headers.get('x-nextjs-cache')).toBe(cache);
      expect(await res.text()).toBe('没有这个网站地图');
    }
    expect(callsFor(9)).toBe(1);
    vi.setSystemTime(Date.now() + SITEMAP_NOT_FOUND_KEEP_S * 1000 + 1000);
    await relay.answer(ApiPath.sitemapFile, file(9));
    expect(callsFor(9)).toBe(2);

    // A backend that fails: answered 502 each time, and asked again each time.
    answer = { status: 500, delay: 0 };
    for (let i = 0; i < 2; i++) {
      const res = await relay.answer(ApiPath.sitemapFile, file(3));
      expect(res.status).toBe(502);
      expect(res.headers.get('x-nextjs-cache')).toBe('MISS');
    }
    expect(callsFor(3)).toBe(2);
    // One that does not answer at all: 503.
    const down = await new SitemapRelay('http://127.0.0.1:1').answer(ApiPath.sitemapFile, file(1));
    expect(down.status).toBe(503);
    expect(await down.text()).toBe('网站地图暂时无法生成，请稍后再试');
  });
});
