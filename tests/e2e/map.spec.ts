import { expect, test, type Page } from '@playwright/test';
import type { MapArea, MapBasemap, MapBubbles } from '@contracts/map';
import type { MapCommute } from '@contracts/map-commute';
import { ApiPath } from '@contracts/paths';
import { BACKEND, backendData, cityUrl } from './support';

/**
 * 地图找房 (docs/web.md "Map"): the header's button → district bubbles with counts → a district → its business
 * areas → a community → the side list → a detail; back and reload restore the view from the URL; 新房 and 租房 the
 * same way; a suggestion flies to its place; a filter changes bubbles and list together; a drawn area lists what the
 * backend counts inside it; a subway line or station lists the homes near it; 通勤找房 lists what the backend reaches;
 * bubbles answer the keyboard and business areas label the map.
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

test('a bubble at the map’s top edge is shown whole below the filter bar and takes a click', async ({ page }) => {
  await page.goto(cityUrl('bj', '/map?type=0&lng=116.40000&lat=39.91000&z=13'));
  const all = bubbles(page, 'area');
  await expect(all.first()).toBeAttached();
  const map = page.getByTestId('map');
  const box = (await map.boundingBox())!;
  // A bubble well inside the map with no other near (neighbouring areas' bubbles may overlap, and the one on top
  // would take the click).
  const centres: { i: number; x: number; y: number }[] = [];
  for (let i = 0; i < (await all.count()); i++) {
    const b = await all.nth(i).boundingBox();
    if (b) centres.push({ i, x: b.x + b.width / 2 - box.x, y: b.y + b.height / 2 - box.y });
  }
  const pick = centres.find(
    ({ i, x, y }) =>
      x > 80 &&
      x < box.width - 80 &&
      y > 120 &&
      y < box.height - 80 &&
      !centres.some((o) => o.i !== i && Math.abs(o.x - x) < 90 && Math.abs(o.y - y) < 90),
  );
  expect(pick, 'an area bubble alone in the map').toBeDefined();
  const name = (await all.nth(pick!.i).locator('.map-bubble__name').textContent()) ?? '';
  const bubble = page.locator(`.map-bubble-icon[title="${name}"] [data-testid="bubble-area"]`);
  // Drag the map up until the bubble's place is 14 px above the map's top edge: before the fix its centre was under
  // the filter bar, most of it still in the map. One move, from a point with no bubble, so Leaflet adds no inertia.
  const start = await page.evaluate(
    ({ left, top, width, height }) => {
      for (let y = top + height - 12; y > top + height - 60; y -= 8)
        for (let x = left + 20; x < left + width - 20; x += 16) {
          const at = document.elementFromPoint(x, y);
          if (at && !at.closest('.map-bubble-icon')) return { x, y };
        }
      return null;
    },
    { left: box.x, top: box.y, width: box.width, height: box.height },
  );
  expect(start, 'a free point to drag the map from').not.toBeNull();
  const before = page.url();
  await page.mouse.move(start!.x, start!.y);
  await page.mouse.down();
  await page.mouse.move(start!.x, start!.y - (pick!.y + 14));
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.mouse.up();
  await expect.poll(() => page.url()).not.toBe(before);
  // Whole, inside the map, below the bar.
  const bar = (await page.locator('.map-search__bar').boundingBox())!;
  await expect.poll(async () => (await bubble.boundingBox())!.y).toBeGreaterThanOrEqual(box.y - 1);
  expect((await bubble.boundingBox())!.y).toBeGreaterThanOrEqual(bar.y + bar.height - 1);
  // Playwright's own click: it fails when another element (the bar) is on top at the bubble's centre.
  await bubble.click({ timeout: 15_000 });
  await expect(page).toHaveURL(/z=15/);
});

test('a subway line, then a station: the homes near it in the list and bubbles, back and reload restore the choice', async ({
  page,
  request,
}) => {
  const basemap = await backendData<MapBasemap>(request, ApiPath.mapBasemap, { cityCode: '110000' });
  const listTotal = async (body: Record<string, unknown>) =>
    (await backendData<{ total: number }>(request, ApiPath.esfList, { cityCode: '110000', pageSize: 1, ...body })).total;
  // A line whose stations have homes near them, and its station with the most.
  let chosen: { line: MapBasemap['lines'][number]; total: number } | null = null;
  for (const line of basemap.lines) {
    const total = await listTotal({ lineId: line.id });
    if (total > 0 && (!chosen || total > chosen.total)) chosen = { line, total };
  }
  expect(chosen, 'a line with homes near it').not.toBeNull();
  const { line, total: lineTotal } = chosen!;
  let best = { station: line.stations[0]!, total: -1 };
  for (const station of line.stations) {
    const total = await listTotal({ stationId: station.id });
    if (total > best.total) best = { station, total };
  }
  expect(best.total).toBeGreaterThan(0);

  await page.goto(cityUrl('bj', '/map?type=0'));
  await expect(bubbles(page, 'district').first()).toBeVisible();
  await page.getByRole('combobox', { name: '地铁线路' }).selectOption({ label: line.name });
  await expect(page).toHaveURL(new RegExp(`line=${line.id}`));
  const panel = page.getByTestId('map-panel');
  await expect(panel.locator('header strong')).toHaveText(`${line.name}沿线`);
  await expect(panel.locator('header')).toContainText(`共找到${lineTotal}套`);
  // The line is drawn with its stations named.
  await expect(page.locator('.map-station-label').filter({ hasText: best.station.name }).first()).toBeAttached();

  await page.getByRole('combobox', { name: '地铁站' }).selectOption({ label: best.station.name });
  await expect(page).toHaveURL(new RegExp(`st=${best.station.id}`));
  await expect(panel.locator('header strong')).toHaveText(`${best.station.name}站附近（步行1.5公里内）`);
  await expect(panel.locator('header')).toContainText(`共找到${best.total}套`);
  await expect(page.locator('.map-station-label.is-chosen')).toHaveText(best.station.name);
  await expect(panel.locator('li a').first()).toBeVisible();
  // The bubbles count the same homes: their total is the station's list total.
  await expect(page.getByTestId('map-total')).toContainText(`共找到${best.total}套`);

  await page.reload();
  await expect(page.getByTestId('map-panel').locator('header')).toContainText(`共找到${best.total}套`);
  await expect(page.getByRole('combobox', { name: '地铁站' })).toHaveValue(String(best.station.id));
  await page.goBack();
  await expect(page.getByTestId('map-panel').locator('header strong')).toHaveText(`${line.name}沿线`);
  await expect(page.getByTestId('map-panel').locator('header')).toContainText(`共找到${lineTotal}套`);
  await panel.getByRole('button', { name: '关闭' }).click();
  await expect(page).not.toHaveURL(/line=/);
  await expect(page.getByTestId('map-panel')).toHaveCount(0);
});

test('通勤找房: a workplace clicked on the map and a time list what the backend reaches; reload and back restore it', async ({
  page,
  request,
}) => {
  const basemap = await backendData<MapBasemap>(request, ApiPath.mapBasemap, { cityCode: '110000' });
  // Beside a station in the middle of the first line: the map's centre is the point clicked.
  const s = basemap.lines[0]!.stations[Math.floor(basemap.lines[0]!.stations.length / 2)]!;
  await page.goto(cityUrl('bj', `/map?type=0&lng=${s.lng.toFixed(5)}&lat=${s.lat.toFixed(5)}&z=13`));
  await expect(bubbles(page, 'area').first()).toBeVisible();
  await page.getByRole('button', { name: '通勤找房' }).click();
  await expect(page).toHaveURL(/cm=30/);
  await expect(page.getByTestId('commute-bar')).toContainText('在地图上点击工作地点');

  const map = page.getByTestId('map');
  const box = (await map.boundingBox())!;
  const answer = page.waitForResponse((r) => r.url().includes(ApiPath.mapCommute));
  // A spot near the centre (the station) where no bubble lies: the click lands on the map itself.
  const spot = await page.evaluate(
    ({ x, y, w, h }) => {
      for (let r = 0; r < 80; r += 6) {
        for (let a = 0; a < 360; a += 30) {
          const px = x + w / 2 + r * Math.cos((a * Math.PI) / 180);
          const py = y + h / 2 + r * Math.sin((a * Math.PI) / 180);
          const hit = document.elementFromPoint(px, py);
          if (hit && !hit.closest('.leaflet-marker-icon')) return { x: px - x, y: py - y };
        }
      }
      return null;
    },
    { x: box.x, y: box.y, w: box.width, h: box.height },
  );
  expect(spot, 'a spot of bare map near the centre').not.toBeNull();
  await map.click({ position: spot! });
  const res = await answer;
  const commute = ((await res.json()) as { data: MapCommute }).data;
  expect(commute.stations.length).toBeGreaterThan(0);
  const body = JSON.parse(res.request().postData() ?? '{}') as Record<string, unknown>;
  const again = await request.post(`${BACKEND}${ApiPath.mapCommute}`, { data: body });
  expect(((await again.json()) as { data: MapCommute }).data.total).toBe(commute.total);
  await expect(page).toHaveURL(/clng=.*clat=/);
  const panel = page.getByTestId('map-panel');
  await expect(panel.locator('header strong')).toHaveText(`30分钟通勤可达${commute.stations.length}个地铁站`);
  await expect(panel.locator('header')).toContainText(`共找到${commute.total}套`);
  if (commute.total > 0) await expect(panel.locator('li a').first()).toBeVisible();

  const wider = page.waitForResponse((r) => r.url().includes(ApiPath.mapCommute));
  await page.getByRole('combobox', { name: '通勤时间' }).selectOption('45');
  const more = ((await (await wider).json()) as { data: MapCommute }).data;
  expect(more.stations.length).toBeGreaterThan(commute.stations.length);
  expect(more.total).toBeGreaterThan(0);
  await expect(page).toHaveURL(/cm=45/);
  await expect(panel.locator('header')).toContainText(`共找到${more.total}套`);
  await expect(panel.locator('li a').first()).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('map-panel').locator('header')).toContainText(`共找到${more.total}套`);
  await page.goBack();
  await expect(page).toHaveURL(/cm=30/);
  await expect(page.getByTestId('map-panel').locator('header')).toContainText(`共找到${commute.total}套`);

  // A workplace far from any station: the backend's reason, in the page.
  await page.goto(cityUrl('bj', '/map?type=0&lng=116.20000&lat=40.60000&z=12&cm=30&clng=116.20000&clat=40.60000'));
  await expect(page.getByTestId('map-panel').getByRole('alert')).toContainText('1.5公里内没有地铁站');
});

test('bubbles by keyboard: Tab reaches one, Enter zooms into it; business-area names label the map where communities show', async ({
  page,
}) => {
  await page.goto(cityUrl('bj', '/map?type=0&lng=116.40000&lat=39.91000&z=11'));
  const icon = page.locator('.map-bubble-icon').first();
  await expect(icon).toBeVisible();
  await expect(icon).toHaveAttribute('tabindex', '0');
  await expect(icon).toHaveAttribute('aria-label', /套，按回车键查看/);
  await icon.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/z=13/);
  await expect(bubbles(page, 'area').first()).toBeVisible();
  await expect(page.locator('.map-area-label')).toHaveCount(0);
  await page.goto(cityUrl('bj', '/map?type=0&lng=116.40000&lat=39.91000&z=15'));
  await expect(bubbles(page, 'community').first()).toBeVisible();
  expect(await page.locator('.map-area-label').count()).toBeGreaterThan(0);
});
