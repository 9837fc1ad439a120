import { expect, test, type Page } from '@playwright/test';
import { linkable } from '@/lib/built-sections';
import { cityUrl } from './support';

/**
 * A channel's /dictionary and /options pages (spec §2) and the header that follows the section being
 * viewed (spec §2 Header), as a visitor meets them.
 */
const resultCount = async (page: Page) =>
  Number(/共找到 (\d+) 套/.exec((await page.locator('h1.result-count').textContent()) ?? '')?.[1] ?? NaN);

test('the 二手房 dictionary files places by letter; a letter jumps to its section and a name opens its homes', async ({
  page,
}) => {
  await page.goto(cityUrl('bj', '/ershoufang/dictionary'));
  await expect(page).toHaveTitle(/^北京二手房小区大全 - 北京找房 - 优居$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('北京二手房小区大全');
  const index = page.getByRole('navigation', { name: '按首字母查找' });
  // 望京 (wangjing) is filed under W, 朝阳区 under C; the letters without places are not links.
  await expect(index.getByRole('link')).not.toHaveCount(0);
  await index.getByRole('link', { name: 'W', exact: true }).click();
  await expect(page).toHaveURL(/\/ershoufang\/dictionary#letter-W$/);
  const w = page.getByRole('region', { name: 'W', exact: true });
  await expect(w).toBeInViewport();
  await expect(
    page.getByRole('region', { name: 'C', exact: true }).getByRole('link', { name: '朝阳区', exact: true }),
  ).toHaveAttribute('href', /^\/ershoufang\/dc\d+\/$/);
  const wangjing = w.getByRole('link', { name: '望京', exact: true });
  await expect(wangjing).toHaveAttribute('href', /^\/ershoufang\/dc\d+\/ta\d+\/$/);
  await wangjing.click();
  await expect(page).toHaveURL(/\/ershoufang\/dc\d+\/ta\d+\/$/);
  expect(await resultCount(page)).toBeGreaterThan(0);
  for (const place of await page.locator('.listing__community span').allTextContents()) expect(place).toContain('望京');

  // A community's link is its homes for sale (e{id}), and the page with a trailing slash is the same page.
  await page.goto(cityUrl('bj', '/ershoufang/dictionary/'));
  const community = page.locator('.dict-kind').filter({ hasText: '小区' }).getByRole('link').first();
  const name = (await community.textContent())!;
  await community.click();
  await expect(page).toHaveURL(/\/ershoufang\/e\d+\/$/);
  expect(await resultCount(page)).toBeGreaterThan(0);
  for (const c of await page.locator('.listing__community a').allTextContents()) expect(c).toBe(name);
});

test('the 租房 options page offers every filter of the list as a link', async ({ page }) => {
  await page.goto(cityUrl('bj', '/zufang/'));
  const listOptions = await page.locator('.filter-row').filter({ hasText: '租金' }).getByRole('link').allTextContents();
  await page.getByRole('navigation', { name: '更多找房方式' }).getByRole('link', { name: '租房找房条件' }).click();
  await expect(page).toHaveURL(cityUrl('bj', '/zufang/options'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('北京租房找房条件');
  const rent = page.getByRole('region', { name: '租金' });
  // The same bands as the list's filter bar (which adds 不限).
  expect(await rent.getByRole('link').allTextContents()).toEqual(listOptions.filter((t) => t !== '不限'));
  await expect(page.getByRole('region', { name: '区域' }).getByRole('link', { name: '望京', exact: true })).toHaveAttribute(
    'href',
    /^\/zufang\/dc\d+\/ta\d+\/$/,
  );
  await expect(page.getByRole('region', { name: '地铁' }).getByRole('link', { name: '13号线', exact: true })).toHaveAttribute(
    'href',
    /^\/zufang\/sl\d+\/$/,
  );
  await page.getByRole('region', { name: '排序方式' }).getByRole('link', { name: '租金从低到高' }).click();
  await expect(page).toHaveURL(cityUrl('bj', '/zufang/co2/'));
  await page.goBack();
  await page.getByRole('region', { name: '方式' }).getByRole('link', { name: '合租' }).click();
  await expect(page).toHaveURL(cityUrl('bj', '/zufang/rt2/'));
  const facts = await page.locator('.listing__facts').allTextContents();
  expect(facts.length).toBeGreaterThan(0);
  for (const f of facts) expect(f).toContain('合租');
});

test('a city without rentals has neither 租房 page; its 二手房 options page is there', async ({ page }) => {
  for (const path of ['/zufang/dictionary', '/zufang/options']) {
    const res = await page.goto(cityUrl('xm', path));
    expect(res?.status(), path).toBe(404);
    await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();
  }
  const res = await page.goto(cityUrl('xm', '/ershoufang/options'));
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('厦门二手房找房条件');
});

test('the header follows the section: menu, logo and search box, also after a click inside the site', async ({ page }) => {
  await page.goto(cityUrl('bj', '/zufang/'));
  const nav = page.locator('.main-nav');
  await expect(nav.locator('a.is-active')).toHaveText('租房');
  await expect(page.locator('.logo__section')).toHaveText('租房');
  // The section's search box searches rentals: its suggestions count homes for rent (租).
  const input = page.locator('.section-search .search-box__input');
  await input.fill('朝阳');
  await expect(
    page
      .locator('.search-box__dropdown li')
      .filter({ hasText: /在租\d+套/ })
      .first(),
  ).toBeVisible();
  await input.press('Enter');
  await expect(page).toHaveURL(/\/zufang\/key(%E6%9C%9D%E9%98%B3|朝阳)\/$/);
  await expect(input).toHaveValue('朝阳');

  // A client navigation keeps the layout; the header must still follow.
  await nav.getByRole('link', { name: '二手房', exact: true }).click();
  await expect(page).toHaveURL(cityUrl('bj', '/ershoufang/'));
  await expect(nav.locator('a.is-active')).toHaveText('二手房');
  await expect(page.locator('.logo__section')).toHaveText('二手房');
  await expect(input).toHaveValue('');
  await input.fill('朝阳');
  await expect(
    page
      .locator('.search-box__dropdown li')
      .filter({ hasText: /在售\d+套/ })
      .first(),
  ).toBeVisible();

  // A detail page is in its channel's section; the home has no section bar (its banner searches).
  await page.goto(cityUrl('bj', '/zufang/'));
  await page.locator('.listing__title').first().click();
  await expect(page).toHaveURL(/\/zufang\/xiangqing\/\d+$/);
  await expect(nav.locator('a.is-active')).toHaveText('租房');
  await page.goto(cityUrl('bj', '/'));
  await expect(nav.locator('a.is-active')).toHaveText('首页');
  await expect(page.locator('.section-search')).toHaveCount(0);
  await expect(page.locator('.logo__section')).toHaveCount(0);
});

// Prefetches of links to missing pages once stayed pending, and the home never reached network idle.
test('a visit to the home reaches network idle, and none of its links leads into a section not built yet', async ({ page }) => {
  // A page that never reaches idle hangs here; the limit only guards a machine busy with other work.
  await page.goto(cityUrl('bj', '/'), { waitUntil: 'networkidle', timeout: 60_000 });
  const paths = await page.locator('a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(paths.length).toBeGreaterThan(0);
  expect(paths.filter((p) => !linkable(p))).toEqual([]);
});
