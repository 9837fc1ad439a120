import type { ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { CHANNEL_LIST } from '@contracts/channels';
import { ApiPath } from '@contracts/paths';
import { verifyCodeOf } from '@contracts/verify-code';
import { DEV_OPS_TOKEN } from '../../scripts/processes';
import { BACKEND, cityUrl, logInByApi, maskMobile, serverHtml, uniqueMobile } from './support';
import { startWebProcess } from './web-process';

/**
 * The page cache (docs/performance.md), as visitors and operators meet it: one render of a public page for everyone, with no
 * trace of whoever caused it; shared by several web processes through Redis.
 */

/** A returning visitor: the device cookie its first call to the backend was given (pages are the same without it). */
const RETURNING = { cookie: 'yj_device=e2e0000000000000000000000000000' };

/** Logged in on bj by the API (the login page is login.spec.ts'), on bj's home with the user's name in its header. */
async function logInOnBj(page: Page, by: Parameters<typeof logInByApi>[1]): Promise<string> {
  const mobile = await logInByApi(page.context(), by);
  await page.goto(cityUrl('bj', '/'));
  // The demo account has a name of its own; a new user is shown by the mobile, masked.
  if (by === 'demo') await expect(page.locator('.user-box__name')).toBeVisible();
  else await expect(page.locator('.user-box__name')).toHaveText(maskMobile(mobile));
  return mobile;
}

test('a cached page is the same for everyone and shows no visitor who saw it before', async ({ browser, request }) => {
  const path = '/zufang/rt2/';
  const alice = await (await browser.newContext()).newPage();
  await logInOnBj(alice, 'demo');
  const aliceName = (await alice.locator('.user-box__name').textContent())!;
  const aliceToken = (await alice.context().cookies()).find((c) => c.name === 'yj_token')!.value;
  const bobMobile = uniqueMobile();
  const bob = await (await browser.newContext()).newPage();
  await logInOnBj(bob, { mobile: bobMobile });

  // Alice sees the page while she is logged in, until she gets the render as the cache keeps it (HIT): another test
  // may have left an older render, which is served once, out of date, while the page is rendered again.
  let seenByAlice: Awaited<ReturnType<typeof alice.goto>> = null;
  await expect
    .poll(async () => {
      seenByAlice = await alice.goto(cityUrl('bj', path));
      return seenByAlice!.headers()['x-nextjs-cache'];
    })
    .toBe('HIT');
  await expect(alice.locator('.user-box__name')).toHaveText(aliceName);
  const aliceHtml = await seenByAlice!.text();

  // Bob gets that very render from the cache, with his own name drawn in by the browser.
  const seenByBob = await bob.goto(cityUrl('bj', path));
  expect(seenByBob!.headers()['x-nextjs-cache']).toBe('HIT');
  const bobHtml = await seenByBob!.text();
  expect(bobHtml).toBe(aliceHtml);
  await expect(bob.locator('.user-box__name')).toHaveText(maskMobile(bobMobile));
  await expect(bob.getByText(aliceName)).toHaveCount(0);

  // Nobody's name, number or session is in the shared render, for a logged-in visitor or an anonymous one.
  const anonymous = await serverHtml(request, 'bj', path);
  const anonymousHtml = await anonymous.text();
  for (const html of [aliceHtml, bobHtml, anonymousHtml]) {
    for (const secret of [aliceName, '13800138000', aliceToken, bobMobile, maskMobile(bobMobile)])
      expect(html).not.toContain(secret);
    expect(html).toContain('登录');
  }
  // What is the visitor's own is asked for apart and never kept for others.
  const me = await bob.evaluate(async () => {
    const res = await fetch('/auth/me');
    return { cacheControl: res.headers.get('cache-control'), body: (await res.json()) as unknown };
  });
  expect(me.cacheControl).toContain('no-store');
  expect(me.body).toEqual({ user: { name: maskMobile(bobMobile), userId: expect.any(Number) } });
});

/** An operator changes a second-hand listing's total price (万元) through the API (docs/operations.md). */
async function changePrice(request: APIRequestContext, id: number, price: number): Promise<void> {
  const res = await request.post(`${BACKEND}${ApiPath.opsListing}/esf/${id}`, {
    headers: { authorization: `Bearer ${DEV_OPS_TOKEN}` },
    data: { price },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** A page as a returning visitor gets it from one web process (the front cache answers such visits). */
function pageOn(request: APIRequestContext, port: number, host: string, path: string) {
  return request.get(`http://127.0.0.1:${port}${path}`, { headers: { host, ...RETURNING }, maxRedirects: 0 });
}

/** The first listing of the second-hand list, and that list's page and the listing's page, both cached. */
async function cachedListing(request: APIRequestContext, port: number, host: string): Promise<{ id: number; pages: string[] }> {
  const list = await pageOn(request, port, host, '/ershoufang/');
  const id = Number(/href="\/ershoufang\/xiangqing\/(\d+)"/.exec(await list.text())?.[1]);
  expect(id).toBeGreaterThan(0);
  const pages = ['/ershoufang/', `/ershoufang/xiangqing/${id}`];
  // A page another test cached over 50 s ago is first served STALE while it is rendered again: ask until the
  // cache holds a current copy.
  for (const path of pages) {
    await expect(async () => {
      expect((await pageOn(request, port, host, path)).headers()['x-nextjs-cache'], path).toBe('HIT');
    }).toPass({ timeout: 90_000, intervals: [200] });
  }
  return { id, pages };
}

/** Waits until every page shows `text` on every web process; returns how long that took. */
async function shownEverywhere(
  request: APIRequestContext,
  ports: number[],
  hostOf: (port: number) => string,
  pages: string[],
  text: string,
): Promise<number> {
  const started = Date.now();
  await expect(async () => {
    for (const port of ports)
      for (const path of pages)
        expect(await (await pageOn(request, port, hostOf(port), path)).text(), `${port}${path}`).toContain(text);
  }).toPass({ timeout: 90_000, intervals: [100] });
  return Date.now() - started;
}

test('a price changed through the API is on the cached list and detail pages at once', async ({ request }) => {
  const host = `bj.${E2E.root}`;
  const { id, pages } = await cachedListing(request, E2E.webPort, host);
  const price = 876.5;
  for (const path of pages) expect(await (await pageOn(request, E2E.webPort, host, path)).text()).not.toContain(`>${price}<`);
  await changePrice(request, id, price);
  const took = await shownEverywhere(request, [E2E.webPort], () => host, pages, `>${price}<`);
  console.log(`a change through the API on the cached pages after ${took} ms`);
});

test('a first visit (no cookie: a new visitor, a crawler) gets the page every visitor gets, from the cache once rendered', async ({
  browser,
}) => {
  const host = `bj.${E2E.root}`;
  // A request context of its own: no cookie from any other call of this file.
  const crawler = await playwrightRequest.newContext();
  for (const path of ['/xiaoqu/', '/zufang/', '/']) {
    const visit = () => crawler.get(`http://127.0.0.1:${E2E.webPort}${path}`, { headers: { host }, maxRedirects: 0 });
    // Every answer, rendered or kept, is one a shared cache (nginx, a CDN) may hold and hand to anyone.
    const shareable = async () => {
      const res = await visit();
      expect(res.status(), path).toBe(200);
      expect(res.headers()['set-cookie'], path).toBeUndefined();
      expect(res.headers()['cache-control'], path).toMatch(/^s-maxage=\d+, stale-while-revalidate=\d+$/);
      return res;
    };
    await shareable();
    // Rendered once, the next first visit is served from the page cache (a copy over 50 s old is first served
    // STALE while it is rendered again: ask until the current one is kept).
    await expect(async () => expect((await shareable()).headers()['x-nextjs-cache'], path).toBe('HIT')).toPass({
      timeout: 10_000,
      intervals: [200],
    });
  }
  await crawler.dispose();

  // A person's browser makes its device code (spec §7) as the page starts, never given with the page; the page's
  // calls all go with that one code (the view beacon's and the rest, which start together).
  const context = await browser.newContext();
  const page = await context.newPage();
  const deviceOf = async () => (await context.cookies()).find((c) => c.name === 'yj_device');
  const list = await page.goto(cityUrl('bj', '/ershoufang/'));
  expect(list!.headers()['set-cookie']).toBeUndefined();
  await expect.poll(async () => (await deviceOf())?.value).toMatch(/^[0-9a-f]{32}$/);
  const device = (await deviceOf())!;
  expect(device.httpOnly).toBe(false);
  const viewed = page.waitForResponse((res) => res.url().endsWith(ApiPath.listingView));
  await page.locator('a[href^="/ershoufang/xiangqing/"]').first().click();
  const beacon = await viewed;
  expect(beacon.status()).toBe(200);
  expect(beacon.headers()['set-cookie']).toBeUndefined();
  expect(await beacon.request().headerValue('cookie')).toContain(`yj_device=${device.value}`);
  // Kept across a reload: nothing gives it another.
  await page.reload();
  expect((await deviceOf())?.value).toBe(device.value);
  await context.close();
});

test.describe('two web processes sharing the cache in Redis', () => {
  const ports = [E2E.webPort + 8, E2E.webPort + 9];
  const REDIS_URL = 'redis://127.0.0.1:6379/3';
  const webs: ChildProcess[] = [];

  test.beforeAll(async () => {
    // This run's backend was seeded afresh: pages kept by an earlier run are not its pages.
    const redis = new Redis(REDIS_URL);
    await redis.flushdb();
    redis.disconnect();
    for (const port of ports)
      webs.push(await startWebProcess(port, { BACKEND_URL: `http://127.0.0.1:${E2E.backendPort}`, REDIS_URL }));
  });
  test.afterAll(() => {
    for (const web of webs) web.kill();
  });

  const get = (request: APIRequestContext, port: number, path: string) =>
    request.get(`http://127.0.0.1:${port}${path}`, { headers: { host: `bj.localhost:${port}` }, maxRedirects: 0 });

  test('a page one process rendered is served by the other from Redis', async ({ request }) => {
    for (const path of ['/', '/loupan/', '/xiaoqu/', '/sp/rent/']) {
      const first = await get(request, ports[0]!, path);
      expect(first.status()).toBe(200);
      expect(first.headers()['x-nextjs-cache']).toBe('MISS');
      const second = await get(request, ports[1]!, path);
      expect(second.headers()['x-nextjs-cache'], path).toBe('HIT');
      // The same render: pages name their own host only through the configured root, which differs by port here.
      expect((await second.text()).replaceAll(`localhost:${ports[1]}`, `localhost:${ports[0]}`)).toBe(await first.text());
    }
  });

  // docs/security.md "Made-up addresses and the page cache": what anyone can make up is not kept for a day in Redis.
  test('a made-up place id is the 404 page, kept 10 minutes; a keyword page is kept in the process, not in Redis', async ({
    request,
  }) => {
    const redis = new Redis(REDIS_URL);
    try {
      const made: string[] = [];
      for (const channel of CHANNEL_LIST) {
        for (const form of ['e', 'dc', 'ta', 'sl', 'ss']) {
          const path = `${channel.listPath}${form}2147483647/`;
          const res = await get(request, ports[0]!, path);
          expect(res.status(), path).toBe(404);
          expect(await res.text(), path).toContain('抱歉，您访问的页面不存在');
          made.push(path);
        }
      }
      const kept = await redis.keys('youju:page:*2147483647*');
      expect(kept.length, 'the 404 pages are kept (shared, briefly)').toBeGreaterThan(0);
      for (const key of kept) {
        const ttl = await redis.ttl(key);
        expect(ttl, key).toBeGreaterThan(0);
        expect(ttl, key).toBeLessThanOrEqual(10 * 60);
      }

      const keyword = `/zufang/keyzz${Date.now()}/`;
      const first = await get(request, ports[0]!, keyword);
      expect(first.status()).toBe(200);
      // Rendered once, then served from this process's own memory.
      await expect(async () => expect((await get(request, ports[0]!, keyword)).headers()['x-nextjs-cache']).toBe('HIT')).toPass({
        timeout: 5000,
      });
      expect(await redis.keys('youju:page:*keyzz*')).toEqual([]);
      // An id past int4 is no place token: the list's one address is a redirect away, and redirects stay in the process.
      const tooLong = await get(request, ports[0]!, '/zufang/dc9999999999/');
      expect(tooLong.status()).toBe(308);
      expect(tooLong.headers().location).toMatch(/^\/zufang\/(, \/zufang\/)?$/);
      expect(await redis.keys('youju:page:*dc9999999999*')).toEqual([]);
      // The page cache's own bookkeeping is there, and counts what it keeps.
      expect(Number(await redis.get('youju:page:~bytes'))).toBeGreaterThan(0);
    } finally {
      redis.disconnect();
    }
  });

  // An attacker probe (2026-11-29): a made-up 房源核验 code was a 200 kept a day in Redis, and share pages rendered on
  // www, the bare root or a foreign Host pushed the pages everyone reads out of it.
  test('a made-up 房源核验 code is the 404 page, and a shared item’s page is kept in the process: neither is in Redis', async ({
    request,
  }) => {
    const redis = new Redis(REDIS_URL);
    try {
      const code = verifyCodeOf('esf', 2_147_000_000 + (Date.now() % 400_000));
      for (const path of [`/validate?code=${code}`, `/validate/${code}`]) {
        const res = await get(request, ports[0]!, path);
        expect(res.status(), path).toBe(404);
        expect(await res.text(), path).toContain('抱歉，您访问的页面不存在');
      }
      const list = await get(request, ports[0]!, '/ershoufang/');
      const id = Number(/href="\/ershoufang\/xiangqing\/(\d+)"/.exec(await list.text())?.[1]);
      expect(id).toBeGreaterThan(0);
      const real = verifyCodeOf('esf', id);
      expect((await get(request, ports[0]!, `/validate?code=${real}`)).status()).toBe(200);
      for (const host of [`www.localhost:${ports[0]}`, `localhost:${ports[0]}`, 'evil.example', `bj.localhost:${ports[0]}`]) {
        const res = await request.get(`http://127.0.0.1:${ports[0]}/share?type=esf&id=${id}`, {
          headers: { host },
          maxRedirects: 0,
        });
        expect(res.status(), host).toBe(200);
      }
      // Kept all the same: the other process, which shares Redis, renders them itself.
      const other = await get(request, ports[1]!, `/share?type=esf&id=${id}`);
      expect(other.status()).toBe(200);
      expect(other.headers()['x-nextjs-cache']).not.toBe('HIT');
      // What is shared is still written there (the city's own share page), and none of the above is.
      expect((await get(request, ports[0]!, '/share')).status()).toBe(200);
      await expect.poll(async () => (await redis.keys('youju:page:*/bj/share')).length).toBeGreaterThan(0);
      expect(await redis.keys('youju:page:*/validate/*')).toEqual([]);
      expect(await redis.keys('youju:page:*/share/*')).toEqual([]);
    } finally {
      redis.disconnect();
    }
  });

  test('a change through the API reaches the pages of both processes', async ({ request }) => {
    const hostOf = (port: number) => `bj.localhost:${port}`;
    const { id, pages } = await cachedListing(request, ports[0]!, hostOf(ports[0]!));
    for (const path of pages)
      expect((await pageOn(request, ports[1]!, hostOf(ports[1]!), path)).headers()['x-nextjs-cache']).toBe('HIT');
    const price = 765.4;
    await changePrice(request, id, price);
    const took = await shownEverywhere(request, ports, hostOf, pages, `>${price}<`);
    console.log(`a change through the API on both processes' pages after ${took} ms`);
  });
});
