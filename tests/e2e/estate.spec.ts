import { expect, test, type Page } from '@playwright/test';
import { BACKEND, chooseSearchChannel, cityUrl } from './support';

/**
 * 小区 on the channel engine: home tab 小区 → a community suggestion (its list, e{id}/) → that community → the 小区
 * list → one filter and one sort → page 2 → a community → its homes for sale and for rent (the 二手房 and 租房
 * lists filtered to it) → back. Community names elsewhere link to the 小区 page; an unknown id is the 404 page.
 */
const countIn = (text: string | null) => Number(/共找到 (\d+) /.exec(text ?? '')?.[1] ?? NaN);
const resultCount = async (page: Page) => countIn(await page.locator('h1.result-count').textContent());
const prices = async (page: Page) =>
  (await page.locator('.estate-card .price-total strong').allTextContents()).map((t) => Number(t.replace(/,/g, '')));
const buildYears = async (page: Page) =>
  (await page.locator('.estate-card .listing__facts').allTextContents()).map((t) => Number(/(\d{4})年建成/.exec(t)?.[1]));
/** The year build ages count from (Beijing time, as the backend counts). */
const YEAR = new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();

test('a home search on the 小区 tab finds a community; the list leads through a filter, a sort and page 2 to a community and its homes', async ({
  page,
}) => {
  await page.goto(cityUrl('bj', '/'));
  await chooseSearchChannel(page, '小区', /小区名或地址/);
  await page.locator('.search-box__input').fill('望京西园');
  // spec §2: a community suggestion leads to `e{id}/` of the tab's list, here the 小区 list of that one community.
  const suggestion = page
    .locator('.search-box__dropdown li')
    .filter({ has: page.locator('.sug__kind', { hasText: '小区' }) })
    .filter({ has: page.locator('.sug__name', { hasText: /^望京西园$/ }) });
  await expect(suggestion).toBeVisible();
  // The 小区 tab's community shows its own reference price; its places count communities (N个小区).
  await expect(suggestion.locator('.sug__desc')).toHaveText(/售 参考均价\d+元\/㎡/);
  await suggestion.click();
  await expect(page).toHaveURL(/\/xiaoqu\/e\d+\/$/);
  await expect(page.locator('h1.result-count')).toHaveText('共找到 1 个北京小区');
  await page
    .locator('.estate-card .listing__title')
    .filter({ hasText: /^望京西园$/ })
    .click();
  await expect(page).toHaveURL(/\/xiaoqu\/xiangqing\/\d+$/);
  await expect(page.locator('h1.detail-title')).toHaveText('望京西园');

  // From its breadcrumb to all communities of the city.
  await page.locator('.breadcrumb').getByRole('link', { name: '小区', exact: true }).click();
  await expect(page).toHaveURL(cityUrl('bj', '/xiaoqu/'));
  await expect(page.locator('h1.result-count')).toHaveText(/^共找到 \d+ 个北京小区$/);
  const total = await resultCount(page);
  expect(total).toBeGreaterThan(30);

  // 楼龄 20年以上: fewer communities, each built before YEAR - 19.
  await page.locator('.filter-row').filter({ hasText: '楼龄' }).getByRole('link', { name: '20年以上' }).click();
  await expect(page).toHaveURL(cityUrl('bj', '/xiaoqu/y5/'));
  const old = await resultCount(page);
  expect(old).toBeGreaterThan(30);
  expect(old).toBeLessThan(total);
  const years = await buildYears(page);
  expect(years.length).toBe(30);
  for (const y of years) expect(y).toBeLessThan(YEAR - 19);

  // Cheapest first, over the first page and on to the second.
  await page.locator('.sort-links').getByRole('link', { name: '均价从低到高' }).click();
  await expect(page).toHaveURL(cityUrl('bj', '/xiaoqu/y5co1/'));
  const sorted = await prices(page);
  expect(sorted.length).toBe(30);
  expect(sorted).toEqual([...sorted].sort((a, b) => a - b));
  await page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(cityUrl('bj', '/xiaoqu/y5co1pg2/'));
  const second = await prices(page);
  expect(second.length).toBe(old - 30);
  expect(second[0]).toBeGreaterThanOrEqual(sorted.at(-1)!);
  for (const y of await buildYears(page)) expect(y).toBeLessThan(YEAR - 19);

  // A community of page 2 with homes for sale and for rent.
  const card = page
    .locator('.estate-card')
    .filter({ has: page.getByRole('link', { name: /^在售\d+套$/ }) })
    .filter({ has: page.getByRole('link', { name: /^在租\d+套$/ }) })
    .first();
  const name = (await card.locator('.listing__title').textContent())!;
  const onSale = Number(/\d+/.exec((await card.getByRole('link', { name: /^在售\d+套$/ }).textContent())!)![0]);
  const onRent = Number(/\d+/.exec((await card.getByRole('link', { name: /^在租\d+套$/ }).textContent())!)![0]);
  await card.locator('.listing__title').click();
  await expect(page).toHaveURL(/\/xiaoqu\/xiangqing\/\d+$/);
  const detailUrl = page.url();
  const id = /(\d+)$/.exec(detailUrl)![1];
  await expect(page.locator('h1.detail-title')).toHaveText(name);
  await expect(page.locator('.price-block')).toContainText('元/㎡');
  await expect(page.getByRole('heading', { name: '小区概况' })).toBeVisible();
  await expect(page.locator('.facts').first()).toContainText('物业公司');
  await expect(page.locator('figure.trend-chart svg circle')).toHaveCount(12);
  await expect(page.locator('.home-tiles').first().locator('li')).toHaveCount(Math.min(4, onSale));

  // 在售N套: the 二手房 list of this community, with exactly those homes.
  await page
    .locator('.estate-detail__homes')
    .getByRole('link', { name: `在售${onSale}套` })
    .click();
  await expect(page).toHaveURL(cityUrl('bj', `/ershoufang/e${id}/`));
  await expect(page.locator('h1.result-count')).toHaveText(`共找到 ${onSale} 套北京二手房`);
  const saleCommunities = await page.locator('.listing__community a').allTextContents();
  expect(saleCommunities.length).toBe(Math.min(30, onSale));
  for (const c of saleCommunities) expect(c).toBe(name);
  await page.goBack();
  await expect(page).toHaveURL(detailUrl);

  // 在租N套: the 租房 list of this community.
  await page
    .locator('.estate-detail__homes')
    .getByRole('link', { name: `在租${onRent}套` })
    .click();
  await expect(page).toHaveURL(cityUrl('bj', `/zufang/e${id}/`));
  await expect(page.locator('h1.result-count')).toHaveText(`共找到 ${onRent} 套北京租房`);
  for (const c of await page.locator('.listing__community a').allTextContents()) expect(c).toBe(name);
  await page.goBack();
  await expect(page).toHaveURL(detailUrl);
  await page.goBack();
  await expect(page).toHaveURL(cityUrl('bj', '/xiaoqu/y5co1pg2/'));
});

test('a community name on a 二手房 card leads to its 小区 page', async ({ page }) => {
  await page.goto(cityUrl('bj', '/ershoufang/'));
  const link = page.locator('.listing__community a').first();
  const name = (await link.textContent())!;
  await link.click();
  await expect(page).toHaveURL(/\/xiaoqu\/xiangqing\/\d+$/);
  await expect(page.locator('h1.detail-title')).toHaveText(name);
  await expect(page.locator('.estate-detail__homes').getByRole('link', { name: /^在售\d+套$/ })).toBeVisible();
});

test('a community in 厦门, which has no rentals, offers its homes for sale and no rent link', async ({ page }) => {
  await page.goto(cityUrl('xm', '/xiaoqu/'));
  await expect(page.locator('h1.result-count')).toHaveText(/^共找到 \d+ 个厦门小区$/);
  await expect(page.locator('.estate-card__homes').getByRole('link', { name: /^在租/ })).toHaveCount(0);
  await page
    .locator('.estate-card')
    .filter({ has: page.getByRole('link', { name: /^在售\d+套$/ }) })
    .first()
    .locator('.listing__title')
    .click();
  await expect(page).toHaveURL(/\/xiaoqu\/xiangqing\/\d+$/);
  await expect(page.locator('.estate-detail__homes').getByRole('link', { name: /^在售\d+套$/ })).toBeVisible();
  await expect(page.locator('.estate-detail__homes')).not.toContainText('在租');
  await expect(page.getByRole('heading', { name: '在租房源' })).toHaveCount(0);
});

test('an unknown or malformed community id, or another city’s community, is the 404 page', async ({ page, request }) => {
  const xm = (await (await request.get(`${BACKEND}/yjyz.web.api/v1/estate/list?cityCode=350200&pageSize=1`)).json()) as {
    data: { list: { id: number }[] };
  };
  const elsewhere = xm.data.list[0]!.id;
  expect((await page.goto(cityUrl('xm', `/xiaoqu/xiangqing/${elsewhere}`)))?.status()).toBe(200);
  for (const path of ['/xiaoqu/xiangqing/99999999', '/xiaoqu/xiangqing/abc', `/xiaoqu/xiangqing/${elsewhere}`]) {
    const res = await page.goto(cityUrl('bj', path));
    expect(res?.status(), path).toBe(404);
    await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();
  }
});
