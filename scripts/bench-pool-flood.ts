/**
 * `npx tsx scripts/bench-pool-flood.ts [--checkout DIR]`: one address floods the web → backend pool with slow calls
 * while another visitor makes trivial ones (docs/security.md "The client address and the web → backend pool",
 * docs/performance.md "One address against the pool").
 *
 * Starts a backend and a production web from DIR (default this checkout; DIR must hold a `next build`, and nothing in
 * it is written), on PostgreSQL with Redis and TRUSTED_PROXY_HOPS=1, as behind nginx. Then, from loopback:
 * - the visitor alone for 10 s: `GET esf/list` of 北京, pages 1–20 in turn, one call at a time, through the web;
 * - the flood for POOL_FLOOD_SECONDS (default 60, at most 300): 64 calls in flight (POOL_FLOOD_IN_FLIGHT, at most 64)
 *   from one address (203.0.113.7 in X-Forwarded-For), each a 画圈 (drawn-area) search with a price range nobody asked
 *   before (drawnArea below: 200–350 ms of the backend's time), given up by the client after 10 s; meanwhile the
 *   visitor as above (198.51.100.20), and a second visitor asking the same straight from the backend.
 * Prints the visitor's p50/p99 alone and during the flood (through the web and straight), the flood's statuses, and
 * from the backend's log how many of the flood's calls reached the backend, and how many of those the flood did not
 * get an answer for the backend still ran (`incoming request` without `caller gone: handler not run`).
 *
 * Loopback only; bounded in time and in count (POOL_FLOOD_MAX_CALLS, default 100000). Settings: POOL_FLOOD_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/youju_bench, the bench's `npm run bench -- --pg` database),
 * POOL_FLOOD_REDIS_URL (default redis://127.0.0.1:6379), POOL_FLOOD_WEB_PORT (3300), POOL_FLOOD_BACKEND_PORT (4300).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { ApiPath } from '@contracts/paths';
import { ROOT } from './processes';

const { values } = parseArgs({ options: { checkout: { type: 'string' } } });
const CHECKOUT = path.resolve(values.checkout ?? ROOT);
const DATABASE_URL = process.env.POOL_FLOOD_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/youju_bench';
const REDIS_URL = process.env.POOL_FLOOD_REDIS_URL ?? 'redis://127.0.0.1:6379';
const WEB_PORT = Number(process.env.POOL_FLOOD_WEB_PORT ?? 3300);
const BACKEND_PORT = Number(process.env.POOL_FLOOD_BACKEND_PORT ?? 4300);
const SECONDS = Math.min(Number(process.env.POOL_FLOOD_SECONDS ?? 60), 300);
const IN_FLIGHT = Math.min(Number(process.env.POOL_FLOOD_IN_FLIGHT ?? 64), 64);
const MAX_CALLS = Number(process.env.POOL_FLOOD_MAX_CALLS ?? 100_000);
const QUIET_SECONDS = 10;
/** What a browser waits for a call at most (spec §9 is 5 s; a flood waits longer). */
const FLOOD_CLIENT_MS = 10_000;
const FLOOD_ADDRESS = '203.0.113.7';
const VISITOR_ADDRESS = '198.51.100.20';
const HOST = `bj.localhost:${WEB_PORT}`;
const BEIJING = '110000';
/** The flood's calls carry this keyword and their number, so the backend's log tells them apart. */
const MARK = 'zqflood';

interface Started {
  name: string;
  child: ChildProcess;
}

function start(name: string, args: string[], env: Record<string, string>, onLine?: (line: string) => void): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: CHECKOUT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout!, crlfDelay: Infinity });
  lines.on('line', (line) => onLine?.(line));
  return { name, child };
}

function stop(started: Started): Promise<void> {
  return new Promise((resolve) => {
    if (started.child.exitCode !== null || started.child.signalCode !== null) return resolve();
    const force = setTimeout(() => started.child.kill('SIGKILL'), 10_000);
    started.child.once('close', () => {
      clearTimeout(force);
      resolve();
    });
    started.child.kill('SIGTERM');
  });
}

/** CPU seconds a process has used (user + system), from /proc. */
function cpuSeconds(pid: number | undefined): number {
  if (!pid) return NaN;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

interface Answer {
  status: number;
  ms: number;
}

function call(
  base: { port: number; agent: http.Agent },
  pathAndQuery: string,
  from: string,
  timeoutMs: number,
  body?: unknown,
): Promise<Answer> {
  const started = performance.now();
  const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve) => {
    let settled = false;
    const done = (status: number) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ status, ms: performance.now() - started });
    };
    const req = http.request(
      {
        host: '127.0.0.1',
        port: base.port,
        path: pathAndQuery,
        method: data ? 'POST' : 'GET',
        agent: base.agent,
        headers: {
          host: HOST,
          'x-forwarded-for': from,
          cookie: `yj_device=${from.replace(/\D/g, '').padEnd(32, '0')}`,
          ...(data ? { 'content-type': 'application/json', 'content-length': data.length } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode ?? 0));
        res.on('error', () => done(0));
      },
    );
    // The caller gives up: the connection is closed, as a browser's fetch does on its timeout.
    const timer = setTimeout(() => {
      req.destroy();
      done(0);
    }, timeoutMs);
    req.on('error', () => done(0));
    req.end(data);
  });
}

/**
 * A drawn area of 北京 of about 450 km² (the most one may be is 500), moved a little each call, with a price range of
 * its own (so no aggregate the backend keeps answers it), a deep page of the list inside it in one of four orders:
 * 200–350 ms of the backend's time each on the 200k bench, 1.3 s for the first.
 */
function drawnArea(n: number) {
  const dx = ((n * 7919) % 100) / 1000 - 0.05;
  const dy = ((n * 104729) % 100) / 1000 - 0.05;
  const [w, s, e, north] = [116.2 + dx, 39.8 + dy, 116.45 + dx, 40.0 + dy];
  return {
    cityCode: BEIJING,
    channelCode: 'esf',
    points: [
      [w, s],
      [e, s],
      [e, north],
      [w, north],
    ],
    sort: (n % 4) + 1,
    page: 80 + (n % 20),
    pageSize: 50,
    filters: { priceFrom: (n % 500) + 1, priceTo: 3000 + (n % 90_000) },
  };
}

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! : NaN;

function latencies(answers: Answer[]): string {
  const ok = answers.filter((a) => a.status === 200).map((a) => a.ms);
  const s = [...ok].sort((a, b) => a - b);
  const failed = answers.length - ok.length;
  return (
    `p50 ${quantile(s, 0.5).toFixed(0)} ms, p99 ${quantile(s, 0.99).toFixed(0)} ms, max ${(s.at(-1) ?? NaN).toFixed(0)} ms ` +
    `(${ok.length} answered 200${failed ? `, ${failed} not: ${statuses(answers.filter((a) => a.status !== 200))}` : ''})`
  );
}

function statuses(answers: Answer[]): string {
  const by = new Map<number, number>();
  for (const a of answers) by.set(a.status, (by.get(a.status) ?? 0) + 1);
  return [...by.entries()]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s === 0 ? 'gave up' : s}×${n}`)
    .join(' ');
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function waitReady(url: string, started: Started, headers: Record<string, string> = {}): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) throw new Error(`${started.name} stopped before it was ready`);
    try {
      const res = await fetch(url, { headers, redirect: 'manual' });
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${started.name} was not ready at ${url}`);
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'yj-pool-flood-'));
  /** The flood's calls the backend's log shows arriving, and those whose handler it did not run. */
  const reached = new Set<number>();
  const skipped = new Set<number>();
  const markOf = (url: unknown) => {
    const m = new RegExp(`${MARK}=(\\d+)`).exec(String(url ?? ''));
    return m ? Number(m[1]) : null;
  };
  const backend = start(
    'backend',
    ['backend/src/server.ts'],
    {
      NODE_ENV: 'production',
      KEY_SECRET: randomBytes(32).toString('hex'),
      BACKEND_HOST: '127.0.0.1',
      BACKEND_PORT: String(BACKEND_PORT),
      DATABASE_URL,
      REDIS_URL,
      DATA_DIR: dataDir,
      PORTAL_ROOT_DOMAIN: `localhost:${WEB_PORT}`,
      LOG_LEVEL: 'info',
      ALERTS_POLL_MS: '0',
      MALLOC_MMAP_THRESHOLD_: '131072',
    },
    (line) => {
      if (!line.includes(MARK)) return;
      try {
        const entry = JSON.parse(line) as { msg?: string; url?: string; req?: { url?: string } };
        const n = markOf(entry.req?.url ?? entry.url);
        if (n === null) return;
        if (entry.msg === 'incoming request') reached.add(n);
        else if (entry.msg === 'caller gone: handler not run') skipped.add(n);
      } catch {
        // not a log entry of a call
      }
    },
  );
  const web = start('web', ['web-server.ts'], {
    NODE_ENV: 'production',
    PORT: String(WEB_PORT),
    // Loopback: WEB_HOST on this branch, HOSTNAME before it.
    WEB_HOST: '127.0.0.1',
    HOSTNAME: '127.0.0.1',
    BACKEND_URL: `http://127.0.0.1:${BACKEND_PORT}`,
    PORTAL_ROOT_DOMAIN: `localhost:${WEB_PORT}`,
    TRUSTED_PROXY_HOPS: '1',
    REDIS_URL,
  });
  try {
    await waitReady(`http://127.0.0.1:${BACKEND_PORT}/healthz`, backend);
    // A backend path through the web: ready without rendering a page.
    await waitReady(`http://127.0.0.1:${WEB_PORT}${ApiPath.cities}`, web, { host: HOST });

    const throughWeb = { port: WEB_PORT, agent: new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT + 4 }) };
    const straight = { port: BACKEND_PORT, agent: new http.Agent({ keepAlive: true, maxSockets: 4 }) };
    let page = 0;
    const visitorPath = () => `${ApiPath.esfList}?cityCode=${BEIJING}&page=${(page++ % 20) + 1}`;
    const visitor = async (base: typeof throughWeb, until: number): Promise<Answer[]> => {
      const answers: Answer[] = [];
      while (performance.now() < until) answers.push(await call(base, visitorPath(), VISITOR_ADDRESS, FLOOD_CLIENT_MS));
      return answers;
    };

    console.log(
      `pool flood: ${path.relative(process.cwd(), CHECKOUT) || '.'} (web :${WEB_PORT}, backend :${BACKEND_PORT}), ` +
        `PostgreSQL ${new URL(DATABASE_URL).pathname.slice(1)}, Redis, TRUSTED_PROXY_HOPS=1; load average ${load()}`,
    );
    const quiet = await visitor(throughWeb, performance.now() + QUIET_SECONDS * 1000);
    console.log(`visitor alone (${QUIET_SECONDS} s), through the web: ${latencies(quiet)}`);

    const until = performance.now() + SECONDS * 1000;
    const cpuBefore = { web: cpuSeconds(web.child.pid), backend: cpuSeconds(backend.child.pid) };
    const floodAnswers = new Map<number, Answer>();
    let sent = 0;
    const flooder = async () => {
      while (performance.now() < until && sent < MAX_CALLS) {
        const n = sent++;
        // The mark rides in the query string, which the backend logs and a POST route does not read.
        const answer = await call(throughWeb, `${ApiPath.mapArea}?${MARK}=${n}`, FLOOD_ADDRESS, FLOOD_CLIENT_MS, drawnArea(n));
        floodAnswers.set(n, answer);
      }
    };
    const [visits, direct] = await Promise.all([
      visitor(throughWeb, until),
      visitor(straight, until),
      ...Array.from({ length: IN_FLIGHT }, flooder),
    ]);
    const cpu = {
      web: cpuSeconds(web.child.pid) - cpuBefore.web,
      backend: cpuSeconds(backend.child.pid) - cpuBefore.backend,
    };
    // The backend's last handlers finish and its log is read to the end before anything is counted.
    await new Promise((r) => setTimeout(r, 5000));
    await stop(web);
    await stop(backend);

    const flood = [...floodAnswers.values()];
    const givenUp = [...floodAnswers.entries()].filter(([, a]) => a.status !== 200).map(([n]) => n);
    const ranForNobody = givenUp.filter((n) => reached.has(n) && !skipped.has(n)).length;
    const skippedGivenUp = givenUp.filter((n) => skipped.has(n)).length;
    console.log(`\nthe flood: ${sent} calls in ${SECONDS} s at ${IN_FLIGHT} in flight from ${FLOOD_ADDRESS}: ${statuses(flood)}`);
    console.log(`  the visitor through the web: ${latencies(visits)}`);
    console.log(`  the visitor straight to the backend: ${latencies(direct)}`);
    console.log(
      `  the flood's calls that reached the backend: ${reached.size} of ${sent}; of the ${givenUp.length} the flood got no ` +
        `200 for, the backend ran ${ranForNobody} (reached it and ran the handler) and skipped ${skippedGivenUp} (caller gone)`,
    );
    console.log(`  CPU during the flood: web ${cpu.web.toFixed(1)} s, backend ${cpu.backend.toFixed(1)} s`);
    console.log(`load average after: ${load()}`);
    throughWeb.agent.destroy();
    straight.agent.destroy();
  } finally {
    await Promise.all([stop(web), stop(backend)]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
