import { expect, test, type Page, type Request } from '@playwright/test';
import { ApiPath } from '@contracts/paths';
import type { TrackingEvent } from '@contracts/tracking';
import { messages } from '@/lib/messages';
import { cityUrl, logInByApi } from './support';

/**
 * The spec's platform behaviours a visitor notices (spec §2 layouts, Home, Footer; §7): the home kept alive, its
 * banner tabs, the footer's disclaimers per tab, the header-only and none layouts, copy.md's titles on the 404 and
 * personal pages, the location and user-info calls failing without a trace, and a reader's id on their events.
 * Few page loads: each test walks one page through several checks.
 */

const keywordBox = (page: Page) => page.getByRole('combobox', { name: /请输入/ });

test('the home is kept alive: back from a list finds its scroll, its search box as left, and asks nothing again', async ({
  page,
}) => {
  await page.goto(cityUrl('bj', '/'));
  // Typed once the box has hydrated (a value typed before would be the browser's alone).
  await expect(async () => {
    await keywordBox(page).fill('朝阳');
    await keywordBox(page).focus();
    await expect(page.locator('.search-box__dropdown')).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await keywordBox(page).press('Escape');
  await page.getByRole('combobox', { name: '搜索类别' }).selectOption({ label: '租房' });
  // Scrolled down to a block further down the home, whose 查看更多 leads to its list: clicked where it is.
  const more = page.locator('.section__head').getByRole('link', { name: /查看更多/ });
  expect(await more.count()).toBeGreaterThan(2);
  const target = more.nth(2);
  await target.scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 200);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(800);
  await expect(target).toBeInViewport();
  const scrolled = await page.evaluate(() => window.scrollY);
  const listPath = new URL((await target.getAttribute('href'))!, cityUrl('bj', '/')).pathname;

  // To that list by its link, then back.
  await target.click();
  await expect(page).toHaveURL(cityUrl('bj', listPath));
  await expect(page.locator('h1').first()).toBeVisible();
  const asked: string[] = [];
  const onRequest = (req: Request) => {
    const url = new URL(req.url());
    if (url.pathname === '/' || url.pathname.startsWith('/yjyz.web.api/v1/index')) asked.push(`${req.method()} ${req.url()}`);
  };
  page.on('request', onRequest);
  await page.goBack();
  await expect(page).toHaveURL(cityUrl('bj', '/'));
  await expect(keywordBox(page)).toHaveValue('朝阳');
  await expect(page.getByRole('combobox', { name: '搜索类别' })).toHaveValue('rent');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 40);
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(scrolled + 40);
  // Neither the page (HTML or its RSC payload) nor the home's data was asked for again.
  await page.waitForTimeout(1000);
  expect(asked).toEqual([]);
  page.off('request', onRequest);

  // spec §2 Home: a banner tab goes to its list page, with the keyword in the box searched there.
  await page.locator('.search-box__tabs').getByRole('link', { name: '新房', exact: true }).click();
  await expect(page).toHaveURL(cityUrl('bj', `/loupan/key${encodeURIComponent('朝阳')}/`));
  await page.goBack();
  await keywordBox(page).fill('');
  await page.locator('.search-box__tabs').getByRole('link', { name: '小区', exact: true }).click();
  await expect(page).toHaveURL(cityUrl('bj', '/xiaoqu/'));
  await expect(page.locator('h1.result-count')).toHaveText(/北京小区/);
});

test('the location and user-info calls failing show nothing and break nothing (spec §7); each footer tab has its disclaimer', async ({
  page,
}) => {
  const failed: string[] = [];
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const fail = (what: string, status: number) => async (route: import('@playwright/test').Route) => {
    failed.push(what);
    await route.fulfill({
      status,
      contentType: 'application/json',
      body: JSON.stringify({ code: status, succeed: false, msg: '服务异常', data: null }),
    });
  };
  await page.route((url) => url.pathname === ApiPath.location, fail('location', 500));
  await page.route((url) => url.pathname === ApiPath.menuIcon, fail('menu', 500));
  await page.route((url) => url.pathname === ApiPath.userInfo, fail('userInfo', 500));
  // The browser asks who is looking through the web's own /auth/me, which calls userInfo on the server.
  await page.route((url) => url.pathname === '/auth/me', fail('auth/me', 502));
  await page.goto(cityUrl('bj', '/ershoufang/'));
  await expect.poll(() => failed).toEqual(expect.arrayContaining(['location', 'auth/me']));
  // The page as ever: its list, the header with 登录 for a visitor, no error page, no toast, no city prompt.
  await expect(page.locator('h1.result-count')).toHaveText(/共找到 \d+ 套北京二手房/);
  await expect(page.getByRole('banner').getByRole('link', { name: '登录' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: '二手房', exact: true })).toBeVisible();
  await expect(page.getByText(messages.serverBusy)).toHaveCount(0);
  await expect(page.locator('.toast')).toBeHidden();
  await expect(page.getByText(/当前定位城市为/)).toHaveCount(0);
  expect(errors).toEqual([]);

  // spec §2 Footer: each tab shows its own disclaimer with its links (the 友情链接 tab is the home's).
  const footer = page.locator('footer');
  const seen = new Set<string>();
  const tabs = messages.footerTabs;
  for (const key of ['hotCity', 'hotEsfCity', 'hotNewCity', 'hotRentCity'] as const) {
    await footer.getByRole('tab', { name: tabs[key] }).click();
    const panel = footer.getByRole('tabpanel', { name: tabs[key] });
    await expect(panel.locator('.site-footer__disclaimer')).toHaveText(messages.footerDisclaimers[key]);
    await expect(footer.locator('.site-footer__disclaimer:visible')).toHaveCount(1);
    seen.add(messages.footerDisclaimers[key]);
  }
  expect(seen.size).toBe(4);
});

test('the header-only and none layouts; copy.md titles on the 404 and personal pages; a reader’s id on their events', async ({
  page,
}) => {
  // none (the 303 notice): the page alone.
  await page.goto(cityUrl('bj', '/brand-upgrade'));
  await expect(page.getByText(messages.brandUpgrade)).toBeVisible();
  await expect(page.locator('header')).toHaveCount(0);
  await expect(page.locator('footer')).toHaveCount(0);
  // The 404 page of a city carries the city's title.
  const missing = await page.goto(cityUrl('bj', '/no-such-page-here'));
  expect(missing!.status()).toBe(404);
  await expect(page.getByText(messages.notFound)).toBeVisible();
  await expect(page).toHaveTitle('北京找房 - 优居');

  const events: TrackingEvent[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === ApiPath.trackingView && req.postData())
      events.push(...(req.postDataJSON() as TrackingEvent[]));
  });
  // Beacons hide their bodies from Playwright: the fallback fetch shows them.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'sendBeacon', { value: undefined });
  });
  // header-only (登录): the header, no footer, back-to-top or chat.
  await page.goto(cityUrl('bj', '/login'));
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.locator('footer')).toHaveCount(0);
  await expect(page.locator('.back-to-top')).toHaveCount(0);
  // A reader: logged in by the API (the login form is login.spec.ts').
  await logInByApi(page.context());
  await page.goto(cityUrl('bj', '/personal/record/ershoufang'));
  const me = (await page.evaluate(() => fetch('/auth/me').then((r) => r.json()))) as { user: { userId: number } };
  await expect(page).toHaveTitle(`${messages.personalMenu.record} - 北京找房 - 优居`);
  await expect
    .poll(() => events.find((e) => e.eventType === 'page_view' && e.pagePath === '/personal/record/ershoufang')?.userId)
    .toBe(me.user.userId);
  await page.getByRole('link', { name: messages.account.menu.info }).click();
  await expect(page).toHaveTitle(`${messages.account.infoTitle} - 北京找房 - 优居`);
});
