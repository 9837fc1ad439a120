import { expect, test } from '@playwright/test';
import { ApiPath } from '@contracts/paths';
import { NEWS_CATEGORIES, type NewsListPage, type OpsArticleResult } from '@contracts/news';
import { DEV_OPS_TOKEN } from '../../scripts/processes';
import { BACKEND, cityUrl, serverHtml, wwwUrl } from './support';

/**
 * 资讯 and 下载APP (spec §2): the front page → a category and its second page → an article of each category → a card
 * it mentions; the query routes; the www exemption of the article; an operator's article on its category page; the
 * app page with its QR codes.
 */

const newest = async (request: import('@playwright/test').APIRequestContext, category: string) => {
  const res = await request.get(`${BACKEND}${ApiPath.newsList}?cityCode=110000&category=${category}&pageSize=1`);
  return ((await res.json()) as { data: NewsListPage }).data.list[0]!;
};

test('资讯: front page, a category and its pages, an article of each kind and a listing it names', async ({ page, request }) => {
  await page.goto(cityUrl('bj', '/'));
  await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '资讯', exact: true }).click();
  await expect(page).toHaveURL(cityUrl('bj', '/news/'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('北京房产资讯');
  // Each category's block, and into 楼市快讯: ten weekly reports a page, the rest on page 2.
  for (const name of ['楼市快讯', '市场政策', '楼盘导购', '知识分享'])
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await page.getByRole('navigation', { name: '资讯' }).getByRole('link', { name: '楼市快讯' }).click();
  await expect(page).toHaveURL(cityUrl('bj', '/news/loushikuaixun/'));
  await expect(page.locator('.news-list__item')).toHaveCount(10);
  await page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(cityUrl('bj', '/news/loushikuaixun/pg2/'));
  await expect(page.locator('.news-list__item').first()).toContainText('北京楼市周报');

  // An article of each category, opened from its category page.
  for (const category of NEWS_CATEGORIES) {
    const first = await newest(request, category);
    await page.goto(cityUrl('bj', `/news/${category}/`));
    await page.locator('.news-list__title a').first().click();
    await expect(page).toHaveURL(cityUrl('bj', `/news/${category}/${first.id}.html`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.title);
    await expect(page.locator('.article-body')).not.toBeEmpty();
  }

  // The weekly report's cards lead to what it names: a second-hand home of the week.
  const report = await newest(request, 'loushikuaixun');
  await page.goto(cityUrl('bj', `/news/loushikuaixun/${report.id}.html`));
  const card = page.locator('.article-cards a[href*="/ershoufang/xiangqing/"]').first();
  const title = (await card.locator('.article-cards__title').textContent())!;
  await card.click();
  await expect(page).toHaveURL(/\/ershoufang\/xiangqing\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(title.split(' ')[0]!);

  // The query routes: the article by id (sent to its address), its cards alone, and the WeChat layout.
  await page.goto(cityUrl('bj', `/news/detail?id=${report.id}`));
  await expect(page).toHaveURL(cityUrl('bj', `/news/loushikuaixun/${report.id}.html`));
  await page.goto(cityUrl('bj', `/news/detailHouseCard?id=${report.id}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${report.title}：文中房源`);
  await expect(page.locator('.article-cards li').first()).toBeVisible();
  await page.goto(cityUrl('bj', `/news/detailWxArt?id=${report.id}`));
  await expect(page.locator('.wx-article__title')).toHaveText(report.title);
  await expect(page.locator('.wx-article__account')).toHaveText('优居北京');
  await expect(page.getByRole('img', { name: `${report.title}的二维码` })).toBeVisible();
});

test('the article and /news/detail are served on www; a category page there goes to the city', async ({ page, request }) => {
  const guide = await newest(request, 'loupingdaogou');
  const path = `/news/loupingdaogou/${guide.id}.html`;
  const onWww = await serverHtml(request, 'www', path);
  expect(onWww.status()).toBe(200);
  expect(await onWww.text()).toContain(guide.title);
  const byId = await serverHtml(request, 'www', `/news/detail?id=${guide.id}`);
  expect(byId.status()).toBe(308);
  // (Next writes the Location of a page's redirect twice, `a, a`: the first is the address.)
  expect(byId.headers().location?.split(', ')[0]).toBe(path);
  const category = await serverHtml(request, 'www', '/news/loupingdaogou/');
  expect(category.status()).toBe(302);
  expect(category.headers().location).toBe(cityUrl('bj', '/news/loupingdaogou/'));
  await page.goto(wwwUrl(path));
  await expect(page).toHaveURL(wwwUrl(path));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(guide.title);
});

test('an operator’s article is on its category page at once, and gone once taken down', async ({ page, request }) => {
  const title = `北京公积金新政解读 ${Date.now() % 100000}`;
  const res = await request.post(`${BACKEND}${ApiPath.opsNews}`, {
    headers: { authorization: `Bearer ${DEV_OPS_TOKEN}` },
    data: {
      cityCode: '110000',
      category: 'shichangzhengce',
      title,
      summary: '北京住房公积金管理中心发布新规，提高多子女家庭的贷款额度。',
      body: '北京住房公积金管理中心发布通知。\n\n## 要点\n\n- 多子女家庭贷款额度上浮',
      author: '优居编辑',
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { id } = ((await res.json()) as { data: OpsArticleResult }).data;
  try {
    // The category page was cached before; the change feed has it rendered again.
    await page.goto(cityUrl('bj', '/news/shichangzhengce/'));
    await expect(async () => {
      await page.reload();
      await expect(page.locator('.news-list__title a').first()).toHaveText(title, { timeout: 1000 });
    }).toPass({ timeout: 90_000 });
  } finally {
    const down = await request.post(`${BACKEND}${ApiPath.opsNews}/${id}/takedown`, {
      headers: { authorization: `Bearer ${DEV_OPS_TOKEN}` },
      data: {},
    });
    expect(down.status()).toBe(200);
  }
  await expect(async () => {
    await page.reload();
    await expect(page.locator('.news-list__title a').first()).not.toHaveText(title, { timeout: 1000 });
  }).toPass({ timeout: 90_000 });
  expect((await serverHtml(request, 'bj', `/news/shichangzhengce/${id}.html`)).status()).toBe(404);
});

test('二手房, 新房 and 租房 lists show their category’s newest articles; an operator’s new guide is on 新房 at once', async ({
  page,
  request,
}) => {
  for (const [list, category, name] of [
    ['/ershoufang/', 'loushikuaixun', '北京楼市快讯'],
    ['/zufang/', 'zhishifenxiang', '北京知识分享'],
  ] as const) {
    const newestOne = await newest(request, category);
    await page.goto(cityUrl('bj', list));
    const block = page.getByRole('region', { name });
    await expect(block.getByRole('link', { name: newestOne.title })).toHaveAttribute(
      'href',
      `/news/${category}/${newestOne.id}.html`,
    );
  }
  const title = `北京新盘导购 ${Date.now() % 100000}`;
  const res = await request.post(`${BACKEND}${ApiPath.opsNews}`, {
    headers: { authorization: `Bearer ${DEV_OPS_TOKEN}` },
    data: {
      cityCode: '110000',
      category: 'loupingdaogou',
      title,
      summary: '本周北京新开盘项目一览，价格、户型与交房时间。',
      body: '本周北京有新项目开盘。\n\n## 要点\n\n- 均价与户型',
      author: '优居编辑',
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { id } = ((await res.json()) as { data: OpsArticleResult }).data;
  try {
    await page.goto(cityUrl('bj', '/loupan/'));
    const block = page.getByRole('region', { name: '北京楼盘导购' });
    await expect(async () => {
      await page.reload();
      await expect(block.locator('.news-titles a').first()).toHaveText(title, { timeout: 1000 });
    }).toPass({ timeout: 90_000 });
    await block.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(cityUrl('bj', `/news/loupingdaogou/${id}.html`));
  } finally {
    const down = await request.post(`${BACKEND}${ApiPath.opsNews}/${id}/takedown`, {
      headers: { authorization: `Bearer ${DEV_OPS_TOKEN}` },
      data: {},
    });
    expect(down.status()).toBe(200);
  }
});

test('下载APP: the header’s link, what the app does, and QR codes of the store and of the city’s site', async ({ page }) => {
  await page.goto(cityUrl('bj', '/'));
  await page.getByRole('link', { name: '下载APP' }).click();
  await expect(page).toHaveURL(cityUrl('bj', '/download'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('优居APP，随时随地找好房');
  await expect(page.locator('.download__intro')).toContainText(/北京在售二手房[\d,]+套、小区[\d,]+个/);
  // The test run names an iPhone store page (playwright.config.ts) and no Android one.
  await expect(page.getByRole('img', { name: 'iPhone版的二维码' })).toBeVisible();
  await expect(page.getByRole('link', { name: '前往下载iPhone版' })).toHaveAttribute('href', /^https:\/\/apps\.apple\.com\//);
  await expect(page.getByText('即将上架')).toBeVisible();
  await expect(page.getByRole('img', { name: '手机访问本站的二维码' })).toBeVisible();
});
