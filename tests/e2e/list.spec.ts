import { expect, test } from '@playwright/test';
import { BACKEND, cityUrl, serverHtml } from './support';

interface Band {
  code: number;
  label: string;
  min: number | null;
  max: number | null;
}

const resultCount = async (text: string | null) => Number(/共找到 (\d+) 套/.exec(text ?? '')?.[1] ?? NaN);

test('pagination moves to page 2 with other listings', async ({ page }) => {
  await page.goto(cityUrl('bj', '/ershoufang/'));
  const summary = page.getByRole('heading', { name: /共找到 \d+ 套北京二手房/ });
  const total = await resultCount(await summary.textContent());
  expect(total).toBeGreaterThan(30);
  const firstPage = await page.locator('.listing__title').allTextContents();
  expect(firstPage).toHaveLength(30);

  await page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(cityUrl('bj', '/ershoufang/pg2/'));
  await expect(page.locator('.pagination [aria-current="page"]')).toHaveText('2');
  const secondPage = await page.locator('.listing__title').allTextContents();
  expect(secondPage.length).toBeGreaterThan(0);
  const hrefs1 = new Set(firstPage);
  expect(secondPage.every((t) => hrefs1.has(t))).toBe(false);
  expect(await resultCount(await page.getByRole('heading', { name: /共找到 \d+ 套北京二手房/ }).textContent())).toBe(total);
});

test('a price filter narrows the list to listings inside the band', async ({ page, request }) => {
  const conditions = (await (await request.get(`${BACKEND}/yjyz.web.api/v1/condition/esf?cityCode=110000`)).json()) as {
    data: { price: Band[] };
  };
  const band = conditions.data.price.find((b) => b.code === 3);
  expect(band).toBeDefined();

  await page.goto(cityUrl('bj', '/ershoufang/'));
  const total = await resultCount(await page.getByRole('heading', { name: /共找到 \d+ 套北京二手房/ }).textContent());
  await page.locator('.filter-row').filter({ hasText: '价格' }).getByRole('link', { name: band!.label }).click();
  await expect(page).toHaveURL(cityUrl('bj', '/ershoufang/p3/'));
  const filtered = await resultCount(await page.getByRole('heading', { name: /共找到 \d+ 套北京二手房/ }).textContent());
  expect(filtered).toBeGreaterThan(0);
  expect(filtered).toBeLessThan(total);

  const prices = (await page.locator('.price-total strong').allTextContents()).map(Number);
  expect(prices.length).toBeGreaterThan(0);
  for (const price of prices) {
    if (band!.min !== null) expect(price).toBeGreaterThanOrEqual(band!.min);
    if (band!.max !== null) expect(price).toBeLessThan(band!.max);
  }
});

test('a filter with no match shows the empty state', async ({ page }) => {
  // A price of 1–2 万 matches no home (a keyword's empty result names the keyword: search.spec.ts).
  await page.goto(cityUrl('bj', '/ershoufang/bp1ep2/'));
  await expect(page.getByRole('heading', { name: '共找到 0 套北京二手房' })).toBeVisible();
  await expect(page.getByText('没有找到符合条件的房源，换个条件试试吧')).toBeVisible();
});

test('a sort past the channel’s own sorts is no address of the list: it is a 308 to the list without it', async ({ request }) => {
  // 二手房 sorts run 0–6: co6 is a list, co8 once showed the default list under an address of its own.
  const sorted = await serverHtml(request, 'bj', '/ershoufang/co6/');
  expect(sorted.status()).toBe(200);
  for (const [path, target] of [
    ['/ershoufang/co8/', '/ershoufang/'],
    ['/zufang/rt1co6/', '/zufang/rt1/'],
  ] as const) {
    const answer = await serverHtml(request, 'bj', path);
    expect(answer.status(), path).toBe(308);
    // Next may send the Location twice, joined (as tests/e2e/page-cache.spec.ts allows for too).
    expect(answer.headers().location?.split(', ')[0], path).toBe(target);
  }
});
