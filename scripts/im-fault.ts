/**
 * `npm run test:im-fault`: the chat's fault test (a dropped socket or instance loses no message). Two backend processes (Redis mode) on one fresh
 * PostgreSQL database, 50 users and 50 agents in 50 pairs, each end a ChatClient (lib/chat, the widget's own
 * core) in this process with the `ws` package's WebSocket, each socket opened to a random one of the two
 * instances: a user through /api/message and /api/register with a session inserted directly, an agent through
 * the desk (/api/desk/*, its socket) with a token an operator issues (POST ApiPath.opsDeskToken). 1,000
 * messages go between the pairs, half from each end (an agent's first after its user's first: the desk does not
 * write first), while every socket is dropped 10 times at random moments (LiveConnection.drop) and one instance
 * is killed (SIGKILL) and started again. Then, once every client holds
 * what the database holds (or a deadline passes), each client's ThreadStore must show every message of its
 * conversation exactly once, in seq order, with each sender's messages in the order they were sent, none
 * pending, none lost; and the database must hold each sent message exactly once.
 *
 * The calls of a client go to a random instance and, when a connection fails (the killed instance), to the
 * other, as a balancer's health check would route them; a send whose connection failed is not retried by the
 * balancer: the client shows it failed (push status 2) and the driver taps "resend" (same client id), as a
 * user would. Sockets reconnect after FAULT_RECONNECT_MS (spec §9 says 3 s; 1 s keeps ten drops per socket
 * inside a run of under two minutes; the client's rules do not depend on the delay).
 *
 * Prints the figures and `FAULT OK`, or what failed and exits 1. Needs PostgreSQL (FAULT_PG_URL, default the
 * local server) and Redis (FAULT_REDIS_URL, default redis://127.0.0.1:6379); ports FAULT_PORTS (default
 * 4180,4181). The database `yj_fault_<time>` is dropped at the end.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import WebSocket from 'ws';
import type { z } from 'zod';
import {
  IM_LAYOUT,
  type deskThreadListSchema,
  type ImHistory,
  type ImMessage,
  type ImSendRequest,
  type ImSendResult,
  type ImThreadList,
  type OpsDeskTokenResult,
} from '@contracts/im';
import { ApiPath, DESK_COOKIE } from '@contracts/paths';
import { ChatClient, liveUrl, type ChatApi } from '../lib/chat/chat-client';
import type { SocketLike } from '../lib/chat/live-connection';
import { PUSH } from '../lib/chat/thread-store';
import { assertPortFree, DEV_OPS_TOKEN, ROOT, run, startBackend, stopAll, waitForHttp, type Started } from './processes';

const PAIRS = Number(process.env.FAULT_PAIRS ?? 50);
const MESSAGES = Number(process.env.FAULT_MESSAGES ?? 1000);
const DROPS = Number(process.env.FAULT_DROPS ?? 10);
const RECONNECT_MS = Number(process.env.FAULT_RECONNECT_MS ?? 1000);
/** A socket is dropped after being open this long at random (ms). */
const OPEN_MIN_MS = 300;
const OPEN_MAX_MS = 2500;
/** Each sender's messages are spread over about this long (ms). */
const SEND_WINDOW_MS = Number(process.env.FAULT_SEND_WINDOW_MS ?? 25_000);
/** How long the clients may take to hold what the database holds once sending, dropping and the restart are over. */
const CONVERGE_DEADLINE_MS = 60_000;
const PORTS = (process.env.FAULT_PORTS ?? '4180,4181').split(',').map(Number);
const PG_SERVER = process.env.FAULT_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.FAULT_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DB_NAME = `yj_fault_${Date.now()}_${process.pid}`;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const between = (min: number, max: number) => min + Math.random() * (max - min);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const dbUrl = (() => {
  const url = new URL(PG_SERVER);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
})();

async function admin<T>(work: (client: pg.Client) => Promise<T>, url = PG_SERVER): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

// ——— the two instances ———

interface Instance {
  port: number;
  started: Started | null;
  starts: number;
}
const instances: Instance[] = PORTS.map((port) => ({ port, started: null, starts: 0 }));
const logDir = path.join(ROOT, 'test-results');

async function startInstance(instance: Instance): Promise<void> {
  mkdirSync(logDir, { recursive: true });
  const log = openSync(path.join(logDir, `im-fault-${instance.port}.log`), 'a');
  instance.started = startBackend(
    {
      DATABASE_URL: dbUrl,
      REDIS_URL,
      BACKEND_PORT: String(instance.port),
      BACKEND_HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_POOL_MAX: '10',
    },
    log,
  );
  instance.starts++;
  await waitForHttp(`http://127.0.0.1:${instance.port}${ApiPath.healthz}`, instance.started, 60_000);
}

// ——— figures ———

const figures = {
  /** performance.now() of the last send the server stored. */
  lastStoredAt: 0,
  sent: 0,
  resends: 0,
  drops: 0,
  reconnects: 0,
  catchUpFetches: 0,
  duplicatesIgnored: 0,
  pushesReceived: 0,
  networkFailures: 0,
  /** Connection failures by their cause (refused: the instance was down). */
  failureCauses: new Map<string, number>(),
  refused: [] as string[],
};

// ——— the clients' calls ———

/** A failed call as lib/api's ApiError has it: what ChatClient reads (status, code, message). */
class CallFailure extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: number,
  ) {
    super(message);
  }
}

const randomPort = () => PORTS[Math.floor(Math.random() * PORTS.length)]!;

/**
 * One call with the session's bearer token to a random instance. A connection that fails goes to another
 * instance (a balancer's retry), unless `once` (a send: the client decides).
 */
async function call<T>(
  auth: Record<string, string>,
  method: 'GET' | 'POST',
  urlPath: string,
  body?: unknown,
  once = false,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const port = randomPort();
    let status: number;
    let envelope: { code: number; msg: string; data: T };
    try {
      const res = await fetch(`http://127.0.0.1:${port}${urlPath}`, {
        method,
        headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      status = res.status;
      envelope = (await res.json()) as typeof envelope;
    } catch (err) {
      figures.networkFailures++;
      const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err instanceof Error ? err.name : 'unknown');
      figures.failureCauses.set(cause, (figures.failureCauses.get(cause) ?? 0) + 1);
      if (once || attempt >= 50) throw new CallFailure(`connection failed: ${err instanceof Error ? err.message : String(err)}`);
      await sleep(100);
      continue;
    }
    if (status >= 200 && status < 300) return envelope.data;
    throw new CallFailure(envelope.msg, status, envelope.code);
  }
}

/** The user's side: the widget's calls (lib/client/api-endpoints.ts), over fetch with a bearer token. */
function userApi(token: string): ChatApi {
  const auth = { authorization: `Bearer ${token}` };
  return {
    conversations: (agentUserId) =>
      call<ImThreadList>(auth, 'GET', `${ApiPath.imConversations}${agentUserId ? `?agentUserId=${agentUserId}` : ''}`),
    history: (targetId, afterSeq, limit) => {
      figures.catchUpFetches++;
      return call<ImHistory>(auth, 'GET', `${ApiPath.imHistory}?targetId=${targetId}&afterSeq=${afterSeq}&limit=${limit}`);
    },
    send: (request: ImSendRequest) => call<ImSendResult>(auth, 'POST', ApiPath.imMessage, request, true),
    read: (ids) => call(auth, 'POST', ApiPath.imRead, { readMessages: ids }),
    received: (messageId) => call(auth, 'POST', ApiPath.imReceived, { messageId }),
  };
}

/**
 * The agent's side runs the same ChatClient through the desk's calls (/api/desk/*, the desk cookie). The client
 * keys a thread by the end that is not "mine", and "mine" is `fromUser`: seen from the desk, every message is
 * turned around (fromUser negated), so a thread is keyed by the user and the agent's own sends are "mine".
 */
const turned = (m: ImMessage): ImMessage => ({ ...m, fromUser: !m.fromUser });
type DeskThreadList = z.infer<typeof deskThreadListSchema>;

function deskApi(token: string): ChatApi {
  const auth = { cookie: `${DESK_COOKIE}=${token}` };
  return {
    conversations: async () => {
      const { list } = await call<DeskThreadList>(auth, 'GET', ApiPath.deskConversations);
      return {
        list: list.map((t) => ({
          conversationId: t.conversationId,
          target: {
            userId: t.user.userId,
            agentId: 0,
            agentName: t.user.userName,
            agentPhoto: t.user.avatarUrl,
            branchId: 0,
            branchName: '',
            brandId: 0,
            brandName: '',
            status: 1,
          },
          unRead: t.unRead,
          lastSeq: t.lastSeq,
          lastMessage: t.lastMessage && turned(t.lastMessage),
        })),
      };
    },
    history: async (userId, afterSeq, limit) => {
      figures.catchUpFetches++;
      const page = await call<ImHistory>(
        auth,
        'GET',
        `${ApiPath.deskHistory}?userId=${userId}&afterSeq=${afterSeq}&limit=${limit}`,
      );
      return { ...page, list: page.list.map(turned) };
    },
    send: (request: ImSendRequest) =>
      call<ImSendResult>(
        auth,
        'POST',
        ApiPath.deskMessage,
        { userId: request.targetId[0], content: request.content, clientMsgId: request.clientMsgId },
        true,
      ),
    read: (ids) => call(auth, 'POST', ApiPath.deskRead, { readMessages: ids }),
    // The desk has no receipt call: its frames are acknowledged by reading.
    received: async () => ({}),
  };
}

/** The desk's socket, its frames turned around as deskApi's answers are. */
function deskSocket(token: string): () => SocketLike {
  return () => {
    const ws = new WebSocket(`ws://127.0.0.1:${randomPort()}${ApiPath.deskRegister}`, {
      headers: { cookie: `${DESK_COOKIE}=${token}` },
    });
    const socket = {
      get readyState() {
        return ws.readyState;
      },
      send: (data: string) => ws.send(data),
      close: (code?: number, reason?: string) => ws.close(code, reason),
      onopen: null,
      onmessage: null,
      onclose: null,
      onerror: null,
    } as SocketLike;
    ws.onopen = (event) => socket.onopen?.(event);
    ws.onclose = (event) => socket.onclose?.({ code: event.code });
    ws.onerror = (event) => socket.onerror?.(event);
    ws.onmessage = (event) => {
      const frame = JSON.parse(String(event.data)) as { messageType: number; messageContent?: string };
      if (frame.messageType === 1 && frame.messageContent)
        frame.messageContent = JSON.stringify(turned(JSON.parse(frame.messageContent) as ImMessage));
      socket.onmessage?.({ data: JSON.stringify(frame) });
    };
    return socket;
  };
}

// ——— the parties ———

interface Party {
  kind: 'user' | 'agent';
  /** users.id or agents.userId. */
  id: number;
  /** The other end's id: the thread's key in this party's store. */
  peer: number;
  client: ChatClient;
  opens: number;
  /** Texts this party sent, in order. */
  sent: string[];
  /** Told when its first message is stored (its agent may then reply). */
  onFirstSent?: () => void;
}

function openSocketTo(urlOf: (origin: string) => string, token: string): () => SocketLike {
  return () =>
    new WebSocket(urlOf(`http://127.0.0.1:${randomPort()}`), {
      headers: { authorization: `Bearer ${token}` },
    }) as unknown as SocketLike;
}

function countDuplicates(client: ChatClient): void {
  const add = client.store.add.bind(client.store);
  client.store.add = (message: ImMessage) => {
    const result = add(message);
    if (result === 'duplicate') figures.duplicatesIgnored++;
    return result;
  };
}

function userParty(userId: number, agentUserId: number, token: string): Party {
  const party: Party = {
    kind: 'user',
    id: userId,
    peer: agentUserId,
    opens: 0,
    sent: [],
    client: undefined as unknown as ChatClient,
  };
  party.client = new ChatClient({
    userId,
    api: userApi(token),
    openSocket: openSocketTo((origin) => liveUrl(origin, userId), token),
    reconnectMs: RECONNECT_MS,
    onState: (state) => {
      if (state !== 'open') return;
      if (party.opens++ > 0) figures.reconnects++;
    },
    onSessionEnded: () => figures.refused.push(`user ${userId}: session ended`),
  });
  countDuplicates(party.client);
  return party;
}

function agentParty(agentUserId: number, userId: number, token: string): Party {
  const party: Party = {
    kind: 'agent',
    id: agentUserId,
    peer: userId,
    opens: 0,
    sent: [],
    client: undefined as unknown as ChatClient,
  };
  party.client = new ChatClient({
    // The client's own id names only the user's socket URL, which deskSocket does not use.
    userId: agentUserId,
    api: deskApi(token),
    openSocket: deskSocket(token),
    reconnectMs: RECONNECT_MS,
    onState: (state) => {
      if (state !== 'open') return;
      if (party.opens++ > 0) figures.reconnects++;
    },
    onSessionEnded: () => figures.refused.push(`agent ${agentUserId}: desk ended`),
  });
  countDuplicates(party.client);
  return party;
}

async function waitOpen(party: Party): Promise<void> {
  while (party.client.live.current !== 'open') await sleep(20);
}

/** Drops the party's socket DROPS times, each after it has been open a random while. */
async function dropper(party: Party): Promise<void> {
  for (let done = 0; done < DROPS;) {
    await waitOpen(party);
    await sleep(between(OPEN_MIN_MS, OPEN_MAX_MS));
    // Closed meanwhile by the instance's restart: that one does not count, the next open is dropped instead.
    if (party.client.live.current !== 'open') continue;
    party.client.live.drop();
    figures.drops++;
    done++;
    // The close handshake takes a moment: the next drop is of the next socket, not this one again.
    while (party.client.live.current === 'open') await sleep(20);
  }
}

/** Sends `count` texts, each after a random pause, resending a send that failed until it is stored. */
async function sender(party: Party, count: number, label: string, firstAfter?: Promise<void>): Promise<void> {
  const pause = SEND_WINDOW_MS / count;
  for (let k = 1; k <= count; k++) {
    await sleep(between(0, 2 * pause));
    // An agent replies only to a user who has written (the desk refuses a cold message).
    if (k === 1 && firstAfter) await firstAfter;
    const text = `${label} 第${k}条`;
    party.sent.push(text);
    let failure = await party.client.send(party.peer, { layout: IM_LAYOUT.TEXT, msgDetail: text });
    while (failure) {
      if (failure.status !== undefined && failure.status < 500) {
        figures.refused.push(`${label} #${k}: ${failure.status} ${failure.message}`);
        return;
      }
      await sleep(200);
      const pending = party.client.store
        .thread(party.peer)
        .messages.find((m) => m.messageId === 0 && (m.content as { msgDetail?: string }).msgDetail === text);
      if (!pending?.clientMsgId) break;
      figures.resends++;
      failure = await party.client.resend(party.peer, pending.clientMsgId);
    }
    figures.sent++;
    figures.lastStoredAt = performance.now();
    if (k === 1) party.onFirstSent?.();
  }
}

// ——— the check ———

interface Row {
  id: number;
  conversation_id: number;
  seq: number;
  from_user: boolean;
  user_id: number;
  agent_user_id: number;
  text: string | null;
  auto: boolean;
}

async function storedMessages(pool: pg.Pool): Promise<Map<string, Row[]>> {
  const { rows } = await pool.query<Row>(
    `select m.id, m.conversation_id, m.seq, m.from_user, c.user_id, c.agent_user_id, m.content->>'msgDetail' as text, coalesce((m.content->>'auto')::boolean, false) as auto
       from im_messages m join im_conversations c on c.id = m.conversation_id order by m.conversation_id, m.seq`,
  );
  const byPair = new Map<string, Row[]>();
  for (const r of rows) {
    const key = `${r.user_id}:${r.agent_user_id}`;
    byPair.set(key, [...(byPair.get(key) ?? []), r]);
  }
  return byPair;
}

/** What is wrong with a party's screen against the database (empty: it shows exactly what is stored). */
function screenProblems(party: Party, byPair: Map<string, Row[]>): string[] {
  const userId = party.kind === 'user' ? party.id : party.peer;
  const agentUserId = party.kind === 'user' ? party.peer : party.id;
  const stored = byPair.get(`${userId}:${agentUserId}`) ?? [];
  const shown = party.client.store.threads.get(party.peer)?.messages ?? [];
  const who = `${party.kind} ${party.id}`;
  const problems: string[] = [];
  const pending = shown.filter((m) => m.messageId === 0 || m.pushStatus !== PUSH.SENT);
  if (pending.length) problems.push(`${who}: ${pending.length} pending or failed`);
  const ids = shown.map((m) => m.messageId);
  if (new Set(ids).size !== ids.length) problems.push(`${who}: a message shown twice`);
  if (shown.length !== stored.length) problems.push(`${who}: shows ${shown.length} of ${stored.length} stored`);
  stored.forEach((row, i) => {
    const m = shown[i];
    if (!m) return;
    const mine = party.kind === 'user' ? row.from_user : !row.from_user;
    if (
      m.messageId !== row.id ||
      m.seq !== row.seq ||
      m.mine !== mine ||
      (m.content as { msgDetail?: string }).msgDetail !== (row.text ?? undefined)
    ) {
      problems.push(`${who}: place ${i + 1} shows id ${m.messageId} seq ${m.seq}, stored id ${row.id} seq ${row.seq}`);
    }
  });
  return problems;
}

/** The database against what was sent: each sent text once, each sender's in its order, nothing else but auto-replies. */
function storeProblems(parties: Party[], byPair: Map<string, Row[]>): string[] {
  const problems: string[] = [];
  for (const party of parties) {
    const userId = party.kind === 'user' ? party.id : party.peer;
    const agentUserId = party.kind === 'user' ? party.peer : party.id;
    const rows = byPair.get(`${userId}:${agentUserId}`) ?? [];
    const mine = rows.filter((r) => r.from_user === (party.kind === 'user') && !r.auto).map((r) => r.text);
    if (mine.length !== party.sent.length || mine.some((t, i) => t !== party.sent[i])) {
      problems.push(`${party.kind} ${party.id}: stored ${mine.length} of ${party.sent.length} sent, or out of send order`);
    }
    const autos = rows.filter((r) => r.auto).length;
    if (autos > 1) problems.push(`${party.kind} ${party.id}: ${autos} auto-replies in one conversation`);
  }
  return problems;
}

// ——— the run ———

async function seed(): Promise<{ users: { id: number; token: string }[]; agents: { id: number; userId: number }[] }> {
  await admin((c) => c.query(`CREATE DATABASE ${DB_NAME}`));
  const code = await run(process.execPath, ['--import', 'tsx', 'backend/src/db/seed-cli.ts'], {
    DATABASE_URL: dbUrl,
    SEED_SIZE: '300',
    LOG_LEVEL: 'warn',
  });
  if (code !== 0) throw new Error(`seeding failed (exit ${code})`);
  return admin(async (c) => {
    const agents = await c.query<{ id: number; user_id: number }>(
      `select id, user_id from agents where status = 1 order by id limit $1`,
      [PAIRS],
    );
    if (agents.rows.length < PAIRS) throw new Error(`the seed has ${agents.rows.length} available agents, ${PAIRS} needed`);
    const users: { id: number; token: string }[] = [];
    for (let i = 0; i < PAIRS; i++) {
      const token = randomBytes(32).toString('base64url');
      const { rows } = await c.query<{ id: number }>(`insert into users (mobile, user_name) values ($1, $2) returning id`, [
        String(17_100_000_000 + i),
        `故障测试${i + 1}`,
      ]);
      await c.query(`insert into sessions (token_hash, user_id, expires_at) values ($1, $2, now() + interval '1 day')`, [
        sha256(token),
        rows[0]!.id,
      ]);
      users.push({ id: rows[0]!.id, token });
    }
    return { users, agents: agents.rows.map((r) => ({ id: r.id, userId: r.user_id })) };
  }, dbUrl);
}

async function main(): Promise<number> {
  for (const port of PORTS) await assertPortFree(port, 'fault-test backend');
  const t0 = performance.now();
  const { users, agents } = await seed();
  await Promise.all(instances.map(startInstance));
  console.log(
    `database ${DB_NAME} seeded and ${instances.length} instances up in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  // Each agent's desk token, as an operator issues it (the operator API of the first instance).
  const deskTokens: string[] = [];
  for (const agent of agents) {
    const issued = await call<OpsDeskTokenResult>({ authorization: `Bearer ${DEV_OPS_TOKEN}` }, 'POST', ApiPath.opsDeskToken, {
      agentId: agent.id,
      days: 1,
    });
    deskTokens.push(issued.token);
  }
  const users_ = users.map((u, i) => userParty(u.id, agents[i]!.userId, u.token));
  const agents_ = agents.map((a, i) => agentParty(a.userId, users[i]!.id, deskTokens[i]!));
  const parties: Party[] = [...users_, ...agents_];
  for (const party of parties) party.client.start();
  await Promise.all(parties.map(waitOpen));

  // Half of each pair's messages from each end.
  const perSide = Math.round(MESSAGES / PAIRS / 2);
  const started = performance.now();
  const victim = instances[instances.length - 1]!;
  const restart = (async () => {
    await sleep(SEND_WINDOW_MS * 0.4);
    console.log(`killing the instance on port ${victim.port} (SIGKILL)`);
    victim.started!.stopping = true;
    victim.started!.child.kill('SIGKILL');
    await new Promise((r) => victim.started!.child.once('exit', r));
    await sleep(1000);
    const t = performance.now();
    await startInstance(victim);
    console.log(`instance on port ${victim.port} up again after ${((performance.now() - t) / 1000).toFixed(1)} s`);
  })();
  const senders = users_.map((user, i) => {
    const agent = agents_[i]!;
    const written = new Promise<void>((resolve) => (user.onFirstSent = resolve));
    return [
      sender(user, perSide, `用户${user.id}→经纪人${user.peer}`),
      sender(agent, perSide, `经纪人${agent.id}→用户${agent.peer}`, written),
    ];
  });
  await Promise.all([...senders.flat(), ...parties.map(dropper), restart]);
  const sentAt = performance.now();
  console.log(
    `sent ${figures.sent} messages and dropped ${figures.drops} sockets in ${((sentAt - started) / 1000).toFixed(1)} s`,
  );

  const pool = new pg.Pool({ connectionString: dbUrl, max: 2 });
  let byPair = await storedMessages(pool);
  let problems: string[] = [];
  const deadline = Date.now() + CONVERGE_DEADLINE_MS;
  for (;;) {
    byPair = await storedMessages(pool);
    problems = parties.flatMap((p) => screenProblems(p, byPair));
    if (problems.length === 0 || Date.now() > deadline) break;
    await sleep(100);
  }
  const convergedAt = performance.now();
  const convergeMs = convergedAt - figures.lastStoredAt;
  problems.push(...storeProblems(parties, byPair), ...figures.refused);
  for (const party of parties) party.client.stop();
  await pool.end();

  const storedCount = [...byPair.values()].reduce((n, rows) => n + rows.length, 0);
  const autos = [...byPair.values()].reduce((n, rows) => n + rows.filter((r) => r.auto).length, 0);
  const shown = parties.reduce((n, p) => n + (p.client.store.threads.get(p.peer)?.messages.length ?? 0), 0);
  console.log(
    [
      `pairs                ${PAIRS} (users ${parties.filter((p) => p.kind === 'user').length}, agent clients ${parties.filter((p) => p.kind === 'agent').length})`,
      `messages sent        ${figures.sent} (stored ${storedCount}, of them ${autos} auto-replies: the agent's socket was down at that moment)`,
      `shown on screens     ${shown}`,
      `socket drops         ${figures.drops} (${DROPS} per socket) + 1 instance killed and restarted`,
      `reconnects           ${figures.reconnects}`,
      `catch-up fetches     ${figures.catchUpFetches}`,
      `duplicates ignored   ${figures.duplicatesIgnored}`,
      `resends              ${figures.resends} (connection failures seen ${figures.networkFailures}: ${[...figures.failureCauses].map(([c, n]) => `${c} ${n}`).join(', ')})`,
      `time to converge     ${(convergeMs / 1000).toFixed(2)} s after the last send was stored (${((convergedAt - sentAt) / 1000).toFixed(2)} s after the last drop and the restart)`,
    ].join('\n'),
  );
  if (problems.length) {
    console.error(`FAULT FAILED: ${problems.length} problems`);
    for (const p of problems.slice(0, 20)) console.error(`  ${p}`);
    return 1;
  }
  console.log('FAULT OK');
  return 0;
}

let status = 1;
try {
  status = await main();
} catch (err) {
  console.error(err);
} finally {
  await stopAll(instances.flatMap((i) => (i.started ? [i.started] : [])));
  await admin((c) => c.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`)).catch((err: unknown) =>
    console.error(`could not drop ${DB_NAME}:`, err),
  );
}
process.exit(status);
