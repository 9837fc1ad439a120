import { expect, test, type Page } from '@playwright/test';
import { BACKEND, cityUrl } from './support';

/** 二手房's 更多 row, the chosen conditions as chips, and a visitor's own price range (bp…ep…). */

const heading = (page: Page) => page.getByRole('heading', { name: /共找到 \d+ 套北京二手房/ });
const resultCount = async (page: Page) => Number(/共找到 (\d+) 套/.exec((await heading(page).textContent()) ?? '')?.[1] ?? NaN);
const chips = (page: Page) => page.getByRole('list', { name: '已选条件' });
const backendTotal = async (query: string) =>
  ((await (await fetch(`${BACKEND}/yjyz.web.api/v1/esf/list?cityCode=110000&${query}`)).json()) as { data: { total: number } })
    .data.total;

test('two 更多 choices narrow the list and show as chips; × on one chip removes only that condition', async ({ page }) => {
  await page.goto(cityUrl('bj', '/ershoufang/'));
  const total = await resultCount(page);
  await expect(chips(page)).toHaveCount(0);

  // 更多 is folded until opened; its rows are there once it is.
  const more = page.locator('.filter-more');
  await expect(more.getByRole('link', { name: '朝南' })).toBeHidden();
  await more.locator('summary').click();
  await more.locator('.filter-row').filter({ hasText: '朝向' }).getByRole('link', { name: '朝南' }).click();
  await expect(page).toHaveURL(cityUrl('bj', '/ershoufang/cx1/'));
  // A 更多 choice keeps the fold open on the next page.
  await more.locator('.filter-row').filter({ hasText: '标签' }).getByRole('link', { name: '满五' }).click();
  await expect(page).toHaveURL(cityUrl('bj', '/ershoufang/cx1bq2/'));

  const both = await resultCount(page);
  expect(both).toBeGreaterThan(0);
  expect(both).toBeLessThan(total);
  expect(both).toBe(await backendTotal('orientation=1&tag=2'));
  await expect(chips(page).getByRole('link')).toHaveText(['朝南×', '满五×']);
  // Every card shown is a south-facing home with 满五唯一.
  const facts = await page.locator('.listing').allTextContents();
  expect(facts.length).toBeGreaterThan(0);
  for (const card of facts) {
    expect(card).toContain('满五唯一');
    expect(card).toMatch(/\| (南|东南|西南|南北) \|/);
  }

  await chips(page).getByRole('link', { name: '删除条件：朝南' }).click();
  await expect(page).toHaveURL(cityUrl('bj', '/ershoufang/bq2/'));
  await expect(chips(page).getByRole('link')).toHaveText(['满五×']);
  expect(await resultCount(page)).toBe(await backendTotal('tag=2'));
  await expect(more.locator('.filter-row').filter({ hasText: '朝向' }).getByRole('link', { name: '朝南' })).not.toHaveClass(
    /is-active/,
  );
});

test('a price range of one’s own goes to bp…ep…, shows as a chip, and a bad number is said, not sent', async ({ page }) => {
  await page.goto(cityUrl('bj', '/ershoufang/p2/'));
  const priceRow = page.locator('.filter-row').filter({ hasText: '价格' });
  await priceRow.getByRole('textbox', { name: '价格最低' }).fill('abc');
  await priceRow.getByRole('button', { name: '确定' }).click();
  await expect(priceRow.getByRole('alert')).toHaveText('请输入1至100000的整数');
  await expect(page).toHaveURL(cityUrl('bj', '/ershoufang/p2/'));

  // High end first: the range is put in order, and the band chosen before gives way to it.
  await priceRow.getByRole('textbox', { name: '价格最低' }).fill('500');
  await priceRow.getByRole('textbox', { name: '价格最高' }).fill('300');
  await priceRow.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(cityUrl('bj', '/ershoufang/bp300ep500/'));
  await expect(chips(page).getByRole('link')).toHaveText(['300-500万×']);
  expect(await resultCount(page)).toBe(await backendTotal('priceFrom=300&priceTo=500'));
  const prices = (await page.locator('.price-total strong').allTextContents()).map(Number);
  expect(prices.length).toBeGreaterThan(0);
  for (const price of prices) {
    expect(price).toBeGreaterThanOrEqual(300);
    expect(price).toBeLessThanOrEqual(500);
  }
  await expect(priceRow.getByRole('textbox', { name: '价格最低' })).toHaveValue('300');
});

test('a home’s detail shows 相似房源 from the backend, each a link to its own detail', async ({ page }) => {
  const homes = (
    (await (await fetch(`${BACKEND}/yjyz.web.api/v1/esf/list?cityCode=110000&pageSize=20`)).json()) as {
      data: { list: { id: number }[] };
    }
  ).data.list;
  let home: { id: number; similar: { id: number; title: string }[] } | undefined;
  for (const { id } of homes) {
    const similar = (
      (await (await fetch(`${BACKEND}/yjyz.web.api/v1/esf/similar/${id}`)).json()) as {
        data: { list: { id: number; title: string }[] };
      }
    ).data.list;
    if (similar.length > 0) {
      home = { id, similar };
      break;
    }
  }
  expect(home, 'a home with similar homes among the first 20').toBeDefined();
  await page.goto(cityUrl('bj', `/ershoufang/xiangqing/${home!.id}`));
  const block = page.getByRole('region', { name: '相似房源' });
  await expect(block.locator('.similar-home__title')).toHaveText(home!.similar.map((s) => s.title));
  await block.getByRole('link').first().click();
  await expect(page).toHaveURL(cityUrl('bj', `/ershoufang/xiangqing/${home!.similar[0]!.id}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(home!.similar[0]!.title);
});
