import { createHash, randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeChannelOf } from '@contracts/channel-sections';
import { ResultCode } from '@contracts/envelope';
import {
  DESK_AGENT_LEFT,
  DESK_LISTINGS_MAX,
  DESK_NO_CONVERSATION,
  DESK_SESSION_ENDED,
  DESK_TOKEN_WRONG,
  IM_LAYOUT,
  IM_PHONE_ANSWERED,
  IM_SENSITIVE_MESSAGE,
  IM_TEXT_MESSAGE,
  type DeskAgent,
  type DeskListing,
  type DeskThread,
  type ImHistory,
  type ImSendResult,
  type OpsDeskTokenResult,
} from '@contracts/im';
import { ApiPath, DESK_COOKIE } from '@contracts/paths';
import { UPLOAD_BUSY_MESSAGE, UPLOAD_PIXELS_MESSAGE } from '@contracts/upload';
import { runOps, type OpsIo } from '../../scripts/ops';
import {
  agentDeskTokens,
  agentPhoneBindings,
  agents,
  imConversations,
  esfListings,
  rentals,
  uploads,
  users,
} from '../src/db/schema';
import { agentParty } from '../src/modules/im/hub';
import { autoReplyText } from '../src/modules/im/service';
import { DESK_ENDED_CLOSE, DESK_LOGIN_LIMIT, deskCookieOptions, deskImagePrefix } from '../src/modules/im/desk';
import { ownerNames } from '../src/modules/uploads/owner-names';
import { nextMessage } from './support-im';
import { BOMB_SIDE, flatJpeg, LIMIT_SIDE } from './support-images';
import { envelope, startHarness, type Harness } from './harness';
import { newTestUser, type TestUser } from './support-users';

/** 经纪人工作台 (where agents answer the chat, spec §1): desk tokens, the desk's routes, its socket, and one desk never reaching another's. */

const OPS = 'desk-test-ops-token-0123456789';
const MOBILES = 13_516_000_000;
const NO_ID = 2_000_000_000;
let h: Harness;

interface Agent {
  id: number;
  userId: number;
  name: string;
  mobile: string;
}
/** Two agents at work, each with a desk; one more for the token rules. */
let a: Agent;
let b: Agent;
let spare: Agent;

beforeAll(async () => {
  // A short ping so that an open desk's token is checked again within a second (every two pings).
  h = await startHarness({ config: { OPS_TOKEN: OPS, IM_PING_MS: '250' } });
  await h.app.ready();
  // Agents with listings of both kinds, so the desk has homes to send.
  const rows = await h.database.db
    .selectDistinct({ id: agents.id, userId: agents.userId, name: agents.name, mobile: agents.mobile })
    .from(agents)
    .innerJoin(esfListings, eq(esfListings.agentId, agents.id))
    .innerJoin(rentals, eq(rentals.agentId, agents.id))
    .orderBy(agents.id)
    .limit(3);
  expect(rows).toHaveLength(3);
  [a, b, spare] = rows as [Agent, Agent, Agent];
  for (const agent of rows) await h.database.db.update(agents).set({ status: 1 }).where(eq(agents.id, agent.id));
});
afterAll(() => h?.close());

const ops = (payload: Record<string, unknown>, token = OPS) =>
  h.app.inject({
    method: 'POST',
    url: ApiPath.opsDeskToken,
    payload,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
async function issue(agentId: number, days?: number): Promise<OpsDeskTokenResult> {
  const res = await ops(days === undefined ? { agentId } : { agentId, days });
  expect(res.statusCode, res.body).toBe(200);
  return envelope<OpsDeskTokenResult>(res).data;
}
/** Each login from an address of its own unless named: the per-address limit is tested on its own. */
let addresses = 0;
const login = (token: string, remoteAddress = `10.0.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`) =>
  h.app.inject({ method: 'POST', url: ApiPath.deskLogin, payload: { token }, remoteAddress });
/** A desk's cookie as the browser sends it back. */
async function deskOf(agent: Agent): Promise<Record<string, string>> {
  const { token } = await issue(agent.id);
  const res = await login(token);
  expect(res.statusCode, res.body).toBe(200);
  return { cookie: `${DESK_COOKIE}=${token}` };
}
const post = (url: string, payload: unknown, headers: Record<string, string>) =>
  h.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers });
const get = (url: string, headers: Record<string, string>) => h.app.inject({ method: 'GET', url, headers });
const text = (msgDetail: string) => JSON.stringify({ layout: IM_LAYOUT.TEXT, msgDetail });
const ok = <T>(res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(200);
  return envelope<T>(res).data;
};
const userSends = (user: TestUser, agent: Agent, content: string) =>
  post(ApiPath.imMessage, { targetId: [agent.userId], content }, user.cookie);
const deskSends = (desk: Record<string, string>, userId: number, content: string, clientMsgId?: string) =>
  post(ApiPath.deskMessage, { userId, content, ...(clientMsgId ? { clientMsgId } : {}) }, desk);
const deskHistory = (desk: Record<string, string>, userId: number, afterSeq = 0) =>
  post(ApiPath.deskHistory, { userId, afterSeq }, desk);
const userHistory = async (user: TestUser, agent: Agent) =>
  ok<ImHistory>(await post(ApiPath.imHistory, { targetId: agent.userId }, user.cookie)).list;
const openDesk = (desk: Record<string, string>, headers: Record<string, string> = {}) =>
  h.app.injectWS(ApiPath.deskRegister, { headers: { ...desk, ...headers } });
const openUser = (user: TestUser) => h.app.injectWS(`${ApiPath.imRegister}?userId=${user.id}`, { headers: user.cookie });

function multipart(filename: string, bytes: Buffer) {
  const boundary = `----yj${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const uploadImage = (desk: Record<string, string>, filename: string, bytes: Buffer) => {
  const form = multipart(filename, bytes);
  return h.app.inject({ method: 'POST', url: ApiPath.deskImage, payload: form.payload, headers: { ...form.headers, ...desk } });
};
const png = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer();

describe('desk tokens (operator)', () => {
  it('issues a random token shown once, stores only its sha256, and refuses without the operator token', async () => {
    const issued = await issue(spare.id, 7);
    expect(issued.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(issued).toMatchObject({ agentId: spare.id, agentName: spare.name });
    expect(Date.parse(issued.expiresAt) - Date.now()).toBeGreaterThan(7 * 86_400_000 - 60_000);
    const rows = await h.database.db.select().from(agentDeskTokens).where(eq(agentDeskTokens.agentId, spare.id));
    const live = rows.filter((r) => r.revokedAt === null);
    expect(live).toHaveLength(1);
    expect(live[0]!.tokenHash).toBe(createHash('sha256').update(issued.token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(issued.token);
    expect((await ops({ agentId: spare.id }, '')).statusCode).toBe(401);
    expect((await ops({ agentId: spare.id }, 'not-the-ops-token-0000')).statusCode).toBe(401);
    expect(envelope(await ops({ agentId: NO_ID }))).toMatchObject({ code: ResultCode.NOT_FOUND, msg: `经纪人 ${NO_ID} 不存在` });
    expect((await ops({ agentId: spare.id, days: 91 })).statusCode).toBe(400);
    expect((await ops({ agentId: 'x' })).statusCode).toBe(400);
  });

  it('a new token revokes the earlier ones; an agent who left gets none and loses the desk at once', async () => {
    const first = await issue(spare.id);
    const second = await issue(spare.id);
    expect((await login(first.token)).statusCode).toBe(401);
    const res = await login(second.token);
    expect(res.statusCode, res.body).toBe(200);
    const desk = { cookie: `${DESK_COOKIE}=${second.token}` };
    expect((await get(ApiPath.deskMe, desk)).statusCode).toBe(200);
    await h.database.db.update(agents).set({ status: 2 }).where(eq(agents.id, spare.id));
    try {
      const left = await ops({ agentId: spare.id });
      expect(left.statusCode).toBe(400);
      expect(envelope(left).msg).toBe(DESK_AGENT_LEFT);
      const me = await get(ApiPath.deskMe, desk);
      expect(me.statusCode).toBe(200);
      expect(envelope(me).data).toBeNull();
      expect((await get(ApiPath.deskConversations, desk)).statusCode).toBe(401);
      expect(envelope(await get(ApiPath.deskListings, desk)).msg).toBe(DESK_SESSION_ENDED);
      expect((await login(second.token)).statusCode).toBe(401);
    } finally {
      await h.database.db.update(agents).set({ status: 1 }).where(eq(agents.id, spare.id));
    }
  });

  it('npm run ops -- agent desk-token prints the token once with how to use it', async () => {
    const url = await h.app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const out: string[] = [];
      const err: string[] = [];
      const io: OpsIo = { env: { BACKEND_URL: url, OPS_TOKEN: OPS }, out: (l) => out.push(l), err: (l) => err.push(l), fetch };
      expect(await runOps(['agent', 'desk-token', String(spare.id), '14'], io)).toBe(0);
      expect(err).toEqual([]);
      expect(out[0]).toMatch(new RegExp(`^desk token for agent #${spare.id} ${spare.name}, valid until \\d{4}-`));
      const token = out[1]!.trim();
      expect(out.join('\n')).toContain('http://desk.localhost:3000/');
      expect((await login(token)).statusCode).toBe(200);
      expect(await runOps(['agent', 'desk-token', String(spare.id), '91'], io)).toBe(2);
      expect(await runOps(['agent', 'desk-token'], io)).toBe(2);
      expect(await runOps(['agent', 'desk-token', String(NO_ID)], io)).toBe(1);
      expect(err.at(-1)).toBe(`404: 经纪人 ${NO_ID} 不存在`);
    } finally {
      await h.app.server.close();
    }
  });
});

describe('POST /api/desk/login', () => {
  it('sets an HttpOnly SameSite=Strict cookie on /api/desk for the token’s lifetime and answers the agent', async () => {
    const { token } = await issue(a.id, 3);
    const res = await login(token);
    const agent = ok<DeskAgent>(res);
    expect(agent).toMatchObject({ userId: a.userId, agentId: a.id, agentName: a.name, status: 1 });
    expect(agent.cityName).not.toBe('');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain(`${DESK_COOKIE}=${token}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api\/desk/);
    expect(cookie).not.toMatch(/Secure/);
    const maxAge = Number(/Max-Age=(\d+)/.exec(cookie)?.[1]);
    expect(maxAge).toBeGreaterThan(3 * 86_400 - 60);
    expect(maxAge).toBeLessThanOrEqual(3 * 86_400);
  });

  it('marks the cookie Secure when the portal is served over https', () => {
    expect(deskCookieOptions({ PORTAL_PROTOCOL: 'https' })).toEqual({
      httpOnly: true,
      sameSite: 'strict',
      path: '/api/desk',
      secure: true,
    });
    expect(deskCookieOptions({ PORTAL_PROTOCOL: 'http' }).secure).toBe(false);
  });

  it('answers a wrong or expired token 401 with a readable message; a desk call without a live cookie is 401 and clears it', async () => {
    const wrong = await login(randomBytes(32).toString('base64url'));
    expect(wrong.statusCode).toBe(401);
    expect(envelope(wrong)).toMatchObject({ code: ResultCode.SESSION_INVALID, msg: DESK_TOKEN_WRONG });
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const short = await login('short');
    expect(short.statusCode).toBe(401);
    // The agent reads what a wrong token says, not a rule about its length.
    expect(envelope(short).msg).toBe(DESK_TOKEN_WRONG);
    const { token } = await issue(b.id);
    await h.database.db
      .update(agentDeskTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(agentDeskTokens.tokenHash, createHash('sha256').update(token).digest('hex')));
    expect((await login(token)).statusCode).toBe(401);
    // Asking who is at the desk with a dead token: nobody (the token form), and the dead cookie is cleared.
    const me = await get(ApiPath.deskMe, { cookie: `${DESK_COOKIE}=${token}` });
    expect(me.statusCode).toBe(200);
    expect(envelope(me).data).toBeNull();
    expect(String(me.headers['set-cookie'])).toMatch(new RegExp(`${DESK_COOKIE}=;.*Expires=Thu, 01 Jan 1970`));
    expect(envelope(await get(ApiPath.deskMe, {})).data).toBeNull();
    for (const url of [ApiPath.deskConversations, ApiPath.deskListings]) expect((await get(url, {})).statusCode).toBe(401);
    // A portal user's session is not a desk.
    const user = await newTestUser(h, MOBILES);
    expect((await get(ApiPath.deskConversations, user.cookie)).statusCode).toBe(401);
  });

  it(`takes ${DESK_LOGIN_LIMIT} tries a minute from one address, then 429`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= DESK_LOGIN_LIMIT; i++)
      statuses.push((await login(randomBytes(32).toString('base64url'), '127.0.0.99')).statusCode);
    expect(statuses.slice(0, DESK_LOGIN_LIMIT).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another address is counted apart.
    expect((await login(randomBytes(32).toString('base64url'), '127.0.0.98')).statusCode).toBe(401);
  });
});

describe('the desk’s conversations', () => {
  let deskA: Record<string, string>;
  let deskB: Record<string, string>;
  beforeAll(async () => {
    deskA = await deskOf(a);
    deskB = await deskOf(b);
  });

  it('lists the agent’s threads newest first with the user’s nickname (never the number), unread and last message', async () => {
    const first = await newTestUser(h, MOBILES);
    const second = await newTestUser(h, MOBILES);
    await h.database.db.update(users).set({ userName: '王先生' }).where(eq(users.id, second.id));
    ok(await userSends(first, a, text('您好')));
    ok(await userSends(second, a, text('这套房还在吗')));
    ok(await userSends(second, a, text('周末能看吗')));
    const res = await get(ApiPath.deskConversations, deskA);
    const { list } = ok<{ list: DeskThread[] }>(res);
    const mine = list.filter((t) => t.user.userId === first.id || t.user.userId === second.id);
    expect(mine.map((t) => t.user.userName)).toEqual(['王先生', `用户${first.id}`]);
    // The desk was closed: the greeting took seq 2.
    expect(mine[0]).toMatchObject({
      unRead: 2,
      lastSeq: 3,
      lastMessage: { fromUser: true, content: { msgDetail: '周末能看吗' } },
    });
    expect(res.body).not.toContain(first.mobile);
    expect(res.body).not.toContain(second.mobile);
    // B's desk does not list A's users.
    const other = ok<{ list: DeskThread[] }>(await get(ApiPath.deskConversations, deskB)).list;
    expect(other.some((t) => t.user.userId === first.id || t.user.userId === second.id)).toBe(false);
  });

  it('reads its own conversation’s history after a seq; another agent’s user is the same 404 as an unknown one', async () => {
    const user = await newTestUser(h, MOBILES);
    ok(await userSends(user, a, text('第一条')));
    ok(await userSends(user, a, text('第二条')));
    const all = ok<ImHistory>(await deskHistory(deskA, user.id));
    expect(all.list.map((m) => [m.seq, m.fromUser, m.content.msgDetail])).toEqual([
      [1, true, '第一条'],
      [2, false, autoReplyText(a.name)],
      [3, true, '第二条'],
    ]);
    const after = ok<ImHistory>(await get(`${ApiPath.deskHistory}?userId=${user.id}&afterSeq=2`, deskA));
    expect(after.list.map((m) => m.seq)).toEqual([3]);
    const foreign = await deskHistory(deskB, user.id);
    const unknown = await deskHistory(deskB, NO_ID);
    expect(foreign.statusCode).toBe(404);
    expect(envelope(foreign)).toEqual(envelope(unknown));
    expect(envelope(foreign).msg).toBe(DESK_NO_CONVERSATION);
    expect((await deskHistory(deskA, 0)).statusCode).toBe(400);
    expect((await post(ApiPath.deskHistory, { userId: user.id, limit: 101 }, deskA)).statusCode).toBe(400);
  });

  it('replies to a user who wrote: stored, in the user’s history as the agent’s; no cold messages, nothing into another agent’s conversation', async () => {
    const user = await newTestUser(h, MOBILES);
    ok(await userSends(user, a, text('想看看房')));
    const reply = ok<ImSendResult>(await deskSends(deskA, user.id, text('\n好的，您哪天方便？\n'), 'desk-1'));
    // A resend with the same client id answers the stored message.
    expect(ok<ImSendResult>(await deskSends(deskA, user.id, text('好的，您哪天方便？'), 'desk-1')).messageId).toBe(
      reply.messageId,
    );
    const seen = await userHistory(user, a);
    expect(seen.at(-1)).toMatchObject({
      messageId: reply.messageId,
      fromUser: false,
      senderId: a.userId,
      receiverId: user.id,
      content: { msgDetail: '好的，您哪天方便？' },
    });
    const [conversation] = await h.database.db
      .select()
      .from(imConversations)
      .where(and(eq(imConversations.userId, user.id), eq(imConversations.agentUserId, a.userId)));
    expect(conversation!.userUnread).toBeGreaterThanOrEqual(1);

    const stranger = await newTestUser(h, MOBILES);
    const cold = await deskSends(deskA, stranger.id, text('您好，有房要卖吗'));
    expect(cold.statusCode).toBe(404);
    expect(envelope(cold).msg).toBe(DESK_NO_CONVERSATION);
    const foreign = await deskSends(deskB, user.id, text('我也有房'));
    expect(foreign.statusCode).toBe(404);
    expect(envelope(foreign)).toEqual(envelope(await deskSends(deskB, NO_ID, text('我也有房'))));
    expect(await h.database.db.select().from(imConversations).where(eq(imConversations.userId, stranger.id))).toHaveLength(0);
    expect((await userHistory(user, b)).length).toBe(0);

    // spec §5 on the agent's side too.
    const sensitive = await deskSends(deskA, user.id, text('可以代开发票'));
    expect(envelope(sensitive)).toMatchObject({ code: ResultCode.MESSAGE_REJECTED, msg: IM_SENSITIVE_MESSAGE });
    expect(envelope(await deskSends(deskA, user.id, text('好'.repeat(141)))).msg).toBe(IM_TEXT_MESSAGE);
    expect((await deskSends(deskA, user.id, 'not json')).statusCode).toBe(400);
    // What PostgreSQL cannot store is a 400, not a 500 (probe F2).
    expect((await deskSends(deskA, user.id, text('半个\ud800'))).statusCode).toBe(400);
    expect((await deskSends(deskA, user.id, text('好'), 'a\u0000b')).statusCode).toBe(400);
    expect((await post(ApiPath.deskMessage, { userId: user.id, content: text('好'), extra: 1 }, deskA)).statusCode).toBe(400);
  });

  it('marks the user’s messages read and recounts the unread; another’s message is 404 and nothing changes', async () => {
    const user = await newTestUser(h, MOBILES);
    const m1 = ok<ImSendResult>(await userSends(user, a, text('一')));
    const m2 = ok<ImSendResult>(await userSends(user, a, text('二')));
    const unread = async () =>
      (await h.database.db.select().from(imConversations).where(eq(imConversations.id, m1.conversationId)))[0]!.agentUnread;
    expect(await unread()).toBe(2);
    expect((await post(ApiPath.deskRead, { readMessages: [m1.messageId] }, deskB)).statusCode).toBe(404);
    expect(await unread()).toBe(2);
    expect(ok<{ count: number }>(await post(ApiPath.deskRead, { readMessages: [m1.messageId, m2.messageId] }, deskA)).count).toBe(
      2,
    );
    expect(await unread()).toBe(0);
    // The agent's own message is not the agent's to mark read.
    const own = ok<ImSendResult>(await deskSends(deskA, user.id, text('已读')));
    expect((await post(ApiPath.deskRead, { readMessages: [own.messageId] }, deskA)).statusCode).toBe(404);
    expect((await post(ApiPath.deskRead, { readMessages: [] }, deskA)).statusCode).toBe(400);
  });

  it('lists the agent’s own homes newest first (≤ 50) and sends one as a property card the user sees', async () => {
    const { list } = ok<{ list: DeskListing[] }>(await get(ApiPath.deskListings, deskA));
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThanOrEqual(DESK_LISTINGS_MAX);
    expect(new Set(list.map((l) => l.businessType))).toEqual(new Set([1, 2]));
    const times = list.map((l) => Date.parse(l.listedAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    const esfIds = list.filter((l) => homeChannelOf(l.businessType) === 'esf').map((l) => l.listingId);
    const owners = await h.database.db
      .select({ agentId: esfListings.agentId })
      .from(esfListings)
      .where(eq(esfListings.id, esfIds[0]!));
    expect(owners[0]!.agentId).toBe(a.id);
    const foreign = await h.database.db
      .select({ id: esfListings.id })
      .from(esfListings)
      .where(ne(esfListings.agentId, a.id))
      .limit(1);
    expect(esfIds).not.toContain(foreign[0]!.id);

    const user = await newTestUser(h, MOBILES);
    ok(await userSends(user, a, text('有别的房吗')));
    const home = list[0]!;
    const card = ok<ImSendResult>(
      await deskSends(
        deskA,
        user.id,
        JSON.stringify({
          layout: IM_LAYOUT.PROPERTY,
          layoutDetail: { businessType: home.businessType, listingId: home.listingId },
        }),
      ),
    );
    const seen = (await userHistory(user, a)).find((m) => m.messageId === card.messageId)!;
    expect(seen.content).toEqual({
      layout: 201,
      layoutDetail: {
        businessType: home.businessType,
        listingId: home.listingId,
        title: home.title,
        coverUrl: home.coverUrl,
        layoutText: home.layoutText,
        priceText: home.priceText,
        cityDomain: home.cityDomain,
        pcUrl: home.pcUrl,
      },
    });
    // The agent's card (211) too.
    ok(
      await deskSends(deskA, user.id, JSON.stringify({ layout: IM_LAYOUT.AGENT_CARD, layoutDetail: { agentUserId: a.userId } })),
    );
    // Only their own (probe F6): another agent's home or card is refused.
    const notOwn = await deskSends(
      deskA,
      user.id,
      JSON.stringify({ layout: IM_LAYOUT.PROPERTY, layoutDetail: { businessType: 1, listingId: foreign[0]!.id } }),
    );
    expect([notOwn.statusCode, envelope(notOwn).msg]).toEqual([400, 'content.layoutDetail.listingId: 只能发送本人的房源']);
    const otherCard = await deskSends(
      deskA,
      user.id,
      JSON.stringify({ layout: IM_LAYOUT.AGENT_CARD, layoutDetail: { agentUserId: b.userId } }),
    );
    expect([otherCard.statusCode, envelope(otherCard).msg]).toEqual([
      400,
      'content.layoutDetail.agentUserId: 只能发送本人的名片',
    ]);
  });

  it('stores an image of the desk (jpg/jpeg/png by name and bytes, ≤ 5 MB), serves it, and sends it; nobody else can send it', async () => {
    const bytes = await png();
    const stored = ok<{ key: string; url: string }>(await uploadImage(deskA, 'room.PNG', bytes));
    expect(stored.key.startsWith(deskImagePrefix(ownerNames(h.config.KEY_SECRET), a.userId))).toBe(true);
    expect(stored.key).toMatch(/\.png$/);
    // Private until sent: the agent's desk reads it through its own object path (backend/test/private-objects.test.ts).
    const served = await h.app.inject({ url: `${ApiPath.deskObject}/${stored.key}`, headers: deskA });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(400);

    const user = await newTestUser(h, MOBILES);
    ok(await userSends(user, a, text('发张图看看')));
    const image = ok<ImSendResult>(
      await deskSends(deskA, user.id, JSON.stringify({ layout: IM_LAYOUT.IMAGE, msgList: [stored.key] })),
    );
    expect((await userHistory(user, a)).find((m) => m.messageId === image.messageId)!.content).toEqual({
      layout: 121,
      msgList: [stored.key],
    });
    // Not B's, not the user's: both refused as not their own uploads.
    const other = await newTestUser(h, MOBILES);
    ok(await userSends(other, b, text('你好')));
    expect(
      (await deskSends(deskB, other.id, JSON.stringify({ layout: IM_LAYOUT.IMAGE, msgList: [stored.key] }))).statusCode,
    ).toBe(400);
    expect((await userSends(user, a, JSON.stringify({ layout: IM_LAYOUT.IMAGE, msgList: [stored.key] }))).statusCode).toBe(400);
    const [row] = await h.database.db.select({ userId: uploads.userId }).from(uploads).where(eq(uploads.key, stored.key));
    expect(row!.userId).toBeLessThan(0);

    const bmp = await uploadImage(deskA, 'room.bmp', bytes);
    expect(bmp.statusCode).toBe(400);
    expect(envelope(bmp).msg).toBe('文件格式仅限jpg、jpeg、png格式！');
    const gif = await uploadImage(deskA, 'room.png', Buffer.from('GIF89a not an image at all'));
    expect(envelope(gif).msg).toBe('文件不是jpg或png图片');
    const big = await uploadImage(
      deskA,
      'big.jpg',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(5 * 1024 * 1024)]),
    );
    expect(big.statusCode).toBe(400);
    expect(envelope(big).msg).toBe('图片大小不能超过5MB！');
    // No desk: refused before the body is read.
    const anonymous = await uploadImage({}, 'room.png', bytes);
    expect(anonymous.statusCode).toBe(401);
    expect(envelope(anonymous).msg).toBe(DESK_SESSION_ENDED);
    expect((await post(ApiPath.deskImage, { file: 'x' }, deskA)).statusCode).toBe(400);
  });

  it('checks 2 images of one desk at once (image-work.ts): a third at once is 429 上传失败，请稍后再试; a pixel bomb is refused from its header', async () => {
    const largest = await flatJpeg(LIMIT_SIDE);
    const answers = await Promise.all([0, 1, 2].map(() => uploadImage(deskA, 'room.jpg', largest)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 429]);
    expect(envelope(answers.find((r) => r.statusCode === 429)!).msg).toBe(UPLOAD_BUSY_MESSAGE);
    // Another desk is counted on its own, and the first may send again once its images are done.
    expect((await uploadImage(deskB, 'room.png', await png())).statusCode).toBe(200);
    expect((await uploadImage(deskA, 'room.png', await png())).statusCode).toBe(200);
    const bomb = await uploadImage(deskA, 'bomb.jpg', await flatJpeg(BOMB_SIDE));
    expect([bomb.statusCode, envelope(bomb).msg]).toEqual([400, UPLOAD_PIXELS_MESSAGE]);
  }, 180_000);

  it('phone numbers both ways: the user asks and the agent agrees; the agent asks and the user agrees; each answered once', async () => {
    const user = await newTestUser(h, MOBILES);
    const asked = ok<ImSendResult>(await userSends(user, a, JSON.stringify({ layout: IM_LAYOUT.PHONE_REQUEST })));
    const agreed = ok<ImSendResult>(
      await deskSends(
        deskA,
        user.id,
        JSON.stringify({ layout: IM_LAYOUT.PHONE_REPLY, layoutDetail: { requestId: asked.messageId, agree: true } }),
      ),
    );
    // The agent's agreed reply carries a virtual number bound to this agent and this user, never the agent's mobile.
    const agreedContent = (await userHistory(user, a)).find((m) => m.messageId === agreed.messageId)!.content;
    expect(agreedContent).toEqual({
      layout: 21001,
      layoutDetail: {
        requestId: asked.messageId,
        agree: true,
        virtualNumber: { line: '400-800-1234', extension: expect.stringMatching(/^[1-9]\d{3}$/), expiresAt: expect.any(String) },
      },
    });
    expect(JSON.stringify(agreedContent)).not.toContain(a.mobile);
    const number = (agreedContent as { layoutDetail: { virtualNumber: { extension: string; expiresAt: string } } }).layoutDetail
      .virtualNumber;
    expect(new Date(number.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    const [binding] = await h.database.db
      .select()
      .from(agentPhoneBindings)
      .where(eq(agentPhoneBindings.extension, Number(number.extension)));
    expect(binding).toMatchObject({ agentId: a.id, deviceKey: `u:${user.id}` });
    // Agreeing again in the same conversation gives the same number.
    const askedAgain = ok<ImSendResult>(await userSends(user, a, JSON.stringify({ layout: IM_LAYOUT.PHONE_REQUEST })));
    const agreedAgain = ok<ImSendResult>(
      await deskSends(
        deskA,
        user.id,
        JSON.stringify({ layout: IM_LAYOUT.PHONE_REPLY, layoutDetail: { requestId: askedAgain.messageId, agree: true } }),
      ),
    );
    const againContent = (await userHistory(user, a)).find((m) => m.messageId === agreedAgain.messageId)!
      .content as typeof agreedContent;
    expect((againContent as { layoutDetail: { virtualNumber: unknown } }).layoutDetail.virtualNumber).toEqual(number);
    const again = await deskSends(
      deskA,
      user.id,
      JSON.stringify({ layout: IM_LAYOUT.PHONE_REPLY, layoutDetail: { requestId: asked.messageId, agree: false } }),
    );
    expect(again.statusCode).toBe(409);
    expect(envelope(again).msg).toBe(IM_PHONE_ANSWERED);

    const deskAsks = ok<ImSendResult>(await deskSends(deskA, user.id, JSON.stringify({ layout: IM_LAYOUT.PHONE_REQUEST })));
    // The agent cannot answer its own request.
    expect(
      (
        await deskSends(
          deskA,
          user.id,
          JSON.stringify({ layout: IM_LAYOUT.PHONE_REPLY, layoutDetail: { requestId: deskAsks.messageId, agree: true } }),
        )
      ).statusCode,
    ).toBe(404);
    const userAgrees = ok<ImSendResult>(
      await userSends(
        user,
        a,
        JSON.stringify({ layout: IM_LAYOUT.PHONE_REPLY, layoutDetail: { requestId: deskAsks.messageId, agree: true } }),
      ),
    );
    const seen = ok<ImHistory>(await deskHistory(deskA, user.id)).list.find((m) => m.messageId === userAgrees.messageId)!;
    expect(seen.content).toEqual({
      layout: 21001,
      layoutDetail: { requestId: deskAsks.messageId, agree: true, mobile: user.mobile },
    });
    // Refusing carries no number.
    const second = ok<ImSendResult>(await deskSends(deskA, user.id, JSON.stringify({ layout: IM_LAYOUT.PHONE_REQUEST })));
    const refused = ok<ImSendResult>(
      await userSends(
        user,
        a,
        JSON.stringify({ layout: IM_LAYOUT.PHONE_REPLY, layoutDetail: { requestId: second.messageId, agree: false } }),
      ),
    );
    expect(ok<ImHistory>(await deskHistory(deskA, user.id)).list.find((m) => m.messageId === refused.messageId)!.content).toEqual(
      {
        layout: 21001,
        layoutDetail: { requestId: second.messageId, agree: false },
      },
    );
  });
});

describe('WebSocket /api/desk/register', () => {
  it('the desk socket gets the user’s message and the user’s socket the desk’s reply, both through the hub; no auto-reply while it is open', async () => {
    const desk = await deskOf(a);
    const user = await newTestUser(h, MOBILES);
    const deskSocket = await openDesk(desk);
    const userSocket = await openUser(user);
    try {
      expect(h.app.im.hub.count(agentParty(a.userId))).toBeGreaterThanOrEqual(1);
      const atDesk = nextMessage(deskSocket);
      const sent = ok<ImSendResult>(await userSends(user, a, text('在线吗')));
      expect(await atDesk).toMatchObject({ messageId: sent.messageId, fromUser: true, senderId: user.id, receiverId: a.userId });
      const atUser = nextMessage(userSocket);
      const reply = ok<ImSendResult>(await deskSends(desk, user.id, text('在的，您说')));
      expect(await atUser).toMatchObject({
        messageId: reply.messageId,
        fromUser: false,
        senderId: a.userId,
        content: { msgDetail: '在的，您说' },
      });
      // The desk was open: no greeting in the conversation.
      expect((await userHistory(user, a)).some((m) => m.content.msgDetail === autoReplyText(a.name))).toBe(false);
    } finally {
      deskSocket.terminate();
      userSocket.terminate();
    }
  });

  it('refuses a socket without a live desk cookie (401) or from a foreign Origin (403); a plain GET is 426', async () => {
    const desk = await deskOf(b);
    await expect(openDesk({})).rejects.toThrow(/401/);
    await expect(openDesk({ cookie: `${DESK_COOKIE}=${randomBytes(32).toString('base64url')}` })).rejects.toThrow(/401/);
    await expect(openDesk(desk, { origin: 'https://evil.example' })).rejects.toThrow(/403/);
    // A city page is the portal, not the desk: same site, still refused; the desk's own host is let in.
    await expect(openDesk(desk, { origin: 'http://bj.localhost:3000' })).rejects.toThrow(/403/);
    (await openDesk(desk, { origin: 'http://desk.localhost:3000' })).terminate();
    expect((await get(ApiPath.deskRegister, desk)).statusCode).toBe(426);
  });

  it('logout clears the cookie and closes the desk’s sockets (then the user gets the auto-reply)', async () => {
    const desk = await deskOf(b);
    const socket = await openDesk(desk);
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    const res = await post(ApiPath.deskLogout, {}, desk);
    expect(ok<{ count: number }>(res).count).toBeGreaterThanOrEqual(1);
    expect(String(res.headers['set-cookie'])).toMatch(new RegExp(`${DESK_COOKIE}=;`));
    expect(await closed).toBe(4001);
    expect((await post(ApiPath.deskLogout, {}, {})).statusCode).toBe(401);
    const user = await newTestUser(h, MOBILES);
    ok(await userSends(user, b, text('有人吗')));
    expect((await userHistory(user, b)).at(-1)!.content).toEqual({ layout: 101, msgDetail: autoReplyText(b.name), auto: true });
  });

  it('closes an open desk when its token is revoked (a new one issued) or the agent leaves', async () => {
    const desk = await deskOf(spare);
    const socket = await openDesk(desk);
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    await issue(spare.id);
    expect(await closed).toBe(DESK_ENDED_CLOSE);

    const again = await deskOf(spare);
    const second = await openDesk(again);
    const closedAgain = new Promise<number>((resolve) => second.once('close', (code) => resolve(code)));
    await h.database.db.update(agents).set({ status: 2 }).where(eq(agents.id, spare.id));
    try {
      // Checked again every two pings (500 ms here).
      expect(await closedAgain).toBe(DESK_ENDED_CLOSE);
    } finally {
      await h.database.db.update(agents).set({ status: 1 }).where(eq(agents.id, spare.id));
    }
  });
});
