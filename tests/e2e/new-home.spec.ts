import { expect, test, type Page } from '@playwright/test';
import { BACKEND, chooseSearchChannel, cityUrl, serverHtml } from './support';

/**
 * 新房 (楼盘) on the channel engine: home tab → project suggestion (angle 6) → list → one filter and
 * one sort → page 2 → project (in a new tab); the `.html` form of a project page; unknown projects are the 404 page,
 * its text in the server's HTML.
 */
interface Project {
  id: number;
  name: string;
  avgPrice: number | null;
  saleStatus: number;
}

const resultCount = async (page: Page) =>
  Number(/共找到 (\d+) 个北京楼盘/.exec((await page.locator('h1.result-count').textContent()) ?? '')?.[1] ?? NaN);
/** The average prices of a list page, in order; a 价格待定 card has none. */
const avgPrices = async (page: Page) =>
  (await page.locator('.project-price__avg strong').allTextContents()).map((t) => Number(t.replace(/,/g, '')));

async function projects(request: Page['request'], query: string): Promise<Project[]> {
  const res = await request.get(`${BACKEND}/yjyz.web.api/v1/loupan/list?cityCode=110000&pageSize=50&${query}`);
  return ((await res.json()) as { data: { list: Project[] } }).data.list;
}

test('a home search on the 新房 tab leads through a project, the list, a filter, a sort and page 2 to a project page', async ({
  page: listPage,
}) => {
  let page = listPage;
  const [project] = await projects(page.request, 'saleStatus=1');
  await page.goto(cityUrl('bj', '/'));
  await chooseSearchChannel(page, '新房', /楼盘名或地址/);
  await page.locator('.search-box__input').fill(project!.name.slice(0, 2));
  // A project is suggested as 楼盘 (spec §3 angle 6) with its status and price.
  const suggestion = page.locator('.search-box__dropdown li').filter({ hasText: project!.name }).filter({ hasText: '楼盘' });
  await expect(suggestion).toBeVisible();
  await expect(suggestion).toContainText(`在售 · 均价${project!.avgPrice}元/㎡`);
  await suggestion.click();
  await expect(page).toHaveURL(cityUrl('bj', `/loupan/e${project!.id}/`));
  await expect(page.locator('h1.result-count')).toHaveText('共找到 1 个北京楼盘');
  await expect(page.locator('.listing__title')).toHaveText([project!.name]);

  await page.goto(cityUrl('bj', '/loupan/'));
  const total = await resultCount(page);
  expect(total).toBeGreaterThan(10);
  await expect(page.locator('.listing__title')).toHaveCount(10);

  // 在售 only: fewer projects, each card says 在售.
  await page.locator('.filter-row').filter({ hasText: '状态' }).getByRole('link', { name: '在售', exact: true }).click();
  await expect(page).toHaveURL(cityUrl('bj', '/loupan/zt1/'));
  const onSale = await resultCount(page);
  expect(onSale).toBeGreaterThan(10);
  expect(onSale).toBeLessThan(total);
  const badges = await page.locator('.listing .sale-status').allTextContents();
  expect(badges).toHaveLength(10);
  expect(new Set(badges)).toEqual(new Set(['在售']));

  // Sorted by average price, low to high, across two pages.
  await page.locator('.sort-links').getByRole('link', { name: '均价从低到高' }).click();
  await expect(page).toHaveURL(cityUrl('bj', '/loupan/zt1co1/'));
  const first = await avgPrices(page);
  expect(first.length).toBeGreaterThan(1);
  expect(first).toEqual([...first].sort((a, b) => a - b));
  await page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(cityUrl('bj', '/loupan/zt1co1pg2/'));
  const second = await avgPrices(page);
  expect(second.length).toBeGreaterThan(0);
  expect(second).toEqual([...second].sort((a, b) => a - b));
  expect(second[0]).toBeGreaterThanOrEqual(first.at(-1)!);

  const title = (await page.locator('.listing__title').first().textContent())!;
  // spec §2: a search hit opens the project's `.html` page in a new window; the list stays where it was.
  const [detail] = await Promise.all([page.context().waitForEvent('page'), page.locator('.listing__title').first().click()]);
  await expect(page).toHaveURL(cityUrl('bj', '/loupan/zt1co1pg2/'));
  const list = page;
  page = detail;
  await expect(page).toHaveURL(/\/loupan\/xiangqing\/\d+\.html$/);
  await expect(page.locator('h1.detail-title')).toHaveText(title);
  await expect(page).toHaveTitle(new RegExp(`^${title} - 北京找房 - 优居$`));
  await expect(page.locator('.project-detail__head .sale-status')).toHaveText('在售');
  await expect(page.locator('.price-block')).toContainText(/均价 [\d,]+元\/㎡/);
  const info = page.locator('.section').filter({ has: page.getByRole('heading', { name: '楼盘信息' }) });
  for (const fact of ['开发商', '物业公司', '开盘时间', '交房时间', '容积率', '绿化率', '规划户数', '车位数', '产权年限']) {
    await expect(info.locator('dt', { hasText: fact })).toBeVisible();
  }
  await expect(info.locator('dd').filter({ hasText: /^(70|50|40)年$/ })).toHaveCount(1);
  const layouts = page.locator('.layouts-table tbody tr');
  expect(await layouts.count()).toBeGreaterThanOrEqual(3);
  await expect(layouts.first()).toContainText('A户型');
  await expect(page.getByRole('heading', { name: '楼盘相册' })).toBeVisible();
  await expect(page.locator('.photo-album__group h3').first()).toContainText('效果图');
  await expect(page.getByRole('heading', { name: '置业顾问' })).toBeVisible();
  await page.close();
  await expect(list).toHaveURL(cityUrl('bj', '/loupan/zt1co1pg2/'));
});

test('a project page answers at its .html address too, and a 价格待定 project says so', async ({ page }) => {
  const undecided = (await projects(page.request, '')).find((p) => p.avgPrice === null)!;
  const res = await page.goto(cityUrl('bj', `/loupan/xiangqing/${undecided.id}.html`));
  expect(res?.status()).toBe(200);
  await expect(page).toHaveURL(cityUrl('bj', `/loupan/xiangqing/${undecided.id}.html`));
  await expect(page.locator('h1.detail-title')).toHaveText(undecided.name);
  await expect(page.locator('.price-block')).toHaveText('价格待定');
  await expect(page.locator('.layouts-table__tbd').first()).toHaveText('价格待定');

  // The same page as without the suffix.
  const plain = await serverHtml(page.request, 'bj', `/loupan/xiangqing/${undecided.id}`);
  expect(plain.status()).toBe(200);
  expect(await plain.text()).toContain(`<h1 class="detail-title">${undecided.name}</h1>`);
});

test('an unknown project, a bad id and another city’s project are the 404 page, its text in the server HTML', async ({
  request,
}) => {
  const [shanghai] = (
    (await (await request.get(`${BACKEND}/yjyz.web.api/v1/loupan/list?cityCode=310000`)).json()) as { data: { list: Project[] } }
  ).data.list;
  for (const path of [
    '/loupan/xiangqing/99999999',
    '/loupan/xiangqing/99999999.html',
    '/loupan/xiangqing/abc',
    '/loupan/xiangqing/12.htm',
    '/loupan/xiangqing/12/foo',
    '/loupan/xiangqing/12/dongtai/0',
    '/ershoufang/xiangqing/12/x',
    `/loupan/xiangqing/${shanghai!.id}`,
  ]) {
    const res = await serverHtml(request, 'bj', path);
    expect(res.status(), path).toBe(404);
    expect(await res.text(), path).toContain('抱歉，您访问的页面不存在');
  }
});
