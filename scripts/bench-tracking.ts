/**
 * `npx tsx scripts/bench-tracking.ts`: tracking ingest (backend/src/modules/stats). One backend on a fresh embedded
 * database (PGlite, SEED_SIZE 0: ingest does not read the seed), loopback only, as `npm start` starts it; autocannon
 * posts batches of BATCH page-view events to /common.stats.api/behavior/view/page from CONNECTIONS connections for
 * BENCH_SECONDS (default 10), with a city page's Origin, each call from an address of its own (a crowd, not a flood:
 * the bounds per address and device are docs/security.md's) and the total a minute (TRACKING_EVENTS_PER_MINUTE) raised
 * out of the way, since this measures what the ingest can write, not what it lets in.
 * Printed: answered calls/s and events/s, latency p50/p99/max, then the visitors the roll-up counted after the last
 * write: each call is one visitor (an address, no device), so they must be the calls answered 200 (plus at most the
 * calls still in flight at the deadline, one per connection): none lost, none doubled. Figures go to
 * test-results/bench-tracking.json. On two cores autocannon competes with the backend for the CPU: the figures are a
 * floor for this machine, not a capacity.
 *
 * BENCH_TRACKING_PORT (default 4310) moves the backend; BENCH_PG_URL=postgres://… runs it on that server instead.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ApiPath } from '@contracts/paths';
import type { StatsReport, TrackingEvent } from '@contracts/tracking';
import { DEV_OPS_TOKEN, ROOT, assertPortFree, startBackend, stopAll, waitForHttp } from './processes';

const PORT = Number(process.env.BENCH_TRACKING_PORT ?? 4310);
const BASE = `http://127.0.0.1:${PORT}`;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 16;
const BATCH = 20;

const day = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
const batch: TrackingEvent[] = Array.from({ length: BATCH }, (_, i) => ({
  eventTm: Date.now(),
  pagePath: `/ershoufang/xiangqing/${1000 + i}`,
  eventType: 'page_view',
  deviceChannel: 4,
  businessType: 1,
  businessId: 1000 + i,
  promotion: 'bench',
  promoCode: 'load',
}));

await assertPortFree(PORT, 'bench backend');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'yj-bench-tracking-'));
const backend = startBackend({
  BACKEND_PORT: String(PORT),
  DATA_DIR: dataDir,
  SEED_SIZE: '0',
  LOG_LEVEL: 'warn',
  DATABASE_URL: process.env.BENCH_PG_URL ?? '',
  PORTAL_ROOT_DOMAIN: 'localhost:3000',
  TRACKING_EVENTS_PER_MINUTE: '10000000',
});
try {
  await waitForHttp(`${BASE}/healthz`, backend, 600_000);
  const ops = async <T>(p: string, body: unknown): Promise<T> => {
    const res = await fetch(`${BASE}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${DEV_OPS_TOKEN}` },
      body: JSON.stringify(body),
    });
    return ((await res.json()) as { data: T }).data;
  };
  let n = 0;
  const result = await autocannon({
    url: `${BASE}${ApiPath.trackingView}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    method: 'POST',
    body: JSON.stringify(batch),
    // Each call from an address of its own (the rate limit is per address; a real crowd is many addresses).
    requests: [
      {
        setupRequest: (req) => {
          n++;
          return {
            ...req,
            headers: {
              'content-type': 'application/json',
              origin: 'http://bj.localhost:3000',
              'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
            },
          };
        },
      },
    ],
  });
  const calls = result['2xx'];
  const accepted = calls * BATCH;
  const refused = result.non2xx;
  await ops(ApiPath.opsStatsMaintain, {});
  const report = await ops<StatsReport>(ApiPath.opsStats, { from: day, to: day, cityDomain: 'bj' });
  const figures = {
    seconds: SECONDS,
    connections: CONNECTIONS,
    batch: BATCH,
    database: process.env.BENCH_PG_URL ? 'postgresql' : 'pglite',
    callsPerSecond: Math.round(result.requests.average),
    eventsPerSecond: Math.round(result.requests.average * BATCH),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    accepted,
    refused,
    counted: report.totals.views,
    load: os.loadavg().map((x) => Math.round(x * 10) / 10),
  };
  console.log(
    `tracking ingest (${figures.database}, ${CONNECTIONS} connections, batches of ${BATCH}, ${SECONDS} s): ` +
      `${figures.callsPerSecond} calls/s = ${figures.eventsPerSecond} events/s; latency p50 ${figures.latencyMs.p50} ms, ` +
      `p99 ${figures.latencyMs.p99} ms, max ${figures.latencyMs.max} ms; ${refused} refused`,
  );
  console.log(
    `events taken ${accepted} in ${calls} calls, visitors counted by the roll-up ${figures.counted}; load average ${figures.load.join(' ')}`,
  );
  mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
  writeFileSync(path.join(ROOT, 'test-results/bench-tracking.json'), `${JSON.stringify(figures, null, 2)}\n`);
  // autocannon stops counting at the deadline while each connection may still have one call in flight, which the
  // backend takes: the roll-up counts every call answered, and at most one per connection more.
  if (figures.counted < calls || figures.counted > calls + CONNECTIONS) {
    console.error('the roll-up does not count the calls taken');
    process.exitCode = 1;
  }
} finally {
  await stopAll([backend]);
  rmSync(dataDir, { recursive: true, force: true });
}
