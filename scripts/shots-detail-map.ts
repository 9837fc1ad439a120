/**
 * Screenshots of the detail pages' map (位置及周边) at 1280, 1440 and 1920 px, scrolled to it, into
 * /work/shots/detailmap/ (SHOTS_DIR): `npx tsx scripts/shots-detail-map.ts http://bj.localhost:3531 http://127.0.0.1:4531`
 * against a running web and backend.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { detailPath } from '@contracts/channels';
import type { ChannelCode } from '@contracts/constants';
import { ApiPath } from '@contracts/paths';

const [web = 'http://bj.localhost:3531', backend = 'http://127.0.0.1:4531'] = process.argv.slice(2);
const OUT = process.env.SHOTS_DIR ?? '/work/shots/detailmap';
const KINDS: [ChannelCode, string][] = [
  ['esf', ApiPath.esfList],
  ['rent', ApiPath.rentList],
  ['estate', ApiPath.estateList],
  ['new', ApiPath.newHomeList],
  ['shop_sale', ApiPath.shopSaleList],
  ['offices_rent', ApiPath.officesRentList],
];

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--host-resolver-rules=MAP *.localhost 127.0.0.1', '--no-sandbox'],
});
try {
  for (const [channel, list] of KINDS) {
    const res = await fetch(`${backend}${list}?cityCode=110000&pageSize=1`);
    const id = ((await res.json()) as { data: { list: { id: number }[] } }).data.list[0]!.id;
    for (const width of channel === 'esf' ? [1280, 1440, 1920] : [1440]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${web}${detailPath(channel, id)}`);
      const section = page.locator('section.detail-map');
      await section.scrollIntoViewIfNeeded();
      await section.locator('.leaflet-container').waitFor();
      await section.locator('.detail-map__kind').first().waitFor();
      await section
        .locator('path.leaflet-interactive')
        .first()
        .waitFor({ timeout: 30_000 })
        .catch(() => undefined);
      await page.waitForLoadState('networkidle');
      const file = path.join(OUT, `${channel}-${width}.png`);
      await section.screenshot({ path: file });
      console.log(file);
      await page.close();
    }
  }
  // 周边 of a project: the map above its own lists.
  const res = await fetch(`${backend}${ApiPath.newHomeList}?cityCode=110000&pageSize=1`);
  const id = ((await res.json()) as { data: { list: { id: number }[] } }).data.list[0]!.id;
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${web}/loupan/xiangqing/${id}/zhoubian`);
  await page.locator('section.detail-map .leaflet-container').waitFor();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(OUT, 'new-zhoubian-1440.png'), fullPage: true });
  console.log(path.join(OUT, 'new-zhoubian-1440.png'));
} finally {
  await browser.close();
}
