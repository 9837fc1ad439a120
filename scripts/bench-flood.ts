/**
 * `npx tsx scripts/bench-flood.ts`: the made-up-address flood (docs/security.md "Made-up addresses and the page
 * cache", docs/performance.md "Flood of made-up addresses"), against a portal already running on this machine
 * (production mode: PostgreSQL, REDIS_URL). Two phases of FLOOD_SECONDS (default 60, at most 300) each, 16 requests
 * in flight from one address (FLOOD_ADDRESS in X-Forwarded-For; the web runs with TRUSTED_PROXY_HOPS=1): list pages of made-up place ids (every channel, every path form `e`, `dc`, `ta`,
 * `sl`, `ss`, ids up to 10 digits) and of made-up keywords; the first phase without cookies, the second with a new
 * device cookie on every request. Meanwhile "another visitor" asks for a cached list page, one request at a time,
 * and the script prints its p50/p99/max before and during the flood, the Redis's used_memory, the page cache's own
 * sum and key count in Redis, and the answers by status.
 *
 * Loopback only, bounded in time and in count (FLOOD_MAX_REQUESTS, default 200000 a phase). Settings:
 * FLOOD_WEB (default http://127.0.0.1:3200), FLOOD_HOST (default bj.localhost:3200), FLOOD_REDIS_URL (default the
 * web's REDIS_URL or redis://127.0.0.1:6379), FLOOD_PREFIX (default youju:page:), FLOOD_SECONDS, FLOOD_IN_FLIGHT (16).
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import { CHANNEL_LIST } from '@contracts/channels';

const WEB = new URL(process.env.FLOOD_WEB ?? 'http://127.0.0.1:3000');
const HOST = process.env.FLOOD_HOST ?? `bj.localhost:${WEB.port || 80}`;
const REDIS_URL = process.env.FLOOD_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = process.env.FLOOD_PREFIX ?? 'youju:page:';
const SECONDS = Math.min(Number(process.env.FLOOD_SECONDS ?? 60), 300);
const IN_FLIGHT = Math.min(Number(process.env.FLOOD_IN_FLIGHT ?? 16), 64);
const MAX_REQUESTS = Number(process.env.FLOOD_MAX_REQUESTS ?? 200_000);
/** The page another visitor keeps reading: a list every visitor sees, cached. */
const VISITOR_PATH = process.env.FLOOD_VISITOR_PATH ?? '/zufang/';
const VISITOR_COOKIE = 'yj_device=f100d000000000000000000000000000';
/**
 * The flood's one address and the visitor's, as a load balancer would name them: run the web with
 * TRUSTED_PROXY_HOPS=1 (as behind one balancer), else both are this machine's loopback, which the render budget
 * does not count (lib/front/render-budget.ts).
 */
const FLOOD_ADDRESS = process.env.FLOOD_ADDRESS ?? '203.0.113.7';
const VISITOR_ADDRESS = '198.51.100.20';

if (!['127.0.0.1', 'localhost', '[::1]'].includes(WEB.hostname)) {
  console.error(`bench-flood: ${WEB.hostname} is not this machine; the flood only runs on loopback`);
  process.exit(2);
}

const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT + 4 });

interface Answer {
  status: number;
  ms: number;
  cache?: string;
}

function get(path: string, headers: Record<string, string>): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.get(
      {
        host: WEB.hostname,
        port: WEB.port,
        path,
        agent,
        headers: { host: HOST, 'accept-encoding': 'gzip', ...headers },
        timeout: 30_000,
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - started,
            cache: res.headers['x-nextjs-cache'] as string | undefined,
          }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
  });
}

const FORMS = ['e', 'dc', 'ta', 'sl', 'ss'] as const;
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

/** A made-up list address: a place id nobody has (up to 10 digits) or a keyword nobody typed, on any channel. */
function madeUpPath(): string {
  const channel = pick(CHANNEL_LIST);
  if (Math.random() < 0.5) {
    const id = 100_000_000 + Math.floor(Math.random() * 2_000_000_000);
    return `${channel.listPath}${pick(FORMS)}${id}/`;
  }
  return `${channel.listPath}keyzz${randomBytes(5).toString('hex')}/`;
}

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;

function latencies(samples: number[]): string {
  const s = [...samples].sort((a, b) => a - b);
  return `p50 ${quantile(s, 0.5).toFixed(1)} ms, p99 ${quantile(s, 0.99).toFixed(1)} ms, max ${(s.at(-1) ?? NaN).toFixed(1)} ms (${s.length} requests)`;
}

/** Another visitor: one request at a time to a cached page, until `until`. */
async function visitor(until: number): Promise<number[]> {
  const samples: number[] = [];
  while (performance.now() < until) {
    const a = await get(VISITOR_PATH, { cookie: VISITOR_COOKIE, 'x-forwarded-for': VISITOR_ADDRESS });
    if (a.status === 200) samples.push(a.ms);
    await new Promise((r) => setTimeout(r, 20));
  }
  return samples;
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

async function phase(name: string, cookies: boolean, redis: Redis): Promise<void> {
  const before = await redisUse(redis);
  const until = performance.now() + SECONDS * 1000;
  const statuses = new Map<number, number>();
  let sent = 0;
  const flooder = async () => {
    while (performance.now() < until && sent < MAX_REQUESTS) {
      sent++;
      const from = { 'x-forwarded-for': FLOOD_ADDRESS };
      const a = await get(madeUpPath(), cookies ? { ...from, cookie: `yj_device=${randomBytes(16).toString('hex')}` } : from);
      statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
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
  const [visits] = await Promise.all([visitor(until), ...Array.from({ length: IN_FLIGHT }, flooder)]);
  clearInterval(sampler);
  const after = await redisUse(redis);
  peak = Math.max(peak, after.usedMemory);
  const byStatus = [...statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');
  console.log(
    `\n${name}: ${sent} made-up addresses in ${SECONDS} s at ${IN_FLIGHT} in flight (${(sent / SECONDS).toFixed(0)}/s): ${byStatus}`,
  );
  console.log(
    `  Redis used_memory ${mb(before.usedMemory)} → ${mb(after.usedMemory)} (peak ${mb(peak)}, growth ${mb(after.usedMemory - before.usedMemory)})`,
  );
  console.log(
    `  page cache in Redis: ${mb(before.pageBytes)} → ${mb(after.pageBytes)} by its own count, ${before.pageKeys} → ${after.pageKeys} pages`,
  );
  console.log(`  another visitor's cached ${VISITOR_PATH} during it: ${latencies(visits)}`);
}

async function main(): Promise<void> {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  const load = (await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  console.log(
    `flood of made-up addresses on ${WEB.origin} (Host ${HOST}), Redis ${REDIS_URL} prefix ${PREFIX}; load average ${load}`,
  );
  // The visitor's page is cached before anything is measured.
  for (let i = 0; i < 5; i++) await get(VISITOR_PATH, { cookie: VISITOR_COOKIE, 'x-forwarded-for': VISITOR_ADDRESS });
  const quiet = await visitor(performance.now() + 10_000);
  console.log(`another visitor's cached ${VISITOR_PATH}, quiet: ${latencies(quiet)}`);
  await phase('without cookies', false, redis);
  await phase('with a new device cookie each', true, redis);
  console.log(
    `\nload average after: ${(await import('node:os'))
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  redis.disconnect();
  agent.destroy();
}

await main();
