import { mkdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import type { Entrust, EntrustCompany } from '@contracts/entrust';
import { ApiPath } from '@contracts/paths';
import type { UploadTicket } from '@contracts/upload';
import { DEV_OPS_TOKEN } from '../../scripts/processes';
import { acceptEntrust, authOf } from './owner-path';
import { BACKEND, cityUrl, logInByApi, logInBySms } from './support';

/**
 * 订阅 and 优居找房助手 (docs/behaviour.md "Alerts"): a user subscribes to a filtered 二手房 list → an operator publishes a
 * matching home (what `npm run ops -- entrust accept <id>` sends) → the chat widget shows the unread badge and the
 * assistant's card with that home → the card opens its detail page; 我的订阅 lists the search with its new home. The
 * same user follows a home → an operator cuts its price (`npm run ops -- listing price`) → a message with the old and
 * the new price. Screenshots go to /work/shots/alerts when that folder can be made (else test-results/).
 */

const SHOTS = process.env.ALERTS_SHOTS ?? 'test-results/alerts-shots';
mkdirSync(SHOTS, { recursive: true });
/** The page at the three desktop widths the layout is checked at, then back at the first. */
async function shot(page: Page, name: string): Promise<void> {
  for (const width of [1440, 1920, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
}

/** This spec's own mobiles: 1391700xxxx. */
const alertsMobile = () => `1391700${String(Date.now() % 10_000).padStart(4, '0')}`;

interface EsfItem {
  id: number;
  communityId: number;
  totalPrice: number;
  area: number;
}

/** A 北京 home whose community a brand serves (an owner there can entrust), and that brand. */
async function servedHome(page: Page): Promise<{ home: EsfItem; brandId: number }> {
  const res = await page.request.get(`${BACKEND}${ApiPath.esfList}?cityCode=110000&pageSize=50`);
  const list = ((await res.json()) as { data: { list: EsfItem[] } }).data.list;
  for (const home of list.slice(10)) {
    const brands = await page.request.get(`${BACKEND}${ApiPath.entrustCompany}?communityId=${home.communityId}`);
    const first = ((await brands.json()) as { data: EntrustCompany }).data.brands[0];
    if (first) return { home, brandId: first.id };
  }
  throw new Error('no 北京 community with a brand to entrust');
}

/** An owner's photo: ticket, PostObject, callback, as the upload component does. */
async function uploadPhoto(page: Page, auth: Record<string, string>): Promise<string> {
  const t = (
    (await (
      await page.request.get(`${BACKEND}${ApiPath.ossTicker}?uploadSize=1&userDir=ub/entrust`, { headers: auth })
    ).json()) as {
      data: UploadTicket;
    }
  ).data;
  const bytes = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 120, b: 80 } } })
    .png()
    .toBuffer();
  const key = `${t.keys[0]}.png`;
  const posted = await page.request.post(t.host.startsWith('http') ? t.host : `${BACKEND}${t.host}`, {
    multipart: {
      key,
      policy: t.policy,
      OSSAccessKeyId: t.accessId,
      success_action_status: '200',
      Signature: t.signature,
      file: { name: 'home.png', mimeType: 'image/png', buffer: bytes },
    },
  });
  expect(posted.status(), await posted.text()).toBe(200);
  const md5 = createHash('md5').update(bytes).digest('hex');
  const cb = await page.request.post(`${BACKEND}${ApiPath.ossCallback}`, {
    headers: auth,
    data: { uploads: [{ key, md5, suffix: 'png' }] },
  });
  expect(cb.status(), await cb.text()).toBe(200);
  return key;
}

test('subscribe → a matching home is published → the assistant’s card in the chat opens it; a followed home’s price cut is told', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const { home, brandId } = await servedHome(page);
  // A visitor's 订阅 goes to login and back, and the list is saved.
  const listPath = `/ershoufang/e${home.communityId}/`;
  await page.goto(cityUrl('bj', listPath));
  await expect(async () => {
    // A click before hydration does nothing, so it is tried again; one that is already leaving for the login page
    // (slow on a busy machine) is not, since the button is gone from there.
    if (!/\/login\?/.test(page.url())) await page.locator('.subscribe__button').click({ timeout: 2000 });
    await expect(page).toHaveURL(/\/login\?/, { timeout: 3000 });
  }).toPass({ timeout: 90_000 });
  await logInBySms(page, alertsMobile());
  await expect(page).toHaveURL(cityUrl('bj', listPath));
  await expect(page.locator('.subscribe__button')).toHaveText(/已订阅/);
  await shot(page, 'list-subscribed');

  // 我的订阅: the search by its name, nothing new yet.
  await page.goto(cityUrl('bj', '/personal/subscribe'));
  const row = page.locator('.saved-search').first();
  await expect(row.locator('.saved-search__name')).toContainText('北京二手房');
  await expect(row.locator('.saved-search__meta')).toContainText('暂无新房源');

  // An owner (this user, for brevity) entrusts a home in that community; the operator publishes it.
  const auth = await authOf(page);
  const photo = await uploadPhoto(page, auth);
  const added = await page.request.post(`${BACKEND}${ApiPath.entrustAdd}`, {
    headers: auth,
    data: {
      businessType: 1,
      communityId: home.communityId,
      building: '9号楼',
      unit: '1单元',
      room: String(1000 + (Date.now() % 8000)),
      area: home.area,
      rooms: 2,
      halls: 1,
      baths: 1,
      floor: 6,
      totalFloors: 18,
      orientation: '南北',
      decoration: '精装',
      price: home.totalPrice,
      contactName: '订先生',
      photos: [photo],
      brandIds: [brandId],
    },
  });
  expect(added.status(), await added.text()).toBe(200);
  const entrust = ((await added.json()) as { data: Entrust }).data;
  const listingId = await acceptEntrust(page, entrust.id);

  // The widget's badge, then the assistant's thread with the card of that home.
  await page.goto(cityUrl('bj', '/'));
  const bar = page.locator('.chat-bar');
  await expect(async () => {
    await page.reload();
    await expect(bar.locator('.chat-badge')).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 90_000 });
  await shot(page, 'widget-badge');
  await bar.click();
  const thread = page.locator('.chat-thread', { hasText: '优居找房助手' });
  await expect(thread).toBeVisible();
  await expect(thread.locator('.chat-badge')).toBeVisible();
  await thread.click();
  const card = page.locator('.chat-alert--digest').last();
  const homeLink = card.locator(`a[data-listing-id="${listingId}"]`);
  await expect(homeLink).toBeVisible();
  await expect(card.locator('.chat-alert__reason')).toContainText('您订阅了「北京二手房');
  await expect(page.locator('.chat-notice--assistant')).toBeVisible();
  await shot(page, 'assistant-digest');
  const [detail] = await Promise.all([page.context().waitForEvent('page'), homeLink.click()]);
  await detail.waitForLoadState();
  expect(new URL(detail.url()).pathname).toBe(`/ershoufang/xiangqing/${listingId}`);
  await detail.close();

  // 我的订阅 now counts the new home.
  await page.goto(cityUrl('bj', '/personal/subscribe'));
  await expect(page.locator('.saved-search').first().locator('.saved-search__meta')).toContainText('1套新房源');
  await shot(page, 'personal-subscribe');

  // 关注 a home, then the operator cuts its price: the assistant says so with the old and the new price.
  await page.goto(cityUrl('bj', `/ershoufang/xiangqing/${home.id}`));
  await expect(page.locator('.follow__button')).toHaveAttribute('data-state', 'user');
  await page.locator('.follow__button').click();
  await expect(page.locator('.follow__button')).toHaveText(/已关注/);
  const cut = Math.max(1, Math.round(home.totalPrice * 0.9));
  const repriced = await page.request.post(`${BACKEND}${ApiPath.opsListing}/esf/${home.id}`, {
    headers: { authorization: `Bearer ${DEV_OPS_TOKEN}` },
    data: { price: cut },
  });
  expect(repriced.status(), await repriced.text()).toBe(200);
  await page.locator('.chat-bar').click();
  await page.locator('.chat-thread', { hasText: '优居找房助手' }).click();
  const change = page.locator('.chat-alert--price_down').last();
  await expect(change).toBeVisible({ timeout: 90_000 });
  await expect(change.locator('.chat-alert__change')).toContainText(`${Math.round(home.totalPrice * 100) / 100}万 → ${cut}万`);
  await expect(change.locator('.chat-alert__reason')).toContainText('您关注了「');
  await shot(page, 'assistant-price-cut');
});

test('a link to a list with #dingyue saves nothing: only a save this tab sent to the login is made on the way back', async ({
  page,
}) => {
  // Logged in by the API: no save is on its way through the login page.
  await logInByApi(page.context());
  // A link someone else wrote: the list opens, its 订阅 button stays as it was, and 我的订阅 stays empty.
  await page.goto(cityUrl('bj', '/ershoufang/dc2/#dingyue'));
  await expect(page.getByRole('button', { name: '订阅' })).toBeVisible();
  await expect(page).toHaveURL(cityUrl('bj', '/ershoufang/dc2/'));
  await page.goto(cityUrl('bj', '/personal/subscribe'));
  await expect(page.locator('.saved-searches__empty')).toBeVisible();
});

test('a drawn area on the map: a visitor’s 订阅 goes to login and back and is saved; 我的订阅 names it, its link draws it again', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.goto(cityUrl('bj', '/map?type=0&lng=116.40000&lat=39.91000&z=13'));
  await expect(page.locator('[data-testid="bubble-area"]').first()).toBeAttached();
  await page.getByRole('button', { name: '画圈找房' }).click();
  const map = page.getByTestId('map');
  const box = (await map.boundingBox())!;
  for (const [x, y] of [
    [0.35, 0.35],
    [0.65, 0.35],
    [0.65, 0.65],
    [0.35, 0.65],
  ])
    await map.click({ position: { x: box.width * x!, y: box.height * y! } });
  const answer = page.waitForResponse((r) => r.url().includes(ApiPath.mapArea));
  await page.getByRole('button', { name: '完成' }).click();
  const total = ((await (await answer).json()) as { data: { total: number } }).data.total;
  await expect(page).toHaveURL(/[?&]drawn=[\d.,;]+$/);
  const drawnUrl = page.url();
  const panel = page.getByTestId('map-panel');
  await expect(panel).toContainText(`圈内共${total}套`);

  // A visitor's 订阅 of the area: the login, and back on the map with the area, saved.
  await expect(async () => {
    // A click before hydration does nothing, so it is tried again; one that is already leaving for the login page
    // (slow on a busy machine) is not, since the button is gone from there.
    if (!/\/login\?/.test(page.url())) await panel.locator('.subscribe__button').click({ timeout: 2000 });
    await expect(page).toHaveURL(/\/login\?/, { timeout: 3000 });
  }).toPass({ timeout: 90_000 });
  await logInBySms(page, alertsMobile());
  await expect(page).toHaveURL(drawnUrl);
  await expect(panel.locator('.subscribe__button')).toHaveText(/已订阅/);
  await expect(panel).toContainText(`圈内共${total}套`);
  await shot(page, 'map-area-subscribed');

  // 我的订阅: named as a drawn area of 北京二手房; its link opens the map on that very area and its homes.
  await page.goto(cityUrl('bj', '/personal/subscribe'));
  const row = page.locator('.saved-search', { hasText: '画圈区域' });
  await expect(row.locator('.saved-search__name')).toHaveText(/^北京二手房 · 画圈区域 · 约[\d.]+平方公里$/);
  await shot(page, 'subscribe-area');
  const area = new URL(drawnUrl).searchParams.get('drawn');
  await row.getByRole('link', { name: '查看列表' }).click();
  await expect(page).toHaveURL(/\/map\?/);
  expect(new URL(page.url()).searchParams.get('drawn')).toBe(area);
  await expect(page.getByTestId('map-panel')).toContainText(`圈内共${total}套`);
  // The same search: 订阅 answers that it is saved already.
  await page.getByTestId('map-panel').locator('.subscribe__button').click();
  await expect(page.getByTestId('map-panel').locator('.subscribe__button')).toHaveText(/已订阅/);
  await shot(page, 'map-area-from-subscribe');
});
