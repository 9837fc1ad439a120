import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { floorScripts, JS_TARGET_ABOVE_FLOOR, pageScripts, sizeScripts } from '../../scripts/first-load-js';
import { serverHtml } from './support';

/**
 * The first-load JavaScript budget (docs/performance.md "First-load JavaScript"), on the build these tests run: the
 * scripts the home, a list, a detail and login name in their HTML, gzip, at most 25 kB above the framework floor,
 * counted as `npm run bench -- --js` counts them (scripts/first-load-js.ts). And the map's code (Leaflet, gcoord) in
 * none of them: it loads on the map routes and when a detail's map nears the viewport (detail-map.spec.ts).
 * Found ≈50 kB over on 2026-11-27 (zod, SWR and the forms' strings on every route), unnoticed for days.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const MAP_CODE = [
  ['Leaflet', 'leaflet-container'],
  ['gcoord', 'original coordinate system is required'],
] as const;

async function body(request: APIRequestContext, src: string): Promise<Buffer> {
  const res = await serverHtml(request, 'bj', src);
  expect(res.status(), src).toBe(200);
  return res.body();
}

test('home, list, detail and login each load at most 25 kB gzip of JavaScript above the framework floor, none of the map', async ({
  request,
}) => {
  const listHtml = await (await serverHtml(request, 'bj', '/ershoufang/')).text();
  const detail = /href="(\/ershoufang\/xiangqing\/\d+)"/.exec(listHtml)?.[1];
  expect(detail, 'a detail link on the list').toBeTruthy();
  const floorFiles = floorScripts(ROOT);
  const floor = await sizeScripts(floorFiles, (src) => body(request, src));
  expect(floor.files).toBeGreaterThan(0);
  const over: string[] = [];
  for (const route of ['/', '/ershoufang/', detail!, '/login']) {
    const res = await serverHtml(request, 'bj', route);
    expect(res.status(), route).toBe(200);
    const scripts = pageScripts(await res.text());
    // Every page loads the floor; what it adds is its own.
    expect(
      floorFiles.filter((f) => !scripts.includes(f)),
      route,
    ).toEqual([]);
    const own = scripts.filter((s) => !floorFiles.includes(s));
    const bodies = await Promise.all(own.map((s) => body(request, s)));
    for (const [name, mark] of MAP_CODE)
      expect(
        own.filter((_, i) => bodies[i]!.includes(mark)),
        `${route}: ${name} in its first load`,
      ).toEqual([]);
    const above = (await sizeScripts(own, async (src) => bodies[own.indexOf(src)]!)).gzip;
    test
      .info()
      .annotations.push({ type: 'first-load JS', description: `${route}: ${(above / 1024).toFixed(1)} kB gzip above the floor` });
    if (above > JS_TARGET_ABOVE_FLOOR) over.push(`${route}: ${(above / 1024).toFixed(1)} kB above the floor`);
  }
  expect(over, `over ${(JS_TARGET_ABOVE_FLOOR / 1024).toFixed(0)} kB gzip (floor ${(floor.gzip / 1024).toFixed(1)} kB)`).toEqual(
    [],
  );
});
