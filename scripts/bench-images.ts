/**
 * `npm run bench:images`: image work against password logins (backend/src/modules/uploads/image-work.ts).
 * One backend on PostgreSQL (a fresh database, seeded small, dropped at the end), on loopback only, started as
 * `npm start` starts it (scripts/processes.ts), with production's image settings (UV_THREADPOOL_SIZE, IMAGE_* unset). Two rounds, each followed by a minute of quiet:
 *
 * 1. **one user:** 8 callbacks at once, each naming a 25 MP progressive JPEG (5000×5000, the most a check may
 *    cost) that user posted, while another user logs in by password 20 times, one after another;
 * 2. **eight users:** 8 users, one such callback each, all at once, and the same 20 logins.
 *
 * Printed per round: the callbacks' answers and times, login p50/p99/max (and the same 20 logins on a quiet
 * backend before), the backend's RSS before, at its peak (sampled every 100 ms from /proc) and 60 s after the
 * last callback answered, and the machine's load average. Figures go to test-results/bench-images.json.
 *
 * BENCH_IMAGES_PORT (default 4300) moves the backend; BENCH_PG_URL names the PostgreSQL server.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import sharp from 'sharp';
import { ApiPath } from '@contracts/paths';
import type { UploadTicket } from '@contracts/upload';
import { DEMO_USER } from '../backend/src/db/seed';
import { ROOT, assertPortFree, run, startBackend, waitForHttp, type Started } from './processes';

const PORT = Number(process.env.BENCH_IMAGES_PORT ?? 4300);
const PG_SERVER = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BASE = `http://127.0.0.1:${PORT}`;
const CALLBACKS = 8;
const LOGINS = 20;
const SIDE = 5000;
const QUIET_MS = 60_000;
/** The targets: login p99 while images are checked, and the backend's memory a minute after. */
const LOGIN_P99_TARGET_MS = 500;
const RSS_AFTER_TARGET_MB = 400;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};
const mb = (kb: number) => Math.round(kb / 1024);

/** The backend's resident memory in kB (Linux /proc). */
function rssKb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? NaN);
}

async function call(
  url: string,
  init: { method?: string; token?: string; body?: unknown; ip?: string } = {},
): Promise<{ status: number; body: { code?: number; msg?: string; data?: unknown } }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.ip) headers['x-forwarded-for'] = init.ip;
  const res = await fetch(`${BASE}${url}`, {
    method: init.method ?? 'POST',
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: res.status, body: (await res.json()) as { code?: number; msg?: string } };
}

/** Posts `bytes` under `count` keys of the user's own (ticket, PostObject to the local host); the callback items. */
async function postImages(token: string, bytes: Buffer, count: number): Promise<{ key: string; md5: string; suffix: string }[]> {
  const ticket = await call(`${ApiPath.ossTicker}?uploadSize=${count}`, { method: 'GET', token });
  if (ticket.status !== 200) throw new Error(`ticket: ${ticket.status} ${JSON.stringify(ticket.body)}`);
  const t = ticket.body.data as UploadTicket;
  const md5 = createHash('md5').update(bytes).digest('hex');
  const items = [];
  for (const prefix of t.keys) {
    const key = `${prefix}.jpg`;
    const form = new FormData();
    for (const [name, value] of Object.entries({
      key,
      policy: t.policy,
      OSSAccessKeyId: t.accessId,
      success_action_status: '200',
      Signature: t.signature,
    }))
      form.append(name, value);
    form.append('file', new Blob([new Uint8Array(bytes)]), 'photo.jpg');
    const res = await fetch(`${BASE}${t.host}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`PostObject: ${res.status} ${await res.text()}`);
    items.push({ key, md5, suffix: 'jpg' });
  }
  return items;
}

let ipSeq = 0;
/** LOGINS password logins of the demo user, one after another, each from an address of its own (the per-IP limit). */
async function logins(): Promise<number[]> {
  const times: number[] = [];
  for (let n = 0; n < LOGINS; n++) {
    const t0 = performance.now();
    const res = await call(ApiPath.loginByPassword, {
      body: { mobile: DEMO_USER.mobile, password: DEMO_USER.password },
      ip: `10.99.${(ipSeq >> 8) & 255}.${ipSeq++ & 255}`,
    });
    if (res.status !== 200) throw new Error(`login: ${res.status} ${JSON.stringify(res.body)}`);
    times.push(performance.now() - t0);
  }
  return times;
}

const summary = (times: number[]) => ({
  p50: Math.round(percentile(times, 50)),
  p99: Math.round(percentile(times, 99)),
  max: Math.round(Math.max(...times)),
});

interface Round {
  name: string;
  callbacks: { status: number; ms: number; msg: string }[];
  logins: { p50: number; p99: number; max: number };
  rssMb: { before: number; peak: number; after60s: number };
  load: number[];
}

async function round(
  name: string,
  pid: number,
  work: { token: string; item: { key: string; md5: string; suffix: string } }[],
): Promise<Round> {
  const before = rssKb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 100);
  const load = os.loadavg().map((l) => Math.round(l * 100) / 100);
  const callbacks = Promise.all(
    work.map(async ({ token, item }) => {
      const t0 = performance.now();
      const res = await call(ApiPath.ossCallback, { token, body: { uploads: [item] } });
      return { status: res.status, ms: Math.round(performance.now() - t0), msg: res.body.msg ?? '' };
    }),
  );
  // The logins start as the callbacks are sent: they run while the images are checked.
  const [answers, times] = await Promise.all([callbacks, logins()]);
  console.log(`${name}: callbacks ${answers.map((a) => `${a.status} ${a.ms} ms`).join(', ')}`);
  console.log(`${name}: ${LOGINS} logins meanwhile: ${JSON.stringify(summary(times))} ms`);
  console.log(`${name}: waiting ${QUIET_MS / 1000} s for the memory to settle…`);
  await sleep(QUIET_MS);
  clearInterval(sampler);
  const after = rssKb(pid);
  const result: Round = {
    name,
    callbacks: answers,
    logins: summary(times),
    rssMb: { before: mb(before), peak: mb(peak), after60s: mb(after) },
    load,
  };
  console.log(
    `${name}: backend RSS before ${result.rssMb.before} MB, peak ${result.rssMb.peak} MB, 60 s after ${result.rssMb.after60s} MB (load average ${load.join(' ')})`,
  );
  return result;
}

async function main(): Promise<number> {
  await assertPortFree(PORT, 'image bench backend');
  const resultsDir = path.join(ROOT, 'test-results');
  mkdirSync(resultsDir, { recursive: true });
  const dbName = `yj_bench_images_${Date.now()}_${process.pid}`;
  const dbUrl = Object.assign(new URL(PG_SERVER), { pathname: `/${dbName}` }).toString();
  const dataDir = path.join(os.tmpdir(), `yj-bench-images-${process.pid}`);
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: PG_SERVER });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  let backend: Started | null = null;
  try {
    await admin(`CREATE DATABASE ${dbName}`);
    const env = { DATABASE_URL: dbUrl, DATA_DIR: dataDir };
    const seeded = await run(process.execPath, ['--import', 'tsx', 'backend/src/db/seed-cli.ts'], { ...env, SEED_SIZE: '300' });
    if (seeded !== 0) throw new Error(`seeding failed (exit ${seeded})`);
    // The uploaders: sessions inserted directly (the bench is about image work, not SMS codes).
    const secret = randomBytes(16).toString('hex');
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    const { rows } = await db.query<{ id: number }>(
      `insert into users (mobile, user_name) select '171' || lpad(g::text, 8, '0'), '压测' || g from generate_series(1, ${CALLBACKS}) g returning id`,
    );
    for (const { id } of rows)
      await db.query(`insert into sessions (token_hash, user_id, expires_at) values ($1, $2, now() + interval '1 day')`, [
        createHash('sha256').update(`${secret}-${id}`).digest('hex'),
        id,
      ]);
    await db.end();
    const tokens = rows.map(({ id }) => `${secret}-${id}`);

    const log = openSync(path.join(resultsDir, 'bench-images-backend.log'), 'w');
    // Started as `npm start` starts it (MALLOC_MMAP_THRESHOLD_ included), with production's image settings: no
    // UV_THREADPOOL_SIZE or IMAGE_* of ours (the caller's own pass through). Its PID is the server's own.
    backend = startBackend(
      { ...env, BACKEND_PORT: String(PORT), BACKEND_HOST: '127.0.0.1', LOG_LEVEL: 'warn', REDIS_URL: '' },
      log,
    );
    await waitForHttp(`${BASE}${ApiPath.healthz}`, backend, 120_000);
    const pid = backend.child.pid!;

    const image = await sharp({ create: { width: SIDE, height: SIDE, channels: 3, background: { r: 90, g: 120, b: 200 } } })
      .jpeg({ progressive: true })
      .toBuffer();
    console.log(`image: progressive JPEG ${SIDE}×${SIDE} (${(SIDE * SIDE) / 1e6} MP), ${Math.round(image.length / 1024)} kB`);
    const oneUser = (await postImages(tokens[0]!, image, CALLBACKS)).map((item) => ({ token: tokens[0]!, item }));
    const eightUsers = await Promise.all(tokens.map(async (token) => ({ token, item: (await postImages(token, image, 1))[0]! })));
    // Warm: the code paths (JIT) and the login's hash, then the logins on a quiet backend.
    await logins();
    const quiet = summary(await logins());
    console.log(`quiet: ${LOGINS} logins ${JSON.stringify(quiet)} ms, backend RSS ${mb(rssKb(pid))} MB`);

    const rounds = [await round('one user', pid, oneUser), await round('eight users', pid, eightUsers)];
    writeFileSync(
      path.join(resultsDir, 'bench-images.json'),
      `${JSON.stringify({ when: new Date().toISOString(), cores: os.availableParallelism(), quiet, rounds }, null, 2)}\n`,
    );
    const met = rounds.every((r) => r.logins.p99 <= LOGIN_P99_TARGET_MS && r.rssMb.after60s < RSS_AFTER_TARGET_MB);
    console.log(
      `targets (login p99 ≤ ${LOGIN_P99_TARGET_MS} ms, RSS < ${RSS_AFTER_TARGET_MB} MB a minute after): ${met ? 'met' : 'NOT met'}`,
    );
    return met ? 0 : 1;
  } finally {
    if (backend) {
      backend.stopping = true;
      if (backend.child.exitCode === null) {
        const exited = new Promise((r) => backend!.child.once('exit', r));
        backend.child.kill('SIGTERM');
        await exited;
      }
    }
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch((err: unknown) => console.error('drop database:', err));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exit(await main().catch((err: unknown) => (console.error(err), 1)));
