import { gunzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
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
 * Being found (issue 23): a crawler's walk from the home to a listing, each page with a title and a description from
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
