import type { ChildProcess } from 'node:child_process';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ApiPath } from '@contracts/paths';
import { E2E } from '../../playwright.config';
import { BackendRelay } from './relay';
import { startWebProcess } from './web-process';

/**
 * "Keep working when something fails" (docs/performance.md): a second web process of the same build, in front of a relay to
 * the test backend that the test cuts (./relay.ts: the cut backend accepts connections and never answers).
 * - A page in the page cache is still served: at once while it is fresh, and stale once its minute is over
 *   (the render Next starts in the background fails and the page is kept).
 * - A page that is not cached is the 500 page, 网络繁忙，请稍后再试, in the HTML and on screen, after one API
 *   timeout (5 s); the 500 is not kept: once the backend is back, the page is there.
 * - The web process stays up and answers what needs no backend.
 */
const PORT = E2E.webPort + 7;
const ROOT = `localhost:${PORT}`;
const relay = new BackendRelay(E2E.backendPort);
let web: ChildProcess;

test.beforeAll(async () => {
  const backendPort = await relay.start();
  web = await startWebProcess(PORT, { BACKEND_URL: `http://127.0.0.1:${backendPort}` });
});

test.afterAll(async () => {
  web?.kill();
  await relay.stop();
});

const get = (request: APIRequestContext, path: string) =>
  request.get(`http://127.0.0.1:${PORT}${path}`, { headers: { host: `bj.${ROOT}` }, maxRedirects: 0 });

test('with the backend down, cached pages are still served (fresh, then stale), others are the 500 page, and nothing breaks for good', async ({
  page,
  request,
}) => {
  test.setTimeout(360_000);
  const cached = await get(request, '/ershoufang/');
  expect(cached.status()).toBe(200);
  const cachedHtml = await cached.text();
  const firstListing = /href="(\/ershoufang\/xiangqing\/\d+)"/.exec(cachedHtml)?.[1];
  expect(firstListing, 'the list shows listings').toBeTruthy();

  relay.cut();

  // In its minute: served from the cache as it was.
  const fresh = await get(request, '/ershoufang/');
  expect(fresh.status()).toBe(200);
  expect(await fresh.text()).toContain(firstListing!);

  // Not cached: the 500 page after one API timeout.
  const started = Date.now();
  const res = await page.goto(`http://bj.${ROOT}/loupan/`);
  expect(res?.status()).toBe(500);
  await expect(page.getByRole('heading', { name: '网络繁忙，请稍后再试' })).toBeVisible();
  // 重试 reloads the page (the document is static: no Next runtime to reset).
  await expect(page.getByRole('link', { name: '重试' })).toHaveAttribute('href', '');
  console.log(`backend down: the 500 page after ${Date.now() - started} ms`);
  const html = await get(request, '/zufang/');
  expect(html.status()).toBe(500);
  expect(await html.text()).toContain('网络繁忙，请稍后再试');

  // Past its minute: served stale, and still served after the render Next tried in the background failed.
  let callsBefore = 0;
  await expect(async () => {
    callsBefore = relay.heldCalls.length;
    const stale = await get(request, '/ershoufang/');
    expect(stale.status()).toBe(200);
    expect(await stale.text()).toContain(firstListing!);
    expect(stale.headers()['x-nextjs-cache']).toBe('STALE');
  }).toPass({ timeout: 90_000, intervals: [5_000] });
  // The render Next started in the background asked the cut backend for the list and gave up (its 5 s timeout).
  await expect
    .poll(() => relay.heldCalls.slice(callsBefore).some((c) => c.givenUp && c.request.includes(ApiPath.esfList)), {
      timeout: 30_000,
      intervals: [500],
    })
    .toBe(true);
  const kept = await get(request, '/ershoufang/');
  expect(kept.status()).toBe(200);
  expect(await kept.text()).toContain(firstListing!);

  // Still up: what needs no backend is served.
  expect((await request.get(`http://127.0.0.1:${PORT}/robots.txt`)).status()).toBe(200);

  // The backend is back: the page that was the 500 page is a page (the failure was not cached).
  relay.restore();
  await expect(async () => {
    expect((await get(request, '/loupan/')).status()).toBe(200);
  }).toPass({ timeout: 90_000 });
});
