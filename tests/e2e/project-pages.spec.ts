import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { BACKEND, cityUrl, serverHtml } from './support';

/**
 * A project's sub-pages (spec §2 "New-home detail"): a search hit opens the project's `.html` page in a new tab; 楼盘动态 pages
 * through the news (also at `.html` and at `dynamic`), 楼盘信息 shows the sales facts and permits, 户型 filters by
 * rooms, 相册 opens a viewer, 周边 lists stations with distances. Every page is compared with the backend's answer.
 */
const API = `${BACKEND}/yjyz.web.api/v1/loupan`;

interface Project {
  id: number;
  name: string;
  saleStatus: number;
  nearestStation: { stationName: string } | null;
}
interface News {
  total: number;
  list: { title: string; kind: number }[];
}
interface Detail {
  name: string;
  salesOffice: string;
  propertyFee: number;
  heating: string;
  permits: { number: string; buildings: string }[];
  layouts: { rooms: number; name: string }[];
  photoGroups: { kind: string; photos: { title: string }[] }[];
}
interface Around {
  stations: { name: string; distance: number; lines: string[] }[];
  schools: { name: string; distance: number }[];
}

async function data<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url);
  expect(res.status(), url).toBe(200);
  return ((await res.json()) as { data: T }).data;
}
const projects = (request: APIRequestContext, query = '') =>
  data<{ list: Project[] }>(request, `${API}/list?cityCode=110000&pageSize=50&${query}`).then((d) => d.list);
const news = (request: APIRequestContext, id: number, page = 1) =>
  data<News>(request, `${API}/news?projectId=${id}&page=${page}`);
const detail = (request: APIRequestContext, id: number) => data<Detail>(request, `${API}/detail/${id}`);
const path = (id: number, rest = '') => `/loupan/xiangqing/${id}${rest}`;

/** The tab bar marks the page, and its heading names it. */
async function expectTab(page: Page, label: string, project: string) {
  await expect(page.locator('.project-tabs [aria-current="page"]')).toHaveText(label);
  await expect(page.locator('h1.project-frame__title')).toHaveText(label);
  await expect(page).toHaveTitle(new RegExp(`^${label} - ${project}`));
}

test('a 楼盘 search hit on /loupan/ opens the project’s .html page in a new tab', async ({ page }) => {
  const [project] = await projects(page.request, 'saleStatus=1');
  await page.goto(cityUrl('bj', '/loupan/'));
  await page.locator('.search-box__input').fill(project!.name);
  const suggestion = page.locator('.search-box__dropdown li').filter({ hasText: project!.name }).filter({ hasText: '楼盘' });
  await suggestion.click();
  await expect(page).toHaveURL(cityUrl('bj', `/loupan/e${project!.id}/`));
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    page.locator('.listing__title', { hasText: project!.name }).click(),
  ]);
  await expect(tab).toHaveURL(cityUrl('bj', `${path(project!.id)}.html`));
  await expect(tab.locator('h1.detail-title')).toHaveText(project!.name);
  // The search stays open in its own tab.
  await expect(page).toHaveURL(cityUrl('bj', `/loupan/e${project!.id}/`));
  // The detail's sections lead to the sub-pages.
  await tab.locator('.section__title', { hasText: '户型介绍' }).getByRole('link', { name: '更多' }).click();
  await expect(tab).toHaveURL(cityUrl('bj', path(project!.id, '/huxing')));
});

test('楼盘动态 pages through the news newest first, at .html and at dynamic too; a bad page is the 404 page', async ({
  page,
}) => {
  let found: { project: Project; total: number } | undefined;
  for (const p of await projects(page.request)) {
    const n = await news(page.request, p.id);
    if (n.total > 10) {
      found = { project: p, total: n.total };
      break;
    }
  }
  expect(found, 'a 北京 project with more than ten news').toBeDefined();
  const { project, total } = found!;
  const [one, two] = [await news(page.request, project.id), await news(page.request, project.id, 2)];
  const titles = page.locator('.project-news__title');

  await page.goto(cityUrl('bj', path(project.id)));
  await page.locator('.project-tabs').getByRole('link', { name: '楼盘动态' }).click();
  await expect(page).toHaveURL(cityUrl('bj', path(project.id, '/dongtai')));
  await expectTab(page, '楼盘动态', project.name);
  await expect(page.locator('.project-pages__count')).toHaveText(`共${total}条动态`);
  await expect(titles).toHaveText(one.list.map((n) => n.title));
  const kinds: Record<number, string> = { 1: '开盘', 2: '加推', 3: '交房', 4: '价格变动' };
  await expect(page.locator('.project-news__kind')).toHaveText(one.list.map((n) => kinds[n.kind]!));

  await page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(cityUrl('bj', path(project.id, '/dongtai/2')));
  await expect(titles).toHaveText(two.list.map((n) => n.title));
  await expect(page).toHaveTitle(new RegExp(`^楼盘动态 - ${project.name} - 第2页`));
  expect(two.list.map((n) => n.title)).not.toEqual(one.list.slice(0, two.list.length).map((n) => n.title));

  await page.goto(cityUrl('bj', path(project.id, '/dongtai/2.html')));
  await expect(titles).toHaveText(two.list.map((n) => n.title));
  await page.goto(cityUrl('bj', path(project.id, '/dynamic.html')));
  await expectTab(page, '楼盘动态', project.name);
  await expect(titles).toHaveText(one.list.map((n) => n.title));

  for (const bad of [
    '/dongtai/3',
    '/dongtai/0',
    '/dongtai/02',
    '/dongtai/x',
    '/dongtai/2/2',
    '/dongtai/500',
    '/dynamic/3.html',
    '/xinxi/2',
    '/huxing/2',
  ]) {
    const res = await serverHtml(page.request, 'bj', path(project.id, bad));
    expect(res.status(), bad).toBe(404);
    expect(await res.text(), bad).toContain('抱歉，您访问的页面不存在');
  }
  const unknown = await serverHtml(page.request, 'bj', path(99_999_999, '/dongtai'));
  expect(unknown.status()).toBe(404);
});

test('楼盘信息 groups every fact, with the sales office, property fee, heating and the permits', async ({ page }) => {
  const [project] = await projects(page.request, 'saleStatus=1');
  const d = await detail(page.request, project!.id);
  expect(d.permits.length).toBeGreaterThan(0);
  await page.goto(cityUrl('bj', path(project!.id, '/xinxi.html')));
  await expectTab(page, '楼盘信息', d.name);
  for (const group of ['基本信息', '销售信息', '建筑信息', '物业信息'])
    await expect(page.getByRole('heading', { name: group })).toBeVisible();
  const fact = (label: string) =>
    page
      .locator('.facts > div')
      .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
      .locator('dd');
  await expect(fact('售楼处地址')).toHaveText(d.salesOffice);
  await expect(fact('物业费')).toHaveText(`${d.propertyFee}元/㎡·月`);
  await expect(fact('供暖方式')).toHaveText(d.heating);
  await expect(page.locator('.permits-table tbody tr')).toHaveCount(d.permits.length);
  await expect(page.locator('.permits-table tbody tr td:first-child')).toHaveText(d.permits.map((p) => p.number));
});

test('户型 lists every layout and filters them by rooms', async ({ page }) => {
  let chosen: { project: Project; d: Detail } | undefined;
  for (const p of await projects(page.request)) {
    const d = await detail(page.request, p.id);
    if (new Set(d.layouts.map((l) => l.rooms)).size > 1) {
      chosen = { project: p, d };
      break;
    }
  }
  const { project, d } = chosen!;
  await page.goto(cityUrl('bj', path(project.id, '/huxing')));
  await expectTab(page, '户型', d.name);
  const rows = page.locator('.layouts-table tbody tr');
  await expect(rows.locator('strong')).toHaveText(d.layouts.map((l) => l.name));
  const rooms = d.layouts[0]!.rooms;
  const label = rooms === 0 ? '开间' : `${rooms}室`;
  const ofRooms = d.layouts.filter((l) => l.rooms === rooms);
  await page
    .locator('.layout-filter__options')
    .getByRole('button', { name: `${label}（${ofRooms.length}）` })
    .click();
  await expect(rows.filter({ visible: true }).locator('strong')).toHaveText(ofRooms.map((l) => l.name));
  await page
    .locator('.layout-filter__options')
    .getByRole('button', { name: `全部（${d.layouts.length}）` })
    .click();
  await expect(rows.filter({ visible: true })).toHaveCount(d.layouts.length);
});

test('相册 shows the album by kind; a photo opens the viewer, which steps and closes with Esc', async ({ page }) => {
  const [project] = await projects(page.request, 'saleStatus=1');
  const d = await detail(page.request, project!.id);
  const photos = d.photoGroups.flatMap((g) => g.photos);
  expect(photos.length).toBeGreaterThan(4);
  await page.goto(cityUrl('bj', path(project!.id, '/xiangce')));
  await expectTab(page, '相册', d.name);
  await expect(page.locator('.photo-album__group h2')).toHaveText(d.photoGroups.map((g) => `${g.kind}（${g.photos.length}张）`));
  await page.locator('.photo-album__open').nth(2).click();
  const viewer = page.getByRole('dialog', { name: '查看大图' });
  await expect(viewer.locator('.photo-viewer__position')).toHaveText(`3/${photos.length}`);
  await expect(viewer.locator('.photo-viewer__title')).toContainText(photos[2]!.title);
  await viewer.getByRole('button', { name: '下一张' }).click();
  await expect(viewer.locator('.photo-viewer__position')).toHaveText(`4/${photos.length}`);
  await viewer.getByRole('button', { name: '上一张' }).click();
  await viewer.getByRole('button', { name: '上一张' }).click();
  await expect(viewer.locator('.photo-viewer__position')).toHaveText(`2/${photos.length}`);
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
});

test('周边 lists the stations within 3 km with their distances, and schools, hospitals and shopping', async ({ page }) => {
  const project = (await projects(page.request)).find((p) => p.nearestStation)!;
  const around = await data<Around>(page.request, `${API}/around?projectId=${project.id}`);
  expect(around.stations.length).toBeGreaterThan(0);
  await page.goto(cityUrl('bj', path(project.id, '/zhoubian')));
  await expectTab(page, '周边', project.name);
  const stations = page.locator('[data-kind="stations"] li');
  await expect(stations.locator('.project-around__name')).toHaveText(around.stations.map((s) => s.name));
  const metres = (m: number) => (m < 1000 ? `${m}米` : `${(m / 1000).toFixed(1)}公里`);
  await expect(stations.locator('.project-around__distance')).toHaveText(around.stations.map((s) => metres(s.distance)));
  await expect(stations.first()).toContainText(around.stations[0]!.lines[0]!);
  await expect(page.locator('[data-kind="schools"] .project-around__name')).toHaveText(around.schools.map((s) => s.name));
  for (const kind of ['交通', '学校', '医院', '购物']) await expect(page.getByRole('heading', { name: kind })).toBeVisible();
});
