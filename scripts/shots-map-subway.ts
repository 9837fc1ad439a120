import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';

/**
 * Screenshots of the map's subway, commute and keyboard views at 1280, 1440 and 1920 px (docs/web.md "Map"), against
 * a running portal: `npx tsx scripts/shots-map-subway.ts [base] [outDir]` (default http://bj.localhost:3520, /work/shots/subway).
 */
const base = process.argv[2] ?? 'http://bj.localhost:3520';
const out = process.argv[3] ?? '/work/shots/subway';
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--host-resolver-rules=MAP *.localhost 127.0.0.1', '--no-sandbox'],
});
// A business area's point, for a view with its label (the base map's areas, from the backend behind the web).
const areas = (
  (await (
    await fetch(`${process.env.SHOTS_BACKEND ?? 'http://127.0.0.1:4520'}/yjyz.web.api/v1/ditu/basemap`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cityCode: '110000' }),
    })
  ).json()) as { data: { areas: { name: string; lat: number; lng: number }[] } }
).data.areas;
const area = areas.find((a) => a.name === '国贸') ?? areas[0]!;
const views: [string, string, (p: import('@playwright/test').Page) => Promise<void>][] = [
  [
    'line',
    '/map?type=0&line=1',
    async (p) => {
      await p.getByTestId('map-panel').locator('li a').first().waitFor();
    },
  ],
  [
    'station',
    '/map?type=0',
    async (p) => {
      await p.locator('.map-bubble-icon').first().waitFor();
      const line = p.getByRole('combobox', { name: '地铁线路' });
      await line.selectOption({ index: 1 });
      const station = p.getByRole('combobox', { name: '地铁站' });
      await station.selectOption({ index: 8 });
      await p.getByTestId('map-panel').locator('li a').first().waitFor();
    },
  ],
  [
    'commute',
    '/map?type=0&lng=116.44&lat=39.91&z=12&cm=45&clng=116.4400&clat=39.9100',
    async (p) => {
      await p.getByTestId('map-panel').locator('li a').first().waitFor();
    },
  ],
  [
    'keyboard-labels',
    `/map?type=0&lng=${(area.lng + 0.004).toFixed(5)}&lat=${area.lat.toFixed(5)}&z=15`,
    async (p) => {
      await p.locator('.map-area-label').first().waitFor();
      await p.locator('.map-bubble-icon').first().focus();
      await p.keyboard.press('Tab');
    },
  ],
];
for (const width of [1280, 1440, 1920]) {
  const page = await browser.newPage({ viewport: { width, height: width === 1920 ? 1080 : 860 }, locale: 'zh-CN' });
  for (const [name, path, ready] of views) {
    await page.goto(`${base}${path}`);
    await ready(page);
    // Let Leaflet's zoom animation settle: wait for its map to stop moving.
    await page.waitForFunction(() => !document.querySelector('.leaflet-zoom-anim'));
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${out}/map-${name}-${width}.png` });
  }
  await page.close();
}
await browser.close();
console.log(`saved to ${out}`);
