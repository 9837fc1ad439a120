/**
 * `npm run bench:im`: the chat bench (10,000 sockets, 1,000 messages a second). One backend (PostgreSQL by default, `--pglite` for the embedded
 * database) on a fresh database with BENCH_IM_SOCKETS (10,000) users, each with a session inserted directly and
 * one live socket (/api/register), the sockets held by BENCH_IM_HOLDERS (2) child processes of this script.
 * Then BENCH_IM_RATE (1,000) messages a second for BENCH_IM_SECONDS (20), after a 3 s warm-up at the same rate,
 * sent over HTTP (POST /api/message, keep-alive) by this process, open loop (on schedule, whatever the answers
 * do), spread over BENCH_IM_SENDERS (1,000) users so that none passes the 60 a minute limit.
 *
 * The receivers: the desk socket (/api/desk/register, a token an operator issues) of every agent written to
 * (sender i writes to available agent i mod their number: 818 desks with the small seed), held by the same
 * holders. Delivery latency: each text carries its send time (CLOCK_MONOTONIC, the same clock in every process
 * of the machine); a holder that receives the push of it subtracts that from its own clock. Every message is
 * pushed, in one hub delivery, to the agent's desk (the figure against the target) and to the sender's own
 * socket (another tab of theirs, shown beside it). Memory per socket: the backend's RSS and heap (after a full collection: it runs with
 * --expose-gc and scripts/bench-im-probe.ts answers over IPC) before and after the sockets open, divided by
 * their number. The backend's event-loop delay during the run comes from the same probe.
 *
 * Each holder socket pings as the widget does, every 30 s, from a random phase (as sockets opened over the day
 * would): 10,818 sockets make about 360 pings a second, spread out, not all in the same few seconds.
 *
 * On 2 cores the load generator (this process and the holders) competes with the backend and PostgreSQL for
 * the CPU: the figures are the whole machine's, not the backend's alone.
 *
 * BENCH_IM_PORT (default 4185) moves the backend; BENCH_PG_URL names the PostgreSQL server (database
 * `yj_bench_<time>`, dropped at the end). Figures go to test-results/bench-im[-pglite].json.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import WebSocket from 'ws';
import { IM_APP_ID, IM_LAYOUT } from '@contracts/im';
import { ApiPath, DESK_COOKIE } from '@contracts/paths';
import { CLIENT_PING_MS, PING_FRAME } from '../lib/chat/live-connection';
import { DEV_OPS_TOKEN, ROOT, assertPortFree, run, waitForHttp, type Started } from './processes';

const SOCKETS = Number(process.env.BENCH_IM_SOCKETS ?? 10_000);
const RATE = Number(process.env.BENCH_IM_RATE ?? 1000);
const SECONDS = Number(process.env.BENCH_IM_SECONDS ?? 20);
const WARM_SECONDS = 3;
const SENDERS = Number(process.env.BENCH_IM_SENDERS ?? 1000);
const HOLDERS = Number(process.env.BENCH_IM_HOLDERS ?? 2);
const PORT = Number(process.env.BENCH_IM_PORT ?? 4185);
const ON_PGLITE = process.argv.includes('--pglite');
const PG_SERVER = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The chat's target (docs/performance.md "Chat"). */
const P99_TARGET_MS = 50;
/** Upgrades one holder has in flight while opening its sockets. */
const OPENING_IN_FLIGHT = 100;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
/** Microseconds of CLOCK_MONOTONIC: comparable between the processes of one machine. */
const nowUs = () => Number(process.hrtime.bigint() / 1000n);
const BENCH_TEXT = /^bench (\d+)$/;

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)] ?? NaN;
}

// ——— a holder: child process keeping its share of the sockets open and timing the pushes it receives ———

/** A socket to open: a user's (/api/register, session token) or an agent's desk (/api/desk/register, desk token). */
interface SocketSpec {
  kind: 'user' | 'desk';
  userId: number;
  token: string;
}
type ToHolder = { type: 'open'; port: number; list: SocketSpec[] } | { type: 'report' } | { type: 'close' };
/** `latencies`: triples of send time (µs, CLOCK_MONOTONIC), delivery latency (ms) and 1 for a desk's socket (0 a user's), flattened. */
type FromHolder =
  { type: 'opened'; open: number; failed: string[] } | { type: 'report'; latencies: number[]; frames: number; closed: number };

function holder(): void {
  const sockets: WebSocket[] = [];
  let latencies: number[] = [];
  let frames = 0;
  let closed = 0;
  const onFrame = (desk: boolean, data: WebSocket.Data) => {
    frames++;
    const frame = JSON.parse(String(data)) as { messageType: number; messageContent?: string };
    if (frame.messageType !== 1 || !frame.messageContent) return;
    const message = JSON.parse(frame.messageContent) as { content: { msgDetail?: string } };
    const sent = BENCH_TEXT.exec(message.content.msgDetail ?? '');
    if (sent) latencies.push(Number(sent[1]), (nowUs() - Number(sent[1])) / 1000, desk ? 1 : 0);
  };
  const open = (port: number, { kind, userId, token }: SocketSpec) =>
    new Promise<void>((resolve, reject) => {
      const desk = kind === 'desk';
      const url = desk
        ? `ws://127.0.0.1:${port}${ApiPath.deskRegister}`
        : `ws://127.0.0.1:${port}${ApiPath.imRegister}?appId=${IM_APP_ID}&userId=${userId}&endType=2`;
      const headers = desk ? { cookie: `${DESK_COOKIE}=${token}` } : { authorization: `Bearer ${token}` };
      const socket = new WebSocket(url, { headers, perMessageDeflate: false });
      socket.once('open', () => {
        sockets.push(socket);
        // The widget pings after 30 s idle. Sockets opened at random times over the day ping at random phases;
        // the bench's, opened within seconds, would all ping (or be pinged) in the same few seconds instead.
        const ping = () => socket.readyState === WebSocket.OPEN && socket.send(PING_FRAME);
        setTimeout(() => {
          ping();
          setInterval(ping, CLIENT_PING_MS).unref();
        }, Math.random() * CLIENT_PING_MS).unref();
        socket.on('message', (data) => onFrame(desk, data));
        socket.on('close', () => closed++);
        resolve();
      });
      socket.once('error', reject);
    });
  process.on('message', (message: ToHolder) => {
    if (message.type === 'open') {
      void (async () => {
        const failed: string[] = [];
        let next = 0;
        const worker = async () => {
          while (next < message.list.length) {
            const spec = message.list[next++]!;
            await open(message.port, spec).catch((err: unknown) =>
              failed.push(`${spec.kind} ${spec.userId}: ${err instanceof Error ? err.message : String(err)}`),
            );
          }
        };
        await Promise.all(Array.from({ length: OPENING_IN_FLIGHT }, worker));
        process.send!({ type: 'opened', open: sockets.length, failed: failed.slice(0, 5) } satisfies FromHolder);
      })();
    } else if (message.type === 'report') {
      process.send!({ type: 'report', latencies, frames, closed } satisfies FromHolder);
      latencies = [];
    } else {
      for (const socket of sockets) socket.terminate();
      process.exit(0);
    }
  });
}

/** The next message of a child of a given type. */
function nextMessage<T extends { type?: string; kind?: string }>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: T) => {
      if (message.type !== type && message.kind !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message);
    };
    const onExit = (code: number | null) => reject(new Error(`child exited (${code}) before answering ${type}`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); 0 when it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The server processes of PostgreSQL serving a database (the bench's own connections among them). */
async function pgPids(dbName: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: PG_SERVER });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [dbName]);
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

// ——— the run ———

interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  collected: boolean;
  loop: { p50: number; p99: number; max: number };
}

async function main(): Promise<number> {
  await assertPortFree(PORT, 'chat bench backend');
  const resultsDir = path.join(ROOT, 'test-results');
  mkdirSync(resultsDir, { recursive: true });
  const dbName = `yj_bench_${Date.now()}_${process.pid}`;
  const dataDir = path.join(os.tmpdir(), `yj-bench-im-${process.pid}`);
  const dbUrl = (() => {
    const url = new URL(PG_SERVER);
    url.pathname = `/${dbName}`;
    return url.toString();
  })();
  const dbEnv: Record<string, string> = ON_PGLITE ? { DATA_DIR: dataDir, DATABASE_URL: '' } : { DATABASE_URL: dbUrl };
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
  const holders: ChildProcess[] = [];
  try {
    // A database of its own, seeded small (the chat needs agents, not listings), with the bench's users.
    if (!ON_PGLITE) await admin(`CREATE DATABASE ${dbName}`);
    const seeded = await run(process.execPath, ['--import', 'tsx', 'backend/src/db/seed-cli.ts'], { ...dbEnv, SEED_SIZE: '300' });
    if (seeded !== 0) throw new Error(`seeding failed (exit ${seeded})`);
    const secret = randomBytes(16).toString('hex');
    const { users, agents } = await insertUsers(dbEnv, secret);

    const log = openSync(path.join(resultsDir, `bench-im-backend${ON_PGLITE ? '-pglite' : ''}.log`), 'w');
    // BENCH_IM_CPU_PROF=1: the backend writes a CPU profile (test-results/*.cpuprofile) when it stops.
    const profile = process.env.BENCH_IM_CPU_PROF === '1' ? ['--cpu-prof', `--cpu-prof-dir=${resultsDir}`] : [];
    const child = spawn(
      process.execPath,
      [...profile, '--expose-gc', '--import', 'tsx', '--import', './scripts/bench-im-probe.ts', 'backend/src/server.ts'],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          ...dbEnv,
          BACKEND_PORT: String(PORT),
          BACKEND_HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
          REDIS_URL: '',
          OPS_TOKEN: DEV_OPS_TOKEN,
        },
        stdio: ['ignore', log, log, 'ipc'],
      },
    );
    backend = { name: 'backend', child, stopping: false };
    await waitForHttp(`http://127.0.0.1:${PORT}${ApiPath.healthz}`, backend, 60_000);
    const memory = async (): Promise<Memory> => {
      child.send('memory');
      return nextMessage<Memory & { kind: string }>(child, 'memory');
    };

    const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
    const senders = users.slice(0, SENDERS).map((u, i) => ({ ...u, agentUserId: agents[i % agents.length]!.userId }));
    // The receivers: the desk of every agent written to, with a token an operator issues.
    const desks: SocketSpec[] = [];
    for (const agent of agents.slice(0, SENDERS)) {
      const res = await fetch(`http://127.0.0.1:${PORT}${ApiPath.opsDeskToken}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${DEV_OPS_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ agentId: agent.id, days: 1 }),
      });
      if (!res.ok) throw new Error(`desk token for agent ${agent.id}: ${res.status} ${await res.text()}`);
      desks.push({ kind: 'desk', userId: agent.userId, token: ((await res.json()) as { data: { token: string } }).data.token });
    }
    const answers: number[] = [];
    const failures = new Map<string, number>();
    let answered = 0;
    let next = 0;
    const send = (text: string, timed: boolean) => {
      const sender = senders[next++ % senders.length]!;
      const body = JSON.stringify({
        appId: IM_APP_ID,
        messageType: 1,
        channelType: 1,
        deliveryMode: 2,
        targetId: [sender.agentUserId],
        content: JSON.stringify({ layout: IM_LAYOUT.TEXT, msgDetail: text }),
        clientMsgId: randomBytes(12).toString('base64url'),
      });
      const t0 = performance.now();
      const request = http.request(
        {
          host: '127.0.0.1',
          port: PORT,
          path: ApiPath.imMessage,
          method: 'POST',
          agent,
          headers: {
            authorization: `Bearer ${sender.token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            answered++;
            if (res.statusCode !== 200) failures.set(`HTTP ${res.statusCode}`, (failures.get(`HTTP ${res.statusCode}`) ?? 0) + 1);
            else if (timed) answers.push(performance.now() - t0);
          });
        },
      );
      request.setTimeout(30_000, () => request.destroy(new Error('no answer in 30 s')));
      request.on('error', (err) => {
        answered++;
        failures.set(err.message, (failures.get(err.message) ?? 0) + 1);
      });
      request.end(body);
    };
    /** Sends at RATE a second for `seconds`, on schedule; answers when every send has its answer. */
    const load = async (seconds: number, timed: boolean): Promise<{ sent: number; ms: number; startUs: number }> => {
      const startUs = nowUs();
      const start = performance.now();
      const total = Math.round(seconds * RATE);
      const before = next;
      const answeredBefore = answered;
      for (let sent = 0; sent < total;) {
        const due = Math.min(total, Math.floor(((performance.now() - start) * RATE) / 1000));
        for (; sent < due; sent++) send(timed ? `bench ${nowUs()}` : `warm ${sent}`, timed);
        await sleep(1);
      }
      const ms = performance.now() - start;
      while (answered - answeredBefore < total) await sleep(5);
      return { sent: next - before, ms, startUs };
    };

    // The code paths warm (JIT), before any figure is taken.
    for (let i = 0; i < 50; i++) send(`warm ${i}`, false);
    while (answered < 50) await sleep(5);
    const beforeSockets = await memory();

    console.log(`opening ${SOCKETS} users' sockets and ${desks.length} agents' desks in ${HOLDERS} holder processes…`);
    const specs: SocketSpec[] = [...users.map((u): SocketSpec => ({ kind: 'user', ...u })), ...desks];
    const openStart = performance.now();
    const script = fileURLToPath(import.meta.url);
    for (let h = 0; h < HOLDERS; h++)
      holders.push(fork(script, ['--holder'], { cwd: ROOT, execArgv: ['--import', 'tsx'], stdio: 'inherit' }));
    const opened = await Promise.all(
      holders.map((h, i) => {
        const reply = nextMessage<FromHolder & { type: 'opened' }>(h, 'opened');
        h.send({ type: 'open', port: PORT, list: specs.filter((_, k) => k % HOLDERS === i) } satisfies ToHolder);
        return reply;
      }),
    );
    const openSeconds = (performance.now() - openStart) / 1000;
    const openCount = opened.reduce((n, o) => n + o.open, 0);
    for (const o of opened) for (const f of o.failed) console.error(`  socket failed: ${f}`);
    console.log(`${openCount} sockets open in ${openSeconds.toFixed(1)} s`);
    await sleep(2000);
    const afterSockets = await memory();

    console.log(`warm-up: ${WARM_SECONDS} s at ${RATE}/s…`);
    await load(WARM_SECONDS, false);
    await sleep(1000);
    for (const h of holders) {
      h.send({ type: 'report' } satisfies ToHolder);
      await nextMessage(h, 'report');
    }
    child.send('loop-reset');
    console.log(`measuring: ${SECONDS} s at ${RATE}/s…`);
    // CPU used during the measured run, by process: what 1,000 messages a second cost, whatever else runs.
    const databasePids = ON_PGLITE ? [] : await pgPids(dbName);
    const cpuOf = () => ({
      backend: cpuSeconds(child.pid!),
      postgres: databasePids.reduce((n, pid) => n + cpuSeconds(pid), 0),
      generator: cpuSeconds(process.pid) + holders.reduce((n, h) => n + cpuSeconds(h.pid!), 0),
    });
    const cpuBefore = cpuOf();
    const measured = await load(SECONDS, true);
    const cpuAfter = cpuOf();
    // Pushes still on their way: until every timed message has arrived once per receiver, or 10 s.
    const reports: (FromHolder & { type: 'report' })[] = [];
    /** At the agents' desks (the receivers), and at the sender's own socket (another tab of theirs). */
    const latencies: number[] = [];
    const ownLatencies: number[] = [];
    /** Desk delivery latencies by the second of the run their message was sent in. */
    const bySecond: number[][] = [];
    const deadline = Date.now() + 10_000;
    let delivered = 0;
    do {
      await sleep(500);
      for (const h of holders) {
        h.send({ type: 'report' } satisfies ToHolder);
        const r = await nextMessage<FromHolder & { type: 'report' }>(h, 'report');
        reports.push(r);
        for (let k = 0; k < r.latencies.length; k += 3) {
          const ms = r.latencies[k + 1]!;
          if (r.latencies[k + 2] === 0) {
            ownLatencies.push(ms);
            continue;
          }
          latencies.push(ms);
          (bySecond[Math.floor((r.latencies[k]! - measured.startUs) / 1e6)] ??= []).push(ms);
        }
      }
      delivered = latencies.length;
    } while ((delivered < answers.length || ownLatencies.length < answers.length) && Date.now() < deadline);
    const afterRun = await memory();

    latencies.sort((a, b) => a - b);
    ownLatencies.sort((a, b) => a - b);
    answers.sort((a, b) => a - b);
    const perSocket = (a: number, b: number) => (b - a) / Math.max(1, openCount);
    const failed = [...failures.values()].reduce((n, v) => n + v, 0);
    const figures = {
      database: ON_PGLITE ? 'PGlite' : 'PostgreSQL',
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
      loadAverageAtEnd: os.loadavg().map((l) => Number(l.toFixed(1))),
      sockets: openCount,
      socketsOpenSeconds: Number(openSeconds.toFixed(1)),
      rateTarget: RATE,
      sent: measured.sent,
      sentPerSecond: Number(((measured.sent * 1000) / measured.ms).toFixed(0)),
      storedOk: answers.length,
      failed,
      failures: Object.fromEntries(failures),
      delivered,
      lost: answers.length - delivered,
      deliveredToSender: ownLatencies.length,
      deliveryMs: {
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        p99: percentile(latencies, 99),
        max: latencies.at(-1) ?? NaN,
      },
      ownSocketMs: {
        p50: percentile(ownLatencies, 50),
        p95: percentile(ownLatencies, 95),
        p99: percentile(ownLatencies, 99),
        max: ownLatencies.at(-1) ?? NaN,
      },
      answerMs: {
        p50: percentile(answers, 50),
        p95: percentile(answers, 95),
        p99: percentile(answers, 99),
        max: answers.at(-1) ?? NaN,
      },
      backendLoopDelayMs: afterRun.loop,
      /** CPU milliseconds per message sent during the measured run. */
      cpuMsPerMessage: Object.fromEntries(
        (['backend', 'postgres', 'generator'] as const).map((k) => [
          k,
          Number((((cpuAfter[k] - cpuBefore[k]) * 1000) / measured.sent).toFixed(3)),
        ]),
      ),
      /** p50 / p99 / max of the messages sent in each second of the run. */
      perSecondMs: bySecond.map((l) => {
        l.sort((a, b) => a - b);
        return [percentile(l, 50), percentile(l, 99), l.at(-1) ?? NaN].map((x) => Number(x.toFixed(1)));
      }),
      memory: {
        collected: beforeSockets.collected,
        rssBeforeMiB: beforeSockets.rss / 2 ** 20,
        rssAfterSocketsMiB: afterSockets.rss / 2 ** 20,
        rssAfterRunMiB: afterRun.rss / 2 ** 20,
        heapBeforeMiB: beforeSockets.heapUsed / 2 ** 20,
        heapAfterSocketsMiB: afterSockets.heapUsed / 2 ** 20,
        heapAfterRunMiB: afterRun.heapUsed / 2 ** 20,
        rssPerSocketKiB: perSocket(beforeSockets.rss, afterSockets.rss) / 1024,
        heapPerSocketKiB: perSocket(beforeSockets.heapUsed, afterSockets.heapUsed) / 1024,
      },
      socketsClosedDuringRun: reports.at(-HOLDERS) ? reports.slice(-HOLDERS).reduce((n, r) => n + r.closed, 0) : 0,
    };
    const ms = (n: number) => `${n.toFixed(1)} ms`;
    const mib = (n: number) => `${n.toFixed(0)} MiB`;
    console.log(
      `\nChat bench (${figures.database}), ${figures.machine}, load average ${figures.loadAverageAtEnd.join(' ')} (1/5/15 min, at the end)`,
    );
    console.table({
      sockets: { value: `${figures.sockets} (opened in ${figures.socketsOpenSeconds} s)` },
      'messages sent': { value: `${figures.sent} in ${SECONDS} s = ${figures.sentPerSecond}/s (target ${RATE}/s)` },
      'stored (200)': {
        value: `${figures.storedOk}, failed ${figures.failed} ${failed ? JSON.stringify(figures.failures) : ''}`,
      },
      'pushes timed': {
        value: `${figures.delivered} at the agents' desks (missing ${figures.lost}), ${figures.deliveredToSender} at the senders' own sockets`,
      },
      'delivery to the desk p50 / p95 / p99 / max': {
        value: `${ms(figures.deliveryMs.p50)} / ${ms(figures.deliveryMs.p95)} / ${ms(figures.deliveryMs.p99)} / ${ms(figures.deliveryMs.max)} (target p99 ≤ ${P99_TARGET_MS} ms: ${figures.deliveryMs.p99 <= P99_TARGET_MS ? 'met' : 'NOT met'})`,
      },
      "at the sender's own socket p50 / p99": { value: `${ms(figures.ownSocketMs.p50)} / ${ms(figures.ownSocketMs.p99)}` },
      'send answer p50 / p99': { value: `${ms(figures.answerMs.p50)} / ${ms(figures.answerMs.p99)}` },
      'CPU per message (backend / PostgreSQL / generator)': {
        value: `${figures.cpuMsPerMessage.backend} / ${figures.cpuMsPerMessage.postgres} / ${figures.cpuMsPerMessage.generator} ms`,
      },
      'backend event-loop delay p50 / p99 / max': {
        value: `${ms(figures.backendLoopDelayMs.p50)} / ${ms(figures.backendLoopDelayMs.p99)} / ${ms(figures.backendLoopDelayMs.max)}`,
      },
      'backend RSS before / with sockets / after run': {
        value: `${mib(figures.memory.rssBeforeMiB)} / ${mib(figures.memory.rssAfterSocketsMiB)} / ${mib(figures.memory.rssAfterRunMiB)}`,
      },
      'backend heap before / with sockets / after run': {
        value: `${mib(figures.memory.heapBeforeMiB)} / ${mib(figures.memory.heapAfterSocketsMiB)} / ${mib(figures.memory.heapAfterRunMiB)}`,
      },
      'memory per socket (RSS / heap)': {
        value: `${figures.memory.rssPerSocketKiB.toFixed(1)} KiB / ${figures.memory.heapPerSocketKiB.toFixed(1)} KiB`,
      },
    });
    console.log(`p99 of each second's messages (ms): ${figures.perSecondMs.map((x) => x[1]!.toFixed(0)).join(' ')}`);
    writeFileSync(path.join(resultsDir, `bench-im${ON_PGLITE ? '-pglite' : ''}.json`), JSON.stringify(figures, null, 2));
    return figures.lost === 0 && figures.deliveredToSender === figures.storedOk && figures.failed === 0 ? 0 : 1;
  } finally {
    for (const h of holders) if (h.connected) h.send({ type: 'close' } satisfies ToHolder);
    if (backend) {
      backend.stopping = true;
      const exited = new Promise((r) => backend!.child.once('exit', r));
      backend.child.kill('SIGTERM');
      const force = setTimeout(() => backend!.child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(force);
    }
    if (ON_PGLITE) rmSync(dataDir, { recursive: true, force: true });
    else
      await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch((err: unknown) =>
        console.error(`could not drop ${dbName}:`, err),
      );
  }
}

/** SOCKETS users with a session each (token `<secret>-<id>`, its sha256 stored), and the available agents. */
async function insertUsers(
  dbEnv: Record<string, string>,
  secret: string,
): Promise<{ users: { userId: number; token: string }[]; agents: { id: number; userId: number }[] }> {
  const { loadConfig } = await import('../backend/src/config');
  const { openDatabase } = await import('../backend/src/db/client');
  const { sql } = await import('drizzle-orm');
  const database = await openDatabase(loadConfig({ ...process.env, ...dbEnv }));
  try {
    const rows = <T>(r: unknown) => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];
    const inserted = rows<{ id: number }>(
      await database.db.execute(
        sql.raw(
          `insert into users (mobile, user_name) select '172' || lpad(g::text, 8, '0'), '压测' || g from generate_series(1, ${SOCKETS}) g returning id`,
        ),
      ),
    );
    await database.db.execute(
      sql.raw(
        `insert into sessions (token_hash, user_id, expires_at) select encode(sha256(convert_to('${secret}-' || id, 'UTF8')), 'hex'), id, now() + interval '1 day' from users where mobile like '172%'`,
      ),
    );
    const agents = rows<{ id: number; user_id: number }>(
      await database.db.execute(sql.raw(`select id, user_id from agents where status = 1 order by id`)),
    );
    return {
      users: inserted.map((u) => ({ userId: u.id, token: `${secret}-${u.id}` })),
      agents: agents.map((a) => ({ id: a.id, userId: a.user_id })),
    };
  } finally {
    await database.close();
  }
}

if (process.argv.includes('--holder')) holder();
else process.exit(await main().catch((err: unknown) => (console.error(err), 1)));
