import { gunzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { CHANNEL_LIST } from '@contracts/channels';
import { verifyCodeOf } from '@contracts/verify-code';
import { E2E } from '../../playwright.config';
import { cityUrl, serverHtml, wwwUrl } from './support';

/** The page's JSON-LD objects, flattened (a page may write one object or an array). */
async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.flatMap((t) => [JSON.parse(t)].flat() as Record<string, unknown>[]);
}

async function head(page: Page) {
  return {
    description: await page.locator('meta[name="description"]').getAttribute('content'),
    canonical: await page.locator('link[rel="canonical"]').getAttribute('href'),
    ogUrl: await page.locator('meta[property="og:url"]').getAttribute('content'),
    ogTitle: await page.locator('meta[property="og:title"]').getAttribute('content'),
  };
}

const types = (ld: Record<string, unknown>[]) => ld.map((o) => o['@type']);

/**
 * Being found by search engines: a crawler's walk from the home to a listing, each page with a title and a description from
 * its data, its one address as canonical, Open Graph, a BreadcrumbList, the listing as RealEstateListing with its
 * Offer; then robots.txt to the city's sitemap index and the file that lists that listing.
 */
test('a crawler finds every page described, and the listing in the city’s sitemap', async ({ page, request }) => {
  await page.goto('/');
  let h = await head(page);
  expect(h.canonical).toBe(cityUrl('bj'));
  expect(h.ogUrl).toBe(h.canonical);
  expect(h.description).toMatch(/^优居北京房产网：\d+套北京二手房在售/);
  expect(types(await jsonLd(page))).toEqual(['BreadcrumbList', 'Organization']);

  // A district's list: the district in the title and the description, the count the page shows.
  await page.goto('/ershoufang/dc1/');
  const count = (await page.locator('h1.result-count').textContent())!.match(/共找到 (\d+) 套/)![1];
  h = await head(page);
  expect(h.canonical).toBe(cityUrl('bj', '/ershoufang/dc1/'));
  expect(await page.title()).toMatch(/^北京东城区二手房 - 北京找房 - 优居$/);
  expect(h.description).toContain(`北京东城区二手房：共${count}套`);
  const listLd = await jsonLd(page);
  expect(listLd[0]).toMatchObject({
    '@type': 'BreadcrumbList',
    itemListElement: [{ position: 1 }, { name: '二手房' }, { item: h.canonical }],
  });
  // Another spelling of the same list (a page 1 number) is the one address.
  expect((await serverHtml(request, 'bj', '/ershoufang/dc1/pg1/')).status()).toBe(308);

  await page.locator('a[href*="/ershoufang/xiangqing/"]').first().click();
  await expect(page).toHaveURL(/\/ershoufang\/xiangqing\/\d+$/);
  const detailUrl = page.url();
  h = await head(page);
  expect(h.canonical).toBe(detailUrl);
  expect(h.ogTitle).toBe(await page.title());
  const total = Number(await page.locator('.price-block__total strong').textContent());
  expect(h.description).toContain(`总价${total}万`);
  const listing = (await jsonLd(page)).find((o) => o['@type'] === 'RealEstateListing')!;
  expect(listing).toMatchObject({
    url: detailUrl,
    name: (await page.locator('h1.detail-title').textContent())!,
    offers: {
      '@type': 'Offer',
      priceCurrency: 'CNY',
      price: Math.round(total * 10_000),
      itemOffered: { floorSize: { unitCode: 'MTK' } },
    },
  });
  // The organisation is said once, on the home page.
  expect(types(await jsonLd(page))).not.toContain('Organization');

  // robots.txt: a city's names its sitemap index; www's is the rules alone.
  const robots = await serverHtml(request, 'bj', '/robots.txt');
  expect(await robots.text()).toContain(`Sitemap: ${cityUrl('bj', '/sitemap.xml')}`);
  const wwwRobots = await request.get(`http://127.0.0.1:${E2E.webPort}/robots.txt`, {
    headers: { host: new URL(wwwUrl()).host },
  });
  expect(await wwwRobots.text()).not.toContain('Sitemap:');

  const index = await serverHtml(request, 'bj', '/sitemap.xml');
  expect(index.headers()['content-type']).toContain('xml');
  const esfFile = [...(await index.text()).matchAll(/<loc>([^<]+\/sitemaps\/esf-\d+\.xml\.gz)<\/loc>/g)].map(
    (m) => new URL(m[1]!).pathname,
  );
  expect(esfFile.length).toBeGreaterThan(0);
  let listed = false;
  for (const path of esfFile) {
    const file = await serverHtml(request, 'bj', path);
    expect(file.status()).toBe(200);
    listed ||= gunzipSync(await file.body())
      .toString('utf8')
      .includes(`<loc>${detailUrl}</loc>`);
  }
  expect(listed).toBe(true);
  expect((await serverHtml(request, 'bj', '/sitemaps/esf-999.xml.gz')).status()).toBe(404);
  expect((await serverHtml(request, 'bj', '/sitemaps/nothing.xml.gz')).status()).toBe(404);

  // /index{id}: a city's home by its code, on that city's own host; a code no city has is a 404.
  const byCode = await serverHtml(request, 'bj', '/index310000');
  expect(byCode.status()).toBe(308);
  expect(byCode.headers()['location']).toBe(cityUrl('sh'));
  expect((await serverHtml(request, 'bj', '/index999999')).status()).toBe(404);
});

/**
 * Sitemap files cost the backend one build an hour (docs/security.md, the third probe: 14 files a second from one
 * address took the backend to 94 % CPU): a file asked again is the one kept, and an address asking for files nobody
 * asked for gets its render budget of them, then the 429 page.
 */
test('a sitemap file asked again is the one kept, and one address gets its budget of new ones', async ({ request }) => {
  const get = (path: string, client?: string) =>
    request.get(`http://127.0.0.1:${E2E.webPort}${path}`, {
      headers: { host: `bj.${E2E.root}`, ...(client ? { 'x-forwarded-for': client } : {}) },
      maxRedirects: 0,
    });
  const index = await get('/sitemap.xml');
  expect(index.status()).toBe(200);
  const file = new URL(/<loc>([^<]+\/sitemaps\/esf-1\.xml\.gz)<\/loc>/.exec(await index.text())![1]!).pathname;
  const first = await get(file);
  expect(first.status()).toBe(200);
  const again = await get(file);
  expect(again.headers()['x-nextjs-cache']).toBe('HIT');
  expect((await again.body()).equals(await first.body())).toBe(true);
  expect((await get('/sitemap.xml')).headers()['x-nextjs-cache']).toBe('HIT');

  const BUDGET = 30; // PAGE_RENDERS_PER_ADDRESS's default, which the browser tests' web keeps
  const client = `198.18.${Math.floor(Math.random() * 250)}.200`;
  const part = 2000 + Math.floor(Math.random() * 7000);
  const all = await Promise.all(Array.from({ length: BUDGET + 6 }, (_, n) => get(`/sitemaps/esf-${part + n}.xml.gz`, client)));
  expect(all.filter((r) => r.status() === 404)).toHaveLength(BUDGET);
  const refused = all.filter((r) => r.status() === 429);
  expect(refused).toHaveLength(6);
  expect(await refused[0]!.text()).toContain('请求过于频繁');
});

/**
 * The fixed pages (/share, /validate, /sitemap) from a listing: its 房源核验码 checked on /validate (and a mistyped code, a code of no
 * listing, what is no code), its share page with the QR code (on www too, spec §2 exemption), and the city's site
 * map for people; an article described as a NewsArticle.
 */
test('房源核验, 分享 and 网站地图 from a listing; an article as a NewsArticle', async ({ page, request }) => {
  await page.goto('/ershoufang/');
  await page.locator('a[href*="/ershoufang/xiangqing/"]').first().click();
  const title = (await page.locator('h1.detail-title').textContent())!;
  const code = (await page.locator('.listing-proof__code').textContent())!;
  expect(code).toMatch(/^YJ1\d+$/);

  await page.locator('.listing-proof').getByRole('link', { name: '去核验' }).click();
  await expect(page).toHaveURL(/\/validate\?code=YJ1\d+$/);
  await expect(page.getByRole('status')).toContainText('核验通过');
  await expect(page.getByRole('status')).toContainText(title);
  // Typed again by hand, in lower case with a space: the same answer.
  await page.getByRole('textbox', { name: '核验码或房源ID' }).fill(` ${code.toLowerCase()}`);
  await page.getByRole('button', { name: '立即核验' }).click();
  await expect(page.getByRole('status')).toContainText('核验通过');
  // A digit mistyped and what is no code at all: one answer that says how a code is written. A well-formed code of no
  // listing (anyone can write one for every id) is the 404 page, as is a mistyped code at an address of its own.
  const typo = `${code.slice(0, -1)}${(Number(code.at(-1)) + 1) % 10}`;
  await page.goto(`/validate?code=${typo}`);
  await expect(page).toHaveURL(/\/validate\?code=YJ1\d+$/);
  await expect(page.getByRole('status')).toContainText('这不是有效的核验码');
  await page.goto('/validate?code=hello');
  await expect(page.getByRole('status')).toContainText('这不是有效的核验码');
  const madeUp = await page.goto(`/validate?code=${verifyCodeOf('esf', 2_147_483_000)}`);
  expect(madeUp!.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('抱歉，您访问的页面不存在');
  expect((await serverHtml(request, 'bj', `/validate/${typo}`)).status()).toBe(404);
  await page.goto('/validate');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('房源核验');

  // 分享: the listing's landing page, its address and a QR code; the same on www (exempt) and as /share.html.
  const id = /(\d+)$/.exec(code.slice(3, -2))![1];
  await page.goto(`/share?type=esf&id=${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.locator('.share-card__url')).toHaveValue(cityUrl('bj', `/ershoufang/xiangqing/${id}`));
  await expect(page.getByRole('img', { name: `${title}的二维码` })).toBeVisible();
  for (const host of ['www', 'bj']) {
    for (const path of [`/share?type=esf&id=${id}`, `/share.html?type=esf&id=${id}`, '/share', '/share.html']) {
      const res = await serverHtml(request, host, path);
      expect(res.status(), `${host} ${path}`).toBe(200);
    }
  }
  expect((await serverHtml(request, 'www', '/validate')).status()).toBe(302);
  expect((await serverHtml(request, 'bj', '/share?type=esf&id=2147483000')).status()).toBe(404);

  // 网站地图: from the footer; the city's channels, districts with their areas, lines, communities by initial.
  await page.goto('/');
  await page.locator('.site-footer').getByRole('link', { name: '网站地图' }).click();
  await expect(page).toHaveURL(cityUrl('bj', '/sitemap'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('优居北京网站地图');
  for (const name of ['频道导航', '区域与商圈', '地铁线路', '小区（按首字母）'])
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(page.getByRole('link', { name: '北京二手房' })).toHaveAttribute('href', '/ershoufang/');
  expect(await page.locator('.site-map a[href^="/xiaoqu/xiangqing/"]').count()).toBeGreaterThan(10);

  // An article: its summary as description, its one address, Open Graph as an article, and a NewsArticle.
  await page.goto('/news/zhishifenxiang/');
  const href = (await page.locator('.news-list__title a').first().getAttribute('href'))!;
  expect(href).toMatch(/^\/news\/zhishifenxiang\/\d+\.html$/);
  await page.goto(href);
  const articleUrl = cityUrl('bj', href);
  const h = await head(page);
  expect(h.canonical).toBe(articleUrl);
  expect(h.description!.length).toBeGreaterThan(10);
  expect(await page.locator('meta[property="og:type"]').getAttribute('content')).toBe('article');
  const ld = await jsonLd(page);
  expect(types(ld)).toEqual(['BreadcrumbList', 'NewsArticle']);
  expect(ld[1]).toMatchObject({ url: articleUrl, headline: await page.getByRole('heading', { level: 1 }).textContent() });
});

/**
 * Every public route pattern tells a crawler what it is (being found by search engines): a title, a meta description of its
 * own (not the city's general one), its canonical address on the city's host, Open Graph, and a BreadcrumbList.
 */
test('every route pattern has its own description, a canonical address, Open Graph and a BreadcrumbList', async ({ request }) => {
  test.setTimeout(300_000);
  const firstDetail = async (list: string, pattern: RegExp) => {
    const m = pattern.exec(await (await serverHtml(request, 'bj', list)).text());
    expect(m?.[1], `a detail on ${list}`).toBeTruthy();
    return m![1]!;
  };
  const paths = [
    ...['/', '/citys', '/about/aboutuj', '/news/', '/news/loushikuaixun/', '/download', '/share', '/sitemap', '/validate'],
    ...['/tool', '/tool?calc=tax', '/tool?calc=afford', '/lookhouse', '/lookhouse/opts?deal=buy', '/lookhouse/result?deal=rent'],
    ...['/map', '/map/map', '/map/mapForNewHouse', '/map/mapForSecondAndRent', '/map/newHouse', '/map/ershoufangOrzufang'],
    ...['/ershoufang/duibi', '/zufang/duibi', '/brand-upgrade'],
    ...CHANNEL_LIST.flatMap((c) => [c.listPath, `${c.listPath}dictionary`, `${c.listPath}options`]),
    await firstDetail('/ershoufang/', /href="(\/ershoufang\/xiangqing\/\d+)"/),
    await firstDetail('/loupan/', /href="(\/loupan\/xiangqing\/\d+)\.html"/),
  ];
  const general = `优居北京房产网：北京二手房、新房、租房、小区、商铺、写字楼，房源真实，信息及时。`;
  const missing: string[] = [];
  for (const path of paths) {
    const res = await serverHtml(request, 'bj', path);
    expect(res.status(), path).toBe(200);
    const html = await res.text();
    const meta = (attr: string, name: string) => new RegExp(`<meta ${attr}="${name}" content="([^"]*)"`).exec(html)?.[1] ?? null;
    const canonical = /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? null;
    const description = meta('name', 'description');
    if (!/<title>[^<]+<\/title>/.test(html)) missing.push(`${path}: title`);
    if (!description || description === general) missing.push(`${path}: its own description (${description})`);
    if (!canonical?.startsWith(cityUrl('bj'))) missing.push(`${path}: canonical (${canonical})`);
    if (!meta('property', 'og:title') || meta('property', 'og:url') !== canonical) missing.push(`${path}: Open Graph`);
    if (!html.includes('"@type":"BreadcrumbList"')) missing.push(`${path}: BreadcrumbList`);
  }
  expect(missing).toEqual([]);
});
