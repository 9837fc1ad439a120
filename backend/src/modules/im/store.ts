import { and, desc, eq, gt, sql } from 'drizzle-orm';
import {
  IM_AGENT_LEFT,
  IM_ASSISTANT_USER_ID,
  IM_AGENT_UNREACHABLE,
  IM_LAYOUT,
  IM_PHONE_ANSWERED,
  IM_PROPERTY_CARD_INTERVAL_MS,
  type ImContent,
  type ImMessage,
  type ImLayout,
} from '@contracts/im';
import type { AlertDigest, AlertFollow } from '@contracts/alerts';
import type { Db } from '../../db/client';
import { agents, imConversations, imMessages } from '../../db/schema';
import { shareImages } from '../uploads/publication';
import { ApiError, badRequest, notFound } from '../../http/errors';

/**
 * Where a message is kept (spec §5 Chat): stored with its seq under the conversation's row lock, so a
 * conversation's sequence has no gaps and no doubles whatever sends race, and a resend answers the stored message.
 * Nothing here checks what a message says (content-rules.ts) or pushes it (service.ts).
 */
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

/** The agent behind an IM identity, refused unless reachable (status 1). */
async function requireReachableAgent(db: Pick<Db, 'select'>, agentUserId: number): Promise<void> {
  const [agent] = await db.select({ status: agents.status }).from(agents).where(eq(agents.userId, agentUserId));
  if (!agent) throw notFound(`经纪人 ${agentUserId} `);
  if (agent.status === 2) throw badRequest(IM_AGENT_LEFT);
  if (agent.status !== 1) throw badRequest(IM_AGENT_UNREACHABLE);
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
  layout: ImLayout;
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

const IM_CLIENT_ID_USED = 'clientMsgId 已用于另一会话的消息';
