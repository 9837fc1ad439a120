import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ResultCode } from '@contracts/envelope';
import {
  IM_AGENT_LEFT,
  IM_AGENT_UNREACHABLE,
  IM_LAYOUT,
  IM_PHONE_ANSWERED,
  IM_SENSITIVE_MESSAGE,
  IM_TEXT_MESSAGE,
  IM_TOO_MANY_IMAGES,
  IM_USER_CHANGED,
  IM_USER_CHANGED_CODE,
  type ImHistory,
  type ImMessage,
  type ImSendResult,
  type ImThreadList,
} from '@contracts/im';
import { detailPath } from '@contracts/channels';
import { ApiPath, SESSION_COOKIE } from '@contracts/paths';
import { agents, cities, imConversations, imMessages, esfListings, sessions, uploads, users } from '../src/db/schema';
import {
  agentParty,
  LOGGED_OUT_CLOSE,
  SESSION_ENDED_CLOSE,
  SOCKETS_PER_PARTY,
  TOO_MANY_SOCKETS_CLOSE,
  userParty,
} from '../src/modules/im/hub';
import { autoReplyText } from '../src/modules/im/service';
import { storeMessage } from '../src/modules/im/store';
import { containsSensitiveWord, loadSensitiveWords } from '../src/modules/im/sensitive-words';
import { envelope, startHarness, type Harness } from './harness';
import { newTestUser, type TestUser } from './support-users';

/** 在线咨询 (spec §2 Chat widget, §5 Chat): the messaging service's HTTP calls and its live socket. */

let h: Harness;
/** IM identities (agents.userId) of an agent at work, one who left (2) and one unreachable (3). */
let agentAt: number;
let agentLeft: number;
let agentGone: number;
let agentOther: number;
/** At work but with the desk closed: a user's message gets the auto-reply. */
let agentAway: number;

/** A desk socket as the hub sees it: the agent counts as online (no auto-reply) and frames go nowhere. */
const deskOpen = { readyState: 1, send() {}, close() {} } as unknown as WebSocket;

beforeAll(async () => {
  h = await startHarness();
  const rows = await h.database.db.select({ id: agents.id, userId: agents.userId }).from(agents).orderBy(agents.id).limit(5);
  [agentAt, agentLeft, agentGone, agentOther, agentAway] = rows.map((r) => r.userId) as [number, number, number, number, number];
  await h.database.db.update(agents).set({ status: 1 }).where(eq(agents.userId, agentAway));
  await h.database.db.update(agents).set({ status: 1 }).where(eq(agents.userId, agentAt));
  await h.database.db.update(agents).set({ status: 1 }).where(eq(agents.userId, agentOther));
  await h.database.db.update(agents).set({ status: 2 }).where(eq(agents.userId, agentLeft));
  await h.database.db.update(agents).set({ status: 3 }).where(eq(agents.userId, agentGone));
  await h.app.ready();
  h.app.im.hub.attach(agentParty(agentAt), deskOpen);
  h.app.im.hub.attach(agentParty(agentOther), deskOpen);
});
afterAll(() => h?.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers });
const text = (msgDetail: string) => JSON.stringify({ layout: IM_LAYOUT.TEXT, msgDetail });
const send = (user: TestUser, target: number, content: string, extra: Record<string, unknown> = {}) =>
  post(
    ApiPath.imMessage,
    { appId: 'youju', messageType: 1, channelType: 1, targetId: [target], deliveryMode: 2, content, ...extra },
    user.cookie,
  );
const sent = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(200);
  return envelope<ImSendResult>(res).data;
};
const historyOf = async (user: TestUser, targetId: number, afterSeq = 0) => {
  const res = await post(ApiPath.imHistory, { targetId, afterSeq }, user.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return envelope<ImHistory>(res).data;
};
/** A message from the agent to the user, as the agent desk will store it. */
const fromAgent = (
  user: TestUser,
  agentUserId: number,
  content = { layout: IM_LAYOUT.TEXT, msgDetail: '您好，请问想看哪套房？' } as const,
) => storeMessage(h.database.db, { userId: user.id, agentUserId, from: 'agent', content }).then((r) => r.message);

const openSocket = (user: TestUser, userId = user.id, headers: Record<string, string> = user.cookie) =>
  h.app.injectWS(`${ApiPath.imRegister}?appId=youju&userId=${userId}&endType=2`, { headers });
const nextFrame = (socket: WebSocket) =>
  new Promise<{ messageType: number; messageContent?: string; content?: string }>((resolve) =>
    socket.once('message', (data) => resolve(JSON.parse(String(data)))),
  );

describe('POST /api/message', () => {
  it('stores a text message with seq 1, 2, … and answers its id; history gives them back in order', async () => {
    const user = await newTestUser(h);
    const first = sent(await send(user, agentAt, text('\n\n您好，这套房还在吗？\n')));
    const second = sent(await send(user, agentAt, text('周末可以看房吗')));
    expect([first.seq, second.seq]).toEqual([1, 2]);
    expect(second.conversationId).toBe(first.conversationId);
    const { list, nextSeq } = await historyOf(user, agentAt);
    expect(list.map((m) => [m.messageId, m.seq, m.senderId, m.receiverId])).toEqual([
      [first.messageId, 1, user.id, agentAt],
      [second.messageId, 2, user.id, agentAt],
    ]);
    // Leading and trailing line breaks trimmed, nothing else.
    expect(list[0]!.content).toEqual({ layout: 101, msgDetail: '您好，这套房还在吗？' });
    expect(nextSeq).toBe(2);
    const [conversation] = await h.database.db.select().from(imConversations).where(eq(imConversations.id, first.conversationId));
    expect(conversation).toMatchObject({ userId: user.id, agentUserId: agentAt, nextSeq: 3, agentUnread: 2, userUnread: 0 });
  });

  it('refuses a blank text, one over 140 characters, and takes exactly 140 (line breaks around not counted)', async () => {
    const user = await newTestUser(h);
    for (const blank of ['', '\n\n', '   ']) {
      const res = await send(user, agentAt, text(blank));
      expect(res.statusCode).toBe(400);
      expect(envelope(res).msg).toBe(IM_TEXT_MESSAGE);
    }
    expect((await send(user, agentAt, text('好'.repeat(141)))).statusCode).toBe(400);
    sent(await send(user, agentAt, text(`\n${'好'.repeat(140)}\r\n`)));
  });

  it('answers 400002 with 包含敏感词 for a word of the list, also spaced or full-width', async () => {
    const user = await newTestUser(h);
    // Also with zero-width characters, combining marks, punctuation or symbols between, and in traditional form (probe F5).
    for (const t of ['可以帮忙代开发票吗', '刷 单 兼职', '六合彩', '刷\u200b单', '刷\u0301单', '刷.单', '刷★单', '代開發票']) {
      const res = await send(user, agentAt, text(t));
      expect(res.statusCode).toBe(400);
      expect(envelope(res)).toMatchObject({ code: ResultCode.MESSAGE_REJECTED, msg: IM_SENSITIVE_MESSAGE });
    }
    expect(await h.database.db.select().from(imMessages).where(eq(imMessages.senderId, user.id))).toHaveLength(0);
  });

  it('reads the list from the file the setting names', async () => {
    const words = loadSensitiveWords();
    expect(words.length).toBeGreaterThan(10);
    expect(containsSensitiveWord(words, 'ＷＷＷ 刷单')).toBe(true);
    expect(containsSensitiveWord(words, '请问这套房还在吗')).toBe(false);
    // The comment lines are not words.
    expect(words.some((w) => w.includes('敏感词'))).toBe(false);
  });

  it('refuses a text of nothing but invisible characters as blank', async () => {
    const user = await newTestUser(h);
    for (const t of ['\u200b', '\u200b\u200c\u2060', ' \u3000 ']) {
      const res = await send(user, agentAt, text(t));
      expect([res.statusCode, envelope(res).msg]).toEqual([400, IM_TEXT_MESSAGE]);
    }
    // An emoji joined by a zero-width joiner is text.
    sent(await send(user, agentAt, text('👨\u200d👩\u200d👧')));
  });

  it('sends images only of the user’s own uploads, at most 9 (error code 1)', async () => {
    const user = await newTestUser(h);
    const other = await newTestUser(h);
    const keyOf = (u: TestUser, i: number) => `ub/process/u${u.id}/${String(i).padStart(24, 'a')}.jpg`;
    await h.database.db
      .insert(uploads)
      .values(
        [
          ...Array.from({ length: 10 }, (_, i) => ({ userId: user.id, key: keyOf(user, i) })),
          { userId: other.id, key: keyOf(other, 0) },
        ].map((u) => ({ ...u, suffix: 'jpg', size: 1000, md5: '0'.repeat(32), width: 800, height: 600 })),
      );
    const images = (keys: string[]) => JSON.stringify({ layout: IM_LAYOUT.IMAGE, msgList: keys });
    sent(await send(user, agentAt, images([keyOf(user, 0), keyOf(user, 1)])));
    const ten = await send(user, agentAt, images(Array.from({ length: 10 }, (_, i) => keyOf(user, i))));
    expect(ten.statusCode).toBe(400);
    expect(envelope(ten)).toMatchObject({ code: 1, msg: IM_TOO_MANY_IMAGES });
    const others = await send(user, agentAt, images([keyOf(other, 0)]));
    expect(others.statusCode).toBe(400);
    expect(envelope(others).msg).toMatch(/^content\.msgList: /);
    expect((await send(user, agentAt, images(['ub/process/u1/none.jpg']))).statusCode).toBe(400);
  });

  it('sends a property card of a listing on the site once in 24 h, and refuses an unknown one (404)', async () => {
    const user = await newTestUser(h);
    const [listing] = await h.database.db
      .select({ id: esfListings.id })
      .from(esfListings)
      .innerJoin(cities, and(eq(cities.cityCode, esfListings.cityCode), eq(cities.isEsf, 1)))
      .orderBy(esfListings.id)
      .limit(1);
    const card = (listingId: number) =>
      JSON.stringify({ layout: IM_LAYOUT.PROPERTY, layoutDetail: { businessType: 1, listingId } });
    const first = sent(await send(user, agentAt, card(listing!.id)));
    // The card carries what it shows, as it was when sent: title, cover, layout, price and the detail page.
    const [home] = await h.database.db.select().from(esfListings).where(eq(esfListings.id, listing!.id));
    expect((await historyOf(user, agentAt)).list[first.seq - 1]!.content).toEqual({
      layout: 201,
      layoutDetail: {
        businessType: 1,
        listingId: listing!.id,
        title: home!.title,
        coverUrl: home!.coverUrl,
        layoutText: `${home!.rooms}室${home!.halls}厅 ${Math.round(home!.area * 100) / 100}㎡`,
        priceText: `${Math.round(home!.totalPrice * 100) / 100}万`,
        cityDomain: expect.any(String),
        pcUrl: detailPath('esf', listing!.id),
      },
    });
    // Within 24 h the same card to the same agent is not stored again: the earlier one answers.
    expect(sent(await send(user, agentAt, card(listing!.id)))).toEqual(first);
    // After 24 h (the stored card made older) it is sent again.
    await h.database.db
      .update(imMessages)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(imMessages.id, first.messageId));
    const later = sent(await send(user, agentAt, card(listing!.id)));
    expect(later.seq).toBe(first.seq + 1);
    expect((await send(user, agentAt, card(2_000_000_000))).statusCode).toBe(404);
  });

  it('refuses an agent who left or cannot be reached with the copy’s strings, an unknown agent with 404', async () => {
    const user = await newTestUser(h);
    const left = await send(user, agentLeft, text('你好'));
    expect(left.statusCode).toBe(400);
    expect(envelope(left).msg).toBe(IM_AGENT_LEFT);
    const gone = await send(user, agentGone, text('你好'));
    expect(gone.statusCode).toBe(400);
    expect(envelope(gone).msg).toBe(IM_AGENT_UNREACHABLE);
    expect((await send(user, 2_000_000_000, text('你好'))).statusCode).toBe(404);
  });

  it('refuses a send once the agent has left, a card too, and uses up no seq: the next send after their return follows on', async () => {
    const user = await newTestUser(h);
    const [listing] = await h.database.db.select({ id: esfListings.id }).from(esfListings).limit(1);
    const first = sent(await send(user, agentOther, text('在吗')));
    await h.database.db.update(agents).set({ status: 2 }).where(eq(agents.userId, agentOther));
    try {
      for (const content of [
        text('还在吗'),
        JSON.stringify({ layout: IM_LAYOUT.PROPERTY, layoutDetail: { businessType: 1, listingId: listing!.id } }),
      ]) {
        const refused = await send(user, agentOther, content, { clientMsgId: `left-${content.length}` });
        expect(refused.statusCode).toBe(400);
        expect(envelope(refused).msg).toBe(IM_AGENT_LEFT);
      }
    } finally {
      await h.database.db.update(agents).set({ status: 1 }).where(eq(agents.userId, agentOther));
    }
    expect(sent(await send(user, agentOther, text('你回来了'))).seq).toBe(first.seq + 1);
    expect((await historyOf(user, agentOther)).list.map((m) => m.seq)).toEqual([first.seq, first.seq + 1]);
  });

  it('refuses bad input with readable 400s, no session with 401, and a cross-site post with 403', async () => {
    const user = await newTestUser(h);
    for (const body of [
      { targetId: [agentAt] },
      { targetId: [], content: text('hi') },
      { targetId: [agentAt, agentOther], content: text('hi') },
      { targetId: ['x'], content: text('hi') },
      { targetId: [agentAt], content: 'not json' },
      { targetId: [agentAt], content: JSON.stringify({ layout: 999 }) },
      { targetId: [agentAt], content: JSON.stringify({ layout: 101, msgDetail: 'hi', extra: 1 }) },
      // What PostgreSQL cannot store (probe F2: these were 500s): half a surrogate pair, NUL in a key or the client id.
      { targetId: [agentAt], content: text('半个\ud800代理项') },
      { targetId: [agentAt], content: JSON.stringify({ layout: 121, msgList: ['ub/process/u1/a\u0000.jpg'] }) },
      { targetId: [agentAt], content: text('hi'), clientMsgId: 'a\u0000b' },
      { targetId: [agentAt], content: text('hi'), clientMsgId: '<script>' },
    ]) {
      const res = await post(ApiPath.imMessage, body, user.cookie);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(envelope(res).msg).toMatch(/\S/);
    }
    expect((await post(ApiPath.imMessage, { targetId: [agentAt], content: text('hi') })).statusCode).toBe(401);
    const cross = await post(
      ApiPath.imMessage,
      { targetId: [agentAt], content: text('hi') },
      { ...user.cookie, origin: 'https://evil.example' },
    );
    expect(cross.statusCode).toBe(403);
  });

  it('answers 409 to a screen showing another user than the session’s (a tab left behind), and refuses a user’s agent card', async () => {
    const user = await newTestUser(h);
    const other = await newTestUser(h);
    const stale = await send(user, agentAt, text('从旧标签页发出'), { userId: other.id });
    expect([stale.statusCode, envelope(stale).code, envelope(stale).msg]).toEqual([409, IM_USER_CHANGED_CODE, IM_USER_CHANGED]);
    sent(await send(user, agentAt, text('本人'), { userId: user.id }));
    const threads = await h.app.inject({
      method: 'GET',
      url: `${ApiPath.imConversations}?userId=${other.id}`,
      headers: user.cookie,
    });
    expect(threads.statusCode).toBe(409);
    const hist = await post(ApiPath.imHistory, { userId: other.id, targetId: agentAt }, user.cookie);
    expect(hist.statusCode).toBe(409);
    expect((await historyOf(user, agentAt)).list.map((m) => (m.content as { msgDetail?: string }).msgDetail)).toEqual(['本人']);
    const card = await send(
      user,
      agentAt,
      JSON.stringify({ layout: IM_LAYOUT.AGENT_CARD, layoutDetail: { agentUserId: agentOther } }),
    );
    expect([card.statusCode, envelope(card).msg]).toEqual([400, 'content.layout: 名片只能由经纪人发送']);
  });

  it('refuses a client id used before for another conversation (409), instead of answering that one', async () => {
    const user = await newTestUser(h);
    const first = sent(await send(user, agentAt, text('给第一位'), { clientMsgId: 'same-id-1' }));
    expect(sent(await send(user, agentAt, text('给第一位'), { clientMsgId: 'same-id-1' })).messageId).toBe(first.messageId);
    const elsewhere = await send(user, agentOther, text('给第二位'), { clientMsgId: 'same-id-1' });
    expect(elsewhere.statusCode).toBe(409);
    expect((await historyOf(user, agentOther)).list).toHaveLength(0);
  });

  it('gives every one of 20 sends at once its own seq, 1 to 20 with no gap', async () => {
    const user = await newTestUser(h);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => send(user, agentOther, text(`第${i}条`)).then(sent)));
    expect(results.map((r) => r.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const { list } = await historyOf(user, agentOther);
    expect(list.map((m) => m.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('answers a resend with the same clientMsgId with the stored message, also when sent twice at once', async () => {
    const user = await newTestUser(h);
    const a = sent(await send(user, agentAt, text('只存一次'), { clientMsgId: 'c-1' }));
    const b = sent(await send(user, agentAt, text('只存一次'), { clientMsgId: 'c-1' }));
    expect(b).toEqual(a);
    const [c, d] = await Promise.all([
      send(user, agentAt, text('并发'), { clientMsgId: 'c-2' }),
      send(user, agentAt, text('并发'), { clientMsgId: 'c-2' }),
    ]);
    expect(sent(c)).toEqual(sent(d));
    expect((await historyOf(user, agentAt)).list.map((m) => m.seq)).toEqual([1, 2]);
  });

  it('answers a phone request once (21001), then 409; a reply to another’s request is 404', async () => {
    const user = await newTestUser(h);
    const other = await newTestUser(h);
    const request = await fromAgent(user, agentAt, { layout: IM_LAYOUT.PHONE_REQUEST } as never);
    const reply = (requestId: number) =>
      JSON.stringify({ layout: IM_LAYOUT.PHONE_REPLY, layoutDetail: { requestId, agree: true } });
    sent(await send(user, agentAt, reply(request.messageId)));
    const again = await send(user, agentAt, reply(request.messageId));
    expect(again.statusCode).toBe(409);
    expect(envelope(again).msg).toBe(IM_PHONE_ANSWERED);
    expect((await send(other, agentAt, reply(request.messageId))).statusCode).toBe(404);
  });
});

describe('two id spaces', () => {
  it('a user whose id is an agent’s IM id reads, acknowledges and receives nothing of that agent’s', async () => {
    const writer = await newTestUser(h);
    sent(await send(writer, agentOther, text('给经纪人的消息')));
    const toAgent = sent(await send(writer, agentOther, text('第二条')));
    // A portal user row with the very number of the agent's IM identity.
    const token = randomBytes(32).toString('base64url');
    await h.database.db.insert(users).values({ id: agentOther, mobile: '13516999999', userName: '' });
    await h.database.db.insert(sessions).values({
      tokenHash: createHash('sha256').update(token).digest('hex'),
      userId: agentOther,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const twin = { cookie: `${SESSION_COOKIE}=${token}` };
    const received = await post(ApiPath.imReceived, { messageId: toAgent.messageId }, twin);
    expect(received.statusCode).toBe(404);
    const read = await post(ApiPath.imRead, { readMessages: [toAgent.messageId] }, twin);
    expect(read.statusCode).toBe(404);
    const [row] = await h.database.db.select().from(imMessages).where(eq(imMessages.id, toAgent.messageId));
    expect([row!.receivedAt, row!.readAt]).toEqual([null, null]);
    // The twin's socket is not the agent's desk: a message to the agent is not pushed to it.
    expect(h.app.im.hub.count(userParty(agentOther))).toBe(0);
    const socket = await h.app.injectWS(`${ApiPath.imRegister}?appId=youju&userId=${agentOther}&endType=2`, { headers: twin });
    const frames: string[] = [];
    socket.on('message', (data) => frames.push(String(data)));
    try {
      await vi.waitFor(() => expect(h.app.im.hub.count(userParty(agentOther))).toBe(1));
      sent(await send(writer, agentOther, text('第三条')));
      // A marker pushed after the send reaches the socket after anything the send pushed to it: once the
      // marker is in, nothing else came.
      h.app.im.hub.deliver([userParty(agentOther)], 'marker');
      await vi.waitFor(() => expect(frames).toContain('marker'));
      expect(frames).toEqual(['marker']);
    } finally {
      socket.terminate();
    }
  });
});

describe('GET /api/conversations', () => {
  const threads = async (user: TestUser, query = '') => {
    const res = await h.app.inject({ method: 'GET', url: `${ApiPath.imConversations}${query}`, headers: user.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return envelope<ImThreadList>(res).data.list;
  };

  it('lists the caller’s threads newest first with the agent’s card, unread count, last seq and message', async () => {
    const user = await newTestUser(h);
    sent(await send(user, agentAt, text('第一位经纪人')));
    sent(await send(user, agentOther, text('第二位经纪人')));
    // Later by the clock than the send before it (two stores in one millisecond tie, and the tie goes by id).
    const sentBy = Date.now();
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(sentBy), { interval: 1 });
    await fromAgent(user, agentAt);
    const list = await threads(user);
    expect(list.map((t) => [t.target.userId, t.unRead, t.lastSeq])).toEqual([
      [agentAt, 1, 2],
      [agentOther, 0, 1],
    ]);
    const [agent] = await h.database.db.select().from(agents).where(eq(agents.userId, agentAt));
    expect(list[0]!.target).toMatchObject({
      agentId: agent!.id,
      agentName: agent!.name,
      agentPhoto: agent!.photoUrl,
      branchId: agent!.branchId,
      status: 1,
    });
    expect(list[0]!.lastMessage).toMatchObject({ seq: 2, fromUser: false });
    // Another user sees none of them.
    expect(await threads(await newTestUser(h))).toEqual([]);
  });

  it('puts the asked agent first even before a first message; bad input is 400, an unknown agent 404, no session 401', async () => {
    const user = await newTestUser(h);
    sent(await send(user, agentAt, text('在吗')));
    const list = await threads(user, `?agentUserId=${agentOther}`);
    expect(list.map((t) => [t.target.userId, t.conversationId === 0, t.lastSeq])).toEqual([
      [agentOther, true, 0],
      [agentAt, false, 1],
    ]);
    expect((await threads(user, `?agentUserId=${agentAt}`)).map((t) => t.target.userId)).toEqual([agentAt]);
    const bad = await h.app.inject({ method: 'GET', url: `${ApiPath.imConversations}?agentUserId=abc`, headers: user.cookie });
    expect(bad.statusCode).toBe(400);
    const unknown = await h.app.inject({
      method: 'GET',
      url: `${ApiPath.imConversations}?agentUserId=99999999`,
      headers: user.cookie,
    });
    expect(unknown.statusCode).toBe(404);
    const anonymous = await h.app.inject({ method: 'GET', url: ApiPath.imConversations });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('history, received, read, logout', () => {
  it('gives the messages after a seq, up to a limit, and nothing of another user’s conversation', async () => {
    const user = await newTestUser(h);
    const other = await newTestUser(h);
    for (let i = 0; i < 5; i++) sent(await send(user, agentAt, text(`消息${i}`)));
    const after = await historyOf(user, agentAt, 3);
    expect(after.list.map((m) => m.seq)).toEqual([4, 5]);
    const limited = await h.app.inject({
      method: 'GET',
      url: `${ApiPath.imHistory}?targetId=${agentAt}&afterSeq=0&limit=2`,
      headers: user.cookie,
    });
    expect(envelope<ImHistory>(limited).data.list.map((m) => m.seq)).toEqual([1, 2]);
    // The other user naming the same agent gets their own (empty) conversation, never this one.
    expect(await historyOf(other, agentAt)).toEqual({ list: [], nextSeq: 0 });
    expect((await post(ApiPath.imHistory, { targetId: agentAt, limit: 101 }, user.cookie)).statusCode).toBe(400);
    expect((await post(ApiPath.imHistory, { targetId: agentAt })).statusCode).toBe(401);
  });

  it('marks a received message received and read, recounts unread; another user’s message is 404 and unchanged', async () => {
    const user = await newTestUser(h);
    const other = await newTestUser(h);
    const m1 = await fromAgent(user, agentAt);
    const m2 = await fromAgent(user, agentAt);
    const [before] = await h.database.db.select().from(imConversations).where(eq(imConversations.id, m1.conversationId));
    expect(before!.userUnread).toBe(2);

    expect(
      (await post(ApiPath.imReceived, { appId: 'youju', endType: 2, messageId: m1.messageId, receiverId: user.id }, user.cookie))
        .statusCode,
    ).toBe(200);
    expect((await post(ApiPath.imReceived, { messageId: m2.messageId }, other.cookie)).statusCode).toBe(404);
    expect((await post(ApiPath.imReceived, { messageId: m2.messageId, receiverId: other.id }, user.cookie)).statusCode).toBe(404);

    // The other user cannot read this user's messages: 404, nothing changes.
    const refused = await post(ApiPath.imRead, { readMessages: [m1.messageId] }, other.cookie);
    expect(refused.statusCode).toBe(404);
    expect((await post(ApiPath.imRead, { userId: user.id, readMessages: [m1.messageId] }, other.cookie)).statusCode).toBe(404);
    // A sender cannot mark its own sent message read either.
    const own = sent(await send(user, agentAt, text('我发的')));
    expect((await post(ApiPath.imRead, { readMessages: [own.messageId] }, user.cookie)).statusCode).toBe(404);
    const read = await post(
      ApiPath.imRead,
      { appId: 'youju', userId: user.id, endType: 2, readMessages: [m1.messageId, m2.messageId] },
      user.cookie,
    );
    expect(read.statusCode, read.body).toBe(200);
    expect(envelope<{ count: number }>(read).data.count).toBe(2);
    const rows = await h.database.db
      .select()
      .from(imMessages)
      .where(and(eq(imMessages.conversationId, m1.conversationId), eq(imMessages.receiverId, user.id)));
    expect(rows.every((r) => r.readAt !== null && r.receivedAt !== null)).toBe(true);
    const [after] = await h.database.db.select().from(imConversations).where(eq(imConversations.id, m1.conversationId));
    expect(after).toMatchObject({ userUnread: 0, agentUnread: 1 });
    expect((await post(ApiPath.imRead, { readMessages: [] }, user.cookie)).statusCode).toBe(400);
    expect((await post(ApiPath.imRead, { readMessages: [m1.messageId] })).statusCode).toBe(401);
  });

  it('logout closes the user’s sockets; another userId is 404', async () => {
    const user = await newTestUser(h);
    const socket = await openSocket(user);
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    expect((await post(ApiPath.imLogout, { appId: 'youju', userId: user.id + 1 }, user.cookie)).statusCode).toBe(404);
    const res = await post(ApiPath.imLogout, { appId: 'youju', userId: user.id }, user.cookie);
    expect(res.statusCode).toBe(200);
    expect(envelope<{ count: number }>(res).data.count).toBe(1);
    expect(await closed).toBe(4001);
    expect((await post(ApiPath.imLogout, {})).statusCode).toBe(401);
  });
});

describe('WebSocket /api/register', () => {
  it('pushes a message stored for the user, and the sender’s own, as messageContent JSON', async () => {
    const user = await newTestUser(h);
    const socket = await openSocket(user);
    try {
      const pushed = nextFrame(socket);
      const stored = await fromAgent(user, agentAt);
      // storeMessage alone does not push (the agent desk's route will); the user's own send does.
      const mine = sent(await send(user, agentAt, text('收到了吗')));
      const frame = await pushed;
      expect(frame.messageType).toBe(1);
      const message = JSON.parse(frame.messageContent!) as ImMessage;
      expect(message).toMatchObject({
        messageId: mine.messageId,
        seq: mine.seq,
        senderId: user.id,
        receiverId: agentAt,
        layout: 101,
      });
      expect(mine.seq).toBe(stored.seq + 1);
    } finally {
      socket.terminate();
    }
  });

  it('pushes a user’s message to the agent’s desk (its party on the hub), never to a user of the same number', async () => {
    const user = await newTestUser(h);
    const frames: string[] = [];
    const desk = { readyState: 1, send: (frame: string) => frames.push(frame), close() {} } as unknown as WebSocket;
    const detach = h.app.im.hub.attach(agentParty(agentOther), desk);
    try {
      const res = sent(await send(user, agentOther, text('在吗')));
      const message = JSON.parse((JSON.parse(frames[0]!) as { messageContent: string }).messageContent) as ImMessage;
      expect(message).toMatchObject({
        messageId: res.messageId,
        senderId: user.id,
        receiverId: agentOther,
        fromUser: true,
        content: { layout: 101, msgDetail: '在吗' },
      });
    } finally {
      detach();
    }
  });

  it('pushes a resent message again: stored by a first try whose push was lost, it reaches the desk once resent', async () => {
    const user = await newTestUser(h);
    const frames: string[] = [];
    const desk = { readyState: 1, send: (frame: string) => frames.push(frame), close() {} } as unknown as WebSocket;
    const detach = h.app.im.hub.attach(agentParty(agentOther), desk);
    try {
      // The first try: stored, then the instance dies before pushing or answering (storeMessage alone does not push).
      const { message: stored } = await storeMessage(h.database.db, {
        userId: user.id,
        agentUserId: agentOther,
        from: 'user',
        content: { layout: IM_LAYOUT.TEXT, msgDetail: '丢了推送' },
        clientMsgId: 'lost-push',
      });
      expect(frames).toHaveLength(0);
      const again = sent(await send(user, agentOther, text('丢了推送'), { clientMsgId: 'lost-push' }));
      expect(again.messageId).toBe(stored.messageId);
      expect(
        frames.map((f) => (JSON.parse((JSON.parse(f) as { messageContent: string }).messageContent) as ImMessage).messageId),
      ).toEqual([stored.messageId]);
      expect((await historyOf(user, agentOther)).list.filter((m) => m.clientMsgId === 'lost-push')).toHaveLength(1);
    } finally {
      detach();
    }
  });

  it(`keeps at most ${SOCKETS_PER_PARTY} sockets of one party: the next closes the oldest (4002)`, () => {
    const closed: number[] = [];
    const socket = (i: number) =>
      ({ readyState: 1, send() {}, close: (code: number) => closed.push(i * 10_000 + code) }) as unknown as WebSocket;
    const party = userParty(987_654);
    const detaches = Array.from({ length: SOCKETS_PER_PARTY + 1 }, (_, i) => h.app.im.hub.attach(party, socket(i)));
    expect(closed).toEqual([TOO_MANY_SOCKETS_CLOSE]);
    expect(h.app.im.hub.count(party)).toBe(SOCKETS_PER_PARTY);
    for (const detach of detaches) detach();
    expect(h.app.im.hub.count(party)).toBe(0);
  });

  it('greets with the agent’s auto-reply when the desk is closed, once in 24 h, and not when it is open', async () => {
    const user = await newTestUser(h);
    sent(await send(user, agentAway, text('请问这套房还在吗')));
    sent(await send(user, agentAway, text('方便看房吗')));
    const [agent] = await h.database.db.select({ name: agents.name }).from(agents).where(eq(agents.userId, agentAway));
    const list = (await historyOf(user, agentAway)).list;
    expect(list.map((m) => [m.seq, m.fromUser, m.layout])).toEqual([
      [1, true, 101],
      [2, false, 101],
      [3, true, 101],
    ]);
    expect(list[1]!.content).toEqual({ layout: 101, msgDetail: autoReplyText(agent!.name), auto: true });
    // With the desk open no greeting is stored.
    const other = await newTestUser(h);
    sent(await send(other, agentAt, text('在吗')));
    expect((await historyOf(other, agentAt)).list).toHaveLength(1);
  });

  it('refuses no session (401), another user’s id (403), a bad query (400) and a foreign Origin (403)', async () => {
    const user = await newTestUser(h);
    const other = await newTestUser(h);
    await expect(openSocket(user, user.id, {})).rejects.toThrow(/401/);
    await expect(openSocket(user, other.id)).rejects.toThrow(/403/);
    await expect(h.app.injectWS(`${ApiPath.imRegister}?userId=abc`, { headers: user.cookie })).rejects.toThrow(/400/);
    await expect(openSocket(user, user.id, { ...user.cookie, origin: 'https://evil.example' })).rejects.toThrow(/403/);
    // The agent desk's pages are the agents' app, not the portal: same site, still refused.
    await expect(openSocket(user, user.id, { ...user.cookie, origin: 'http://desk.localhost:3000' })).rejects.toThrow(/403/);
    // A plain GET (no upgrade) with a session: 426, never a 5xx.
    const plain = await h.app.inject({ method: 'GET', url: `${ApiPath.imRegister}?userId=${user.id}`, headers: user.cookie });
    expect(plain.statusCode).toBe(426);
  });

  it('closes the socket when its session ends: at once on logout (4001), within two ping intervals otherwise (4003)', async () => {
    const user = await newTestUser(h);
    const socket = await openSocket(user);
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    const res = await post(ApiPath.logout, {}, user.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(await closed).toBe(LOGGED_OUT_CLOSE);

    // A session that ends without a word to the chat (it expired, or was deleted): the socket's recheck finds it.
    const pinged = await withPing();
    const other = await newTestUser(pinged);
    const live = await pinged.app.injectWS(`${ApiPath.imRegister}?userId=${other.id}`, { headers: other.cookie });
    const ended = new Promise<number>((resolve) => live.once('close', (code) => resolve(code)));
    await pinged.database.db.delete(sessions).where(eq(sessions.userId, other.id));
    expect(await ended).toBe(SESSION_ENDED_CLOSE);
  });

  it('pings an idle socket (messageType 0, Ping)', async () => {
    const pinged = await withPing();
    const user = await newTestUser(pinged);
    const socket = await pinged.app.injectWS(`${ApiPath.imRegister}?userId=${user.id}`, { headers: user.cookie });
    expect(await nextFrame(socket)).toEqual({ messageType: 0, content: 'Ping' });
    socket.terminate();
  });
});

/** A second app on the same kind of database whose idle ping comes after 50 ms: one for the file, made when first asked. */
let pingedHarness: Promise<Harness> | undefined;
function withPing(): Promise<Harness> {
  pingedHarness ??= startHarness({ config: { IM_PING_MS: '50' } }).then(async (pinged) => {
    await pinged.app.ready();
    return pinged;
  });
  return pingedHarness;
}
afterAll(async () => {
  await (await pingedHarness)?.close();
});
