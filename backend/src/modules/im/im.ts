import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { WebSocket } from 'ws';
import { ResultCode } from '@contracts/envelope';
import {
  IM_AGENT_LEFT,
  IM_ASSISTANT_NAME,
  IM_ASSISTANT_USER_ID,
  IM_AGENT_UNREACHABLE,
  IM_AUTO_REPLY_INTERVAL_MS,
  IM_HISTORY_MAX,
  IM_IMAGES_MAX,
  IM_LAYOUT,
  IM_NOT_YOURS,
  IM_PHONE_ANSWERED,
  IM_PROPERTY_CARD_INTERVAL_MS,
  IM_SEND_LIMIT,
  IM_SENSITIVE_MESSAGE,
  IM_TEXT_MAX,
  IM_TEXT_MESSAGE,
  IM_TOO_MANY_IMAGES,
  IM_TOO_MANY_IMAGES_CODE,
  IM_USER_CHANGED,
  IM_USER_CHANGED_CODE,
  trimLineBreaks,
  imContentSchema,
  imConversationsQuerySchema,
  imCountSchema,
  imHistoryRequestSchema,
  imHistorySchema,
  imLogoutRequestSchema,
  imReadRequestSchema,
  imReceivedRequestSchema,
  imRegisterQuerySchema,
  imSendRequestSchema,
  imSendResultSchema,
  imThreadListSchema,
  type ImAgentCard,
  type ImContent,
  type ImFrame,
  type ImHistory,
  type ImMessage,
  type ImPropertyCard,
  type ImSendResult,
  type ImThread,
} from '@contracts/im';
import type { AlertDigest, AlertFollow } from '@contracts/alerts';
import { ApiPath } from '@contracts/paths';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { agents, cities, imConversations, imMessages, uploads, users } from '../../db/schema';
import { homeChannelOf } from '@contracts/channel-sections';
import { homeModuleOf } from '../listings/channels/registry';
import { shareImages } from '../uploads/publication';
import { detailPath } from '@contracts/channels';
import { ApiError, badRequest, notFound } from '../../http/errors';
import { CROSS_SITE_REFUSED, isPortalSource } from '../../http/same-site';
import { agentCardsWhere } from '../listings/common';
import { requireListing } from '../listings/visible-listing';
import { bindingFor, chatUserKey, toVirtualNumber, type VirtualLine } from '../portal/virtual-numbers';
import { sessionRoute } from '../../http/session-route';
import { liveSessionKeys, presentedToken, requireUser, sessionKeyOf, type UserRow } from '../../http/sessions';
import { agentParty, LOGGED_OUT_CLOSE, userParty, type ImHub, type PartyKey } from './hub';
import { LoginWatch } from './login-watch';
import { containsSensitiveWord } from './sensitive-words';

/**
 * 在线咨询 (spec §5 Chat, contracts/im.ts): the sender is the session's user; a message is stored with its seq in one
 * transaction that holds the conversation's row lock (no gaps, no doubles), then pushed to the open sockets of
 * both ends through the hub, then answered. Every read and change is the caller's own: another user's message id
 * answers as an unknown one (404), and a conversation is only ever named by the caller's own pair.
 */

const TAGS = ['im'];

type MessageRow = typeof imMessages.$inferSelect;

export function toImMessage(row: MessageRow): ImMessage {
  return {
    messageId: row.id,
    conversationId: row.conversationId,
    seq: row.seq,
    senderId: row.senderId,
    receiverId: row.receiverId,
    fromUser: row.fromUser,
    clientMsgId: row.clientMsgId,
    layout: row.layout,
    content: row.content as Record<string, unknown>,
    createdAt: row.createdAt.toISOString(),
    receivedAt: row.receivedAt?.toISOString() ?? null,
    readAt: row.readAt?.toISOString() ?? null,
  };
}

export const messageFrame = (message: ImMessage): string =>
  JSON.stringify({ messageType: 1, messageContent: JSON.stringify(message) } satisfies ImFrame);
export const PING_FRAME = JSON.stringify({ messageType: 0, content: 'Ping' } satisfies ImFrame);

/** The agent behind an IM identity, refused unless reachable (status 1). */
async function requireReachableAgent(db: Pick<Db, 'select'>, agentUserId: number): Promise<void> {
  const [agent] = await db.select({ status: agents.status }).from(agents).where(eq(agents.userId, agentUserId));
  if (!agent) throw notFound(`经纪人 ${agentUserId} `);
  if (agent.status === 2) throw badRequest(IM_AGENT_LEFT);
  if (agent.status !== 1) throw badRequest(IM_AGENT_UNREACHABLE);
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A string anywhere in the value that jsonb cannot hold: NUL, or a lone surrogate. */
function hasUnstorableText(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000') || LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.some(hasUnstorableText);
  if (value && typeof value === 'object')
    return Object.entries(value).some(([k, v]) => hasUnstorableText(k) || hasUnstorableText(v));
  return false;
}

/** Whether every one of these upload keys is the sender's own (a portal user's uploads; the desk's images). */
export type OwnsImages = (keys: string[]) => Promise<boolean>;

/** A portal user's images: rows of their own in `uploads` (called back, so checked by content). */
export const userOwnsImages =
  (db: Db, userId: number): OwnsImages =>
  async (keys) => {
    const own = await db
      .select({ key: uploads.key })
      .from(uploads)
      .where(and(eq(uploads.userId, userId), inArray(uploads.key, keys)));
    return own.length === keys.length;
  };

/**
 * What a property card shows, as it was when sent (spec §3 "Chat message" layoutDetail, pcUrl): title, cover,
 * layout and area, the price, and the detail page on its city's host. A later price change does not rewrite a
 * card already in a conversation, as a forwarded card would not.
 */
async function propertySnapshot(db: Db, businessType: 1 | 2, listingId: number): Promise<ImPropertyCard> {
  const home = homeModuleOf(businessType);
  const t = home.table;
  const price = home.price.column;
  const [row] = await db
    .select({
      id: t.id,
      title: t.title,
      coverUrl: t.coverUrl,
      area: t.area,
      rooms: t.rooms,
      halls: t.halls,
      cityDomain: cities.cityDomain,
      price,
    })
    .from(t)
    .innerJoin(cities, eq(cities.cityCode, t.cityCode))
    .where(eq(t.id, listingId));
  return propertyCardOf(businessType, row!);
}

/** The columns a property card is made of (a second-hand home's total price in 万元, a rental's rent in 元/月). */
export interface PropertyCardRow {
  id: number;
  title: string;
  coverUrl: string;
  area: number;
  rooms: number;
  halls: number;
  cityDomain: string;
  price: number;
}

/** A property card from its row: also the agent desk's list of its own listings to send (modules/im/desk.ts). */
export function propertyCardOf(businessType: 1 | 2, row: PropertyCardRow): ImPropertyCard {
  return {
    businessType,
    listingId: row.id,
    title: row.title,
    coverUrl: row.coverUrl,
    layoutText: `${row.rooms}室${row.halls}厅 ${formatWan(row.area)}㎡`,
    priceText: homeModuleOf(businessType).priceText(row.price),
    cityDomain: row.cityDomain,
    pcUrl: detailPath(homeChannelOf(businessType), row.id),
  };
}

/** A number as the portal prints it: at most two decimals, no trailing zeros. */
const formatWan = (n: number) => String(Math.round(n * 100) / 100);

/** Checks one send's content against spec §5 and the sender's own things; answers what is stored. */
export async function checkContent(db: Db, words: readonly string[], ownsImages: OwnsImages, raw: string): Promise<ImContent> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badRequest('content: 须为 JSON 字符串');
  }
  // PostgreSQL's jsonb refuses NUL and half of a surrogate pair: a 400 here, not a 500 from the insert.
  if (hasUnstorableText(parsed)) throw badRequest('content: 不能包含无法保存的字符');
  const result = imContentSchema.safeParse(parsed);
  if (!result.success) {
    // Too many images is its own answer (error code 1, copy.md), whatever else the list says.
    const list = (parsed as { layout?: unknown; msgList?: unknown } | null)?.msgList;
    if (
      (parsed as { layout?: unknown } | null)?.layout === IM_LAYOUT.IMAGE &&
      Array.isArray(list) &&
      list.length > IM_IMAGES_MAX
    ) {
      throw new ApiError(400, IM_TOO_MANY_IMAGES_CODE, IM_TOO_MANY_IMAGES);
    }
    const issue = result.error.issues[0]!;
    throw badRequest(`content${issue.path.length ? `.${issue.path.join('.')}` : ''}: ${issue.message}`);
  }
  const content = result.data;
  switch (content.layout) {
    case IM_LAYOUT.TEXT: {
      const text = trimLineBreaks(content.msgDetail);
      // Blank: nothing but spaces and invisible format characters (a zero-width space shows an empty bubble).
      if (text.replace(/[\s\p{Cf}\p{Z}]/gu, '') === '' || [...text].length > IM_TEXT_MAX) throw badRequest(IM_TEXT_MESSAGE);
      if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/.test(text))
        throw badRequest('content.msgDetail: 不能包含控制字符');
      if (containsSensitiveWord(words, text)) throw new ApiError(400, ResultCode.MESSAGE_REJECTED, IM_SENSITIVE_MESSAGE);
      return { layout: IM_LAYOUT.TEXT, msgDetail: text };
    }
    case IM_LAYOUT.IMAGE: {
      if (content.msgList.length > IM_IMAGES_MAX) throw new ApiError(400, IM_TOO_MANY_IMAGES_CODE, IM_TOO_MANY_IMAGES);
      if (!(await ownsImages([...new Set(content.msgList)]))) throw badRequest('content.msgList: 只能发送自己上传的图片');
      return { layout: IM_LAYOUT.IMAGE, msgList: content.msgList };
    }
    case IM_LAYOUT.PROPERTY: {
      const { businessType, listingId } = content.layoutDetail;
      await requireListing(db, businessType as 1 | 2, listingId);
      return {
        layout: IM_LAYOUT.PROPERTY,
        layoutDetail: await propertySnapshot(db, businessType as 1 | 2, listingId),
      } as ImContent;
    }
    case IM_LAYOUT.AGENT_CARD: {
      const [agent] = await db.select({ id: agents.id }).from(agents).where(eq(agents.userId, content.layoutDetail.agentUserId));
      if (!agent) throw notFound(`经纪人 ${content.layoutDetail.agentUserId} `);
      return content;
    }
    default:
      return content;
  }
}

/**
 * What 优居找房助手 sends (modules/alerts): a digest card (301) or a followed home's change (302), each with the
 * reason it was sent. Never a user's or an agent's send: the send route's schema has no such layouts.
 */
export interface AssistantContent {
  layout: typeof IM_LAYOUT.ALERT_DIGEST | typeof IM_LAYOUT.ALERT_FOLLOW;
  layoutDetail: AlertDigest | AlertFollow;
  reason: string;
}

export interface StoreInput {
  /** The conversation's two ends: the portal user and the agent's IM identity. */
  userId: number;
  agentUserId: number;
  /** Which end sends (the two ids are of different spaces and may be equal numbers). */
  from: 'user' | 'agent';
  /** What is stored: a checked send, or the service's own auto-reply (`auto: true`). */
  content: ImContent | (ImContent & { auto: true }) | AssistantContent;
  clientMsgId?: string | undefined;
  /**
   * A user's send: stored only while the agent is at work (status 1), checked in the same statement or
   * transaction as the store; otherwise the copy's answer for the agent's status (left, unreachable, unknown).
   */
  agentAtWork?: boolean;
}

/**
 * Stores one message: the conversation row is created if new and locked, the seq taken from it, the message
 * inserted and the counters moved, in one transaction (in one statement where no rule looks at earlier
 * messages: storeAtOnce). A resend with a client id its sender already used, or a property card the sender sent
 * in this conversation within 24 h, answers the stored message (nothing new stored; ImService.send pushes only
 * the resend again); `fresh` says which.
 */
export async function storeMessage(db: Db, input: StoreInput): Promise<{ message: ImMessage; fresh: boolean }> {
  if (input.content.layout === IM_LAYOUT.IMAGE) {
    const stored = await storeAtOnce(db, input);
    // Both ends may read the images once they are in the conversation, whoever uploaded them; nobody else may
    // while they are private (uploads/publication.ts). After the store: a refused send shares nothing, and a
    // resend (fresh or not) shares again, so a failure here heals on the sender's retry.
    await shareImages(db, input.userId, input.agentUserId, input.content.msgList);
    return stored;
  }
  if (input.content.layout !== IM_LAYOUT.PROPERTY && input.content.layout !== IM_LAYOUT.PHONE_REPLY)
    return storeAtOnce(db, input);
  const fromUser = input.from === 'user';
  const senderId = fromUser ? input.userId : input.agentUserId;
  const receiverId = fromUser ? input.agentUserId : input.userId;
  const stored = (tx: Pick<Db, 'select'>) =>
    input.clientMsgId === undefined
      ? Promise.resolve(undefined)
      : tx
          .select()
          .from(imMessages)
          .where(
            and(
              eq(imMessages.fromUser, fromUser),
              eq(imMessages.senderId, senderId),
              eq(imMessages.clientMsgId, input.clientMsgId),
            ),
          )
          .then((rows) => rows[0]);
  return db.transaction(async (tx) => {
    await tx.insert(imConversations).values({ userId: input.userId, agentUserId: input.agentUserId }).onConflictDoNothing();
    if (input.agentAtWork) await requireReachableAgent(tx, input.agentUserId);
    const [conversation] = await tx
      .select()
      .from(imConversations)
      .where(and(eq(imConversations.userId, input.userId), eq(imConversations.agentUserId, input.agentUserId)))
      .for('update');
    const again = await stored(tx);
    // A client id names one send: used again for another conversation it is a client's mistake, not a resend.
    if (again && again.conversationId !== conversation!.id) throw new ApiError(409, 409, IM_CLIENT_ID_USED);
    if (again) return { message: toImMessage(again), fresh: false };
    if (input.content.layout === IM_LAYOUT.PHONE_REPLY) {
      const requestId = input.content.layoutDetail.requestId;
      const [request] = await tx
        .select({ id: imMessages.id })
        .from(imMessages)
        .where(
          and(
            eq(imMessages.id, requestId),
            eq(imMessages.conversationId, conversation!.id),
            eq(imMessages.fromUser, !fromUser),
            eq(imMessages.layout, IM_LAYOUT.PHONE_REQUEST),
          ),
        );
      if (!request) throw notFound(`消息 ${requestId} `);
      const [answered] = await tx
        .select({ id: imMessages.id })
        .from(imMessages)
        .where(
          and(
            eq(imMessages.conversationId, conversation!.id),
            eq(imMessages.layout, IM_LAYOUT.PHONE_REPLY),
            sql`${imMessages.content}->'layoutDetail'->>'requestId' = ${String(requestId)}`,
          ),
        );
      if (answered) throw new ApiError(409, 409, IM_PHONE_ANSWERED);
    }
    if (input.content.layout === IM_LAYOUT.PROPERTY) {
      // A property card goes to an agent again only after 24 h; within them the earlier card answers.
      const { businessType, listingId } = input.content.layoutDetail;
      const [recent] = await tx
        .select()
        .from(imMessages)
        .where(
          and(
            eq(imMessages.conversationId, conversation!.id),
            eq(imMessages.fromUser, fromUser),
            eq(imMessages.layout, IM_LAYOUT.PROPERTY),
            sql`${imMessages.content}->'layoutDetail'->>'businessType' = ${String(businessType)}`,
            sql`${imMessages.content}->'layoutDetail'->>'listingId' = ${String(listingId)}`,
            gt(imMessages.createdAt, new Date(Date.now() - IM_PROPERTY_CARD_INTERVAL_MS)),
          ),
        )
        .orderBy(desc(imMessages.seq))
        .limit(1);
      if (recent) return { message: toImMessage(recent), fresh: false };
    }
    const seq = conversation!.nextSeq;
    const now = new Date();
    const [row] = await tx
      .insert(imMessages)
      .values({
        conversationId: conversation!.id,
        seq,
        senderId,
        receiverId,
        fromUser,
        layout: input.content.layout,
        content: input.content,
        clientMsgId: input.clientMsgId ?? null,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      // The same client id sent at once to another conversation: that one was stored first.
      const first = await stored(tx);
      if (first && first.conversationId !== conversation!.id) throw new ApiError(409, 409, IM_CLIENT_ID_USED);
      if (first) return { message: toImMessage(first), fresh: false };
      throw new ApiError(409, 409, '消息冲突，请重试');
    }
    await tx
      .update(imConversations)
      .set({
        nextSeq: seq + 1,
        lastMessageAt: now,
        ...(fromUser
          ? { agentUnread: sql`${imConversations.agentUnread} + 1` }
          : { userUnread: sql`${imConversations.userUnread} + 1` }),
      })
      .where(eq(imConversations.id, conversation!.id));
    return { message: toImMessage(row), fresh: true };
  });
}

/** A Postgres error (or one wrapping it, as drizzle does) of a unique index. */
const isUniqueViolation = (err: unknown): boolean => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

interface RawMessageRow {
  id: number;
  conversation_id: number;
  seq: number;
  sender_id: number;
  receiver_id: number;
  from_user: boolean;
  layout: number;
  content: unknown;
  client_msg_id: string | null;
  created_at: Date | string;
  received_at: Date | string | null;
  read_at: Date | string | null;
}

const fromRaw = (r: RawMessageRow): MessageRow => ({
  id: r.id,
  conversationId: r.conversation_id,
  seq: r.seq,
  senderId: r.sender_id,
  receiverId: r.receiver_id,
  fromUser: r.from_user,
  layout: r.layout,
  content: typeof r.content === 'string' ? (JSON.parse(r.content) as unknown) : r.content,
  clientMsgId: r.client_msg_id,
  createdAt: new Date(r.created_at),
  receivedAt: r.received_at === null ? null : new Date(r.received_at),
  readAt: r.read_at === null ? null : new Date(r.read_at),
});

/**
 * storeMessage for the layouts without a rule on earlier messages (all but 201 and 21001), in one statement
 * instead of a transaction of seven round trips (the chat bench, docs/performance.md "Chat": at 1,000 messages a second the
 * round trips to the database were the limit). The conversation row is created or moved on (its next seq,
 * last time and the receiver's unread count) and the message inserted with the seq it held, atomically: the
 * upsert holds the row lock until the statement ends, so two sends at once get seqs one after the other. A
 * client id its sender already used fails the insert on its unique index, the whole statement with it (the seq
 * stays as it was: no gap), and the stored message answers.
 */
async function storeAtOnce(db: Db, input: StoreInput): Promise<{ message: ImMessage; fresh: boolean }> {
  const fromUser = input.from === 'user';
  const senderId = fromUser ? input.userId : input.agentUserId;
  const receiverId = fromUser ? input.agentUserId : input.userId;
  const now = new Date().toISOString();
  // Nothing is inserted or updated unless the agent is at work, when that is asked.
  const atWork = input.agentAtWork
    ? sql`where exists (select 1 from agents where user_id = ${input.agentUserId} and status = 1)`
    : sql``;
  try {
    const result = (await db.execute(sql`
      with conversation as (
        insert into im_conversations (user_id, agent_user_id, next_seq, last_message_at, user_unread, agent_unread)
        select ${input.userId}, ${input.agentUserId}, 2, ${now}::timestamptz, ${fromUser ? 0 : 1}, ${fromUser ? 1 : 0} ${atWork}
        on conflict (user_id, agent_user_id) do update set
          next_seq = im_conversations.next_seq + 1,
          last_message_at = excluded.last_message_at,
          user_unread = im_conversations.user_unread + excluded.user_unread,
          agent_unread = im_conversations.agent_unread + excluded.agent_unread
        returning id, next_seq - 1 as seq
      )
      insert into im_messages (conversation_id, seq, sender_id, receiver_id, from_user, layout, content, client_msg_id, created_at)
      select id, seq, ${senderId}, ${receiverId}, ${fromUser}, ${input.content.layout}, ${JSON.stringify(input.content)}::jsonb, ${input.clientMsgId ?? null}, ${now}::timestamptz
      from conversation
      returning *`)) as unknown as { rows: RawMessageRow[] };
    const [row] = result.rows;
    if (!row) {
      await requireReachableAgent(db, input.agentUserId);
      // At work again by now: the status changed between the two reads; the sender may send again.
      throw badRequest(IM_AGENT_UNREACHABLE);
    }
    return { message: toImMessage(fromRaw(row)), fresh: true };
  } catch (err) {
    if (!isUniqueViolation(err) || input.clientMsgId === undefined) throw err;
    const [again] = await db
      .select()
      .from(imMessages)
      .where(
        and(eq(imMessages.fromUser, fromUser), eq(imMessages.senderId, senderId), eq(imMessages.clientMsgId, input.clientMsgId)),
      );
    if (!again) throw new ApiError(409, 409, '消息冲突，请重试');
    // The same sender's message to another receiver is another conversation: a client id used twice, not a resend.
    if (again.receiverId !== receiverId) throw new ApiError(409, 409, IM_CLIENT_ID_USED);
    return { message: toImMessage(again), fresh: false };
  }
}

/** One message of 优居找房助手 to a user, as ImService.notifyMany takes them. */
export interface AssistantNotice {
  userId: number;
  content: AssistantContent;
  clientMsgId: string;
}

/**
 * Many assistant messages stored in one statement (the alerts worker's digests: thousands at once, where one
 * statement each was most of a burst's time, docs/performance.md "Alerts"). It is storeAtOnce for many users: each
 * user's conversation row is created or moved on by the number of their messages in one upsert (its row lock held
 * to the statement's end), and their messages take the seqs it held, in the order given. A client id already used
 * fails the whole statement (nothing stored, no seq moved): null, and the caller stores them one by one instead.
 */
export async function storeAssistantMessages(db: Db, notices: readonly AssistantNotice[]): Promise<ImMessage[] | null> {
  const now = new Date().toISOString();
  const order = new Map<number, number>();
  const input = notices.map((n) => {
    const k = order.get(n.userId) ?? 0;
    order.set(n.userId, k + 1);
    return { user_id: n.userId, k, layout: n.content.layout, content: n.content, client_msg_id: n.clientMsgId };
  });
  try {
    const result = (await db.execute(sql`
      with input as (
        select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
          as x(user_id integer, k integer, layout integer, content jsonb, client_msg_id text)
      ),
      counts as (select user_id, count(*)::integer as n from input group by user_id),
      conversation as (
        insert into im_conversations (user_id, agent_user_id, next_seq, last_message_at, user_unread, agent_unread)
        select user_id, ${IM_ASSISTANT_USER_ID}, 1 + n, ${now}::timestamptz, n, 0 from counts
        on conflict (user_id, agent_user_id) do update set
          next_seq = im_conversations.next_seq + excluded.user_unread,
          last_message_at = excluded.last_message_at,
          user_unread = im_conversations.user_unread + excluded.user_unread
        returning id, user_id, next_seq
      )
      insert into im_messages (conversation_id, seq, sender_id, receiver_id, from_user, layout, content, client_msg_id, created_at)
      select c.id, c.next_seq - n.n + i.k, ${IM_ASSISTANT_USER_ID}, i.user_id, false, i.layout, i.content, i.client_msg_id, ${now}::timestamptz
      from input i join conversation c on c.user_id = i.user_id join counts n on n.user_id = i.user_id
      returning *`)) as unknown as { rows: RawMessageRow[] };
    const byClientId = new Map(result.rows.map((r) => [r.client_msg_id, toImMessage(fromRaw(r))]));
    return notices.map((n) => byClientId.get(n.clientMsgId)!);
  } catch (err) {
    if (isUniqueViolation(err)) return null;
    throw err;
  }
}

/** One conversation's messages after `afterSeq`, oldest first; the pair names it (either end asks the same). */
export async function history(db: Db, userId: number, agentUserId: number, afterSeq: number, limit: number): Promise<ImHistory> {
  const [conversation] = await db
    .select({ id: imConversations.id })
    .from(imConversations)
    .where(and(eq(imConversations.userId, userId), eq(imConversations.agentUserId, agentUserId)));
  if (!conversation) return { list: [], nextSeq: afterSeq };
  const rows = await db
    .select()
    .from(imMessages)
    .where(and(eq(imMessages.conversationId, conversation.id), gt(imMessages.seq, afterSeq)))
    .orderBy(asc(imMessages.seq))
    .limit(limit);
  return { list: rows.map(toImMessage), nextSeq: rows.at(-1)?.seq ?? afterSeq };
}

/** spec §3 "Chat thread" target info of agents by their IM identity. */
export async function agentCardsOf(db: Db, agentUserIds: readonly number[]): Promise<Map<number, ImAgentCard>> {
  if (agentUserIds.length === 0) return new Map();
  const cards = await agentCardsWhere(db, inArray(agents.userId, [...new Set(agentUserIds)]));
  return new Map(cards.map((card) => [card.userId, card]));
}

/** The last message of each of these conversations. */
export async function lastMessagesOf(db: Db, conversationIds: readonly number[]): Promise<Map<number, ImMessage>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([imMessages.conversationId])
    .from(imMessages)
    .where(inArray(imMessages.conversationId, [...conversationIds]))
    .orderBy(imMessages.conversationId, desc(imMessages.seq));
  return new Map(rows.map((r) => [r.conversationId, toImMessage(r)]));
}

/** 优居找房助手 in a user's thread list: a thread like an agent's, of nobody's branch or brand. */
const ASSISTANT_CARD: ImAgentCard = {
  userId: IM_ASSISTANT_USER_ID,
  agentId: 0,
  agentName: IM_ASSISTANT_NAME,
  agentPhoto: '/assets/assistant.svg',
  branchId: 0,
  branchName: '',
  brandId: 0,
  brandName: '优居',
  status: 1,
};

/** How many threads a list answers (the newest); older ones come back as soon as either end writes. */
const THREADS_MAX = 100;

/** A user's threads, newest first; with `agentUserId`, that agent's thread first even before a message. */
async function threadsOf(db: Db, userId: number, agentUserId: number | undefined): Promise<ImThread[]> {
  const rows = await db
    .select()
    .from(imConversations)
    .where(eq(imConversations.userId, userId))
    .orderBy(sql`${imConversations.lastMessageAt} desc nulls last`, desc(imConversations.id))
    .limit(THREADS_MAX);
  const wanted = agentUserId !== undefined && !rows.some((r) => r.agentUserId === agentUserId) ? [agentUserId] : [];
  const [cards, last] = await Promise.all([
    agentCardsOf(db, [...wanted, ...rows.map((r) => r.agentUserId)]),
    lastMessagesOf(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  if (wanted.length && !cards.has(wanted[0]!)) throw notFound(`经纪人 ${wanted[0]} `);
  const threads: ImThread[] = wanted.map((id) => ({
    conversationId: 0,
    target: cards.get(id)!,
    unRead: 0,
    lastSeq: 0,
    lastMessage: null,
  }));
  for (const r of rows) {
    const target = r.agentUserId === IM_ASSISTANT_USER_ID ? ASSISTANT_CARD : cards.get(r.agentUserId);
    if (target)
      threads.push({
        conversationId: r.id,
        target,
        unRead: r.userUnread,
        lastSeq: r.nextSeq - 1,
        lastMessage: last.get(r.id) ?? null,
      });
  }
  return threads;
}

const IM_CLIENT_ID_USED = 'clientMsgId 已用于另一会话的消息';

/** An agent sends only their own card (211) and their own homes (201): the desk offers no other. */
async function requireAgentsOwn(db: Db, agentUserId: number, content: ImContent): Promise<void> {
  if (content.layout === IM_LAYOUT.AGENT_CARD && content.layoutDetail.agentUserId !== agentUserId)
    throw badRequest('content.layoutDetail.agentUserId: 只能发送本人的名片');
  if (content.layout === IM_LAYOUT.PROPERTY) {
    const [agent] = await db.select({ id: agents.id }).from(agents).where(eq(agents.userId, agentUserId));
    const { agentId } = await requireListing(db, content.layoutDetail.businessType as 1 | 2, content.layoutDetail.listingId);
    if (agent?.id !== agentId) throw badRequest('content.layoutDetail.listingId: 只能发送本人的房源');
  }
}

/** The greeting of an agent whose desk is closed (the auto-reply: a message is never left unanswered). */
export const autoReplyText = (agentName: string) =>
  `您好，我是${agentName}，现在不在线。您的消息我已收到，上线后会第一时间回复您。`;

export interface SendInput {
  userId: number;
  agentUserId: number;
  from: 'user' | 'agent';
  /** The `content` JSON string of the send. */
  raw: string;
  clientMsgId?: string | undefined;
  ownsImages: OwnsImages;
  /** StoreInput.agentAtWork: a user's send reaches only an agent at work. */
  agentAtWork?: boolean;
}

/**
 * The one way a message goes out, from either end: checked (spec §5), stored with its seq, pushed to both
 * ends' sockets on every instance, and — for a user's message to an agent whose desk is closed — answered by
 * the agent's auto-reply (once a conversation in 24 h).
 */
export interface ImService {
  hub: ImHub;
  send(input: SendInput): Promise<ImMessage>;
  /**
   * 优居找房助手's message to a user, stored and pushed as any other; `clientMsgId` makes it once: the same id again
   * answers the stored message and pushes nothing (null).
   */
  notify(userId: number, content: AssistantContent, clientMsgId: string): Promise<ImMessage | null>;
  /**
   * Many of notify's messages (the alerts worker's digests), stored in one statement and then pushed, each user's in
   * the order given; as notify, one whose client id was used already is stored once (null here) and not pushed.
   */
  notifyMany(notices: readonly AssistantNotice[]): Promise<(ImMessage | null)[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The messaging service (app.ts): the agent desk's routes and the tests reach the hub through it. */
    im: ImService;
  }
}

export function createImService(
  db: Db,
  hub: ImHub,
  words: readonly string[],
  log: FastifyBaseLogger,
  line: VirtualLine,
): ImService {
  const push = (message: ImMessage, userId: number, agentUserId: number) =>
    hub.deliver([userParty(userId), agentParty(agentUserId)], messageFrame(message));

  /**
   * When each conversation's latest auto-reply known here was stored: within IM_AUTO_REPLY_INTERVAL_MS of it no
   * other is due, so the database is not asked again on every message to an agent who is away. It only ever
   * skips a greeting that exists; one stored by another instance is found by the query, then known here too.
   */
  const greeted = new LRUCache<string, number>({ max: 100_000 });
  const greetedRecently = (key: string) => (greeted.get(key) ?? -Infinity) > Date.now() - IM_AUTO_REPLY_INTERVAL_MS;

  async function autoReply(userId: number, agentUserId: number): Promise<void> {
    const key = `${userId}:${agentUserId}`;
    if (greetedRecently(key)) return;
    if (await hub.isOnline(agentParty(agentUserId))) return;
    const [recent] = await db
      .select({ createdAt: imMessages.createdAt })
      .from(imMessages)
      .innerJoin(imConversations, eq(imConversations.id, imMessages.conversationId))
      .where(
        and(
          eq(imConversations.userId, userId),
          eq(imConversations.agentUserId, agentUserId),
          eq(imMessages.fromUser, false),
          sql`${imMessages.content} ? 'auto'`,
          gt(imMessages.createdAt, new Date(Date.now() - IM_AUTO_REPLY_INTERVAL_MS)),
        ),
      )
      .orderBy(desc(imMessages.createdAt))
      .limit(1);
    if (recent) {
      greeted.set(key, recent.createdAt.getTime());
      return;
    }
    const [agent] = await db.select({ name: agents.name }).from(agents).where(eq(agents.userId, agentUserId));
    if (!agent) return;
    const { message, fresh } = await storeMessage(db, {
      userId,
      agentUserId,
      from: 'agent',
      content: { layout: IM_LAYOUT.TEXT, msgDetail: autoReplyText(agent.name), auto: true },
    });
    greeted.set(key, new Date(message.createdAt).getTime());
    if (fresh) push(message, userId, agentUserId);
  }

  /**
   * On agreeing to share a phone number, the reply carries a number to call the replier on: a user's own mobile
   * (the user gives it to this agent), and for an agent a virtual number bound to that agent and that user for 30
   * days (contracts/agent.ts) — an agent's own mobile is in no answer, the chat's included: a chat is one click
   * away for any logged-in user, so the agent's real number here would be collected as 拨打电话's was.
   */
  async function withMobile(content: ImContent, input: SendInput): Promise<ImContent> {
    if (content.layout !== IM_LAYOUT.PHONE_REPLY || !content.layoutDetail.agree) return content;
    if (input.from === 'user') {
      const [row] = await db.select({ mobile: users.mobile }).from(users).where(eq(users.id, input.userId));
      return { ...content, layoutDetail: { ...content.layoutDetail, mobile: row?.mobile ?? '' } } as ImContent;
    }
    const [agent] = await db.select({ id: agents.id }).from(agents).where(eq(agents.userId, input.agentUserId));
    if (!agent) return content;
    const binding = await bindingFor(db, line, agent.id, chatUserKey(input.userId), new Date());
    return { ...content, layoutDetail: { ...content.layoutDetail, virtualNumber: toVirtualNumber(line, binding) } } as ImContent;
  }

  /** ImService.notify: the assistant's one message, stored and pushed once. */
  async function notify(userId: number, content: AssistantContent, clientMsgId: string): Promise<ImMessage | null> {
    const { message, fresh } = await storeMessage(db, {
      userId,
      agentUserId: IM_ASSISTANT_USER_ID,
      from: 'agent',
      content,
      clientMsgId,
    });
    if (!fresh) return null;
    push(message, userId, IM_ASSISTANT_USER_ID);
    return message;
  }

  return {
    hub,
    notify,
    async notifyMany(notices) {
      if (notices.length === 0) return [];
      const stored = await storeAssistantMessages(db, notices);
      if (!stored) {
        // A client id of these was used already (a digest sent before a restart): one by one, each once.
        const out: (ImMessage | null)[] = [];
        for (const n of notices) out.push(await notify(n.userId, n.content, n.clientMsgId));
        return out;
      }
      for (const message of stored) push(message, message.receiverId, IM_ASSISTANT_USER_ID);
      return stored;
    },
    async send(input) {
      const checked = await checkContent(db, words, input.ownsImages, input.raw);
      if (input.from === 'agent') await requireAgentsOwn(db, input.agentUserId, checked);
      // An agent's card is the agent's to send (spec §3 211); a user's would be a card of someone else.
      else if (checked.layout === IM_LAYOUT.AGENT_CARD) throw badRequest('content.layout: 名片只能由经纪人发送');
      const content = await withMobile(checked, input);
      const { message, fresh } = await storeMessage(db, {
        userId: input.userId,
        agentUserId: input.agentUserId,
        from: input.from,
        content,
        clientMsgId: input.clientMsgId,
        agentAtWork: input.agentAtWork,
      });
      if (!fresh) {
        // A resend of a stored message (its own client id): the first try may have been stored and its push
        // lost (the instance died in between, its answer with it), so the push goes out again. Clients ignore
        // a copy they hold; the receiver would otherwise see it only at its next reconnect or gap.
        if (input.clientMsgId !== undefined && message.clientMsgId === input.clientMsgId)
          push(message, input.userId, input.agentUserId);
        return message;
      }
      push(message, input.userId, input.agentUserId);
      if (input.from === 'user') {
        // The visitor's message is stored and answered whatever becomes of the greeting.
        await autoReply(input.userId, input.agentUserId).catch((err: unknown) => log.error({ err }, 'im auto-reply failed'));
      }
      return message;
    },
  };
}

/** The screen's user, where a call names it, must be the session's: a stale tab of another user gets 409. */
function sameScreenUser(user: UserRow, userId: number | undefined): void {
  if (userId !== undefined && userId !== user.id) throw new ApiError(409, IM_USER_CHANGED_CODE, IM_USER_CHANGED);
}

/** A `userId` field, where given, must be the caller's: anyone else's answers as an unknown user. */
function ownUserId(user: UserRow, userId: number | undefined): void {
  if (userId !== undefined && userId !== user.id) throw notFound(`用户 ${userId} `);
}

/**
 * A live socket of a party: attached to the hub, pinged after `pingMs` idle (spec §9), detached when it closes.
 * Whatever the client sends (its own pings) counts as activity; nothing it sends is a message. Its login is
 * checked again with every other socket's by a LoginWatch (./login-watch.ts).
 */
export function serveSocket(hub: ImHub, party: PartyKey, socket: WebSocket, pingMs: number): void {
  const detach = hub.attach(party, socket);
  let timer: NodeJS.Timeout | undefined;
  const idle = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (socket.readyState === 1) socket.send(PING_FRAME);
      idle();
    }, pingMs);
  };
  idle();
  socket.on('message', idle);
  socket.on('close', () => {
    clearTimeout(timer);
    detach();
  });
}

/** A browser's Origin must be the portal's: a GET upgrade is not covered by the same-site check. */
export function refuseForeignOrigin(request: FastifyRequest, root: URL): void {
  const origin = request.headers.origin;
  if (origin !== undefined && !isPortalSource(origin, root)) throw new ApiError(403, ResultCode.FORBIDDEN, CROSS_SITE_REFUSED);
}

/** The handler of a socket route reached without an upgrade. */
export async function upgradeRequired(_request: FastifyRequest, reply: FastifyReply): Promise<never> {
  reply.header('upgrade', 'websocket');
  throw new ApiError(426, 426, '请使用 WebSocket 连接');
}

export function registerIm(
  app: FastifyInstance,
  db: Db,
  config: Pick<Config, 'IM_PING_MS' | 'PORTAL_PROTOCOL' | 'PORTAL_ROOT_DOMAIN'>,
  im: ImService,
): void {
  const { hub } = im;
  const root = new URL(`${config.PORTAL_PROTOCOL}://${config.PORTAL_ROOT_DOMAIN}`);
  const logins = new LoginWatch((keys) => liveSessionKeys(db, keys), config.IM_PING_MS * 2, app.log);
  app.addHook('onClose', async () => logins.close());

  sessionRoute(app, db, {
    method: 'POST',
    path: ApiPath.imMessage,
    summary:
      "Send a chat message to an agent (session; the sender is the session's user): targetId [agent userId], content a JSON string per layout (101 text ≤ 140, 121 own uploads ≤ 9, 201 property card, 20001, 21001, 211); stored with its seq before the answer; clientMsgId makes a resend idempotent",
    tags: TAGS,
    input: imSendRequestSchema,
    output: imSendResultSchema,
    limit: { scope: 'im-send', max: IM_SEND_LIMIT, timeWindow: '1 minute' },
    handler: async ({ user, input: body }) => {
      const agentUserId = body.targetId[0]!;
      sameScreenUser(user, body.userId);
      // The agent's status is checked where the message is stored (one round trip fewer, and no send slips past a status change).
      const message = await im.send({
        userId: user.id,
        agentUserId,
        from: 'user',
        raw: body.content,
        clientMsgId: body.clientMsgId,
        ownsImages: userOwnsImages(db, user.id),
        agentAtWork: true,
      });
      const sent: ImSendResult = {
        messageId: message.messageId,
        seq: message.seq,
        conversationId: message.conversationId,
        createdAt: message.createdAt,
      };
      return sent;
    },
  });

  sessionRoute(app, db, {
    method: 'GET',
    path: ApiPath.imConversations,
    summary:
      "The caller's conversations, newest first (session): the agent's card, unread count, last seq and message; agentUserId puts that agent's thread first, even before a first message",
    tags: TAGS,
    input: imConversationsQuerySchema,
    output: imThreadListSchema,
    handler: async ({ user, input: { agentUserId, userId } }) => {
      sameScreenUser(user, userId);
      return { list: await threadsOf(db, user.id, agentUserId) };
    },
  });

  sessionRoute(app, db, {
    method: 'POST',
    path: ApiPath.imReceived,
    summary: "Acknowledge a pushed message (session): only a message received by the caller; another's is the same 404 as none",
    tags: TAGS,
    input: imReceivedRequestSchema,
    output: imCountSchema,
    handler: async ({ user, input: body }) => {
      const messageId = (body.messageId ?? body.id)!;
      ownUserId(user, body.receiverId);
      const count = await markReceived(db, { fromUser: false, receiverId: user.id }, messageId);
      if (count === 0) throw notFound(`消息 ${messageId} `);
      return { count };
    },
  });

  sessionRoute(app, db, {
    method: 'POST',
    path: ApiPath.imRead,
    summary: `Mark messages read (session): readMessages (≤ ${IM_HISTORY_MAX} ids) all received by the caller, else 404 and nothing changes; the caller's unread counts are recounted`,
    tags: TAGS,
    input: imReadRequestSchema,
    output: imCountSchema,
    handler: async ({ user, input: body }) => {
      ownUserId(user, body.userId);
      return { count: await markRead(db, { fromUser: false, receiverId: user.id }, body.readMessages) };
    },
  });

  sessionRoute(app, db, {
    method: 'POST',
    path: ApiPath.imLogout,
    summary: "Close the caller's live chat sockets on every instance (session); a userId other than the caller's is a 404",
    tags: TAGS,
    input: imLogoutRequestSchema,
    output: imCountSchema,
    handler: async ({ user, input }) => {
      ownUserId(user, input.userId);
      return { count: hub.closeParty(userParty(user.id), LOGGED_OUT_CLOSE, 'logout') };
    },
  });

  sessionRoute(app, db, {
    method: 'GET and POST',
    path: ApiPath.imHistory,
    summary:
      "The caller's conversation with agent targetId after afterSeq, oldest first, ≤ 100 (session): what a reconnecting client missed",
    tags: TAGS,
    input: imHistoryRequestSchema,
    output: imHistorySchema,
    handler: async ({ user, input }) => {
      sameScreenUser(user, input.userId);
      return history(db, user.id, input.targetId, input.afterSeq, input.limit);
    },
  });

  // The live socket: the session decides who it is; the query's userId must be that user.
  const socketUsers = new WeakMap<FastifyRequest, number>();
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: ApiPath.imRegister,
    schema: {
      summary:
        "WebSocket (session): frames { messageType 1, messageContent: JSON of a stored message } and the ping { messageType 0, content 'Ping' } after 30 s idle; userId must be the session's user (403), no session 401",
      tags: TAGS,
      querystring: imRegisterQuerySchema,
    },
    // A socket answers no envelope, so not a sessionRoute: the session is checked here, before the upgrade.
    preHandler: async (request) => {
      refuseForeignOrigin(request, root);
      const user = await requireUser(db, request);
      const { userId } = request.query;
      if (userId !== user.id) throw new ApiError(403, ResultCode.FORBIDDEN, IM_NOT_YOURS);
      socketUsers.set(request, user.id);
    },
    handler: upgradeRequired,
    wsHandler: (socket: WebSocket, request: FastifyRequest) => {
      serveSocket(hub, userParty(socketUsers.get(request)!), socket, config.IM_PING_MS);
      // No socket outlives its session by more than two ping intervals (logout closes it at once: app.ts).
      logins.add(socket, sessionKeyOf(presentedToken(request)!));
    },
  });
}

/** Whose received messages: the user's (sent by agents) or an agent's (sent by users). */
export interface Receiver {
  /** The messages' sender side: false for a user's received messages, true for an agent's. */
  fromUser: boolean;
  receiverId: number;
}

/** Acknowledges one message the receiver got; 0 if it is not theirs (or unknown). */
export async function markReceived(db: Db, receiver: Receiver, messageId: number): Promise<number> {
  const rows = await db
    .update(imMessages)
    .set({ receivedAt: sql`coalesce(${imMessages.receivedAt}, now())` })
    .where(
      and(
        eq(imMessages.id, messageId),
        eq(imMessages.receiverId, receiver.receiverId),
        eq(imMessages.fromUser, receiver.fromUser),
      ),
    )
    .returning({ id: imMessages.id });
  return rows.length;
}

/**
 * Marks messages the receiver got as read, all or none (an id not theirs is a 404 and nothing changes), and
 * recounts the receiver's side of the unread counts of their conversations. Answers how many were newly read.
 */
export async function markRead(db: Db, receiver: Receiver, messageIds: readonly number[]): Promise<number> {
  const ids = [...new Set(messageIds)];
  const theirs = and(
    inArray(imMessages.id, ids),
    eq(imMessages.receiverId, receiver.receiverId),
    eq(imMessages.fromUser, receiver.fromUser),
  );
  return db.transaction(async (tx) => {
    const own = await tx.select({ id: imMessages.id, conversationId: imMessages.conversationId }).from(imMessages).where(theirs);
    if (own.length !== ids.length) {
      const missing = ids.find((id) => !own.some((r) => r.id === id));
      throw notFound(`消息 ${missing} `);
    }
    const changed = await tx
      .update(imMessages)
      .set({ readAt: new Date(), receivedAt: sql`coalesce(${imMessages.receivedAt}, now())` })
      .where(and(theirs, isNull(imMessages.readAt)))
      .returning({ id: imMessages.id });
    for (const conversationId of new Set(own.map((r) => r.conversationId))) {
      const unread = sql`(select count(*)::int from ${imMessages} where ${imMessages.conversationId} = ${conversationId} and ${imMessages.fromUser} = ${receiver.fromUser} and ${imMessages.readAt} is null)`;
      await tx
        .update(imConversations)
        .set(receiver.fromUser ? { agentUnread: unread } : { userUnread: unread })
        .where(eq(imConversations.id, conversationId));
    }
    return changed.length;
  });
}
