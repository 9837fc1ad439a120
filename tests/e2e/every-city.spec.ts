import { expect, test, type APIRequestContext } from '@playwright/test';
import { ApiPath } from '@contracts/paths';
import type { CityList } from '@contracts/city';
import { NEWS_CATEGORIES, type NewsListPage } from '@contracts/news';
import { BACKEND, serverHtml } from './support';

/**
 * The fixed pages (/share, /validate, /sitemap) on every seeded city, not only 北京: 资讯 (its front page, each category's newest
 * article), 分享, 网站地图, 房源核验, 下载APP and `/index{cityCode}`. Each answers 200 from the server with that
 * city's own data (its name in the heading, its newest articles from the API), as a crawler reads it.
 */

interface SeededCity {
  cityCode: string;
  cityDomain: string;
  cityName: string;
}

async function seededCities(request: APIRequestContext): Promise<SeededCity[]> {
  const res = await request.get(`${BACKEND}${ApiPath.cities}`);
  expect(res.status()).toBe(200);
  const { data } = (await res.json()) as { data: CityList };
  return data.all.flatMap((g) => g.list);
}

async function newestOf(request: APIRequestContext, cityCode: string, category: string) {
  const res = await request.get(`${BACKEND}${ApiPath.newsList}?cityCode=${cityCode}&category=${category}&pageSize=1`);
  expect(res.status(), `${cityCode} ${category}`).toBe(200);
  return ((await res.json()) as { data: NewsListPage }).data.list[0];
}

/** The page's server HTML, after checking it answered 200. */
async function page200(request: APIRequestContext, city: SeededCity, path: string): Promise<string> {
  const res = await serverHtml(request, city.cityDomain, path);
  expect(res.status(), `${city.cityDomain}${path}`).toBe(200);
  return res.text();
}

test('every city: 资讯 with its own articles, 分享, 网站地图, 房源核验, 下载APP and /index{code}', async ({ request }) => {
  test.setTimeout(600_000);
  const cities = await seededCities(request);
  // The seeded cities the city list shows (docs/data.md): fourteen.
  expect(cities.length).toBeGreaterThanOrEqual(14);
  for (const city of cities) {
    const front = await page200(request, city, '/news/');
    expect(front, `${city.cityDomain} /news/`).toContain(`${city.cityName}房产资讯`);
    for (const category of NEWS_CATEGORIES) {
      const article = await newestOf(request, city.cityCode, category);
      expect(article, `${city.cityName} has a ${category} article`).toBeTruthy();
      expect(front, `${city.cityDomain} /news/ lists its newest ${category}`).toContain(article!.title);
      const html = await page200(request, city, `/news/${category}/${article!.id}.html`);
      expect(html).toContain(article!.title);
    }
    expect(await page200(request, city, '/share')).toContain(city.cityName);
    expect(await page200(request, city, '/sitemap')).toContain(`${city.cityName}`);
    expect(await page200(request, city, '/validate')).toContain('房源核验');
    expect(await page200(request, city, '/download')).toMatch(new RegExp(`${city.cityName}在售二手房[\\d,]+套`));
    // `/index{code}` on any city's host is that city's home.
    const byCode = await serverHtml(request, 'bj', `/index${city.cityCode}`);
    expect(byCode.status(), `/index${city.cityCode}`).toBe(308);
    expect(byCode.headers().location?.split(', ')[0]).toMatch(new RegExp(`^http://${city.cityDomain}\\.[^/]+/$`));
  }
});
