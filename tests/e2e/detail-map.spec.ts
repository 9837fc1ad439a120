import { expect, test, type Request } from '@playwright/test';
import { detailPath } from '@contracts/channels';
import type { ChannelCode } from '@contracts/constants';
import type { MapNearby } from '@contracts/map';
import { ApiPath } from '@contracts/paths';
import { BACKEND, cityUrl } from './support';

/**
 * 位置及周边 on every kind of detail page (components/detail/detail-map.tsx): nothing of the map (Leaflet's chunk,
 * the base map, the nearby call) is asked for until the section is scrolled into view; then the map is drawn with
 * the place and the stations, schools, hospitals and shopping round it, listed beside it as text with distances,
 * the same as the backend's answer for that point.
 */

const KINDS: [string, ChannelCode, string][] = [
  ['二手房', 'esf', ApiPath.esfList],
  ['租房', 'rent', ApiPath.rentList],
  ['小区', 'estate', ApiPath.estateList],
  ['新房', 'new', ApiPath.newHomeList],
  ['商铺', 'shop_sale', ApiPath.shopSaleList],
  ['写字楼', 'offices_rent', ApiPath.officesRentList],
];

/** 850米, 1.2公里: as the page says a distance. */
const distance = (m: number) => (m < 1000 ? `${m}米` : `${(m / 1000).toFixed(1)}公里`);

for (const [label, channel, listPath] of KINDS) {
  test(`${label} detail: the map loads when scrolled into view, with nearby stations and schools by distance`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const list = await request.get(`${BACKEND}${listPath}?cityCode=110000&pageSize=1`);
    const id = ((await list.json()) as { data: { list: { id: number }[] } }).data.list[0]!.id;

    const asked: Request[] = [];
    page.on('request', (r) => asked.push(r));
    await page.goto(cityUrl('bj', detailPath(channel, id)));
    const section = page.locator('section.detail-map');
    await expect(section).toHaveAttribute('data-loaded', 'no');
    await expect(section.getByRole('heading', { name: '位置及周边' })).toBeAttached();
    await expect(section).not.toBeInViewport();
    // Hydrated, and still nothing of the map: no chunk with Leaflet in it, no base map, no nearby call.
    await page.waitForLoadState('networkidle');
    const before = asked.map((r) => r.url());
    expect(before.filter((u) => /\/v1\/ditu\//.test(u))).toEqual([]);
    expect(await page.locator('.leaflet-container').count()).toBe(0);
    const scriptsBefore = new Set(before.filter((u) => u.includes('/_next/static/chunks/')));

    const nearbyCall = page.waitForRequest((r) => r.url().includes('/v1/ditu/nearby'));
    await section.scrollIntoViewIfNeeded();
    await expect(section).toHaveAttribute('data-loaded', 'yes');
    const sent = (await nearbyCall).postDataJSON() as { cityCode: string; lat: number; lng: number };
    await expect(section.locator('.leaflet-container')).toBeVisible();
    // The place's pin and a mark per nearby place once they have come.
    await expect(section.locator('.detail-map__pin')).toHaveCount(1);

    // Leaflet came in a chunk first asked for after the scroll.
    const later = asked.map((r) => r.url()).filter((u) => u.includes('/_next/static/chunks/') && !scriptsBefore.has(u));
    expect(later.length).toBeGreaterThan(0);
    // Read in the page: the city's host name resolves in the browser (its resolver rule), not in Node.
    const hasLeaflet = (urls: string[]) =>
      page.evaluate(
        async (list) => Promise.all(list.map(async (u) => (await (await fetch(u)).text()).includes('leaflet-container'))),
        urls.filter((u) => u.endsWith('.js')),
      );
    expect((await hasLeaflet(later)).some(Boolean)).toBe(true);
    expect((await hasLeaflet([...scriptsBefore])).some(Boolean)).toBe(false);

    // The list beside the map is the backend's answer for the same point: names and distances, as text.
    const res = await request.post(`${BACKEND}${ApiPath.mapNearby}`, { data: sent });
    const near = ((await res.json()) as { data: MapNearby }).data;
    expect(sent.cityCode).toBe('110000');
    expect(near.stations.length + near.schools.length).toBeGreaterThan(0);
    for (const kind of ['stations', 'schools', 'hospitals', 'shopping'] as const) {
      const items = section.locator(`.detail-map__kind[data-kind="${kind}"] li:not(.detail-map__more)`);
      const shown = near[kind].slice(0, 5);
      await expect(items).toHaveCount(shown.length);
      for (const [i, p] of shown.entries()) {
        await expect(items.nth(i).locator('.detail-map__name')).toContainText(p.name);
        await expect(items.nth(i).locator('.detail-map__distance')).toHaveText(distance(p.distance));
      }
    }
    // A mark on the map for each of them (the outlines and subway lines are not interactive).
    await expect(section.locator('path.leaflet-interactive')).toHaveCount(
      near.stations.length + near.schools.length + near.hospitals.length + near.shopping.length,
    );
  });
}

test('小区 detail: the map replaces the printed coordinates', async ({ page, request }) => {
  const list = await request.get(`${BACKEND}${ApiPath.estateList}?cityCode=110000&pageSize=1`);
  const id = ((await list.json()) as { data: { list: { id: number }[] } }).data.list[0]!.id;
  await page.goto(cityUrl('bj', detailPath('estate', id)));
  await expect(page.getByRole('heading', { name: '位置及周边' })).toBeAttached();
  await expect(page.getByText('经纬度')).toHaveCount(0);
});
