import type { ChildProcess } from 'node:child_process';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { serverHtml } from './support';
import { startWebProcess } from './web-process';

/** spec §1: phones go to the mobile site's equivalent page when MOBILE_SITE_ROOT is set; 电脑版 is remembered. */

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const PORT = E2E.webPort + 6;
const MOBILE_ROOT = `m.localhost:${PORT}`;

let web: ChildProcess | undefined;
test.beforeAll(async () => {
  web = await startWebProcess(PORT, { BACKEND_URL: `http://127.0.0.1:${E2E.backendPort}`, MOBILE_SITE_ROOT: MOBILE_ROOT });
});
test.afterAll(() => {
  web?.kill();
});

const get = (request: APIRequestContext, path: string, headers: Record<string, string> = {}) =>
  request.get(`http://127.0.0.1:${PORT}${path}`, {
    headers: { host: `bj.localhost:${PORT}`, 'user-agent': IPHONE, ...headers },
    maxRedirects: 0,
  });

test('a phone is sent to the mobile page with the setting, stays without it, and 电脑版 is remembered', async ({ request }) => {
  // Without the setting (the suite's own web process): a phone gets our page.
  expect((await serverHtml(request, 'bj', '/')).status()).toBe(200);
  expect(
    (
      await request.get(`http://127.0.0.1:${E2E.webPort}/ershoufang/`, {
        headers: { host: `bj.${E2E.root}`, 'user-agent': IPHONE },
        maxRedirects: 0,
      })
    ).status(),
  ).toBe(200);

  // With it: the mapped pages redirect, the query kept; a page without an equivalent stays.
  const home = await get(request, '/');
  expect(home.status()).toBe(302);
  expect(home.headers().location).toBe(`http://${MOBILE_ROOT}/bj/`);
  const list = await get(request, '/ershoufang/?page=2');
  expect(list.headers().location).toBe(`http://${MOBILE_ROOT}/bj/ershoufang/?page=2`);
  expect((await get(request, '/login')).status()).toBe(200);
  // A desktop browser is never sent.
  expect((await get(request, '/', { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36' })).status()).toBe(
    200,
  );

  // 电脑版: ?pc=1 keeps the choice in a cookie and comes back without the parameter; then the phone stays.
  const pc = await get(request, '/ershoufang/?pc=1');
  expect(pc.status()).toBe(302);
  expect(pc.headers().location).toBe(`http://bj.localhost:${PORT}/ershoufang/`);
  expect(pc.headers()['set-cookie']).toMatch(/^yj_pc=1; Max-Age=31536000; Path=\/; SameSite=Lax/);
  expect((await get(request, '/ershoufang/', { cookie: 'yj_pc=1' })).status()).toBe(200);
});
