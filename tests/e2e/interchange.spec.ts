import { expect, test, type Page } from '@playwright/test';
import type { MapBasemap } from '@contracts/map';
import { ApiPath } from '@contracts/paths';
import { backendData, cityUrl } from './support';

/**
 * An interchange (换乘站; backend/test/interchange.test.ts for every channel and the map): the search box
 * offers it once, naming its lines, at the count of the list it leads to; the list of it reached through any of its
 * lines (the filter bar's sl{line}/ss{station}/ of each line's row) holds the same homes.
 * With SHOTS_DIR set, the dropdown and the list are photographed at 1280, 1440 and 1920 px.
 */

const searchBox = (page: Page) => page.getByRole('combobox', { name: /请输入/ });
const WIDTHS = [1280, 1440, 1920];

test('an interchange is one suggestion with its lines, and one list whichever line it is reached through', async ({
  page,
  request,
}) => {
  const basemap = await backendData<MapBasemap>(request, ApiPath.mapBasemap, { cityCode: '110000' });
  const listTotal = async (body: Record<string, unknown>) =>
    (await backendData<{ total: number }>(request, ApiPath.esfList, { cityCode: '110000', pageSize: 1, ...body })).total;
  // Every station of 北京 on two lines or more, with its rows in line order; the one with the most homes for sale.
  const rows = new Map<string, { lineId: number; lineName: string; id: number }[]>();
  for (const line of basemap.lines)
    for (const s of line.stations)
      rows.set(s.name, [...(rows.get(s.name) ?? []), { lineId: line.id, lineName: line.name, id: s.id }]);
  let hub: { name: string; rows: { lineId: number; lineName: string; id: number }[]; total: number } | null = null;
  for (const [name, of] of rows) {
    if (of.length < 2) continue;
    const total = await listTotal({ stationId: of[0]!.id });
    if (total > 0 && (!hub || total > hub.total)) hub = { name, rows: of, total };
  }
  expect(hub, 'an interchange with homes near it').not.toBeNull();
  const { name, rows: platforms, total } = hub!;

  await page.goto(cityUrl('bj', '/'));
  const stations = page
    .getByRole('listbox')
    .getByRole('option')
    .filter({ has: page.locator('.sug__kind', { hasText: /^地铁站$/ }) })
    .filter({ has: page.locator('.sug__name', { hasText: new RegExp(`^${name}$`) }) });
  // Typing before the box has hydrated is lost; type again until the dropdown answers.
  await expect(async () => {
    await searchBox(page).fill('');
    await searchBox(page).fill(name);
    await expect(stations.first()).toBeVisible({ timeout: 2000 });
  }).toPass();
  await expect(stations).toHaveCount(1);
  await expect(stations.locator('.sug__addr')).toHaveText(platforms.map((p) => p.lineName).join('、'));
  await expect(stations.locator('.sug__desc')).toContainText(`在售${total}套`);
  for (const width of WIDTHS) {
    if (!process.env.SHOTS_DIR) break;
    await page.setViewportSize({ width, height: 900 });
    await expect(stations).toBeVisible();
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/suggestion-${name}-${width}.png` });
  }
  await stations.click();
  await expect(page).toHaveURL(new RegExp(`/ershoufang/sl${platforms[0]!.lineId}/ss${platforms[0]!.id}/`));
  await expect(page.getByRole('heading', { name: `共找到 ${total} 套北京二手房` })).toBeVisible();

  // The same station reached through each of its lines (the filter bar's links): the same homes.
  for (const p of platforms) {
    await page.goto(cityUrl('bj', `/ershoufang/sl${p.lineId}/ss${p.id}/`));
    await expect(page.getByRole('heading', { name: `共找到 ${total} 套北京二手房` }), p.lineName).toBeVisible();
  }
  for (const width of WIDTHS) {
    if (!process.env.SHOTS_DIR) break;
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: `${process.env.SHOTS_DIR}/list-${name}-${platforms.at(-1)!.lineName}-${width}.png`,
      fullPage: false,
    });
  }
});
