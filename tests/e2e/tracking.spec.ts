import type { ChildProcess } from 'node:child_process';
import { expect, test, type Page, type Request } from '@playwright/test';
import { ApiPath } from '@contracts/paths';
import type { StatsReport, TrackingEvent } from '@contracts/tracking';
import { DEV_OPS_TOKEN } from '../../scripts/processes';
import { E2E } from '../../playwright.config';
import { BACKEND, cityUrl, serverHtml } from './support';
import { startWebProcess } from './web-process';

/**
 * spec §7 tracking, as a visitor's browser sends it: page views, searches, suggestion choices and the three contacts,
 * each carrying the promotion codes of the landing URL (spec §9, set in the browser); and what the backend made of
 * them, read back through the operator's report.
 */

/**
 * Every tracking event the page sends, as it sends them. Chromium does not show a beacon's Blob body to Playwright, so
 * the page's sendBeacon is wrapped to hand the JSON over as it goes (the beacon still goes out); a keepalive fetch
 * (the fallback) is read from the request.
 */
async function recordEvents(page: Page): Promise<TrackingEvent[]> {
  const events: TrackingEvent[] = [];
  const take = (body: unknown) => events.push(...((Array.isArray(body) ? body : [body]) as TrackingEvent[]));
  await page.exposeFunction('__trackingSent', (json: string) => take(JSON.parse(json)));
  await page.addInitScript(() => {
    const texts = new WeakMap<Blob, string>();
    const NativeBlob = window.Blob;
    window.Blob = class extends NativeBlob {
      constructor(parts?: BlobPart[], options?: BlobPropertyBag) {
        super(parts, options);
        if (parts?.every((p) => typeof p === 'string')) texts.set(this, parts.join(''));
      }
    };
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url: string | URL, data?: BodyInit | null) => {
      const text = data instanceof Blob ? texts.get(data) : undefined;
      if (text !== undefined && String(url).includes('/common.stats.api/'))
        void (window as unknown as { __trackingSent(json: string): Promise<void> }).__trackingSent(text);
      return send(url, data);
    };
  });
  page.on('request', (req: Request) => {
    const path = new URL(req.url()).pathname;
    if (req.method() !== 'POST' || (path !== ApiPath.trackingView && path !== ApiPath.trackingContact)) return;
    if (req.resourceType() === 'fetch' && req.postData()) take(req.postDataJSON());
  });
  return events;
}

const PROMO = { promotion: 'e2e-wx', promoCode: `p${Date.now().toString(36)}` };

test('page views, searches, a suggestion and each contact go out with the promotion codes and are counted', async ({
  page,
  request,
}) => {
  const events = await recordEvents(page);
  const landing = await page.goto(cityUrl('bj', `/?_f=${PROMO.promotion}&_pc=${PROMO.promoCode}`));
  // Public pages stay one cached render for everyone: the cookies are the browser's own doing.
  expect(landing!.headers()['set-cookie']).toBeUndefined();
  await expect
    .poll(() => events.find((e) => e.eventType === 'page_view' && e.pagePath === '/'))
    .toMatchObject({
      ...PROMO,
      deviceChannel: 4,
    });
  const cookies = await page.context().cookies();
  const pc = cookies.find((c) => c.name === '_pc')!;
  expect(pc.value).toBe(PROMO.promoCode);
  // Asked until 2100 (spec §9); Chromium keeps a cookie 400 days at most (RFC 6265bis), so that is what it keeps.
  expect(pc.expires * 1000).toBeGreaterThan(Date.now() + 399 * 86_400_000);
  expect(cookies.find((c) => c.name === '_f')?.value).toBe(PROMO.promotion);

  // A suggestion chosen: its place's id, the channel's business type (spec §9: 二手房 1) and label.
  await page.getByRole('combobox', { name: /请输入/ }).fill('望京');
  const option = page.getByRole('listbox').getByRole('option').filter({ hasText: '望京' }).first();
  await option.click();
  await expect(page).toHaveURL(/\/ershoufang\//);
  await expect
    .poll(() => events.find((e) => e.eventType === 'event_search'))
    .toMatchObject({ buttonTitle: expect.stringContaining('望京'), businessType: 1, type: 'sale', ...PROMO });
  expect(events.find((e) => e.eventType === 'event_search')?.businessId).toBeGreaterThan(0);
  // A keyword searched as typed, from the list page's box; the list page's view came with the client navigation.
  await page.getByRole('combobox', { name: /请输入/ }).fill('西园');
  await page.getByRole('combobox', { name: /请输入/ }).press('Enter');
  await expect.poll(() => events.filter((e) => e.eventType === 'event_search').map((e) => e.buttonTitle)).toContain('西园');
  expect(events.some((e) => e.eventType === 'page_view' && e.pagePath.startsWith('/ershoufang/'))).toBe(true);

  // A detail page whose agent can be reached: its view names the listing; then 拨打电话, 在线咨询 and 预约看房.
  const list = await (await serverHtml(request, 'bj', '/ershoufang/')).text();
  const ids = [...new Set([...list.matchAll(/href="\/ershoufang\/xiangqing\/(\d+)"/g)].map((m) => Number(m[1])))];
  expect(ids.length).toBeGreaterThan(0);
  let id = 0;
  for (const candidate of ids) {
    await page.goto(cityUrl('bj', `/ershoufang/xiangqing/${candidate}`));
    if ((await page.getByRole('button', { name: '拨打电话' }).count()) > 0) {
      id = candidate;
      break;
    }
  }
  expect(id).toBeGreaterThan(0);
  await expect
    .poll(() => events.find((e) => e.eventType === 'page_view' && e.businessId === id))
    .toMatchObject({ businessType: 1, pagePath: `/ershoufang/xiangqing/${id}`, ...PROMO });
  const contacts = () => events.filter((e) => e.eventType === 'event_opportunity');
  await page.getByRole('button', { name: '拨打电话' }).click();
  await expect.poll(() => contacts().map((e) => e.buttonTitle)).toEqual(['拨打电话']);
  expect(contacts()[0]).toMatchObject({ businessType: 1, businessId: id, ...PROMO });
  expect(contacts()[0]!.agentId).toBeGreaterThan(0);
  // A visitor's 在线咨询 and 预约看房 lead to the login: the contact is sent all the same.
  await page.locator('.consult-button').first().click();
  await expect(page).toHaveURL(/\/login/);
  await page.goBack();
  await page.getByRole('button', { name: '预约看房' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => contacts().map((e) => e.buttonTitle)).toEqual(['拨打电话', '在线咨询', '预约看房']);
  for (const c of contacts()) expect(c).toMatchObject({ businessType: 1, businessId: id, ...PROMO });

  // The backend's side: rolled up now. The report counts visitors a day, not events (contracts/tracking.ts
  // STATS_COUNTING): this browser is one device, so its page views, its two searches and its three contacts are one
  // viewing, one searching and one contacting visitor of its promotion and of the listing.
  const ops = (path: string, data: unknown) =>
    request.post(`${BACKEND}${path}`, { data, headers: { authorization: `Bearer ${DEV_OPS_TOKEN}` } });
  await expect(async () => {
    expect((await ops(ApiPath.opsStatsMaintain, {})).status()).toBe(200);
    const day = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const report = (
      (await (await ops(ApiPath.opsStats, { from: day, to: day, cityDomain: 'bj', top: 100 })).json()) as { data: StatsReport }
    ).data;
    const mine = report.byPromotion.find((p) => p.key === `${PROMO.promotion}/${PROMO.promoCode}`);
    expect(mine).toMatchObject({ views: 1, searches: 1, contacts: 1 });
    expect(report.topListings.find((l) => l.key === `1:${id}`)?.contacts).toBeGreaterThanOrEqual(1);
  }).toPass({ timeout: 90_000 });
});

test.describe('the statistics provider’s script (STATS_SCRIPT_URL)', () => {
  const PORT = E2E.webPort + 5;
  let web: ChildProcess | undefined;
  test.beforeAll(async () => {
    web = await startWebProcess(PORT, {
      BACKEND_URL: `http://127.0.0.1:${E2E.backendPort}`,
      STATS_SCRIPT_URL: `http://stats.localhost:${PORT}/hm.js?e2e`,
    });
  });
  test.afterAll(() => {
    web?.kill();
  });

  test('is loaded once per page shown: the first and each client navigation', async ({ page }) => {
    // The provider plays along: its script counts the times it ran.
    await page.route(/^http:\/\/stats\.localhost:\d+\/hm\.js/, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: 'window.__pageViews = (window.__pageViews || 0) + 1;' }),
    );
    await page.goto(`http://bj.localhost:${PORT}/`);
    await expect.poll(() => page.evaluate(() => (window as { __pageViews?: number }).__pageViews)).toBe(1);
    await page.getByRole('banner').getByRole('link', { name: '二手房', exact: true }).click();
    await expect(page).toHaveURL(/\/ershoufang\/$/);
    await expect.poll(() => page.evaluate(() => (window as { __pageViews?: number }).__pageViews)).toBe(2);
    await page.locator('.listing__title').first().click();
    await expect(page).toHaveURL(/\/xiangqing\/\d+$/);
    await expect.poll(() => page.evaluate(() => (window as { __pageViews?: number }).__pageViews)).toBe(3);
    // Re-injected, never piled up.
    expect(await page.locator('script[src*="hm.js"]').count()).toBe(1);
  });
});
