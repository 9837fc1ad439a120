/**
 * `npx tsx scripts/profile-cold.ts [--pg] [--detail|--list]`: where the time of a page nobody asked for yet goes (the
 * long tail a crawler walks). On the bench's 200k data set (run `npm run bench` once to seed it; `--pg` uses its
 * PostgreSQL database), it starts a backend logging every call and, per kind (a 二手房 detail, a filtered 二手房 list),
 * a web process under V8's CPU profiler, asks PROFILE_SECONDS of never-asked pages of that kind at 8 in flight,
 * and prints:
 *   - throughput and latency of the cold pages;
 *   - the page's HTML size and the RSC payload inline in it (for hydration);
 *   - the backend calls one page makes, by path, with their time in the backend;
 *   - the web's CPU by where it is spent (our code, React's server renderer, Next, Node, garbage collection) and
 *     the functions with the most self time.
 * The profiles are kept in test-results/profile-cold-<kind>.cpuprofile (open them in Chrome's DevTools).
 */
import autocannon from 'autocannon';
import { getLocal } from './http-get';
import { mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { CHANNELS, detailPath } from '@contracts/channels';
import { LIST_MAX_PAGE } from '@contracts/constants';
import { formatListPath } from '../lib/search-path';
import {
  assertPortFree,
  buildWebIfStale,
  ROOT,
  startBackend,
  startProcess,
  stopAll,
  waitForHttp,
  type Started,
} from './processes';

const ON_PG = process.argv.includes('--pg');
const KINDS = (['detail', 'list'] as const).filter((k) => !process.argv.includes(`--${k === 'detail' ? 'list' : 'detail'}`));
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 15);
const BACKEND_PORT = Number(process.env.BENCH_BACKEND_PORT ?? 4200);
const WEB_PORT = Number(process.env.BENCH_WEB_PORT ?? 3200);
const ROOT_DOMAIN = `localhost:${WEB_PORT}`;
const HOST = `bj.${ROOT_DOMAIN}`;
const BACKEND = `http://127.0.0.1:${BACKEND_PORT}`;
const BEIJING = '110000';
const PG_URL = `${(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres').replace(/\/[^/]*$/, '')}/youju_bench`;
const OUT = path.join(ROOT, 'test-results');
/** The time between the load's end and the web's exit (the stop, its profile written) left out of the summary. */
const STOP_US = 300_000;

async function api<T>(urlPath: string): Promise<T> {
  const body = (await (await fetch(BACKEND + urlPath)).json()) as { code: number; data: T };
  if (body.code !== 200) throw new Error(`${urlPath} answered code ${body.code}`);
  return body.data;
}

/** Never-asked pages of each kind (deep list pages' listings; district × price × rooms × sort lists), shuffled. */
async function coldPaths(): Promise<Record<'detail' | 'list', string[]>> {
  const details: string[] = [];
  for (let page = 2; details.length < 3000 && page <= LIST_MAX_PAGE; page++) {
    const { list } = await api<{ list: { id: number }[] }>(
      `/yjyz.web.api/v1/esf/list?cityCode=${BEIJING}&sort=4&page=${page}&pageSize=50`,
    );
    details.push(...list.map((l) => detailPath('esf', l.id)));
  }
  const { districts } = await api<{ districts: { id: number }[] }>(`/yjyz.web.api/v1/condition/esf?cityCode=${BEIJING}`);
  const lists: string[] = [];
  for (const { id } of districts)
    for (const price of [1, 2, 3, 4, 5, 6, 7])
      for (const rooms of [1, 2, 3, 4])
        for (const sort of [3, 4, 5, 6])
          lists.push(formatListPath(CHANNELS.esf, { districtId: id, filters: { price: [price], rooms: [rooms] }, sort }));
  return { detail: details.reverse(), list: lists.reverse() };
}

const get = (urlPath: string, headers: Record<string, string> = {}) => getLocal(WEB_PORT, urlPath, { host: HOST, ...headers });

interface CallLine {
  reqId?: string;
  req?: { url: string };
  responseTime?: number;
}

/** The backend's calls between two offsets of its log: count and backend time per path (ids and queries folded). */
function backendCalls(logFile: string, from: number): Map<string, { n: number; ms: number }> {
  const text = readFileSync(logFile, 'utf8').slice(from);
  const urls = new Map<string, string>();
  const calls = new Map<string, { n: number; ms: number }>();
  for (const line of text.split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as CallLine;
    if (entry.req && entry.reqId) urls.set(entry.reqId, entry.req.url.split('?')[0]!.replace(/\/\d+$/, '/:id'));
    else if (entry.responseTime !== undefined && entry.reqId && urls.has(entry.reqId)) {
      const url = urls.get(entry.reqId)!;
      const c = calls.get(url) ?? { n: 0, ms: 0 };
      c.n += 1;
      c.ms += entry.responseTime;
      calls.set(url, c);
    }
  }
  return calls;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  endTime: number;
}

/** Where a frame's code lives. */
function areaOf(url: string, name: string): string {
  if (name === '(garbage collector)') return 'garbage collection';
  if (name === '(idle)' || name === '(program)') return name;
  if (url.includes('react-dom') && url.includes('server')) return 'React server renderer (HTML)';
  if (url.includes('react-server-dom')) return 'React Server Components (RSC payload)';
  if (url.includes('/next/')) return 'Next';
  if (url.includes('node_modules')) return 'other packages';
  if (url.startsWith('node:') || url === '') return 'Node (streams, http, zlib, …)';
  return 'our code';
}

/** The profile's last `seconds` before the web was stopped: the load, without the start (modules compiled once). */
function summarize(file: string, seconds: number): void {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  // Sample times run forward from the start by their deltas; the load ended just before the stop (endTime).
  let at = profile.endTime - profile.timeDeltas.reduce((a, b) => a + b, 0);
  const from = profile.endTime - seconds * 1e6 - STOP_US;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at >= from && at <= profile.endTime - STOP_US) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const areas = new Map<string, number>();
  const fns = new Map<string, number>();
  let busy = 0;
  for (const [id, us] of self) {
    const { callFrame: f } = byId.get(id)!;
    const area = areaOf(f.url, f.functionName);
    areas.set(area, (areas.get(area) ?? 0) + us);
    if (area === '(idle)') continue;
    busy += us;
    const where = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*node_modules\//, '').replace(`file://${ROOT}/`, '')}:${f.lineNumber + 1}`;
    fns.set(where, (fns.get(where) ?? 0) + us);
  }
  const share = (us: number) => `${((100 * us) / busy).toFixed(1)} %`;
  console.log(`web CPU busy ${(busy / 1e6).toFixed(1)} s of the load's ${seconds} s; by area (share of busy time):`);
  console.table(
    [...areas]
      .filter(([a]) => a !== '(idle)')
      .sort((a, b) => b[1] - a[1])
      .map(([area, us]) => ({ area, share: share(us) })),
  );
  console.log('functions with the most self time:');
  console.table(
    [...fns]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25)
      .map(([fn, us]) => ({ fn: fn.slice(0, 110), share: share(us) })),
  );
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  await buildWebIfStale();
  await assertPortFree(BACKEND_PORT, 'backend');
  await assertPortFree(WEB_PORT, 'web');
  const backendLog = path.join(OUT, 'profile-cold-backend.log');
  const running: Started[] = [];
  try {
    const backend = startBackend(
      {
        BACKEND_PORT: String(BACKEND_PORT),
        DATA_DIR: path.join(ROOT, '.bench-data'),
        DATABASE_URL: ON_PG ? PG_URL : '',
        LOG_LEVEL: 'info',
        PORTAL_ROOT_DOMAIN: ROOT_DOMAIN,
      },
      openSync(backendLog, 'w'),
    );
    running.push(backend);
    await waitForHttp(`${BACKEND}/healthz`, backend, 120_000);
    const paths = await coldPaths();
    for (const kind of KINDS) {
      const profDir = path.join(OUT, `profile-cold-${kind}`);
      rmSync(profDir, { recursive: true, force: true });
      // As startWeb starts it, under V8's profiler (a flag Node refuses in NODE_OPTIONS).
      const web = startProcess(
        'web',
        process.execPath,
        ['--cpu-prof', `--cpu-prof-dir=${profDir}`, '--import', 'tsx', 'web-server.ts'],
        { BACKEND_URL: BACKEND, PORTAL_ROOT_DOMAIN: ROOT_DOMAIN, PAGE_RENDERS_PER_ADDRESS: '0', PORT: String(WEB_PORT) },
        openSync(path.join(OUT, `profile-cold-${kind}-web.log`), 'w'),
      );
      await waitForHttp(`http://127.0.0.1:${WEB_PORT}/robots.txt`, web, 60_000);
      const list = paths[kind];
      // The layout's own calls (cities, menus, footer) warm first, as on a web that has served a while.
      for (let i = 0; i < 5; i++) await get(list.pop()!);
      const one = list.pop()!;
      const logFrom = readFileSync(backendLog, 'utf8').length;
      const html = await get(one);
      const calls = backendCalls(backendLog, logFrom);
      // The RSC payload the page carries for hydration: Next's inline `self.__next_f.push(…)` scripts.
      const text = html.body.toString('utf8');
      const flight = [...text.matchAll(/<script>self\.__next_f\.push\(.*?\)<\/script>/gs)].reduce((n, m) => n + m[0].length, 0);
      console.log(
        `\n${kind}: ${one} — HTML ${(html.body.length / 1024).toFixed(1)} kB, of it the inline RSC payload ${(flight / 1024).toFixed(1)} kB`,
      );
      console.log('backend calls of that one page:');
      console.table([...calls].map(([url, c]) => ({ call: url, n: c.n, 'backend ms': c.ms.toFixed(1) })));
      let next = 0;
      const r = await autocannon({
        url: `http://127.0.0.1:${WEB_PORT}`,
        headers: { host: HOST },
        connections: 8,
        duration: SECONDS,
        requests: [{ setupRequest: (req) => ({ ...req, path: list[next++] ?? list[0]! }) }],
      });
      console.log(
        `cold ${kind}s: ${r.requests.average.toFixed(1)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}`,
      );
      await stopAll([web]);
      const written = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
      if (!written) throw new Error(`the web wrote no CPU profile into ${profDir}`);
      const kept = path.join(OUT, `profile-cold-${kind}.cpuprofile`);
      renameSync(path.join(profDir, written), kept);
      rmSync(profDir, { recursive: true, force: true });
      summarize(kept, SECONDS);
    }
  } finally {
    await stopAll(running);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
