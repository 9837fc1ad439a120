/**
 * `npx tsx scripts/bench-nginx.ts`: nginx (Debian's package) with the repository's configuration
 * (deploy/nginx/youju.conf, docs/deploy.md "nginx in front") in front of two web processes, against one of those
 * web processes alone. It starts a backend (embedded database in .bench-nginx-data, the development seed), two
 * web processes with TRUSTED_PROXY_HOPS=1 and nginx on its own prefix under the system's temp folder, then prints
 * from one run:
 *   - load: autocannon, 32 connections, BENCH_SECONDS (default 10) per row, a first visit's request (no cookie,
 *     `Accept-Encoding: gzip` as browsers send): the home, 二手房's list and a detail from it, each straight to one
 *     web process and then through nginx, back to back; the static chunk straight to the web is the ratio
 *     baseline (and once through nginx); each row with the answer's size, and the CPU the load generator (this
 *     process) and the two web processes used, in % of one core (a HIT in nginx never reaches a web process);
 *   - fresh: seconds until a price changed through the operator API shows through nginx, and straight from the web,
 *     timed from the worst moment: just after nginx stored its copy of the detail page.
 * Skips (exit 0) when nginx is not installed. Ports: BENCH_NGINX_PORT (8090), BENCH_WEB_PORT (3400, and the next
 * one for the second web), BENCH_BACKEND_PORT (4400). Figures to test-results/bench-nginx.json, the processes' logs to
 * test-results/bench-nginx-servers.log. Takes about 4 minutes on 2 cores after the build.
 */
import autocannon from 'autocannon';
import { getLocal } from './http-get';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ApiPath } from '@contracts/paths';
import {
  DEV_OPS_TOKEN,
  ROOT,
  assertPortFree,
  buildWebIfStale,
  startBackend,
  startProcess,
  startWeb,
  stopAll,
  waitForHttp,
  type Started,
} from './processes';

const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;
const NGINX_PORT = Number(process.env.BENCH_NGINX_PORT ?? 8090);
const WEB_PORTS = [Number(process.env.BENCH_WEB_PORT ?? 3400), Number(process.env.BENCH_WEB_PORT ?? 3400) + 1];
const BACKEND_PORT = Number(process.env.BENCH_BACKEND_PORT ?? 4400);
const DATA_DIR = path.join(ROOT, '.bench-nginx-data');
/** The public root is nginx's: the web checks every Host against it, whichever way the request came. */
const ROOT_DOMAIN = `localhost:${NGINX_PORT}`;
const HOST = `bj.${ROOT_DOMAIN}`;
const BACKEND = `http://127.0.0.1:${BACKEND_PORT}`;
/** A first visit from a browser: no cookie, gzip accepted. */
const FIRST_VISIT = { host: HOST, 'accept-encoding': 'gzip' };

/**
 * deploy/nginx/youju.conf as it is, with the listen address, the two web addresses and the cache folder of this
 * run. Each replaced line must be there once: a config that changed shape fails here, not silently.
 */
function renderConfig(conf: string, listen: string, webs: string[], cacheDir: string): string {
  const swaps: [string, string][] = [
    ['listen 80;', `listen ${listen};`],
    ['server 127.0.0.1:3000 ', `server ${webs[0]} `],
    ['server 127.0.0.1:3001 ', `server ${webs[1]} `],
    ['proxy_cache_path /var/cache/nginx/youju ', `proxy_cache_path ${cacheDir} `],
  ];
  for (const [from, to] of swaps) {
    if (conf.split(from).length !== 2) throw new Error(`deploy/nginx/youju.conf: "${from}" is not there exactly once`);
    conf = conf.replace(from, to);
  }
  return conf;
}

/**
 * The top-level file around it: Debian's /etc/nginx/nginx.conf in short (sendfile, tcp_nopush), everything under
 * `prefix`, errors to standard error, no access log.
 */
function topLevelConfig(prefix: string): string {
  return `worker_processes auto;
pid ${prefix}/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }
http {
    sendfile on;
    tcp_nopush on;
    access_log off;
    client_body_temp_path ${prefix}/body;
    proxy_temp_path ${prefix}/proxy;
    fastcgi_temp_path ${prefix}/fastcgi;
    uwsgi_temp_path ${prefix}/uwsgi;
    scgi_temp_path ${prefix}/scgi;
    include youju.conf;
}
`;
}

/** GET with the city's Host (scripts/http-get.ts), and nginx's word on its cache. */
async function get(port: number, urlPath: string, headers: Record<string, string> = { host: HOST }) {
  const answer = await getLocal(port, urlPath, headers);
  return { ...answer, cacheStatus: String(answer.headers['x-cache-status'] ?? '') };
}

interface Row {
  page: string;
  via: string;
  path: string;
  rps: number;
  p50: number;
  p99: number;
  bad: number;
  cacheStatus: string;
  /** Bytes of one answer as sent (gzip). */
  bytes: number;
  /** CPU this process (autocannon, the load generator) used, in % of one core. */
  generatorCpu: number;
  /** CPU both web processes used together, in % of one core (null without /proc). */
  webCpu: number | null;
}

/** The web processes' PIDs, for their CPU time. */
const webPids: number[] = [];
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU seconds (user + system) the processes used so far, from /proc/<pid>/stat; null where there is no /proc. */
function cpuSeconds(pids: number[]): number | null {
  let ticks = 0;
  for (const pid of pids) {
    const file = `/proc/${pid}/stat`;
    if (!existsSync(file)) return null;
    // Fields after the command's closing parenthesis: state is the first, utime the 12th, stime the 13th.
    const fields = readFileSync(file, 'utf8').split(')').at(-1)!.trim().split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / CLOCK_TICKS;
}

async function load(page: string, via: 'web' | 'nginx', urlPath: string): Promise<Row> {
  const port = via === 'web' ? WEB_PORTS[0]! : NGINX_PORT;
  // Warm up: the first request renders or fills nginx's cache; the last one says what nginx answers from.
  let last = await get(port, urlPath, FIRST_VISIT);
  for (let i = 0; i < 4; i++) last = await get(port, urlPath, FIRST_VISIT);
  if (last.status !== 200) throw new Error(`${urlPath} answered ${last.status} via ${via}`);
  const cpu = process.cpuUsage();
  const webBefore = cpuSeconds(webPids);
  const t0 = performance.now();
  const r = await autocannon({
    url: `http://127.0.0.1:${port}${urlPath}`,
    headers: FIRST_VISIT,
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  const used = process.cpuUsage(cpu);
  const elapsed = performance.now() - t0;
  const webAfter = cpuSeconds(webPids);
  return {
    page,
    via,
    path: urlPath,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bad: r.non2xx + r.errors,
    cacheStatus: via === 'nginx' ? last.cacheStatus : '',
    bytes: last.body.length,
    generatorCpu: (used.user + used.system) / 10 / elapsed,
    webCpu: webBefore === null || webAfter === null ? null : ((webAfter - webBefore) * 100_000) / elapsed,
  };
}

/**
 * A price changed through the operator API, at the worst moment for nginx: just after it stored its copy of the
 * detail page (it keeps it for the page's s-maxage). Polls through nginx and straight from the first web every
 * 250 ms until each shows the price.
 */
async function freshness(detail: string): Promise<{ web: number | null; nginx: number | null; statuses: string[] }> {
  const id = Number(/(\d+)$/.exec(detail)?.[1]);
  // Wait for nginx to fetch the page anew (MISS, EXPIRED, STALE or UPDATING), then for its new copy.
  const waitStart = performance.now();
  while ((await get(NGINX_PORT, detail)).cacheStatus === 'HIT') {
    if (performance.now() - waitStart > 120_000) throw new Error('nginx kept its copy of the detail page for 120 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  while ((await get(NGINX_PORT, detail)).cacheStatus !== 'HIT') await new Promise((r) => setTimeout(r, 100));

  const price = 100 + (Date.now() % 800) + 0.3;
  const started = performance.now();
  const res = await fetch(`${BACKEND}${ApiPath.opsListing}/esf/${id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${DEV_OPS_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ price }),
  });
  if (!res.ok) throw new Error(`ops API answered ${res.status}: ${await res.text()}`);
  const shows = (body: Buffer) => body.toString('utf8').includes(`>${price}<`);
  let web: number | null = null;
  let nginx: number | null = null;
  const statuses: string[] = [];
  while ((web === null || nginx === null) && performance.now() - started < 150_000) {
    const seconds = (performance.now() - started) / 1000;
    if (web === null && shows((await get(WEB_PORTS[0]!, detail)).body)) web = seconds;
    if (nginx === null) {
      const r = await get(NGINX_PORT, detail);
      if (statuses.at(-1)?.split(' ')[0] !== r.cacheStatus) statuses.push(`${r.cacheStatus} at ${seconds.toFixed(1)} s`);
      if (shows(r.body)) nginx = seconds;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { web, nginx, statuses };
}

const load1 = () => os.loadavg().map((n) => n.toFixed(2));

async function main(): Promise<void> {
  if (!existsSync(NGINX)) {
    console.log(`bench-nginx: skipped, ${NGINX} is not installed (apt-get install -y nginx, or NGINX_BIN=…)`);
    return;
  }
  const started = performance.now();
  mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
  await buildWebIfStale();
  await assertPortFree(BACKEND_PORT, 'bench backend');
  for (const port of WEB_PORTS) await assertPortFree(port, 'bench web');
  await assertPortFree(NGINX_PORT, 'nginx');

  const prefix = mkdtempSync(path.join(os.tmpdir(), 'youju-nginx-'));
  // Run as root, nginx's workers are `nobody`: they must reach the cache folder inside.
  chmodSync(prefix, 0o755);
  mkdirSync(path.join(prefix, 'conf'));
  const conf = readFileSync(path.join(ROOT, 'deploy/nginx/youju.conf'), 'utf8');
  const webs = WEB_PORTS.map((p) => `127.0.0.1:${p}`);
  writeFileSync(path.join(prefix, 'conf/youju.conf'), renderConfig(conf, `127.0.0.1:${NGINX_PORT}`, webs, `${prefix}/cache`));
  writeFileSync(path.join(prefix, 'conf/nginx.conf'), topLevelConfig(prefix));

  const running: Started[] = [];
  const log = openSync(path.join(ROOT, 'test-results/bench-nginx-servers.log'), 'w');
  try {
    const backend = startBackend(
      { BACKEND_PORT: String(BACKEND_PORT), DATA_DIR, DATABASE_URL: '', LOG_LEVEL: 'warn', PORTAL_ROOT_DOMAIN: ROOT_DOMAIN },
      log,
    );
    running.push(backend);
    // The first run seeds the database.
    await waitForHttp(`${BACKEND}/healthz`, backend, 10 * 60_000);
    for (const port of WEB_PORTS) {
      const web = startWeb(
        port,
        { BACKEND_URL: BACKEND, PORTAL_ROOT_DOMAIN: ROOT_DOMAIN, PORT: String(port), TRUSTED_PROXY_HOPS: '1' },
        log,
      );
      running.push(web);
      if (web.child.pid) webPids.push(web.child.pid);
      await waitForHttp(`http://127.0.0.1:${port}/robots.txt`, web, 60_000);
    }
    const nginx = startProcess('nginx', NGINX, ['-p', prefix, '-c', 'conf/nginx.conf', '-g', 'daemon off;'], {}, log);
    running.push(nginx);
    await waitForHttp(`http://127.0.0.1:${NGINX_PORT}/robots.txt`, nginx, 10_000);

    const home = (await get(NGINX_PORT, '/')).body.toString('utf8');
    const staticJs = home.match(/\/_next\/static\/[^"]+\.js/)?.[0];
    const list = '/ershoufang/';
    const detailId = /\/ershoufang\/xiangqing\/(\d+)/.exec((await get(NGINX_PORT, list)).body.toString('utf8'))?.[1];
    if (!staticJs || !detailId) throw new Error('the home loads no /_next/static script, or the list shows no listing');
    const detail = `/ershoufang/xiangqing/${detailId}`;

    const loadBefore = load1();
    console.log(
      `Load: autocannon, ${CONNECTIONS} connections, ${SECONDS} s per row, a first visit (Host ${HOST}, no cookie, gzip); ` +
        `nginx ${NGINX_PORT} in front of web ${WEB_PORTS.join(' and ')}; load average ${loadBefore.join(' ')} (${os.cpus().length} cores).\n`,
    );
    const rows: Row[] = [await load('static chunk', 'web', staticJs), await load('static chunk', 'nginx', staticJs)];
    for (const [page, urlPath] of [
      ['home', '/'],
      ['esf list', list],
      ['esf detail', detail],
    ] as const) {
      rows.push(await load(page, 'web', urlPath), await load(page, 'nginx', urlPath));
    }
    const loadAfter = load1();
    const base = rows[0]!.rps;
    console.table(
      rows.map((r) => ({
        page: r.page,
        via: r.via === 'web' ? 'one web process' : 'nginx → 2 webs',
        path: r.path.length > 40 ? `${r.path.slice(0, 37)}…` : r.path,
        'req/s': r.rps.toFixed(0),
        'p50 ms': r.p50.toFixed(0),
        'p99 ms': r.p99.toFixed(0),
        'kB each': (r.bytes / 1024).toFixed(1),
        'autocannon CPU': `${r.generatorCpu.toFixed(0)} %`,
        'web CPU': r.webCpu === null ? '' : `${r.webCpu.toFixed(0)} %`,
        'vs static (web)': (r.rps / base).toFixed(2),
        'non-2xx + errors': r.bad,
        'X-Cache-Status': r.cacheStatus,
      })),
    );
    console.log(`Load average after: ${loadAfter.join(' ')}.\n`);

    console.log(`Freshness: a price changed through the operator API just after nginx stored ${detail}…`);
    const fresh = await freshness(detail);
    const secs = (s: number | null) => (s === null ? 'never (150 s)' : `${s.toFixed(1)} s`);
    console.table([
      { via: 'one web process (change feed)', 'shows the new price after': secs(fresh.web) },
      { via: 'nginx (s-maxage=50)', 'shows the new price after': secs(fresh.nginx) },
    ]);
    console.log(`nginx's answers meanwhile: ${fresh.statuses.join(', ')}`);

    writeFileSync(
      path.join(ROOT, 'test-results/bench-nginx.json'),
      JSON.stringify({ seconds: SECONDS, connections: CONNECTIONS, loadBefore, loadAfter, rows, fresh }, null, 2),
    );
    console.log(`Figures in test-results/bench-nginx.json; ${((performance.now() - started) / 1000).toFixed(0)} s from start.`);
  } finally {
    await stopAll(running);
    rmSync(prefix, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? `${err.message}${err.cause ? ` (${String(err.cause)})` : ''}` : err);
  process.exit(1);
});
