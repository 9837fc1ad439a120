/**
 * `npx tsx scripts/bench-flood-hosts.ts`: the third probe's flood (docs/security.md "The render budget on every host,
 * made-up codes, sitemap files", docs/performance.md "Flood of renders on every host and of sitemap files"), against a
 * portal already running on this machine (production mode: PostgreSQL, REDIS_URL, the web with TRUSTED_PROXY_HOPS=1 so
 * that FLOOD_ADDRESS in X-Forwarded-For is the flood's one address).
 *
 * From one address, FLOOD_IN_FLIGHT (16) requests at a time, two phases of FLOOD_SECONDS (60, at most 300) each:
 * 1. renders: on the bare root, www and foreign Hosts (three quarters), the share page of a listing, an agent or an
 *    article (`/share?type=esf&id=N`, real ids and made-up ones), articles (`/news/{category}/{id}.html`,
 *    `/news/detail?id=N`), `/about` and its pages; and 房源核验 codes on city hosts, well-formed for any id or mistyped;
 * 2. sitemap files of every city (`/sitemaps/{kind}-{part}.xml.gz`: the files each index names, and parts past the last).
 * Meanwhile another visitor (its own address) reads a cached city page and calls the 二手房 list API through the web, one
 * request at a time each. Printed: the visitor's p50/p99/max quiet and during the flood, the flood's answers by kind and
 * status, Redis's used_memory and the page cache's own sum and key count, how many of the real pages warmed before the
 * flood are still in Redis after it, and the CPU seconds the web and the backend used in each phase (from /proc, found by
 * their listening ports, or FLOOD_WEB_PID / FLOOD_BACKEND_PID).
 *
 * Loopback only; bounded in time and in count (FLOOD_MAX_REQUESTS, default 100000). Settings: FLOOD_WEB (default
 * http://127.0.0.1:3500), FLOOD_ROOT (the web's PORTAL_ROOT_DOMAIN, default localhost:<port>), FLOOD_BACKEND (default
 * http://127.0.0.1:4500, for the sitemap indexes and the CPU), FLOOD_REDIS_URL (default REDIS_URL or
 * redis://127.0.0.1:6379), FLOOD_PREFIX (youju:page:), FLOOD_SECONDS, FLOOD_IN_FLIGHT, FLOOD_ADDRESS (203.0.113.9, the
 * renders), FLOOD_SITEMAP_ADDRESS (203.0.113.10, the sitemap files).
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import { ApiPath } from '@contracts/paths';
import { verifyCodeOf, VERIFIABLE_CHANNELS } from '@contracts/verify-code';

const WEB = new URL(process.env.FLOOD_WEB ?? 'http://127.0.0.1:3500');
const ROOT = process.env.FLOOD_ROOT ?? `localhost:${WEB.port || 80}`;
const BACKEND = new URL(process.env.FLOOD_BACKEND ?? 'http://127.0.0.1:4500');
const REDIS_URL = process.env.FLOOD_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = process.env.FLOOD_PREFIX ?? 'youju:page:';
const SECONDS = Math.min(Number(process.env.FLOOD_SECONDS ?? 60), 300);
const IN_FLIGHT = Math.min(Number(process.env.FLOOD_IN_FLIGHT ?? 16), 64);
const MAX_REQUESTS = Math.min(Number(process.env.FLOOD_MAX_REQUESTS ?? 100_000), 500_000);
const FLOOD_ADDRESS = process.env.FLOOD_ADDRESS ?? '203.0.113.9';
/** The sitemap phase's address: its own, so that what the first phase spent of its budget does not carry over. */
const SITEMAP_ADDRESS = process.env.FLOOD_SITEMAP_ADDRESS ?? '203.0.113.10';
const VISITOR_ADDRESS = '198.51.100.21';
const VISITOR_PAGE = '/zufang/';
const VISITOR_LIST = `${ApiPath.esfList}?cityCode=110000&page=1&pageSize=30`;
/** The cities of the bench data, by host label and city code. */
const CITIES = ['bj', 'sh', 'gz', 'sz', 'hz', 'cd', 'nj', 'cq', 'wh', 'xa', 'tj', 'su', 'qd', 'xm'];

for (const url of [WEB, BACKEND]) {
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) {
    console.error(`bench-flood-hosts: ${url.hostname} is not this machine; the flood only runs on loopback`);
    process.exit(2);
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT + 4 });

interface Answer {
  status: number;
  ms: number;
}

function get(host: string, path: string, from: string, base = WEB): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.get(
      {
        host: base.hostname,
        port: base.port,
        path,
        agent,
        headers: { host, 'accept-encoding': 'gzip', 'x-forwarded-for': from },
        timeout: 30_000,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
  });
}

async function text(url: string): Promise<string> {
  const res = await fetch(url);
  return res.ok ? res.text() : '';
}

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
const int = (from: number, to: number) => from + Math.floor(Math.random() * (to - from + 1));
const CATEGORIES = ['loushikuaixun', 'shichangzhengce', 'loupingdaogou', 'zhishifenxiang'];

type Kind = 'root hosts' | 'validate' | 'sitemaps';

/** One request of the renders phase: its kind, Host and path. */
function renderRequest(): { kind: Kind; host: string; path: string } {
  if (Math.random() < 0.75) {
    const host = pick([ROOT, `www.${ROOT}`, 'evil.example', `probe-${int(1, 9999)}.example`]);
    const q = Math.random();
    const path =
      q < 0.5
        ? `/share?type=${pick(['esf', 'esf', 'rent', 'agent', 'news'])}&id=${int(1, 200_000)}`
        : q < 0.8
          ? `/news/${pick(CATEGORIES)}/${int(1, 400)}.html`
          : q < 0.9
            ? `/news/detail?id=${int(1, 400)}`
            : pick(['/about', '/about/aboutuj', '/about/ujcontact', '/about/ujculture', '/about/ujevents', '/share']);
    return { kind: 'root hosts', host, path };
  }
  const code = verifyCodeOf(pick(VERIFIABLE_CHANNELS), int(1, 2_000_000_000));
  // Half of them mistyped (the check digits changed).
  const typed = Math.random() < 0.5 ? code : `${code.slice(0, -1)}${(Number(code.at(-1)) + int(1, 9)) % 10}`;
  return { kind: 'validate', host: `${pick(CITIES)}.${ROOT}`, path: pick([`/validate?code=${typed}`, `/validate/${typed}`]) };
}

/** One request of the sitemaps phase: mostly a file an index names, else a part past the last. */
function sitemapRequest(sitemapFiles: string[]): { kind: Kind; host: string; path: string } {
  const file =
    Math.random() < 0.7 && sitemapFiles.length ? pick(sitemapFiles) : `${pick(CITIES)} /sitemaps/esf-${int(2, 999)}.xml.gz`;
  const [city, path] = file.split(' ') as [string, string];
  return { kind: 'sitemaps', host: `${city}.${ROOT}`, path };
}

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;

function latencies(samples: number[]): string {
  const s = [...samples].sort((a, b) => a - b);
  return `p50 ${quantile(s, 0.5).toFixed(1)} ms, p99 ${quantile(s, 0.99).toFixed(1)} ms, max ${(s.at(-1) ?? NaN).toFixed(1)} ms (${s.length})`;
}

/** Another visitor: one request at a time to `path` on bj, until `until`. */
async function visitor(path: string, until: number): Promise<{ ms: number[]; failed: number }> {
  const ms: number[] = [];
  let failed = 0;
  while (performance.now() < until) {
    const a = await get(`bj.${ROOT}`, path, VISITOR_ADDRESS);
    if (a.status === 200) ms.push(a.ms);
    else failed += 1;
    await new Promise((r) => setTimeout(r, 20));
  }
  return { ms, failed };
}

/** The process listening on `port` on this machine (its socket's inode in /proc/net/tcp, then whose fd it is). */
function pidOnPort(port: number): number | null {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let lines: string[] = [];
    try {
      lines = readFileSync(table, 'utf8').split('\n').slice(1);
    } catch {
      continue;
    }
    for (const line of lines) {
      const f = line.trim().split(/\s+/);
      if (f[1]?.endsWith(`:${hex}`) && f[3] === '0A') inodes.add(f[9]!);
    }
  }
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
        const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
        if (inode && inodes.has(inode)) return Number(pid);
      }
    } catch {
      // Another user's process, or one that ended.
    }
  }
  return null;
}

/** CPU seconds (user + system) a process has used. */
function cpuSeconds(pid: number | null): number {
  if (!pid) return NaN;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

interface RedisUse {
  usedMemory: number;
  pageBytes: number;
  pageKeys: number;
}

async function redisUse(redis: Redis): Promise<RedisUse> {
  const info = await redis.info('memory');
  let pageKeys = 0;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${PREFIX}*`, 'COUNT', 1000);
    cursor = next;
    pageKeys += keys.filter((k) => !k.startsWith(`${PREFIX}~`)).length;
  } while (cursor !== '0');
  return {
    usedMemory: Number(/^used_memory:(\d+)/m.exec(info)?.[1] ?? 0),
    pageBytes: Number((await redis.get(`${PREFIX}~bytes`)) ?? 0),
    pageKeys,
  };
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** The real pages every visitor reads, warmed into the page cache before the flood: lists and details of bj. */
const REAL_PAGES = [
  '/',
  '/ershoufang/',
  '/zufang/',
  '/loupan/',
  '/xiaoqu/',
  '/sp/buy/',
  '/xzl/rent/',
  ...Array.from({ length: 13 }, (_, i) => `/ershoufang/dc${i + 1}/`),
];

/** How many of REAL_PAGES have an entry in Redis (Next's keys end in the rewritten path: `…/$/bj/zufang`). */
async function realPagesInRedis(redis: Redis): Promise<number> {
  const wanted = new Set(REAL_PAGES.map((path) => `$/bj${path === '/' ? '' : path.replace(/\/$/, '')}`));
  const found = new Set<string>();
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${PREFIX}*$/bj*`, 'COUNT', 1000);
    cursor = next;
    for (const key of keys) {
      const tail = key.slice(key.lastIndexOf('$/'));
      if (wanted.has(tail)) found.add(tail);
    }
  } while (cursor !== '0');
  return found.size;
}

async function main(): Promise<void> {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  const webPid = Number(process.env.FLOOD_WEB_PID) || pidOnPort(Number(WEB.port));
  const backendPid = Number(process.env.FLOOD_BACKEND_PID) || pidOnPort(Number(BACKEND.port));
  console.log(
    `flood of renders on every host and of sitemap files: web ${WEB.origin} (pid ${webPid}), root ${ROOT}, backend ${BACKEND.origin} (pid ${backendPid}), Redis ${REDIS_URL} prefix ${PREFIX}; ${SECONDS} s at ${IN_FLIGHT} in flight; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  // The files each city's index names, from the backend (the flood then asks for them through the web).
  const sitemapFiles: string[] = [];
  for (const city of CITIES) {
    const index = await text(`http://${BACKEND.host}${ApiPath.sitemapIndex}?cityCode=${cityCodeOf(city)}`);
    for (const m of index.matchAll(/<loc>[^<]*(\/sitemaps\/[^<]+)<\/loc>/g)) sitemapFiles.push(`${city} ${m[1]}`);
  }
  console.log(`sitemap files named by the ${CITIES.length} cities' indexes: ${sitemapFiles.length}`);

  // Warm: the visitor's page and list call, and the real pages, rendered and kept before anything is measured.
  for (const path of REAL_PAGES) for (let i = 0; i < 2; i++) await get(`bj.${ROOT}`, path, VISITOR_ADDRESS);
  for (let i = 0; i < 3; i++) await get(`bj.${ROOT}`, VISITOR_LIST, VISITOR_ADDRESS);
  const warmed = await realPagesInRedis(redis);

  const quietUntil = performance.now() + 15_000;
  const cpu0 = [cpuSeconds(webPid), cpuSeconds(backendPid)];
  const [quietPage, quietList] = await Promise.all([visitor(VISITOR_PAGE, quietUntil), visitor(VISITOR_LIST, quietUntil)]);
  const cpu1 = [cpuSeconds(webPid), cpuSeconds(backendPid)];
  console.log(`\nquiet, 15 s:`);
  console.log(`  visitor's cached ${VISITOR_PAGE}: ${latencies(quietPage.ms)}`);
  console.log(`  visitor's list call: ${latencies(quietList.ms)}`);
  console.log(
    `  CPU: web ${((cpu1[0]! - cpu0[0]!) / 15).toFixed(2)} cores, backend ${((cpu1[1]! - cpu0[1]!) / 15).toFixed(2)} cores`,
  );

  await phase('renders on the bare root, www and foreign Hosts, and 房源核验 codes', FLOOD_ADDRESS, renderRequest, redis, [
    webPid,
    backendPid,
  ]);
  await phase('sitemap files', SITEMAP_ADDRESS, () => sitemapRequest(sitemapFiles), redis, [webPid, backendPid]);
  console.log(
    `\nreal pages of bj in Redis: ${warmed} of ${REAL_PAGES.length} before the flood, ${await realPagesInRedis(redis)} after`,
  );
  console.log(
    `\nload average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  redis.disconnect();
  agent.destroy();
}

/** One phase: FLOOD_SECONDS of `next()` requests from FLOOD_ADDRESS, the visitor meanwhile; what it printed. */
async function phase(
  name: string,
  from: string,
  next: () => { kind: Kind; host: string; path: string },
  redis: Redis,
  [webPid, backendPid]: [number | null, number | null],
): Promise<void> {
  const before = await redisUse(redis);
  const until = performance.now() + SECONDS * 1000;
  const statuses = new Map<string, number>();
  let sent = 0;
  const flooder = async () => {
    while (performance.now() < until && sent < MAX_REQUESTS) {
      sent++;
      const r = next();
      const a = await get(r.host, r.path, from);
      const key = `${r.kind} ${a.status}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    }
  };
  let peak = before.usedMemory;
  const sampler = setInterval(
    () =>
      void redisUse(redis)
        .then((u) => (peak = Math.max(peak, u.usedMemory)))
        .catch(() => {}),
    5000,
  );
  const started = performance.now();
  const cpu0 = [cpuSeconds(webPid), cpuSeconds(backendPid)];
  const [page, list] = await Promise.all([
    visitor(VISITOR_PAGE, until),
    visitor(VISITOR_LIST, until),
    ...Array.from({ length: IN_FLIGHT }, flooder),
  ]);
  const took = (performance.now() - started) / 1000;
  const cpu1 = [cpuSeconds(webPid), cpuSeconds(backendPid)];
  clearInterval(sampler);
  const after = await redisUse(redis);
  peak = Math.max(peak, after.usedMemory);

  console.log(`\n${name}, ${took.toFixed(0)} s from ${from}: ${sent} requests (${(sent / took).toFixed(0)}/s)`);
  for (const kind of ['root hosts', 'validate', 'sitemaps'] as Kind[]) {
    const line = [...statuses.entries()]
      .filter(([k]) => k.startsWith(`${kind} `))
      .map(([k, n]) => [Number(k.slice(kind.length + 1)), n] as const)
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    if (line) console.log(`  ${kind}: ${line}`);
  }
  console.log(`  visitor's cached ${VISITOR_PAGE}: ${latencies(page.ms)}${page.failed ? `, ${page.failed} not 200` : ''}`);
  console.log(`  visitor's list call: ${latencies(list.ms)}${list.failed ? `, ${list.failed} not 200` : ''}`);
  console.log(
    `  CPU: web ${((cpu1[0]! - cpu0[0]!) / took).toFixed(2)} cores, backend ${((cpu1[1]! - cpu0[1]!) / took).toFixed(2)} cores`,
  );
  console.log(
    `  Redis used_memory ${mb(before.usedMemory)} → ${mb(after.usedMemory)} (peak ${mb(peak)}); page cache by its own count ${mb(before.pageBytes)} → ${mb(after.pageBytes)}, ${before.pageKeys} → ${after.pageKeys} pages`,
  );
  console.log(`  real pages of bj in Redis after it: ${await realPagesInRedis(redis)} of ${REAL_PAGES.length}`);
}

/** The bench data's city codes (backend/src/db/seed: the cities table). */
function cityCodeOf(domain: string): string {
  const codes: Record<string, string> = {
    bj: '110000',
    sh: '310000',
    gz: '440100',
    sz: '440300',
    hz: '330100',
    cd: '510100',
    nj: '320100',
    cq: '500000',
    wh: '420100',
    xa: '610100',
    tj: '120000',
    su: '320500',
    qd: '370200',
    xm: '350200',
  };
  return codes[domain]!;
}

await main();
