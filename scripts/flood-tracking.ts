/**
 * `npx tsx scripts/flood-tracking.ts`: the tracking flood (docs/security.md "Tracking storage"), against a backend
 * already running on this machine on PostgreSQL (production mode: DATABASE_URL, REDIS_URL), whose database the script
 * reads for the figures. One phase per count of FLOOD_PHASES (default `1,8`, at most 250 each): that many addresses
 * (private ones, in X-Forwarded-For, which the backend takes from loopback) each send page-view batches of 50 and contacts as fast as
 * they are taken for FLOOD_SECONDS (default 60, at most 300): after a 429 an address waits out the window the answer
 * names, then goes on. Every call carries a new device code and every event the longest free text the contract takes
 * (a 512-character path, 64-character promotion codes, a 32-character search text), and half the views and every
 * contact name one listing and one agent: the worst the storage and the report can be made to take.
 *
 * Printed per phase: calls by status, events accepted (the answers' `accepted`), rows written to tracking_events, the
 * tracking tables' bytes before and after (`pg_total_relation_size` of every day partition and of tracking_daily),
 * tracking_daily's rows of today after a roll-up (`ops stats rollup`), the forged listing's and agent's figures in the
 * report, and the growth per minute per address. Figures also go to test-results/flood-tracking.json.
 *
 * Loopback only, bounded in time and in count (FLOOD_MAX_CALLS, default 200000 a phase). Settings: FLOOD_BACKEND
 * (default http://127.0.0.1:4400), FLOOD_PG_URL (the backend's database, default
 * postgres://postgres@127.0.0.1:5432/youju_bench_track), FLOOD_ORIGIN (default http://bj.localhost:3000: a city page of
 * the backend's PORTAL_ROOT_DOMAIN), OPS_TOKEN (default the development token of scripts/processes.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { ApiPath } from '@contracts/paths';
import type { StatsReport, TrackingEvent } from '@contracts/tracking';
import { DEV_OPS_TOKEN, ROOT } from './processes';

const BACKEND = new URL(process.env.FLOOD_BACKEND ?? 'http://127.0.0.1:4400');
const PG_URL = process.env.FLOOD_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/youju_bench_track';
const ORIGIN = process.env.FLOOD_ORIGIN ?? 'http://bj.localhost:3000';
const CITY = new URL(ORIGIN).hostname.split('.')[0]!;
const SECONDS = Math.min(Math.max(Number(process.env.FLOOD_SECONDS ?? 60), 1), 300);
const PHASES = (process.env.FLOOD_PHASES ?? '1,8').split(',').map((n) => Math.min(Math.max(Number(n), 1), 250));
const MAX_CALLS = Number(process.env.FLOOD_MAX_CALLS ?? 200_000);
const TOKEN = process.env.OPS_TOKEN ?? DEV_OPS_TOKEN;
const BATCH = 50;
/** The listing and the agent the flood tries to push up the report. */
const FORGED_LISTING = 424_242;
const FORGED_AGENT = 4242;
const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]', '::1'];

for (const [name, host] of [
  ['FLOOD_BACKEND', BACKEND.hostname],
  ['FLOOD_PG_URL', new URL(PG_URL).hostname],
] as const) {
  if (!LOOPBACK.includes(host)) {
    console.error(`flood-tracking: ${name} ${host} is not this machine; the flood only runs on loopback`);
    process.exit(2);
  }
}

const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const HAN = '房源小区二手新楼盘租金地铁学区朝阳海淀望京西城东城';
const han = (n: number) => Array.from({ length: n }, () => HAN[Math.floor(Math.random() * HAN.length)]).join('');

/** The longest event the contract takes, with text nobody else sends. */
function floodEvent(i: number): TrackingEvent {
  const forged = i % 2 === 0;
  return {
    eventTm: Date.now(),
    pagePath: `/${hex(255)}x`,
    eventType: i % 5 === 4 ? 'event_search' : 'page_view',
    deviceChannel: 4,
    promotion: hex(32),
    promoCode: hex(32),
    businessType: 1,
    businessId: forged ? FORGED_LISTING : 1 + Math.floor(Math.random() * 2_000_000_000),
    agentId: 1 + Math.floor(Math.random() * 2_000_000_000),
    buttonTitle: han(32),
    type: hex(8),
    pageLongParam1: Math.floor(Math.random() * 2_000_000_000),
  };
}

function floodContact(): TrackingEvent {
  return {
    eventTm: Date.now(),
    pagePath: `/${hex(255)}x`,
    eventType: 'event_opportunity',
    deviceChannel: 4,
    promotion: hex(32),
    promoCode: hex(32),
    businessType: 1,
    businessId: FORGED_LISTING,
    agentId: FORGED_AGENT,
    buttonTitle: '拨打电话',
    type: hex(8),
  };
}

interface Tally {
  calls: Map<number, number>;
  accepted: number;
  sent: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One address: views and contacts, each as fast as the backend takes them, until `until`. */
async function address(ip: string, until: number, tally: Tally, contacts: boolean): Promise<void> {
  while (Date.now() < until && tally.sent < MAX_CALLS) {
    tally.sent++;
    const body = contacts ? floodContact() : Array.from({ length: BATCH }, (_, i) => floodEvent(i));
    let status = 0;
    let wait = 0;
    try {
      const res = await fetch(new URL(contacts ? ApiPath.trackingContact : ApiPath.trackingView, BACKEND), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: ORIGIN,
          'x-forwarded-for': ip,
          // A new device every call: a per-device bound alone would not hold this.
          'x-device-code': `flood${hex(12)}`,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      status = res.status;
      const json = (await res.json().catch(() => null)) as { data?: { accepted?: number } } | null;
      if (status === 200) tally.accepted += json?.data?.accepted ?? 0;
      // @fastify/rate-limit names the seconds until the window ends.
      if (status === 429) wait = Number(res.headers.get('retry-after') ?? res.headers.get('x-ratelimit-reset') ?? 1) * 1000;
    } catch {
      wait = 200;
    }
    tally.calls.set(status, (tally.calls.get(status) ?? 0) + 1);
    if (wait > 0) await sleep(Math.min(wait, Math.max(0, until - Date.now())));
  }
}

interface Storage {
  rows: number;
  eventBytes: number;
  dailyBytes: number;
  dailyRowsToday: number;
}

async function storage(db: pg.Client): Promise<Storage> {
  const { rows } = await db.query<{ rows: string; event_bytes: string; daily_bytes: string; daily_today: string }>(
    `select (select count(*) from tracking_events) as rows,
            (select coalesce(sum(pg_total_relation_size(c.oid)), 0) from pg_inherits i
               join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
              where p.relname = 'tracking_events') as event_bytes,
            pg_total_relation_size('tracking_daily') as daily_bytes,
            (select count(*) from tracking_daily where day = $1) as daily_today`,
    [today()],
  );
  const r = rows[0]!;
  return {
    rows: Number(r.rows),
    eventBytes: Number(r.event_bytes),
    dailyBytes: Number(r.daily_bytes),
    dailyRowsToday: Number(r.daily_today),
  };
}

async function ops<T>(p: string, body: unknown): Promise<T> {
  const res = await fetch(new URL(p, BACKEND), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function phase(db: pg.Client, addresses: number, net: string) {
  // The report after a roll-up, before: what this phase adds to the forged listing and agent.
  await ops(ApiPath.opsStatsMaintain, {});
  const figuresOf = async () => {
    const report = await ops<StatsReport>(ApiPath.opsStats, { from: today(), to: today(), cityDomain: CITY, top: 100 });
    return {
      listingViews: report.topListings.find((l) => l.key === `1:${FORGED_LISTING}`)?.views ?? 0,
      agentContacts: report.topAgents.find((a) => a.key === String(FORGED_AGENT))?.contacts ?? 0,
    };
  };
  const reportBefore = await figuresOf();
  const before = await storage(db);
  const views: Tally = { calls: new Map(), accepted: 0, sent: 0 };
  const contacts: Tally = { calls: new Map(), accepted: 0, sent: 0 };
  const ips = Array.from({ length: addresses }, (_, i) => `${net}.${i + 1}`);
  const started = Date.now();
  const until = started + SECONDS * 1000;
  await Promise.all(ips.flatMap((ip) => [address(ip, until, views, false), address(ip, until, contacts, true)]));
  const elapsed = (Date.now() - started) / 1000;
  // Writes the buffer and rolls today up.
  await ops(ApiPath.opsStatsMaintain, {});
  const after = await storage(db);
  const reportAfter = await figuresOf();
  const rows = after.rows - before.rows;
  const bytes = after.eventBytes + after.dailyBytes - before.eventBytes - before.dailyBytes;
  const perMinute = 60 / elapsed;
  const statuses = (t: Tally) =>
    [...t.calls]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
  const figures = {
    addresses,
    seconds: Math.round(elapsed),
    viewCalls: statuses(views),
    contactCalls: statuses(contacts),
    acceptedEvents: views.accepted + contacts.accepted,
    rowsWritten: rows,
    eventBytesBefore: before.eventBytes,
    eventBytesAfter: after.eventBytes,
    dailyBytesBefore: before.dailyBytes,
    dailyBytesAfter: after.dailyBytes,
    dailyRowsTodayBefore: before.dailyRowsToday,
    dailyRowsTodayAfter: after.dailyRowsToday,
    rowsPerMinutePerAddress: Math.round((rows * perMinute) / addresses),
    bytesPerMinutePerAddress: Math.round((bytes * perMinute) / addresses),
    bytesPerRow: rows > 0 ? Math.round((after.eventBytes - before.eventBytes) / rows) : 0,
    forgedListingViews: reportAfter.listingViews - reportBefore.listingViews,
    forgedAgentContacts: reportAfter.agentContacts - reportBefore.agentContacts,
    load: load(),
  };
  console.log(`\n${addresses} address(es), ${figures.seconds} s:`);
  console.log(`  view calls ${figures.viewCalls}; contact calls ${figures.contactCalls}`);
  console.log(`  events accepted ${figures.acceptedEvents}; rows written ${rows}`);
  console.log(
    `  tracking_events ${mb(before.eventBytes)} → ${mb(after.eventBytes)}; tracking_daily ${mb(before.dailyBytes)} → ${mb(after.dailyBytes)}; ` +
      `tracking_daily rows of today ${before.dailyRowsToday} → ${after.dailyRowsToday}`,
  );
  console.log(
    `  per minute per address: ${figures.rowsPerMinutePerAddress} rows, ${mb(figures.bytesPerMinutePerAddress)} ` +
      `(${figures.bytesPerRow} bytes a row in tracking_events)`,
  );
  console.log(
    `  report of today: listing 1:${FORGED_LISTING} +${figures.forgedListingViews} views, agent ${FORGED_AGENT} +${figures.forgedAgentContacts} contacts`,
  );
  console.log(`  load average ${figures.load}`);
  return figures;
}

const db = new pg.Client({ connectionString: PG_URL });
await db.connect();
try {
  console.log(
    `tracking flood on ${BACKEND.origin} (${ORIGIN}), ${SECONDS} s a phase, phases of ${PHASES.join(', ')} address(es); load average ${load()}`,
  );
  const results = [];
  // Private addresses of a /16 of this run's own, a /24 a phase: no phase inherits another's (or an earlier run's) windows.
  const run = `10.${1 + Math.floor(Math.random() * 250)}`;
  for (const [i, n] of PHASES.entries()) results.push(await phase(db, n, `${run}.${i + 1}`));
  mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
  writeFileSync(path.join(ROOT, 'test-results/flood-tracking.json'), `${JSON.stringify(results, null, 2)}\n`);
} finally {
  await db.end();
}
