import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ApiPath } from '@contracts/paths';
import { BACKEND, cityUrl, logInByApi, logInBySms, serverHtml } from './support';

/**
 * 关注 and 浏览 on the 二手房 and 租房 detail pages: a visitor's 关注 goes to login and back, and the
 * follow happens; the count shows; unfollowing; the cached page is the same HTML with and without a session (the
 * state is the browser's to ask); opening a detail page raises its view count once per device.
 */

/** Mobiles of this file only (13918000000–13918004999), so the per-mobile SMS limits of other files never meet. */
let mobileSeq = Date.now() % 5000;
const followMobile = () => `1391800${String(mobileSeq++ % 5000).padStart(4, '0')}`;

/** The `n`th home of a 北京 list (`esf` or `rent`): other files use the first ones. */
async function bjHome(request: APIRequestContext, channel: 'esf' | 'rent', n: number): Promise<number> {
  const res = await request.get(`${BACKEND}/yjyz.web.api/v1/${channel}/list?cityCode=110000`);
  const list = ((await res.json()) as { data: { list: { id: number }[] } }).data.list;
  expect(list.length).toBeGreaterThan(n);
  return list[n]!.id;
}

const followButton = (page: Page) => page.locator('.follow__button');

test('a visitor’s 关注 goes to login and back, and the home is followed; the count shows; unfollowing', async ({ page }) => {
  const id = await bjHome(page.request, 'esf', 7);
  const path = `/ershoufang/xiangqing/${id}`;
  await page.goto(cityUrl('bj', path));
  // A visitor sees 关注 and no count: the backend said there is no session.
  await expect(followButton(page)).toHaveText(/^\W*关注$/);
  await expect(page.locator('.follow__count')).toHaveCount(0);
  await expect(async () => {
    // A click before hydration does nothing, so it is tried again; one that is already leaving for the login page
    // (slow on a busy machine) is not, since the button is gone from there.
    if (!/\/login\?/.test(page.url())) await followButton(page).click({ timeout: 2000 });
    await expect(page).toHaveURL(/\/login\?/, { timeout: 3000 });
  }).toPass({ timeout: 90_000 });
  await expect(page).toHaveURL(cityUrl('bj', `/login?prePath=${encodeURIComponent(`${path}#guanzhu`)}`));
  await logInBySms(page, followMobile());

  // Back on the home, it is followed by itself; the hash is gone so a reload would not repeat it.
  await expect(followButton(page)).toHaveText(/已关注/);
  await expect(followButton(page)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.follow__count')).toHaveText('1人关注');
  await expect(page).toHaveURL(cityUrl('bj', path));
  await page.reload();
  await expect(followButton(page)).toHaveText(/已关注/);
  await expect(page.locator('.follow__count')).toHaveText('1人关注');

  // The backend holds it: the status through the web's forward with this session.
  const status = await page.evaluate(
    async (url) => (await (await fetch(url, { credentials: 'same-origin' })).json()) as { data: unknown },
    `${ApiPath.listingFollowStatus}?businessType=1&listingId=${id}`,
  );
  expect(status.data).toEqual({ followed: true, followers: 1 });

  await followButton(page).click();
  await expect(followButton(page)).toHaveText(/^\W*关注$/);
  await expect(followButton(page)).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator('.follow__count')).toHaveText('0人关注');
  await page.reload();
  await expect(page.locator('.follow__count')).toHaveText('0人关注');
  await expect(followButton(page)).toHaveText(/^\W*关注$/);
});

test('a user follows a rental with one click, and another user sees the count', async ({ page, browser }) => {
  const id = await bjHome(page.request, 'rent', 5);
  const path = `/zufang/xiangqing/${id}`;
  // Users logged in by the API: the way through the login page is the first test's.
  await logInByApi(page.context(), { mobile: followMobile() });
  await page.goto(cityUrl('bj', path));
  await expect(page.locator('.follow__count')).toHaveText('0人关注');
  await followButton(page).click();
  await expect(page.locator('.follow__count')).toHaveText('1人关注');

  const other = await (await browser.newContext()).newPage();
  await logInByApi(other.context(), { mobile: followMobile() });
  await other.goto(cityUrl('bj', path));
  await expect(other.locator('.follow__count')).toHaveText('1人关注');
  await expect(other.locator('.follow__button')).toHaveText(/^\W*关注$/);
  await other.context().close();
});

test('the detail page is the same HTML with and without a session', async ({ page, request }) => {
  const id = await bjHome(request, 'esf', 8);
  const path = `/ershoufang/xiangqing/${id}`;
  await logInByApi(page.context(), { mobile: followMobile() });
  await page.goto(cityUrl('bj', path));
  // The count shows once the island has asked: a click before hydration would reach no handler.
  await expect(page.locator('.follow__count')).toHaveText('0人关注');
  await followButton(page).click();
  await expect(followButton(page)).toHaveText(/已关注/);

  const token = (await page.context().cookies()).find((c) => c.name === 'yj_token')?.value;
  expect(token).toBeTruthy();
  const device = 'yj_device=e2efollow000000000000000000000000';
  const withSession = await request.get(`http://127.0.0.1:${new URL(cityUrl('bj')).port}${path}`, {
    headers: { host: new URL(cityUrl('bj')).host, cookie: `${device}; yj_token=${token}` },
    maxRedirects: 0,
  });
  const without = await request.get(`http://127.0.0.1:${new URL(cityUrl('bj')).port}${path}`, {
    headers: { host: new URL(cityUrl('bj')).host, cookie: device },
    maxRedirects: 0,
  });
  expect(withSession.status()).toBe(200);
  const html = await withSession.text();
  expect(await without.text()).toBe(html);
  // The server's render knows no follower: 关注, no count, whoever asked.
  expect(html).toContain('class="btn follow__button"');
  expect(html).not.toContain('已关注');
  expect(html).not.toContain('follow__count');
  // A first visit (no cookie at all) gets the same page too.
  expect(await (await serverHtml(request, 'bj', path)).text()).toBe(html);
});

test('opening a detail page counts one view for the device', async ({ page, request }) => {
  const id = await bjHome(request, 'esf', 9);
  const beacon = (deviceCode: string) =>
    request.post(`${BACKEND}${ApiPath.listingView}`, {
      data: { businessType: 1, listingId: id },
      headers: { 'x-device-code': deviceCode },
    });
  // Devices of this run only: a retry must not meet the views this one counted (one per device in 30 minutes).
  const run = `${Date.now()}${process.pid}`;
  const before = (await (await beacon(`e2eviewbefore${run}`)).json()) as {
    data: { counted: boolean; views: number };
  };
  expect(before.data.counted).toBe(true);

  const sent = page.waitForResponse((r) => r.url().endsWith(ApiPath.listingView) && r.request().method() === 'POST');
  await page.goto(cityUrl('bj', `/ershoufang/xiangqing/${id}`));
  const answer = await sent;
  expect(answer.status()).toBe(200);
  expect(((await answer.json()) as { data: unknown }).data).toEqual({ counted: true, views: before.data.views + 1 });

  // A reload is the same device: sent again, not counted again.
  const again = page.waitForResponse((r) => r.url().endsWith(ApiPath.listingView) && r.request().method() === 'POST');
  await page.reload();
  expect(((await (await again).json()) as { data: unknown }).data).toEqual({ counted: false, views: before.data.views + 1 });

  const after = (await (await beacon(`e2eviewafter${run}`)).json()) as { data: { views: number } };
  expect(after.data.views).toBe(before.data.views + 2);
});

test('an anonymous detail view does not ask the follow status, so it meets no 401', async ({ page }) => {
  for (const [channel, prefix] of [
    ['esf', '/ershoufang/xiangqing'],
    ['rent', '/zufang/xiangqing'],
  ] as const) {
    const asked: string[] = [];
    const refused: string[] = [];
    const onRequest = (r: { url: () => string }) => {
      if (r.url().includes(ApiPath.listingFollowStatus)) asked.push(r.url());
    };
    const onResponse = (r: { status: () => number; url: () => string }) => {
      if (r.status() === 401) refused.push(r.url());
    };
    page.on('request', onRequest);
    page.on('response', onResponse);
    await page.goto(cityUrl('bj', `${prefix}/${await bjHome(page.request, channel, 3)}`));
    // The button knows the visitor is one: the question it would have asked is settled.
    await expect(followButton(page)).toHaveAttribute('data-state', 'visitor');
    await expect(followButton(page)).toHaveText(/^\W*关注$/);
    expect(asked).toEqual([]);
    expect(refused).toEqual([]);
    page.off('request', onRequest);
    page.off('response', onResponse);
  }
});
