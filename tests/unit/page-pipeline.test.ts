import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseHost } from '@/lib/host';
import { isRouterPrefetch } from '@/lib/front/not-found-document';
import { FrontCache } from '@/lib/front/page-cache/front-cache';
import { TagClock } from '@/lib/front/page-cache/tag-clock';
import { servePage, type PagePipeline } from '@/lib/front/page-pipeline';
import { PREFETCHES_PER_PAGE, RENDER_BUDGET_DEFAULTS, RenderBudget, type RenderCounter } from '@/lib/front/render-budget';

// The gzip middleware Next's request handler puts on every response (next/dist/server/lib/router-server.js).
type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
const compression = createRequire(import.meta.url)('next/dist/compiled/compression') as () => Middleware;

const DOCUMENT =
  '<!DOCTYPE html><html lang="zh-CN"><body><main class="error-shell"><h1>抱歉，您访问的页面不存在</h1></main></body></html>';
// What Next 16 sends for a notFound() thrown while rendering: an error shell with an empty body (long enough
// for the gzip middleware to compress it).
const ERROR_SHELL = `<!DOCTYPE html><html id="__next_error__"><head></head><body></body></html><script>${'x'.repeat(4000)}</script>`;

interface NextLike {
  status: number;
  type: string;
  /** Sent whole with a Content-Length (a prerendered page) instead of streamed. */
  whole?: boolean;
  /** `next dev`: no documents were built, every answer passes as Next sends it. */
  dev?: boolean;
  /** Next marks the page for shared caches (its page cache holds it) instead of no-store. */
  shared?: boolean;
  /** Next's answer sets a cookie. */
  cookie?: boolean;
  /** Next answered from its own page cache (`x-nextjs-cache: HIT`). */
  hit?: boolean;
  /** The answer was made for this request (`x-nextjs-cache: MISS`): a sitemap file the web fetched from the backend. */
  miss?: boolean;
  /** Milliseconds Next takes before it answers (a render under way). */
  delay?: number;
}

const ERROR_DOCUMENT =
  '<!DOCTYPE html><html lang="zh-CN"><body><main class="error-page"><h1>网络繁忙，请稍后再试</h1></main></body></html>';

/** Plays Next's part of sending a page (next/dist/server/send-payload.js, pipe-readable.js). */
function nextLike(req: IncomingMessage, res: ServerResponse, answer: NextLike) {
  // As Next does while it renders: its router headers are gone from the request by the time it answers.
  for (const name of ['rsc', 'next-router-prefetch', 'next-router-segment-prefetch', 'next-router-state-tree'])
    delete req.headers[name];
  compression()(req, res, () => {
    renders += 1;
    res.statusCode = answer.status;
    if (answer.cookie !== false) res.setHeader('set-cookie', 'yj_device=abc; Path=/');
    if (answer.hit) res.setHeader('x-nextjs-cache', 'HIT');
    // A route's Response headers are appended (next/dist/server/send-response.js), by Next's own appendHeader
    // (next/dist/server/base-http/node.js), which sets the header as a list.
    if (answer.miss) res.setHeader('x-nextjs-cache', ['MISS']);
    res.setHeader(
      'cache-control',
      answer.shared ? 's-maxage=50, stale-while-revalidate=86350' : 'private, no-cache, no-store, max-age=0, must-revalidate',
    );
    res.setHeader('content-type', answer.type);
    res.setHeader('link', '</_next/static/chunks/page.css>; rel=preload; as="style"');
    if (answer.whole) {
      res.setHeader('content-length', Buffer.byteLength(ERROR_SHELL));
      res.end(req.method === 'HEAD' ? null : ERROR_SHELL);
      return;
    }
    if (req.method === 'HEAD') {
      res.end(null);
      return;
    }
    res.flushHeaders();
    const half = ERROR_SHELL.length / 2;
    res.write(ERROR_SHELL.slice(0, half));
    setTimeout(() => {
      res.write(ERROR_SHELL.slice(half));
      res.end();
    }, 5);
  });
}

let server: Server;
let port = 0;
/** How many answers Next wrote (the rest came from the front cache). */
let renders = 0;
const frontCache = new FrontCache(new TagClock(), 1_000_000);
const renderBudget = new RenderBudget(RENDER_BUDGET_DEFAULTS);
/** A count kept elsewhere (Redis: lib/front/render-budget.ts SharedRenderBudget) answers later, as a promise. */
const elsewhere = new RenderBudget(RENDER_BUDGET_DEFAULTS);
const laterBudget: RenderCounter = {
  take: (address, kind) => new Promise((resolve) => setTimeout(() => resolve(elsewhere.take(address, kind)), 5)),
  giveBack: (taken) => elsewhere.giveBack(taken),
  retryAfter: (address, kind) => elsewhere.retryAfter(address, kind),
};
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const answer = JSON.parse(decodeURIComponent(req.url!.split('?')[0]!.split('/').pop()!)) as NextLike;
    const pipeline: PagePipeline = {
      render: async (req, res) => {
        if (answer.delay) await new Promise((resolve) => setTimeout(resolve, answer.delay));
        nextLike(req, res, answer);
      },
      frontCache,
      renderBudget: req.headers['x-test-budget'] === 'later' ? laterBudget : renderBudget,
      documents: answer.dev ? null : { notFound: DOCUMENT, serverError: ERROR_DOCUMENT },
    };
    // The Host as web-server.ts reads it: a city's unless a test names another.
    servePage(pipeline, req, res, parseHost(req.headers.host, { rootDomain: 'localhost', oldDomains: ['yjyz.localhost'] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => server.close());

function request(
  answer: NextLike,
  {
    method = 'GET',
    gzip = false,
    prefetch = false,
    device = '',
    firstVisit = false,
    client = '',
    headers: extra = {} as Record<string, string>,
    path: under = '',
  } = {},
) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const headers: Record<string, string> = { host: 'bj.localhost', ...(gzip ? { 'accept-encoding': 'gzip' } : {}), ...extra };
    // A returning visitor (a first visit sends no cookie at all) and the address the gate found.
    if (device && !firstVisit) headers.cookie = `yj_device=${device}`;
    if (client) headers['x-forwarded-for'] = client;
    // What Next's client router sends for a <Link> in view.
    if (prefetch) Object.assign(headers, { rsc: '1', 'next-router-prefetch': '1', 'next-router-segment-prefetch': '/_tree' });
    const path = `${under}/${encodeURIComponent(JSON.stringify(answer))}${device ? `?v=${device}` : ''}`;
    http
      .request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: body.toString('utf8') });
        });
      })
      .on('error', reject)
      .end();
  });
}

const html404: NextLike = { status: 404, type: 'text/html; charset=utf-8' };

describe('a 404 page answer', () => {
  for (const gzip of [false, true]) {
    it(`is sent as the not-found document, with Next's cookie and cache headers${gzip ? ', when the browser takes gzip' : ''}`, async () => {
      const res = await request(html404, { gzip });
      expect(res.status).toBe(404);
      expect(res.body).toBe(DOCUMENT);
      expect(res.body).toContain('抱歉，您访问的页面不存在');
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(DOCUMENT));
      expect(res.headers['set-cookie']).toEqual(['yj_device=abc; Path=/']);
      expect(res.headers['cache-control']).toContain('no-store');
      expect(res.headers.link).toBeUndefined();
    });
  }

  it('sent whole, or to HEAD, is swapped too', async () => {
    const whole = await request({ ...html404, whole: true }, { gzip: true });
    expect(whole.status).toBe(404);
    expect(whole.body).toBe(DOCUMENT);
    const head = await request(html404, { method: 'HEAD' });
    expect(head.status).toBe(404);
    expect(head.body).toBe('');
    expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(DOCUMENT));
  });
});

// With the backend down the city layout cannot render and Next sends an empty error shell.
describe('a page Next could not render (5xx HTML)', () => {
  for (const gzip of [false, true]) {
    it(`is sent as the 500 document, keeping its status${gzip ? ' (gzip)' : ''}`, async () => {
      for (const status of [500, 503]) {
        const res = await request({ status, type: 'text/html; charset=utf-8' }, { gzip });
        expect(res.status).toBe(status);
        expect(res.body).toBe(ERROR_DOCUMENT);
        expect(res.headers['content-encoding']).toBeUndefined();
      }
    });
  }
  it('but not a client navigation or a prefetch (the router draws its own error view)', async () => {
    const rsc = await request({ status: 500, type: 'text/x-component' });
    expect(rsc.body).toBe(ERROR_SHELL);
    const prefetch = await request({ status: 500, type: 'text/html; charset=utf-8' }, { prefetch: true });
    expect(prefetch.body).toBe(ERROR_SHELL);
  });
});

describe('other answers pass as Next sends them', () => {
  it('a page that is found, compressed or not', async () => {
    for (const gzip of [false, true]) {
      const res = await request({ status: 200, type: 'text/html; charset=utf-8' }, { gzip });
      expect(res.status).toBe(200);
      expect(res.body).toBe(ERROR_SHELL);
      expect(res.headers['content-encoding']).toBe(gzip ? 'gzip' : undefined);
    }
  });

  it("a client navigation's 404 (the RSC payload the router draws the not-found page from)", async () => {
    const res = await request({ status: 404, type: 'text/x-component' }, { gzip: true });
    expect(res.status).toBe(404);
    expect(res.body).toBe(ERROR_SHELL);
  });

  it('everything in development, where no documents were built', async () => {
    for (const status of [404, 500]) {
      const res = await request({ status, type: 'text/html; charset=utf-8', dev: true });
      expect(res.status).toBe(status);
      expect(res.body).toBe(ERROR_SHELL);
    }
  });
});

// A failed prefetch whose body nobody reads kept Chromium from network idle while a link in view led to a missing page.
describe('a router prefetch', () => {
  for (const gzip of [false, true]) {
    it(`that meets a 404 leaves with the status and no body, so the request ends though the router never reads it${gzip ? ' (gzip)' : ''}`, async () => {
      const res = await request({ status: 404, type: 'text/x-component' }, { gzip, prefetch: true });
      expect(res.status).toBe(404);
      expect(res.body).toBe('');
      expect(res.headers['content-length']).toBe('0');
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['set-cookie']).toEqual(['yj_device=abc; Path=/']);
      expect(res.headers['cache-control']).toContain('no-store');
    });
  }

  it('of a page that exists passes as Next sends it', async () => {
    const res = await request({ status: 200, type: 'text/x-component' }, { gzip: true, prefetch: true });
    expect(res.status).toBe(200);
    expect(res.body).toBe(ERROR_SHELL);
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('is told by its header only', () => {
    expect(isRouterPrefetch({ 'next-router-prefetch': '1' })).toBe(true);
    expect(isRouterPrefetch({ rsc: '1' })).toBe(false);
    expect(isRouterPrefetch({})).toBe(false);
  });
});

describe('the front cache and the headers', () => {
  const shared404: NextLike = { status: 404, type: 'text/html; charset=utf-8', shared: true, cookie: false };
  it('keeps a shareable answer as it left (the not-found document, compressed as asked) and writes it again without Next', async () => {
    const before = renders;
    const first = await request(shared404, { gzip: true, device: 'keep1' });
    const again = await request(shared404, { gzip: true, device: 'keep1' });
    expect(renders - before).toBe(1);
    expect(again.status).toBe(404);
    expect(again.body).toBe(DOCUMENT);
    expect(again.body).toBe(first.body);
    expect(again.headers['x-nextjs-cache']).toBe('HIT');
  });

  it('answers a first visit (no cookie) from the copy, like a returning visitor, both ways round', async () => {
    const before = renders;
    await request(shared404, { device: 'keep4' });
    const first = await request(shared404, { device: 'keep4', firstVisit: true });
    expect(first.headers['x-nextjs-cache']).toBe('HIT');
    expect(first.headers['set-cookie']).toBeUndefined();
    await request(shared404, { device: 'keep5', firstVisit: true });
    expect((await request(shared404, { device: 'keep5' })).headers['x-nextjs-cache']).toBe('HIT');
    expect(renders - before).toBe(2);
  });

  it('keeps nothing Next could not render', async () => {
    const before = renders;
    await request({ ...shared404, status: 500 }, { device: 'keep2' });
    await request({ ...shared404, status: 500 }, { device: 'keep2' });
    expect(renders - before).toBe(2);
  });

  it('makes an answer that sets a cookie private, and does not keep it', async () => {
    const before = renders;
    const res = await request({ status: 200, type: 'text/html; charset=utf-8', shared: true }, { device: 'keep3' });
    expect(res.headers['cache-control']).toMatch(/^private, no-cache, no-store/);
    await request({ status: 200, type: 'text/html; charset=utf-8', shared: true }, { device: 'keep3' });
    expect(renders - before).toBe(2);
  });

  const html: NextLike = { status: 200, type: 'text/html; charset=utf-8' };
  const spend = async (client: string) => {
    for (let i = 0; i < RENDER_BUDGET_DEFAULTS.perWindow; i++) expect((await request(html, { client })).status).toBe(200);
    expect((await request(html, { client })).status).toBe(429);
  };

  it('counts a render as it starts: requests sent all at once get no more renders than one after another', async () => {
    const client = '203.0.113.51';
    const all = await Promise.all(
      Array.from({ length: RENDER_BUDGET_DEFAULTS.perWindow * 3 }, () => request({ ...html, delay: 100 }, { client })),
    );
    expect(all.filter((r) => r.status === 200)).toHaveLength(RENDER_BUDGET_DEFAULTS.perWindow);
    expect(all.filter((r) => r.status === 429)).toHaveLength(RENDER_BUDGET_DEFAULTS.perWindow * 2);
  });

  it("counts a router prefetch of a missing page (sent without a body) in the prefetch window, and gives back Next's cache hits", async () => {
    const client = '203.0.113.52';
    const prefetch404: NextLike = { status: 404, type: 'text/x-component' };
    const prefetches = RENDER_BUDGET_DEFAULTS.perWindow * PREFETCHES_PER_PAGE;
    for (let i = 0; i < prefetches; i++) expect((await request(prefetch404, { client, prefetch: true })).status).toBe(404);
    expect((await request(prefetch404, { client, prefetch: true })).status).toBe(429);
    // Pages answered from Next's own cache cost nothing: as many as asked.
    const other = '203.0.113.53';
    for (let i = 0; i < RENDER_BUDGET_DEFAULTS.perWindow * 2; i++)
      expect((await request({ ...html, hit: true }, { client: other })).status).toBe(200);
    await spend(other);
  });

  it("counts a browser's prefetch of a whole page (Sec-Purpose) as a page, and never the built files", async () => {
    const client = '203.0.113.54';
    for (let i = 0; i < RENDER_BUDGET_DEFAULTS.perWindow; i++)
      expect((await request(html, { client, headers: { 'sec-purpose': 'prefetch' } })).status).toBe(200);
    expect((await request(html, { client })).status).toBe(429);
    const files = '203.0.113.55';
    for (let i = 0; i < RENDER_BUDGET_DEFAULTS.perWindow * 2; i++) {
      const chunk = await request(
        { status: 200, type: 'application/javascript' },
        { client: files, path: '/_next/static/chunks' },
      );
      expect(chunk.status).toBe(200);
    }
    await spend(files);
  });

  // An attacker probe (2026-11-29) rendered the default city's share, article and about pages at 57 a second from one
  // address on the bare root, www and a foreign Host, which the budget then left out.
  it('counts renders on every host kind, the bare root, www, a foreign Host and an old domain too', async () => {
    const hosts = ['localhost', 'www.localhost', 'evil.example', 'yjyz.localhost', 'desk.localhost', 'sh.localhost'];
    for (const [i, host] of hosts.entries()) {
      const client = `203.0.113.${60 + i}`;
      const all = await Promise.all(
        Array.from({ length: RENDER_BUDGET_DEFAULTS.perWindow + 5 }, () =>
          request({ ...html, delay: 50 }, { client, headers: { host } }),
        ),
      );
      expect(
        all.filter((r) => r.status === 200),
        host,
      ).toHaveLength(RENDER_BUDGET_DEFAULTS.perWindow);
      const refused = all.filter((r) => r.status === 429);
      expect(refused, host).toHaveLength(5);
      expect(refused[0]!.body, host).toContain('请求过于频繁');
      expect(refused[0]!.headers['cache-control'], host).toBe('private, no-store');
    }
  });

  // An attacker probe (2026-11-29): 14 sitemap files a second from one address, none counted (not a page's type).
  it('counts a sitemap file fetched for this ask (MISS) as a render, and gives back one served as kept (HIT)', async () => {
    const client = '203.0.113.70';
    const file: NextLike = { status: 200, type: 'application/gzip', cookie: false };
    const batch = (answer: NextLike) =>
      Promise.all(Array.from({ length: RENDER_BUDGET_DEFAULTS.perWindow }, () => request(answer, { client, path: '/sitemaps' })));
    for (const kept of [await batch({ ...file, hit: true }), await batch({ ...file, hit: true })])
      expect(kept.map((r) => r.status)).toEqual(kept.map(() => 200));
    const fetched = await batch({ ...file, miss: true });
    expect(fetched.map((r) => r.status)).toEqual(fetched.map(() => 200));
    const refused = await request({ ...file, miss: true }, { client, path: '/sitemaps' });
    expect(refused.status).toBe(429);
    expect(refused.body).toContain('请求过于频繁');
  });

  it('counts renders against the address and refuses it past its budget, with the 429 page', async () => {
    const client = '203.0.113.50';
    for (let i = 0; i < RENDER_BUDGET_DEFAULTS.perWindow; i++) {
      expect((await request({ status: 200, type: 'text/html; charset=utf-8' }, { client })).status).toBe(200);
    }
    const refused = await request({ status: 200, type: 'text/html; charset=utf-8' }, { client });
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('waits for a count kept elsewhere before rendering: renders up to the budget, then the 429, and gives back hits', async () => {
    const client = '203.0.113.70';
    const headers = { 'x-test-budget': 'later' };
    const page: NextLike = { status: 200, type: 'text/html; charset=utf-8' };
    const all = await Promise.all(
      Array.from({ length: RENDER_BUDGET_DEFAULTS.perWindow + 3 }, () => request(page, { client, headers })),
    );
    expect(all.filter((r) => r.status === 200)).toHaveLength(RENDER_BUDGET_DEFAULTS.perWindow);
    expect(all.filter((r) => r.status === 429)).toHaveLength(3);
    // Next's own cache hits are no renders: given back, so another address's hits never run out.
    const hits = '203.0.113.71';
    for (let i = 0; i < RENDER_BUDGET_DEFAULTS.perWindow + 3; i++)
      expect((await request({ ...page, hit: true }, { client: hits, headers })).status).toBe(200);
  });
});
