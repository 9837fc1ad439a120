import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IM_LAYOUT, type ImHistory, type ImMessage } from '@contracts/im';
import { ApiPath } from '@contracts/paths';
import { buildApp } from '../src/app';
import { agents } from '../src/db/schema';
import { agentParty, LOGGED_OUT_CLOSE } from '../src/modules/im/hub';
import { sharedKeyPrefix } from '../src/modules/limits/shared';
import { localStorage } from '../src/storage/local-storage';
import { nextMessage } from './support-im';
import { envelope, startHarness, type Harness } from './harness';
import { newTestUser, type TestUser } from './support-users';

/**
 * 在线咨询 across instances (several service instances share delivery through Redis): two backend
 * processes on one database and one Redis; a user's socket on A, the agent's desk on B, and back. Redis is part of
 * the test machine (.ci/run starts it); an unreachable Redis fails here.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let h: Harness;
let a: FastifyInstance;
let b: FastifyInstance;
let redis: Redis;
let agentUserId: number;
let agentName: string;

beforeAll(async () => {
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
  expect(await redis.ping()).toBe('PONG');
  h = await startHarness({ config: { REDIS_URL } });
  a = h.app;
  b = await buildApp({ db: h.database.db, config: h.config, storage: localStorage(path.join(h.config.DATA_DIR, 'oss')) });
  await Promise.all([a.ready(), b.ready()]);
  const [agent] = await h.database.db
    .select({ userId: agents.userId, name: agents.name })
    .from(agents)
    .orderBy(agents.id)
    .limit(1);
  await h.database.db.update(agents).set({ status: 1 }).where(eq(agents.userId, agent!.userId));
  agentUserId = agent!.userId;
  agentName = agent!.name;
}, 120_000);

afterAll(async () => {
  await b?.close();
  await h?.close();
  const keys = await redis.keys(`${sharedKeyPrefix(h.config)}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

const text = (msgDetail: string) => JSON.stringify({ layout: IM_LAYOUT.TEXT, msgDetail });
const openSocket = (app: FastifyInstance, user: TestUser) =>
  app.injectWS(`${ApiPath.imRegister}?appId=youju&userId=${user.id}&endType=2`, { headers: user.cookie });
/** A desk socket as the hub holds it, recording what it is sent. */
function deskSocket() {
  const frames: ImMessage[] = [];
  const socket = {
    readyState: 1,
    send: (frame: string) =>
      frames.push(JSON.parse((JSON.parse(frame) as { messageContent: string }).messageContent) as ImMessage),
    close() {},
  } as unknown as WebSocket;
  return { socket, frames };
}
const until = (check: () => boolean, ms = 5000) =>
  vi.waitFor(
    () => {
      if (!check()) throw new Error('timed out waiting');
    },
    { timeout: ms, interval: 20 },
  );

describe('delivery shared through Redis by two backend processes', () => {
  it('a user on A reaches the agent’s desk on B, and the agent’s reply from B reaches the user on A', async () => {
    const user = await newTestUser(h);
    const desk = deskSocket();
    const detach = b.im.hub.attach(agentParty(agentUserId), desk.socket);
    const socket = await openSocket(a, user);
    try {
      const ownCopy = nextMessage(socket);
      const sent = await a.inject({
        method: 'POST',
        url: ApiPath.imMessage,
        payload: { targetId: [agentUserId], content: text('在吗') },
        headers: user.cookie,
      });
      expect(sent.statusCode, sent.body).toBe(200);
      await until(() => desk.frames.length === 1);
      expect(desk.frames[0]).toMatchObject({ fromUser: true, senderId: user.id, content: { msgDetail: '在吗' } });
      expect((await ownCopy).messageId).toBe(desk.frames[0]!.messageId);

      const reply = nextMessage(socket);
      await b.im.send({
        userId: user.id,
        agentUserId,
        from: 'agent',
        raw: text('在的，您想什么时候看房？'),
        ownsImages: async () => false,
      });
      expect(await reply).toMatchObject({ fromUser: false, seq: 2, content: { msgDetail: '在的，您想什么时候看房？' } });
    } finally {
      socket.terminate();
      detach();
    }
  });

  it('knows on A that the agent’s desk is open on B (no auto-reply), and greets once it is closed', async () => {
    const user = await newTestUser(h);
    const desk = deskSocket();
    const detach = b.im.hub.attach(agentParty(agentUserId), desk.socket);
    expect(await a.im.hub.isOnline(agentParty(agentUserId))).toBe(true);
    await a.inject({
      method: 'POST',
      url: ApiPath.imMessage,
      payload: { targetId: [agentUserId], content: text('第一条') },
      headers: user.cookie,
    });
    detach();
    expect(await a.im.hub.isOnline(agentParty(agentUserId))).toBe(false);
    await a.inject({
      method: 'POST',
      url: ApiPath.imMessage,
      payload: { targetId: [agentUserId], content: text('第二条') },
      headers: user.cookie,
    });
    const res = await a.inject({
      method: 'POST',
      url: ApiPath.imHistory,
      payload: { targetId: agentUserId },
      headers: user.cookie,
    });
    const list = envelope<ImHistory>(res).data.list;
    expect(list.map((m) => [m.fromUser, (m.content as { msgDetail?: string }).msgDetail])).toEqual([
      [true, '第一条'],
      [true, '第二条'],
      [false, expect.stringContaining(agentName)],
    ]);
  });

  it('a logout on A closes the user’s sockets on B too', async () => {
    const user = await newTestUser(h);
    const socket = await openSocket(b, user);
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    const res = await a.inject({ method: 'POST', url: ApiPath.imLogout, payload: {}, headers: user.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(await closed).toBe(LOGGED_OUT_CLOSE);
  });
});
