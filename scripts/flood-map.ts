/**
 * `npx tsx scripts/flood-map.ts`: a flood of the map's calls with filter sets nobody asked before (docs/security.md
 * "The map's aggregates", docs/performance.md "Map"), against a portal already running on this machine (production
 * mode: PostgreSQL, REDIS_URL, the web with TRUSTED_PROXY_HOPS=1). For FLOOD_SECONDS (default 120, at most 300),
 * FLOOD_IN_FLIGHT (default 8, at most 16) calls at once of bubbles, drawn areas and 通勤找房 on 二手房, 租房 and 新房,
 * each with random filters (price and area bounds, room counts, bands, sorts), random views, polygons and
 * workplaces: every one a new aggregate to build. They come from one address (FLOOD_ADDRESS in X-Forwarded-For,
 * through the web), or with FLOOD_ROTATE=1 each from a new IPv6 /64. Meanwhile "another visitor" reads a cached
 * list page through the web and calls the list API, one request at a time each; the backend's /healthz is asked
 * every half second. Printed: the visitor's p50/p99 for each, /healthz's longest answer, the backend's RSS before,
 * at its peak, at the flood's end and FLOOD_SETTLE_SECONDS (default 75) later, and the answers by call and status.
 *
 * Loopback only, bounded in time and in count (FLOOD_MAX_REQUESTS, default 100000). Settings: FLOOD_WEB (default
 * http://127.0.0.1:3000), FLOOD_HOST (default bj.localhost:<web port>), FLOOD_BACKEND (default http://127.0.0.1:4000,
 * for /healthz and the process's memory), FLOOD_BACKEND_PID (default: the process listening on its port),
 * FLOOD_DIRECT=1 (the flood straight to the backend, which believes X-Forwarded-For from loopback).
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { MapBasemap, MapBounds } from '@contracts/map';
import { COMMUTE_MINUTES, type MapChannel } from '@contracts/map-constants';
import { ApiPath } from '@contracts/paths';
import { codeCount, isRowFilter, RESIDENTIAL, type ResidentialFilter } from '@contracts/residential';

const WEB = new URL(process.env.FLOOD_WEB ?? 'http://127.0.0.1:3000');
const HOST = process.env.FLOOD_HOST ?? `bj.localhost:${WEB.port || 80}`;
const BACKEND = new URL(process.env.FLOOD_BACKEND ?? 'http://127.0.0.1:4000');
const DIRECT = process.env.FLOOD_DIRECT === '1';
const ROTATE = process.env.FLOOD_ROTATE === '1';
const SECONDS = Math.min(Number(process.env.FLOOD_SECONDS ?? 120), 300);
const SETTLE_SECONDS = Math.min(Number(process.env.FLOOD_SETTLE_SECONDS ?? 75), 300);
const IN_FLIGHT = Math.max(1, Math.min(Number(process.env.FLOOD_IN_FLIGHT ?? 8), 16));
const MAX_REQUESTS = Math.min(Number(process.env.FLOOD_MAX_REQUESTS ?? 100_000), 200_000);
/** The flood's address and the visitor's, as a load balancer in front of the web names them. */
const FLOOD_ADDRESS = process.env.FLOOD_ADDRESS ?? '203.0.113.7';
const VISITOR_ADDRESS = '198.51.100.20';
const VISITOR_PAGE = process.env.FLOOD_VISITOR_PATH ?? '/zufang/';
const VISITOR_COOKIE = 'yj_device=f100d000000000000000000000000000';
const CITIES = ['110000', '310000'];

for (const url of [WEB, BACKEND]) {
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) {
    console.error(`flood-map: ${url.hostname} is not this machine; the flood only runs on loopback`);
    process.exit(2);
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT + 4 });

interface Answer {
  status: number;
  ms: number;
  text: string;
}

function request(
  base: URL,
  path: string,
  options: { method?: string; body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Answer> {
  const started = performance.now();
  const data = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        path,
        method: options.method ?? (data ? 'POST' : 'GET'),
        agent,
        headers: {
          host: base === WEB ? HOST : base.host,
          ...(data ? { 'content-type': 'application/json', 'content-length': String(data.length) } : {}),
          ...options.headers,
        },
        timeout: options.timeoutMs ?? 60_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, text: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started, text: '' }));
    req.end(data);
  });
}

const random = (n: number) => Math.floor(Math.random() * n);
const pick = <T>(xs: readonly T[]): T => xs[random(xs.length)]!;
const between = (a: number, b: number) => a + Math.random() * (b - a);

/** A random non-empty set of the codes 1…n, at most `most` of them. */
function codes(n: number, most: number): number[] {
  const chosen = new Set<number>();
  const count = 1 + random(Math.min(most, n));
  while (chosen.size < count) chosen.add(1 + random(n));
  return [...chosen];
}

/**
 * Random filters of a channel's list (contracts/residential.ts), as an attacker who read the contract writes them:
 * a visitor's own bounds (any number up to the bound's largest) give a new filter set nearly every time. Most are
 * broad, a bound below or above nearly every home (`priceFrom` 1–99万): each is then as large an aggregate as the
 * city's whole list, the dearest to build and to keep. The rest are random bands and rooms, narrow and cheap.
 */
function randomFilters(channel: MapChannel): Record<string, unknown> {
  const filters: Record<string, unknown> = {};
  const decl: readonly ResidentialFilter[] = RESIDENTIAL[channel].filters;
  const bounds = decl.filter((f) => !isRowFilter(f));
  if (bounds.length >= 2 && Math.random() < 0.7) {
    // A lower bound under nearly every home, or an upper bound over nearly every one.
    const f = pick(bounds);
    filters[f.key] = [f.key.endsWith('From') ? 1 + random(99) : codeCount(f) - random(codeCount(f) / 2)];
    return filters;
  }
  for (const f of decl) {
    if (!isRowFilter(f)) continue;
    if (Math.random() < 0.35) filters[f.key] = codes(codeCount(f), f.multiple ? 3 : 1);
  }
  for (let i = 0; i + 1 < bounds.length; i += 2) {
    if (Math.random() > 0.6) continue;
    const [from, to] = [bounds[i]!, bounds[i + 1]!];
    const top = Math.min(codeCount(from), from.key.startsWith('area') ? 400 : 5000);
    const low = 1 + random(top);
    filters[from.key] = [low];
    filters[to.key] = [Math.min(codeCount(to), low + 1 + random(top))];
  }
  return filters;
}

interface City {
  cityCode: string;
  bounds: MapBounds;
  stations: { id: number; lat: number; lng: number }[];
}

function randomBox(city: City): MapBounds {
  const b = city.bounds;
  const lat = between(b.south, b.north);
  const lng = between(b.west, b.east);
  const half = pick([0.01, 0.03, 0.08, 0.3]);
  return { west: lng - half, east: lng + half, south: lat - half * 0.6, north: lat + half * 0.6 };
}

/** A star-shaped polygon of 12 corners, 0.4–2.5 km round a station (so it is inside the city). */
function randomPolygon(city: City): [number, number][] {
  const at = pick(city.stations);
  const radiusKm = between(0.4, 2.5);
  return Array.from({ length: 12 }, (_, i) => {
    const angle = (i / 12) * 2 * Math.PI;
    const r = (radiusKm * between(0.6, 1)) / 111.2;
    return [at.lng + (r * Math.cos(angle)) / Math.cos((at.lat * Math.PI) / 180), at.lat + r * Math.sin(angle)];
  });
}

type Kind = 'bubbles' | 'area' | 'commute';
function randomCall(cities: City[]): { kind: Kind; path: string; body: Record<string, unknown> } {
  const city = pick(cities);
  const channel = pick(['esf', 'rent', 'new'] as const);
  const base = { cityCode: city.cityCode, channelCode: channel, filters: randomFilters(channel) };
  const sort = random(RESIDENTIAL[channel].sorts.length);
  const kind = pick(['bubbles', 'bubbles', 'area', 'commute'] as const);
  if (kind === 'bubbles')
    return { kind, path: ApiPath.mapBubbles, body: { ...base, zoom: 9 + random(10), bounds: randomBox(city) } };
  if (kind === 'area') return { kind, path: ApiPath.mapArea, body: { ...base, sort, points: randomPolygon(city) } };
  const station = pick(city.stations);
  const where = Math.random() < 0.5 ? { stationId: station.id } : { lat: station.lat + 0.002, lng: station.lng + 0.002 };
  return { kind, path: ApiPath.mapCommute, body: { ...base, sort, minutes: pick(COMMUTE_MINUTES), ...where } };
}

/** A new address in its own /64 (2001:db8::/32, the documentation prefix). */
const rotatedAddress = () => `2001:db8:${random(0xffff).toString(16)}:${random(0xffff).toString(16)}::1`;

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;
function latencies(samples: number[]): string {
  const s = [...samples].sort((a, b) => a - b);
  return `p50 ${quantile(s, 0.5).toFixed(1)} ms, p99 ${quantile(s, 0.99).toFixed(1)} ms, max ${(s.at(-1) ?? NaN).toFixed(1)} ms (${s.length})`;
}

/** The process whose socket listens on `port` (its inode in /proc/net/tcp, then the process holding it). */
function pidListeningOn(port: number): number | null {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      // State 0A is LISTEN.
      if (cols[1]?.endsWith(`:${hex}`) && cols[3] === '0A') inodes.add(cols[9]!);
    }
  }
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m && inodes.has(m[1]!)) return Number(pid);
      }
    } catch {
      // Another user's process, or one that ended.
    }
  }
  return null;
}

const rssOf = (pid: number) => Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<void> {
  const pid = Number(process.env.FLOOD_BACKEND_PID ?? 0) || pidListeningOn(Number(BACKEND.port || 80));
  if (!pid) throw new Error(`no process listens on ${BACKEND.host}: start the backend first`);
  const floodBase = DIRECT ? BACKEND : WEB;
  console.log(
    `map flood: ${IN_FLIGHT} in flight for ${SECONDS} s ${DIRECT ? `straight to ${BACKEND.origin}` : `through ${WEB.origin} (Host ${HOST})`}, ` +
      `${ROTATE ? 'each call from a new /64' : `from ${FLOOD_ADDRESS}`}; backend pid ${pid}; load average ${load()}`,
  );
  const cities: City[] = [];
  for (const cityCode of CITIES) {
    const a = await request(WEB, ApiPath.mapBasemap, { body: { cityCode }, headers: { 'x-forwarded-for': VISITOR_ADDRESS } });
    if (a.status !== 200) throw new Error(`basemap of ${cityCode}: ${a.status} ${a.text.slice(0, 200)}`);
    const map = (JSON.parse(a.text) as { data: MapBasemap }).data;
    cities.push({ cityCode, bounds: map.bounds, stations: map.lines.flatMap((l) => l.stations) });
  }

  const visitor = { 'x-forwarded-for': VISITOR_ADDRESS, cookie: VISITOR_COOKIE };
  const listBody = (page: number) => ({ cityCode: '110000', page, pageSize: 20 });
  // The visitor's page and list calls are cached before anything is measured.
  for (let i = 1; i <= 5; i++) {
    await request(WEB, VISITOR_PAGE, { headers: visitor });
    await request(WEB, ApiPath.esfList, { body: listBody(i), headers: visitor });
  }

  const rss = { before: rssOf(pid), peak: 0, end: 0, settled: 0 };
  rss.peak = rss.before;
  const sampler = setInterval(() => (rss.peak = Math.max(rss.peak, rssOf(pid))), 500);
  const started = performance.now();
  const until = started + SECONDS * 1000;
  const live = () => performance.now() < until;

  const statuses = new Map<string, number>();
  const floodTimes: number[] = [];
  let sent = 0;
  let floodEnded = 0;
  const flooder = async () => {
    while (live() && sent < MAX_REQUESTS) {
      sent++;
      const call = randomCall(cities);
      const a = await request(floodBase, call.path, {
        body: call.body,
        headers: { 'x-forwarded-for': ROTATE ? rotatedAddress() : FLOOD_ADDRESS },
      });
      floodTimes.push(a.ms);
      const key = `${call.kind} ${a.status}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    }
    floodEnded = Math.max(floodEnded, performance.now());
  };
  const pageTimes: number[] = [];
  const listTimes: number[] = [];
  const visitorFailures = new Map<string, number>();
  const visit = async (name: string, times: number[], ask: (i: number) => Promise<Answer>) => {
    for (let i = 0; live(); i++) {
      const a = await ask(i);
      if (a.status === 200) times.push(a.ms);
      else visitorFailures.set(`${name} ${a.status}`, (visitorFailures.get(`${name} ${a.status}`) ?? 0) + 1);
      await pause(20);
    }
  };
  const health = { answered: 0, failed: 0, longest: 0 };
  const healthz = async () => {
    while (live()) {
      const a = await request(BACKEND, ApiPath.healthz, { timeoutMs: 60_000 });
      health.longest = Math.max(health.longest, a.ms);
      if (a.status === 200) health.answered++;
      else health.failed++;
      await pause(500);
    }
  };

  await Promise.all([
    ...Array.from({ length: IN_FLIGHT }, flooder),
    visit('page', pageTimes, () => request(WEB, VISITOR_PAGE, { headers: visitor })),
    visit('list', listTimes, (i) => request(WEB, ApiPath.esfList, { body: listBody(1 + (i % 5)), headers: visitor })),
    healthz(),
  ]);
  rss.end = rssOf(pid);
  const after = await request(BACKEND, ApiPath.healthz, { timeoutMs: 60_000 });
  console.log(`/healthz right after the flood: ${after.status} in ${after.ms.toFixed(1)} ms`);
  await pause(SETTLE_SECONDS * 1000);
  rss.settled = rssOf(pid);
  clearInterval(sampler);

  const byStatus = [...statuses.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, n]) => `${k}×${n}`)
    .join(', ');
  const floodSeconds = (floodEnded - started) / 1000;
  console.log(`\n${sent} map calls in ${floodSeconds.toFixed(0)} s (${(sent / floodSeconds).toFixed(1)}/s): ${byStatus}`);
  console.log(`  the flood's own answers: ${latencies(floodTimes)}`);
  console.log(`another visitor's cached ${VISITOR_PAGE} through the web: ${latencies(pageTimes)}`);
  console.log(`another visitor's list call (${ApiPath.esfList}, pages 1–5): ${latencies(listTimes)}`);
  if (visitorFailures.size)
    console.log(`  the visitor's answers that were not 200: ${[...visitorFailures].map(([k, n]) => `${k}×${n}`).join(', ')}`);
  console.log(`/healthz every 0.5 s: ${health.answered} answered, ${health.failed} not, longest ${health.longest.toFixed(1)} ms`);
  console.log(
    `backend RSS: before ${mb(rss.before)}, peak ${mb(rss.peak)} (+${mb(rss.peak - rss.before)}), at the end ${mb(rss.end)}, ${SETTLE_SECONDS} s later ${mb(rss.settled)}`,
  );
  console.log(`load average after: ${load()}`);
  agent.destroy();
}

await main();
