import { expect, test, type Page } from '@playwright/test';
import { BACKEND, chooseSearchChannel, cityUrl } from './support';

/**
 * 租房 on the channel engine: home tab → suggestion → list → one filter and one sort → page 2 →
 * detail → back; a city without rentals has no 租房 menu and its /zufang/ is the 404 page.
 */
const resultCount = async (page: Page) =>
  Number(/共找到 (\d+) 套/.exec((await page.locator('h1.result-count').textContent()) ?? '')?.[1] ?? NaN);
const rents = async (page: Page) =>
  (await page.locator('.price-total strong').allTextContents()).map((t) => Number(t.replace(/,/g, '')));

interface Band {
  code: number;
  label: string;
  min: number | null;
  max: number | null;
}

test('a home search on the 租房 tab leads through the list, a filter, a sort and page 2 to a rental', async ({
  page,
  request,
}) => {
  await page.goto(cityUrl('bj', '/'));
  await chooseSearchChannel(page, '租房', /区域、商圈或小区名/);
  await page.locator('.search-box__input').fill('朝阳');
  // The rent tab suggests places with their homes for rent (spec §9 label 租).
  const suggestion = page
    .locator('.search-box__dropdown li')
    .filter({ hasText: /在租\d+套/ })
    .first();
  await expect(suggestion).toBeVisible();
  await expect(suggestion.locator('em')).toHaveText('租');
  await suggestion.click();
  await expect(page).toHaveURL(/\/zufang\/(dc|e|sl)\d+\//);
  await expect(page.locator('h1.result-count')).toHaveText(/共找到 \d+ 套北京租房/);
  expect(await resultCount(page)).toBeGreaterThan(0);

  await page.goto(cityUrl('bj', '/zufang/'));
  const total = await resultCount(page);
  expect(total).toBeGreaterThan(30);

  // 整租 only: fewer homes, each card says 整租.
  await page.locator('.filter-row').filter({ hasText: '方式' }).getByRole('link', { name: '整租' }).click();
  await expect(page).toHaveURL(cityUrl('bj', '/zufang/rt1/'));
  const whole = await resultCount(page);
  expect(whole).toBeGreaterThan(0);
  expect(whole).toBeLessThan(total);
  const facts = await page.locator('.listing__facts').allTextContents();
  expect(facts.length).toBeGreaterThan(0);
  for (const f of facts) expect(f).toContain('整租');

  // A rent band from the city's own conditions.
  const conditions = (await (await request.get(`${BACKEND}/yjyz.web.api/v1/condition/rent?cityCode=110000`)).json()) as {
    data: { rent: Band[] };
  };
  const band = conditions.data.rent.find((b) => b.code === 3)!;
  await page.locator('.filter-row').filter({ hasText: '租金' }).getByRole('link', { name: band.label }).click();
  await expect(page).toHaveURL(cityUrl('bj', '/zufang/rt1rp3/'));
  for (const r of await rents(page)) {
    if (band.min !== null) expect(r).toBeGreaterThanOrEqual(band.min);
    if (band.max !== null) expect(r).toBeLessThan(band.max);
  }

  // Sorted by rent, low to high, over the first page.
  await page.goto(cityUrl('bj', '/zufang/rt1/'));
  await page.locator('.sort-links').getByRole('link', { name: '租金从低到高' }).click();
  await expect(page).toHaveURL(cityUrl('bj', '/zufang/rt1co2/'));
  const sorted = await rents(page);
  expect(sorted.length).toBeGreaterThan(1);
  expect(sorted).toEqual([...sorted].sort((a, b) => a - b));

  await page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(cityUrl('bj', '/zufang/rt1co2pg2/'));
  const second = await rents(page);
  expect(second.length).toBeGreaterThan(0);
  expect(second[0]).toBeGreaterThanOrEqual(sorted.at(-1)!);

  const title = (await page.locator('.listing__title').first().textContent())!;
  await page.locator('.listing__title').first().click();
  await expect(page).toHaveURL(/\/zufang\/xiangqing\/\d+$/);
  await expect(page.locator('h1.detail-title')).toHaveText(title);
  await expect(page.locator('.price-block')).toContainText('元/月');
  await expect(page.getByRole('heading', { name: '配套设施' })).toBeVisible();
  await expect(page.locator('.facts').first()).toContainText('付款方式');
  await page.goBack();
  await expect(page).toHaveURL(cityUrl('bj', '/zufang/rt1co2pg2/'));
});

test('电梯 filters the 租房 list (dt1 有电梯, dt2 无电梯), and the options page offers it', async ({ page, request }) => {
  await page.goto(cityUrl('bj', '/zufang/'));
  const total = await resultCount(page);
  // 电梯 is one of the rows folded under 更多.
  await page.locator('.filter-more__summary').click();
  await page.locator('.filter-row').filter({ hasText: '电梯' }).getByRole('link', { name: '有电梯' }).click();
  await expect(page).toHaveURL(cityUrl('bj', '/zufang/dt1/'));
  const withLift = await resultCount(page);
  expect(withLift).toBeGreaterThan(0);
  expect(withLift).toBeLessThan(total);
  // The page shows the backend's list filtered on rentals.elevator.
  const answer = (await (await request.get(`${BACKEND}/yjyz.web.api/v1/rent/list?cityCode=110000&elevator=1`)).json()) as {
    data: { total: number; list: { elevator: boolean }[] };
  };
  expect(answer.data.total).toBe(withLift);
  expect(answer.data.list.length).toBeGreaterThan(0);
  for (const home of answer.data.list) expect(home.elevator).toBe(true);

  await page.goto(cityUrl('bj', '/zufang/options'));
  await expect(page.getByRole('region', { name: '电梯' }).getByRole('link', { name: '无电梯' })).toHaveAttribute(
    'href',
    '/zufang/dt2/',
  );
});

test('a community on a rental links to its 小区 page, and from there to that community’s rentals', async ({ page }) => {
  await page.goto(cityUrl('bj', '/zufang/'));
  await page.locator('.listing__title').first().click();
  const community = page.locator('.side-row').filter({ hasText: '小区' }).getByRole('link');
  const name = (await community.textContent())!;
  await community.click();
  await expect(page).toHaveURL(/\/xiaoqu\/xiangqing\/\d+$/);
  await expect(page.locator('h1.detail-title')).toHaveText(name);
  await page
    .locator('.estate-detail__homes')
    .getByRole('link', { name: /^在租\d+套$/ })
    .click();
  await expect(page).toHaveURL(/\/zufang\/e\d+\/$/);
  const cards = page.locator('.listing__community a');
  expect(await cards.count()).toBeGreaterThan(0);
  for (const text of await cards.allTextContents()) expect(text).toBe(name);
});

test('a city without rentals has no 租房 menu, and its /zufang/ is the 404 page', async ({ page }) => {
  // 厦门 has isRent 0 in the seed (backend/src/db/seed-data/cities.ts).
  await page.goto(cityUrl('xm', '/'));
  const nav = page.locator('.main-nav');
  await expect(nav.getByRole('link', { name: '二手房' })).toBeVisible();
  await expect(nav.getByRole('link', { name: '租房' })).toHaveCount(0);
  // Neither a banner tab nor a search channel (spec §2 Home).
  const tabs = page.locator('.search-box__tabs');
  await expect(tabs.getByRole('link', { name: '二手房', exact: true })).toBeVisible();
  await expect(tabs.getByRole('link', { name: '租房', exact: true })).toHaveCount(0);
  const choice = page.getByRole('combobox', { name: '搜索类别' });
  await expect(choice.getByRole('option', { name: '二手房' })).toHaveCount(1);
  await expect(choice.getByRole('option', { name: '租房' })).toHaveCount(0);
  const res = await page.goto(cityUrl('xm', '/zufang/'));
  expect(res?.status()).toBe(404);
  await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();
  // …while a city with rentals has both.
  await page.goto(cityUrl('bj', '/'));
  await expect(page.locator('.main-nav').getByRole('link', { name: '租房' })).toBeVisible();
});
