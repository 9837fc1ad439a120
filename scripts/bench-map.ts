/**
 * The map's share of `npm run bench` (`-- --map`, docs/performance.md "Map"): on the bench's data, through the web's
 * same-origin forward as the browser calls them, 16 in flight:
 *   - bubbles for random viewports and zooms (9–18) on every map channel (二手房, 租房, 新房), target p95 ≤ 30 ms;
 *   - drawn areas (画圈找房): random star-shaped polygons of 12 corners, 0.4–2.5 km round a random community or
 *     project, target p95 ≤ 80 ms;
 *   - 通勤找房 from a random station of the city in 15, 30 or 45 minutes, target p95 ≤ 80 ms;
 *   - a detail page's nearby call (位置及周边), beside them;
 * then long tasks while dragging the map in Chromium (PerformanceObserver 'longtask'), target none over 100 ms.
 * Random draws come from their own stream (DETAIL_MAP_SEED), so a run asks what the last one asked.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { chromium } from '@playwright/test';
import type { MapBasemap, MapBubbles } from '@contracts/map';
import { MAP_ZOOM, type MapChannel } from '@contracts/map-constants';
import { ApiPath } from '@contracts/paths';
import { Prng } from '../backend/src/db/prng';
import { CHROME_PATH } from './bench-lighthouse';

export const DETAIL_MAP_SEED = 20261127;
export const BUBBLES_P95_TARGET_MS = 30;
export const AREA_P95_TARGET_MS = 80;
export const LONG_TASK_TARGET_MS = 100;
const IN_FLIGHT = 16;
const WARM_UP = 150;
const CALLS = Number(process.env.BENCH_MAP_CALLS ?? 1200);
const CHANNELS: MapChannel[] = ['esf', 'rent', 'new'];
/** The map's window in the browser at 1440 × 900 less the header and the bar. */
const VIEW_PX = { w: 1440, h: 780 };

export interface MapTarget {
  webPort: number;
  host: string;
  cookie: string;
  cityCode: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT });

function post(t: MapTarget, urlPath: string, body: unknown): Promise<{ status: number; text: string }> {
  const data = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: t.webPort,
        path: urlPath,
        method: 'POST',
        agent,
        headers: {
          host: t.host,
          ...(t.cookie ? { cookie: t.cookie } : {}),
          'content-type': 'application/json',
          'content-length': data.length,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

async function answer<T>(t: MapTarget, urlPath: string, body: unknown): Promise<T> {
  const r = await post(t, urlPath, body);
  if (r.status !== 200) throw new Error(`${urlPath} answered ${r.status}: ${r.text.slice(0, 200)}`);
  return (JSON.parse(r.text) as { data: T }).data;
}

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)] ?? NaN;
}

interface Latency {
  name: string;
  n: number;
  p50: number;
  p95: number;
  p99: number;
  target: number | null;
}

/** `bodies` (after WARM_UP of them not counted), IN_FLIGHT at once; every answer must be a 200. */
async function latency(
  t: MapTarget,
  name: string,
  urlPath: string,
  bodies: unknown[],
  target: number | null,
  inFlight = IN_FLIGHT,
  warmUp = WARM_UP,
): Promise<Latency> {
  const times: number[] = [];
  let next = 0;
  async function worker() {
    while (next < bodies.length) {
      const i = next++;
      const t0 = performance.now();
      const r = await post(t, urlPath, bodies[i]);
      if (r.status !== 200) throw new Error(`${name}: ${r.status} for ${JSON.stringify(bodies[i])}: ${r.text.slice(0, 200)}`);
      if (i >= warmUp) times.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: inFlight }, () => worker()));
  times.sort((a, b) => a - b);
  return { name, n: times.length, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), target };
}

/** The box a window of VIEW_PX shows at `zoom` round a centre (Web Mercator: 256 px × 2^zoom round the world). */
function viewport(lat: number, lng: number, zoom: number) {
  const degPerPx = 360 / (256 * 2 ** zoom);
  const halfW = Math.min(1.4, (VIEW_PX.w / 2) * degPerPx);
  const halfH = Math.min(1.4, (VIEW_PX.h / 2) * degPerPx * Math.cos((lat * Math.PI) / 180));
  return { west: lng - halfW, east: lng + halfW, south: lat - halfH, north: lat + halfH };
}

/** A star-shaped polygon of 12 corners round a point: never self-crossing, 0.4–2.5 km across its radius. */
function polygon(rng: Prng, lat: number, lng: number): [number, number][] {
  const radiusKm = 0.4 + rng.next() * 2.1;
  const corners = 12;
  return Array.from({ length: corners }, (_, i) => {
    const angle = (i / corners) * 2 * Math.PI;
    const r = (radiusKm * (0.6 + 0.4 * rng.next())) / 111.2;
    return [lng + (r * Math.cos(angle)) / Math.cos((lat * Math.PI) / 180), lat + r * Math.sin(angle)] as [number, number];
  });
}

export async function mapLatencies(t: MapTarget): Promise<Latency[]> {
  const rng = new Prng(DETAIL_MAP_SEED);
  const basemap = await answer<MapBasemap>(t, ApiPath.mapBasemap, { cityCode: t.cityCode });
  const b = basemap.bounds;
  // Where homes are: every community (二手房/租房) and project (新房) of the city, from the bubbles at street zoom.
  const wide = { west: Math.max(b.west, basemap.centre.lng - 1.4), east: Math.min(b.east, basemap.centre.lng + 1.4) };
  const homes: Record<MapChannel, { lat: number; lng: number }[]> = { esf: [], rent: [], new: [] };
  for (const channel of CHANNELS) {
    const pins = await answer<MapBubbles>(t, ApiPath.mapBubbles, {
      cityCode: t.cityCode,
      channelCode: channel,
      zoom: MAP_ZOOM.max,
      bounds: { ...wide, south: Math.max(b.south, basemap.centre.lat - 1.4), north: Math.min(b.north, basemap.centre.lat + 1.4) },
    });
    homes[channel] = pins.list.map((p) => ({ lat: p.lat, lng: p.lng }));
    if (homes[channel].length === 0) throw new Error(`no ${channel} homes on the map of ${t.cityCode}`);
  }

  const results: Latency[] = [];
  const allBubbles: unknown[] = [];
  for (const channel of CHANNELS) {
    const bodies = Array.from({ length: WARM_UP + CALLS }, () => {
      const zoom = rng.int(MAP_ZOOM.min, MAP_ZOOM.max);
      // Half the views where the homes are (a visitor looks there), half anywhere in the city's box.
      const at = rng.chance(0.5)
        ? rng.pick(homes[channel])
        : { lat: b.south + rng.next() * (b.north - b.south), lng: b.west + rng.next() * (b.east - b.west) };
      return { cityCode: t.cityCode, channelCode: channel, zoom, bounds: viewport(at.lat, at.lng, zoom) };
    });
    allBubbles.push(...bodies);
    results.push(await latency(t, `bubbles ${channel}`, ApiPath.mapBubbles, bodies, BUBBLES_P95_TARGET_MS));
  }
  // Every channel mixed, as a city's visitors ask at once.
  const mixed = allBubbles.map((x, i) => allBubbles[(i * 7919) % allBubbles.length]);
  results.push(await latency(t, 'bubbles, channels mixed', ApiPath.mapBubbles, mixed, BUBBLES_P95_TARGET_MS));
  // A first visit: no cookie at all (a new visitor, a crawler), so the web's forward gives each call a device code.
  results.push(
    await latency({ ...t, cookie: '' }, 'bubbles, channels mixed, first visit', ApiPath.mapBubbles, mixed, BUBBLES_P95_TARGET_MS),
  );
  for (const channel of CHANNELS) {
    const bodies = Array.from({ length: WARM_UP + Math.round(CALLS / 2) }, () => {
      const at = rng.pick(homes[channel]);
      return { cityCode: t.cityCode, channelCode: channel, points: polygon(rng, at.lat, at.lng), page: 1, pageSize: 20 };
    });
    results.push(await latency(t, `drawn area ${channel}`, ApiPath.mapArea, bodies, AREA_P95_TARGET_MS));
    // One visitor drawing at a time: the call's own cost, without 15 others queued before it.
    const one = bodies.slice(0, 120);
    results.push(await latency(t, `drawn area ${channel}, 1 in flight`, ApiPath.mapArea, one, null, 1, 20));
  }
  // 通勤找房: from a random station of the city (every line's), 15/30/45 minutes, a page of 20.
  const stationIds = basemap.lines.flatMap((l) => l.stations.map((s) => s.id));
  for (const channel of CHANNELS) {
    const bodies = Array.from({ length: WARM_UP + Math.round(CALLS / 2) }, () => ({
      cityCode: t.cityCode,
      channelCode: channel,
      stationId: rng.pick(stationIds),
      minutes: rng.pick([15, 30, 45]),
      page: 1,
      pageSize: 20,
    }));
    results.push(await latency(t, `commute ${channel}`, ApiPath.mapCommute, bodies, AREA_P95_TARGET_MS));
    results.push(await latency(t, `commute ${channel}, 1 in flight`, ApiPath.mapCommute, bodies.slice(0, 120), null, 1, 20));
  }
  const nearby = Array.from({ length: WARM_UP + Math.round(CALLS / 2) }, () => {
    const at = rng.pick(homes.esf);
    return { cityCode: t.cityCode, lat: at.lat, lng: at.lng };
  });
  results.push(await latency(t, 'nearby (detail map)', ApiPath.mapNearby, nearby, null));
  return results;
}

export function reportMapLatencies(rows: Latency[]): void {
  console.log(
    `Map calls through the web, ${IN_FLIGHT} in flight (unless said), ${WARM_UP} not counted first (DETAIL_MAP_SEED draws):`,
  );
  console.table(
    rows.map((r) => ({
      call: r.name,
      n: r.n,
      'p50 ms': r.p50.toFixed(1),
      'p95 ms': r.p95.toFixed(1),
      'p99 ms': r.p99.toFixed(1),
      'p95 target ms': r.target ?? '',
      within: r.target === null ? '' : r.p95 <= r.target ? 'yes' : 'NO',
    })),
  );
}

export interface PanFigures {
  page: string;
  drags: number;
  longTasks: number;
  over100: number;
  maxMs: number;
  totalMs: number;
}

/**
 * Long tasks while dragging: Chromium opens the page, the observer is installed before any script runs, the map is
 * dragged `drags` times (each 20 mouse steps, as a hand does) at a community zoom with bubbles; only tasks that
 * start after the map has drawn its first bubbles count (the page's own load is Lighthouse's business).
 */
export async function panLongTasks(url: string, drags = 24): Promise<PanFigures> {
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: ['--host-resolver-rules=MAP *.localhost 127.0.0.1', '--no-sandbox'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: VIEW_PX.w, height: 900 } });
    await page.addInitScript(() => {
      const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
      w.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(url);
    const map = page.getByTestId('map');
    await map.locator('[data-testid^="bubble-"]').first().waitFor({ timeout: 90_000 });
    const from = await page.evaluate(() => performance.now());
    const box = (await map.boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    for (let i = 0; i < drags; i++) {
      const dx = (i % 4 < 2 ? 1 : -1) * 260;
      const dy = (i % 2 === 0 ? 1 : -1) * 140;
      await page.mouse.move(cx, cy);
      await page.mouse.down();
      await page.mouse.move(cx + dx, cy + dy, { steps: 20 });
      await page.mouse.up();
      // The bubbles of the new view come in while the next drag starts, as they do for a visitor.
    }
    await page.waitForLoadState('networkidle');
    const tasks = (
      await page.evaluate(() => (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks)
    ).filter((x) => x.start >= from);
    return {
      page: new URL(url).pathname + new URL(url).search,
      drags,
      longTasks: tasks.length,
      over100: tasks.filter((x) => x.duration > LONG_TASK_TARGET_MS).length,
      maxMs: Math.max(0, ...tasks.map((x) => x.duration)),
      totalMs: tasks.reduce((s, x) => s + x.duration, 0),
    };
  } finally {
    await browser.close();
  }
}

export function reportPan(rows: PanFigures[]): void {
  console.log(
    `Long tasks while dragging the map in Chromium (PerformanceObserver 'longtask'; target none over ${LONG_TASK_TARGET_MS} ms):`,
  );
  console.table(
    rows.map((r) => ({
      page: r.page,
      drags: r.drags,
      'long tasks (>50 ms)': r.longTasks,
      [`over ${LONG_TASK_TARGET_MS} ms`]: r.over100,
      'longest ms': r.maxMs.toFixed(0),
      'total ms': r.totalMs.toFixed(0),
      within: r.over100 === 0 ? 'yes' : 'NO',
    })),
  );
}
