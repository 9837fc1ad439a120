import { expect, type Page } from '@playwright/test';
import { ENTRUST_MESSAGES, type Entrust } from '@contracts/entrust';
import { ApiPath, SESSION_COOKIE } from '@contracts/paths';
import { shanghaiDay } from '@contracts/viewing-dates';
import { DEV_OPS_TOKEN } from '../../scripts/processes';
import { BACKEND, cityUrl } from './support';

/**
 * The owner's path after 提交委托, shared by the form tests (entrust.spec: the home entered through
 * 我要卖房 / 我要出租) and house.spec: the operator accepts (what `npm run ops -- entrust accept <id>` sends); the
 * home is on the cached list and detail pages with the owner's photos (dropped through the change feed); 卖房管理
 * / 租房管理 shows it with its counts; 修改价格 (a refused price shows the backend's message) reaches the detail
 * page; 下架 takes it off the site, and a booking of it stays in 看房记录 as a home taken down.
 */

export const OWNER_KINDS = {
  ershoufang: { businessType: 1, list: '/ershoufang/', detail: '/ershoufang/xiangqing/' },
  zufang: { businessType: 2, list: '/zufang/', detail: '/zufang/xiangqing/' },
} as const;
export type OwnerKind = keyof typeof OWNER_KINDS;

/** The prices the path writes: the card's text now, the same price again, a new one and how card and page show it. */
export interface OwnerPrices {
  card: string;
  same: string;
  next: string;
  nextCard: string;
  nextDetail: string;
}

/** The session of the page's context as a bearer header, for calls straight to the backend. */
export async function authOf(page: Page): Promise<Record<string, string>> {
  const token = (await page.context().cookies()).find((c) => c.name === SESSION_COOKIE)?.value;
  expect(token).toBeTruthy();
  return { authorization: `Bearer ${token}` };
}

export async function acceptEntrust(page: Page, id: number): Promise<number> {
  const res = await page.request.post(`${BACKEND}${ApiPath.opsEntrust}/${id}`, {
    headers: { authorization: `Bearer ${DEV_OPS_TOKEN}` },
    data: { action: 'accept' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { listingId: number } }).data.listingId;
}

export async function publishAndManage(
  page: Page,
  kind: OwnerKind,
  entrustId: number,
  prices: OwnerPrices,
  shot: (name: string) => Promise<unknown>,
): Promise<void> {
  const k = OWNER_KINDS[kind];
  const sale = kind === 'ershoufang';
  const auth = await authOf(page);
  const e = (
    (await (await page.request.get(`${BACKEND}${ApiPath.entrustDetail}?entrustId=${entrustId}`, { headers: auth })).json()) as {
      data: Entrust;
    }
  ).data;
  expect(e.photos.length).toBeGreaterThan(0);

  // Before it is published: 卖房管理 / 租房管理 is empty, with the way to entrust a home.
  await page.goto(cityUrl('bj', `/personal/house/${kind}`));
  await expect(page.getByText(sale ? '您还没有已发布的出售房源' : '您还没有已发布的出租房源')).toBeVisible();
  await expect(page.getByRole('link', { name: sale ? '我要卖房' : '我要出租' }).last()).toHaveAttribute(
    'href',
    sale ? '/personal/entrust/sell' : '/personal/entrust/rental',
  );
  await shot(`${kind}-house-empty`);

  // The list page as it is cached before the home exists; then the operator accepts.
  await page.goto(cityUrl('bj', k.list));
  const listingId = await acceptEntrust(page, entrustId);
  await page.goto(cityUrl('bj', '/personal/entrust/manage'));
  await expect(page.locator(`.entrust-item[data-entrust-id="${entrustId}"] .entrust-status`)).toHaveText('已发布');

  // The cached list drops through the change feed: the new home heads the newest-first list.
  await page.goto(cityUrl('bj', k.list));
  await expect(async () => {
    await page.reload();
    await expect(page.locator(`a[href="${k.detail}${listingId}"]`).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 90_000 });
  await page.goto(cityUrl('bj', `${k.detail}${listingId}`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(e.communityName);
  for (const photo of e.photos) await expect(page.locator(`img[src="${photo.url}"]`).first()).toBeAttached();
  // A rental shows the 配套设施 the owner ticked as present, the others as absent.
  if (!sale) {
    expect(e.facilities.length).toBeGreaterThan(0);
    await expect(page.locator('.facilities .facility:not(.facility--none)')).toHaveText([...e.facilities]);
  }
  await shot(`${kind}-detail`);

  // A viewing of the home (预约看房, here by the owner's own account): 预约看房 counts it.
  const booked = await page.request.post(`${BACKEND}${ApiPath.viewingBook}`, {
    headers: auth,
    data: { businessType: k.businessType, listingId, date: shanghaiDay(2), slot: 1, contactName: '看房人' },
  });
  expect(booked.status(), await booked.text()).toBe(200);

  await page.goto(cityUrl('bj', `/personal/house/${kind}`));
  const card = page.locator(`.house-card[data-entrust-id="${entrustId}"]`);
  await expect(card.locator('.house-status')).toHaveText('已发布');
  await expect(card.locator('.house-card__price strong')).toHaveText(prices.card);
  await expect(card.locator('[data-count="viewingRequests"]')).toHaveText('1');
  await expect(card.locator('[data-count="followers"]')).toHaveText('0');
  await expect(card.locator('[data-count="views"]')).toHaveText(/^\d+$/);
  await expect(card.getByRole('link', { name: '查看房源' })).toHaveAttribute('href', `${k.detail}${listingId}`);
  await shot(`${kind}-house-list`);

  // 修改价格: a price the backend refuses shows its message; a good one shows on the card and the detail page.
  await card.getByRole('button', { name: '修改价格' }).click();
  const dialog = page.getByRole('dialog', { name: '修改价格' });
  await dialog.getByRole('textbox').fill(sale ? '600.123' : '8800.5');
  await dialog.getByRole('button', { name: '确认修改' }).click();
  await expect(dialog.getByRole('alert')).toContainText(sale ? ENTRUST_MESSAGES.sellPrice : ENTRUST_MESSAGES.rentPrice);
  await shot(`${kind}-price-error`);
  await dialog.getByRole('textbox').fill(prices.same);
  await dialog.getByRole('button', { name: '确认修改' }).click();
  await expect(dialog.getByRole('alert')).toContainText('新价格与当前价格相同');
  // A modal: Esc closes it and focus is back on 修改价格; opened again it starts empty.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('button', { name: '修改价格' })).toBeFocused();
  await card.getByRole('button', { name: '修改价格' }).click();
  await expect(dialog.getByRole('textbox')).toBeFocused();
  await expect(dialog.getByRole('textbox')).toHaveValue('');
  await dialog.getByRole('textbox').fill(prices.next);
  await dialog.getByRole('button', { name: '确认修改' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.locator('.house-card__price strong')).toHaveText(prices.nextCard);
  await page.goto(cityUrl('bj', `${k.detail}${listingId}`));
  await expect(async () => {
    await page.reload();
    await expect(page.locator('main')).toContainText(prices.nextDetail, { timeout: 1000 });
  }).toPass({ timeout: 90_000 });

  // 下架: asked first; the card says 已下架 and the detail page is gone.
  await page.goto(cityUrl('bj', `/personal/house/${kind}`));
  page.once('dialog', (d) => void d.accept());
  await card.getByRole('button', { name: '下架' }).click();
  await expect(card.locator('.house-status')).toHaveText('已下架');
  await expect(card.getByRole('button', { name: '修改价格' })).toHaveCount(0);
  await expect(card.getByRole('link', { name: '查看房源' })).toHaveCount(0);
  // What the home drew while it was on the site stays on its card.
  await expect(card.locator('[data-count="viewingRequests"]')).toHaveText('1');
  await shot(`${kind}-house-offline`);
  await expect(async () => {
    const res = await page.goto(cityUrl('bj', `${k.detail}${listingId}`));
    expect(res?.status()).toBe(404);
  }).toPass({ timeout: 90_000 });

  // The booking stays in 看房记录, cancelled, named as the owner entrusted the home, with no link to a page that is gone.
  await page.goto(cityUrl('bj', `/personal/record/${kind}`));
  const record = page.locator('.viewing-record').first();
  await expect(record.locator('.viewing-record__title')).toHaveText(`${e.communityName} ${e.rooms}室${e.halls}厅 ${e.area}㎡`);
  await expect(record).toContainText('房源已下架');
  await expect(record.locator('.viewing-status')).toHaveText('已取消');
  await expect(record.locator('a')).toHaveCount(0);
  await shot(`${kind}-record-gone`);
}
