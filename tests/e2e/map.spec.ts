import { expect, test, type Page } from '@playwright/test';
import type { MapArea, MapBubbles } from '@contracts/map';
import { ApiPath } from '@contracts/paths';
import { BACKEND, cityUrl } from './support';

/**
 * 地图找房 (docs/web.md "Map"): the header's button → district bubbles with counts → a district → its business
 * areas → a community → the side list → a detail; back and reload restore the view from the URL; 新房 and 租房 the
 * same way; a suggestion flies to its place; a filter changes bubbles and list together; a drawn area lists what the
 * backend counts inside it.
 */

const bubbles = (page: Page, level: string) => page.locator(`[data-testid="bubble-${level}"]`);

async function backendBubbles(request: import('@playwright/test').APIRequestContext, body: Record<string, unknown>) {
  const res = await request.post(`${BACKEND}${ApiPath.mapBubbles}`, { data: { cityCode: '110000', ...body } });
  return ((await res.json()) as { data: MapBubbles }).data;
}

/**
 * Clicks the bubble with the most homes of a level among those in view (business areas are drawn for the whole city;
 * one far off is outside the window).
 */
async function clickBiggest(page: Page, level: string) {
  const all = bubbles(page, level);
  await expect(all.first()).toBeAttached();
  const map = (await page.getByTestId('map').boundingBox())!;
  let best = -1;
  let bestCount = -1;
  for (let i = 0; i < (await all.count()); i++) {
    const b = await all.nth(i).boundingBox();
    if (!b) continue;
    const x = b.x + b.width / 2;
    const y = b.y + b.height / 2;
    if (x < map.x + 60 || x > map.x + map.width - 60 || y < map.y + 60 || y > map.y + map.height - 60) continue;
    const count = Number(((await all.nth(i).locator('.map-bubble__count').textContent()) ?? '').replace(/\D/g, ''));
    if (count > bestCount) {
      best = i;
      bestCount = count;
    }
  }
  expect(best, `a ${level} bubble in view`).toBeGreaterThanOrEqual(0);
  const name = await all.nth(best).locator('.map-bubble__name').textContent();
  // Bubbles of neighbouring places may overlap at a zoom: the click goes to this one's marker, as a visitor's would
  // once they zoomed in a little.
  await all.nth(best).dispatchEvent('click');
  return { name: name ?? '', count: bestCount };
}

test('二手房: districts → business areas → a community → its list → a detail; back and reload restore the view', async ({
  page,
  request,
}) => {
  await page.goto(cityUrl('bj', '/'));
  await page.getByRole('link', { name: '地图找房' }).first().click();
  await expect(page).toHaveURL(/\/map\?type=0/);
  const districts = await backendBubbles(request, { channelCode: 'esf', zoom: 11 });
  await expect(bubbles(page, 'district')).toHaveCount(districts.list.length);
  const first = districts.list[0]!;
  await expect(bubbles(page, 'district').filter({ hasText: first.name })).toContainText(`${first.count}套`);

  await clickBiggest(page, 'district');
  await expect(page).toHaveURL(/z=13/);
  await expect(bubbles(page, 'area').first()).toBeVisible();
  await clickBiggest(page, 'area');
  await expect(page).toHaveURL(/z=15/);
  const community = await clickBiggest(page, 'community');
  await expect(page).toHaveURL(/c=\d+/);
  const panel = page.getByTestId('map-panel');
  await expect(panel).toContainText(`共找到${community.count}套`);
  await expect(panel.locator('strong').first()).toHaveText(community.name);
  const viewUrl = page.url();

  // Reload: the same view and the same list.
  await page.reload();
  await expect(page.getByTestId('map-panel')).toContainText(`共找到${community.count}套`);
  await expect(bubbles(page, 'community').first()).toBeVisible();
  expect(page.url()).toBe(viewUrl);

  // Back: the business areas again, the list closed.
  await page.goBack();
  await expect(page).toHaveURL(/z=15/);
  await expect(page.getByTestId('map-panel')).toHaveCount(0);
  await page.goForward();
  await expect(page.getByTestId('map-panel')).toContainText(`共找到${community.count}套`);

  await page.getByTestId('map-panel').locator('li a').first().click();
  await expect(page).toHaveURL(/\/ershoufang\/xiangqing\/\d+/);
});

test('租房 and 新房: bubbles down to a community or a project pin, and its list', async ({ page }) => {
  await page.goto(cityUrl('bj', '/map?type=2'));
  await expect(page.getByRole('tab', { name: '租房' })).toHaveAttribute('aria-selected', 'true');
  await clickBiggest(page, 'district');
  await clickBiggest(page, 'area');
  const c = await clickBiggest(page, 'community');
  await expect(page.getByTestId('map-panel')).toContainText(`共找到${c.count}套`);
  await page.getByTestId('map-panel').locator('li a').first().click();
  await expect(page).toHaveURL(/\/zufang\/xiangqing\/\d+/);

  await page.goto(cityUrl('bj', '/map/mapForNewHouse?type=1'));
  await clickBiggest(page, 'district');
  await clickBiggest(page, 'area');
  const pin = bubbles(page, 'project').first();
  await expect(pin).toBeVisible();
  const name = await pin.locator('.map-bubble__name').textContent();
  await pin.click();
  await expect(page.getByTestId('map-panel').locator('li a').first()).toContainText(name ?? '');
  await page.getByTestId('map-panel').locator('li a').first().click();
  await expect(page).toHaveURL(/\/loupan\/xiangqing\/\d+/);
});

test('a suggestion flies to its place; a filter changes the bubbles and the list together', async ({ page, request }) => {
  await page.goto(cityUrl('bj', '/map?type=0'));
  await expect(bubbles(page, 'district').first()).toBeVisible();
  await page.getByRole('searchbox').fill('朝阳');
  await page.getByRole('option').filter({ hasText: '朝阳区' }).first().getByRole('button').click();
  await expect(page).toHaveURL(/z=12/);

  const all = await backendBubbles(request, { channelCode: 'esf', zoom: 11 });
  const twoRooms = await backendBubbles(request, { channelCode: 'esf', zoom: 11, filters: { rooms: [2] } });
  await page.getByRole('combobox', { name: '户型' }).selectOption({ label: '二室' });
  await expect(page).toHaveURL(/rooms=2/);
  await expect(page.getByTestId('map-total')).toContainText(`共找到${twoRooms.total}套`);
  expect(twoRooms.total).toBeLessThan(all.total);
});

test('a drawn area lists what the backend counts inside it; /map/ershoufangOrzufang lists beside the map', async ({
  page,
  request,
}) => {
  await page.goto(cityUrl('bj', '/map?type=0&lng=116.40000&lat=39.91000&z=13'));
  await expect(bubbles(page, 'area').first()).toBeVisible();
  await page.getByRole('button', { name: '画圈找房' }).click();
  const map = page.getByTestId('map');
  const box = (await map.boundingBox())!;
  const corners = [
    [0.3, 0.3],
    [0.7, 0.3],
    [0.7, 0.7],
    [0.3, 0.7],
  ];
  for (const [x, y] of corners) await map.click({ position: { x: box.width * x!, y: box.height * y! } });
  const answer = page.waitForResponse((r) => r.url().includes(ApiPath.mapArea));
  await page.getByRole('button', { name: '完成' }).click();
  const area = ((await (await answer).json()) as { data: MapArea }).data;
  expect(area.total).toBeGreaterThan(0);
  const points = JSON.parse((await answer).request().postData() ?? '{}').points as number[][];
  const again = await request.post(`${BACKEND}${ApiPath.mapArea}`, { data: { cityCode: '110000', channelCode: 'esf', points } });
  expect(((await again.json()) as { data: MapArea }).data.total).toBe(area.total);
  await expect(page.getByTestId('map-panel')).toContainText(`圈内共${area.total}套`);

  await page.goto(cityUrl('bj', '/map/ershoufangOrzufang?type=0'));
  await expect(page.getByTestId('map-panel').locator('li a').first()).toBeVisible();
});
