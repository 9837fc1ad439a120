import { and, asc, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { z } from 'zod';
import { ok, ResultCode } from '../../../../contracts/envelope';
import { envelopeSchema } from '../../../../contracts/envelope-schema';
import {
  IM_AGENT_LEFT,
  IM_AGENT_UNREACHABLE,
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
  imContentSchema,
  imCountSchema,
  imHistoryRequestSchema,
  imHistorySchema,
  imLogoutRequestSchema,
  imReadRequestSchema,
  imReceivedRequestSchema,
  imRegisterQuerySchema,
  imSendRequestSchema,
  imSendResultSchema,
  type ImContent,
  type ImFrame,
  type ImHistory,
  type ImMessage,
  type ImSendResult,
} from '../../../../contracts/im';
import { ApiPath } from '../../../../contracts/paths';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { agents, imConversations, imMessages, uploads } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../http/errors';
import { CROSS_SITE_REFUSED, isPortalSource } from '../../http/same-site';
import { requireListing } from '../listings/visible-listing';
import { rateLimitKey, requireUser, type UserRow } from '../sso/sessions';
import { createLocalHub, type ImHub } from './hub';
import { containsSensitiveWord, loadSensitiveWords } from './sensitive-words';

/**
 * 在线咨询 (issue 10, contracts/im.ts): the sender is the session's user; a message is stored with its seq in one
 * transaction that holds the conversation's row lock (no gaps, no doubles), then pushed to the open sockets of
 * both ends through the hub, then answered. Every read and change is the caller's own: another user's message id
 * answers as an unknown one (404), and a conversation is only ever named by the caller's own pair.
 */

const TAGS = ['im'];

/** Trims leading and trailing line breaks only (spec §5): inner spacing is the sender's. */
const trimLineBreaks = (s: string) => s.replace(/^[\r\n]+|[\r\n]+$/g, '');

type MessageRow = typeof imMessages.$inferSelect;

export function toImMessage(row: MessageRow): ImMessage {
  return {
    messageId: row.id,
    conversationId: row.conversationId,
    seq: row.seq,
    senderId: row.senderId,
    receiverId: row.receiverId,
    layout: row.layout,
    content: row.content as Record<string, unknown>,
    createdAt: row.createdAt.toISOString(),
    receivedAt: row.receivedAt?.toISOString() ?? null,
    readAt: row.readAt?.toISOString() ?? null,
  };
}

export const messageFrame = (message: ImMessage): string => JSON.stringify({ messageType: 1, messageContent: JSON.stringify(message) } satisfies ImFrame);
export const PING_FRAME = JSON.stringify({ messageType: 0, content: 'Ping' } satisfies ImFrame);

/** The agent behind an IM identity, refused unless reachable (status 1). */
async function requireReachableAgent(db: Db, agentUserId: number): Promise<void> {
  const [agent] = await db.select({ status: agents.status }).from(agents).where(eq(agents.userId, agentUserId));
  if (!agent) throw notFound(`经纪人 ${agentUserId} `);
  if (agent.status === 2) throw badRequest(IM_AGENT_LEFT);
  if (agent.status !== 1) throw badRequest(IM_AGENT_UNREACHABLE);
}

/** Checks one send's content against spec §5 and the caller's own things; answers what is stored. */
async function checkContent(db: Db, words: readonly string[], senderId: number, raw: string): Promise<ImContent> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badRequest('content: 须为 JSON 字符串');
  }
  const result = imContentSchema.safeParse(parsed);
  if (!result.success) {
    // Too many images is its own answer (error code 1, copy.md), whatever else the list says.
    const list = (parsed as { layout?: unknown; msgList?: unknown } | null)?.msgList;
    if ((parsed as { layout?: unknown } | null)?.layout === IM_LAYOUT.IMAGE && Array.isArray(list) && list.length > IM_IMAGES_MAX) {
      throw new ApiError(400, IM_TOO_MANY_IMAGES_CODE, IM_TOO_MANY_IMAGES);
    }
    const issue = result.error.issues[0]!;
    throw badRequest(`content${issue.path.length ? `.${issue.path.join('.')}` : ''}: ${issue.message}`);
  }
  const content = result.data;
  switch (content.layout) {
    case IM_LAYOUT.TEXT: {
      const text = trimLineBreaks(content.msgDetail);
      if (text.trim() === '' || [...text].length > IM_TEXT_MAX) throw badRequest(IM_TEXT_MESSAGE);
      if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/.test(text)) throw badRequest('content.msgDetail: 不能包含控制字符');
      if (containsSensitiveWord(words, text)) throw new ApiError(400, ResultCode.MESSAGE_REJECTED, IM_SENSITIVE_MESSAGE);
      return { layout: IM_LAYOUT.TEXT, msgDetail: text };
    }
    case IM_LAYOUT.IMAGE: {
      if (content.msgList.length > IM_IMAGES_MAX) throw new ApiError(400, IM_TOO_MANY_IMAGES_CODE, IM_TOO_MANY_IMAGES);
      const keys = [...new Set(content.msgList)];
      const own = await db.select({ key: uploads.key }).from(uploads).where(and(eq(uploads.userId, senderId), inArray(uploads.key, keys)));
      if (own.length !== keys.length) throw badRequest('content.msgList: 只能发送自己上传的图片');
      return { layout: IM_LAYOUT.IMAGE, msgList: content.msgList };
    }
    case IM_LAYOUT.PROPERTY: {
      const { businessType, listingId } = content.layoutDetail;
      await requireListing(db, businessType as 1 | 2, listingId);
      return content;
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

export interface StoreInput {
  /** The conversation's two ends: the portal user and the agent's IM identity. */
  userId: number;
  agentUserId: number;
  /** One of the two. */
  senderId: number;
  content: ImContent;
  clientMsgId?: string | undefined;
}

/**
 * Stores one message: the conversation row is created if new and locked, the seq taken from it, the message
 * inserted and the counters moved, in one transaction. A resend with a client id its sender already used, or a
 * property card the sender sent in this conversation within 24 h, answers the stored message (nothing new
 * stored, nothing pushed again); `fresh` says which.
 */
export async function storeMessage(db: Db, input: StoreInput): Promise<{ message: ImMessage; fresh: boolean }> {
  const receiverId = input.senderId === input.userId ? input.agentUserId : input.userId;
  const fromUser = input.senderId === input.userId;
  const stored = (tx: Pick<Db, 'select'>) =>
    input.clientMsgId === undefined
      ? Promise.resolve(undefined)
      : tx
          .select()
          .from(imMessages)
          .where(and(eq(imMessages.senderId, input.senderId), eq(imMessages.clientMsgId, input.clientMsgId)))
          .then((rows) => rows[0]);
  return db.transaction(async (tx) => {
    await tx.insert(imConversations).values({ userId: input.userId, agentUserId: input.agentUserId }).onConflictDoNothing();
    const [conversation] = await tx
      .select()
      .from(imConversations)
      .where(and(eq(imConversations.userId, input.userId), eq(imConversations.agentUserId, input.agentUserId)))
      .for('update');
    const again = await stored(tx);
    if (again) return { message: toImMessage(again), fresh: false };
    if (input.content.layout === IM_LAYOUT.PHONE_REPLY) {
      const requestId = input.content.layoutDetail.requestId;
      const [request] = await tx
        .select({ id: imMessages.id })
        .from(imMessages)
        .where(and(eq(imMessages.id, requestId), eq(imMessages.conversationId, conversation!.id), eq(imMessages.receiverId, input.senderId), eq(imMessages.layout, IM_LAYOUT.PHONE_REQUEST)));
      if (!request) throw notFound(`消息 ${requestId} `);
      const [answered] = await tx
        .select({ id: imMessages.id })
        .from(imMessages)
        .where(and(eq(imMessages.conversationId, conversation!.id), eq(imMessages.layout, IM_LAYOUT.PHONE_REPLY), sql`${imMessages.content}->'layoutDetail'->>'requestId' = ${String(requestId)}`));
      if (answered) throw new ApiError(409, 409, IM_PHONE_ANSWERED);
    }
    if (input.content.layout === IM_LAYOUT.PROPERTY) {
      // Issue 10: a property card goes to an agent again only after 24 h; within them the earlier card answers.
      const { businessType, listingId } = input.content.layoutDetail;
      const [recent] = await tx
        .select()
        .from(imMessages)
        .where(
          and(
            eq(imMessages.conversationId, conversation!.id),
            eq(imMessages.senderId, input.senderId),
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
      .values({ conversationId: conversation!.id, seq, senderId: input.senderId, receiverId, layout: input.content.layout, content: input.content, clientMsgId: input.clientMsgId ?? null, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      // The same client id sent at once to another conversation: that one was stored first.
      const first = await stored(tx);
      if (first) return { message: toImMessage(first), fresh: false };
      throw new ApiError(409, 409, '消息冲突，请重试');
    }
    await tx
      .update(imConversations)
      .set({
        nextSeq: seq + 1,
        lastMessageAt: now,
        ...(fromUser ? { agentUnread: sql`${imConversations.agentUnread} + 1` } : { userUnread: sql`${imConversations.userUnread} + 1` }),
      })
      .where(eq(imConversations.id, conversation!.id));
    return { message: toImMessage(row), fresh: true };
  });
}

/** The caller's messages of one conversation after `afterSeq`, oldest first (either end of it). */
async function history(db: Db, userId: number, targetId: number, afterSeq: number, limit: number): Promise<ImHistory> {
  const [conversation] = await db
    .select({ id: imConversations.id })
    .from(imConversations)
    .where(
      or(
        and(eq(imConversations.userId, userId), eq(imConversations.agentUserId, targetId)),
        and(eq(imConversations.userId, targetId), eq(imConversations.agentUserId, userId)),
      ),
    )
    .limit(1);
  if (!conversation) return { list: [], nextSeq: afterSeq };
  const rows = await db
    .select()
    .from(imMessages)
    .where(and(eq(imMessages.conversationId, conversation.id), gt(imMessages.seq, afterSeq)))
    .orderBy(asc(imMessages.seq))
    .limit(limit);
  return { list: rows.map(toImMessage), nextSeq: rows.at(-1)?.seq ?? afterSeq };
}

/** A `userId` field, where given, must be the caller's: anyone else's answers as an unknown user. */
function ownUserId(user: UserRow, userId: number | undefined): void {
  if (userId !== undefined && userId !== user.id) throw notFound(`用户 ${userId} `);
}

export function registerIm(
  app: FastifyInstance,
  db: Db,
  config: Pick<Config, 'IM_SENSITIVE_WORDS_FILE' | 'IM_PING_MS' | 'PORTAL_PROTOCOL' | 'PORTAL_ROOT_DOMAIN'>,
  hub: ImHub = createLocalHub(),
): ImHub {
  const pingMs = config.IM_PING_MS;
  const words = loadSensitiveWords(config.IM_SENSITIVE_WORDS_FILE);
  const root = new URL(`${config.PORTAL_PROTOCOL}://${config.PORTAL_ROOT_DOMAIN}`);
  app.addHook('onClose', async () => hub.closeAll());

  app.post(
    ApiPath.imMessage,
    {
      config: { rateLimit: { max: IM_SEND_LIMIT, timeWindow: '1 minute', keyGenerator: (request: FastifyRequest) => rateLimitKey(db, request, 'im-send') } },
      schema: {
        summary:
          "Send a chat message to an agent (session; the sender is the session's user): targetId [agent userId], content a JSON string per layout (101 text ≤ 140, 121 own uploads ≤ 9, 201 property card, 20001, 21001, 211); stored with its seq before the answer; clientMsgId makes a resend idempotent",
        tags: TAGS,
        body: imSendRequestSchema,
        response: { 200: envelopeSchema(imSendResultSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(db, request);
      const body = request.body as z.output<typeof imSendRequestSchema>;
      const agentUserId = body.targetId[0]!;
      if (agentUserId === user.id) throw badRequest('targetId: 不能给自己发消息');
      await requireReachableAgent(db, agentUserId);
      const content = await checkContent(db, words, user.id, body.content);
      const { message, fresh } = await storeMessage(db, { userId: user.id, agentUserId, senderId: user.id, content, clientMsgId: body.clientMsgId });
      if (fresh) hub.deliver([message.receiverId, message.senderId], messageFrame(message));
      return ok<ImSendResult>({ messageId: message.messageId, seq: message.seq, conversationId: message.conversationId, createdAt: message.createdAt });
    },
  );

  app.post(
    ApiPath.imReceived,
    {
      schema: {
        summary: "Acknowledge a pushed message (session): only a message received by the caller; another's is the same 404 as none",
        tags: TAGS,
        body: imReceivedRequestSchema,
        response: { 200: envelopeSchema(imCountSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(db, request);
      const body = request.body as z.output<typeof imReceivedRequestSchema>;
      const messageId = (body.messageId ?? body.id)!;
      ownUserId(user, body.receiverId);
      const [row] = await db
        .update(imMessages)
        .set({ receivedAt: sql`coalesce(${imMessages.receivedAt}, now())` })
        .where(and(eq(imMessages.id, messageId), eq(imMessages.receiverId, user.id)))
        .returning({ id: imMessages.id });
      if (!row) throw notFound(`消息 ${messageId} `);
      return ok({ count: 1 });
    },
  );

  app.post(
    ApiPath.imRead,
    {
      schema: {
        summary: `Mark messages read (session): readMessages (≤ ${IM_HISTORY_MAX} ids) all received by the caller, else 404 and nothing changes; the caller's unread counts are recounted`,
        tags: TAGS,
        body: imReadRequestSchema,
        response: { 200: envelopeSchema(imCountSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(db, request);
      const body = request.body as z.output<typeof imReadRequestSchema>;
      ownUserId(user, body.userId);
      const ids = [...new Set(body.readMessages)];
      return db.transaction(async (tx) => {
        const own = await tx
          .select({ id: imMessages.id, conversationId: imMessages.conversationId })
          .from(imMessages)
          .where(and(inArray(imMessages.id, ids), eq(imMessages.receiverId, user.id)));
        if (own.length !== ids.length) {
          const missing = ids.find((id) => !own.some((r) => r.id === id));
          throw notFound(`消息 ${missing} `);
        }
        const changed = await tx
          .update(imMessages)
          .set({ readAt: new Date(), receivedAt: sql`coalesce(${imMessages.receivedAt}, now())` })
          .where(and(inArray(imMessages.id, ids), eq(imMessages.receiverId, user.id), isNull(imMessages.readAt)))
          .returning({ id: imMessages.id });
        for (const conversationId of new Set(own.map((r) => r.conversationId))) {
          const unread = sql`(select count(*)::int from ${imMessages} where ${imMessages.conversationId} = ${conversationId} and ${imMessages.receiverId} = ${user.id} and ${imMessages.readAt} is null)`;
          await tx
            .update(imConversations)
            .set({ userUnread: sql`case when ${imConversations.userId} = ${user.id} then ${unread} else ${imConversations.userUnread} end`, agentUnread: sql`case when ${imConversations.agentUserId} = ${user.id} then ${unread} else ${imConversations.agentUnread} end` })
            .where(eq(imConversations.id, conversationId));
        }
        return ok({ count: changed.length });
      });
    },
  );

  app.post(
    ApiPath.imLogout,
    {
      schema: { summary: "Close the caller's live chat sockets in this process (session); a userId other than the caller's is a 404", tags: TAGS, body: imLogoutRequestSchema, response: { 200: envelopeSchema(imCountSchema) } },
    },
    async (request) => {
      const user = await requireUser(db, request);
      ownUserId(user, (request.body as z.output<typeof imLogoutRequestSchema>).userId);
      return ok({ count: hub.closeUser(user.id) });
    },
  );

  const historySchema = {
    summary: "The caller's conversation with targetId after afterSeq, oldest first, ≤ 100 (session): what a reconnecting client missed",
    tags: TAGS,
  };
  const answerHistory = async (input: z.output<typeof imHistoryRequestSchema>, request: FastifyRequest) => {
    const user = await requireUser(db, request);
    return ok(await history(db, user.id, input.targetId, input.afterSeq, input.limit));
  };
  app.get(ApiPath.imHistory, { schema: { ...historySchema, querystring: imHistoryRequestSchema, response: { 200: envelopeSchema(imHistorySchema) } } }, (request) =>
    answerHistory(request.query as z.output<typeof imHistoryRequestSchema>, request),
  );
  app.post(ApiPath.imHistory, { schema: { ...historySchema, body: imHistoryRequestSchema, response: { 200: envelopeSchema(imHistorySchema) } } }, (request) =>
    answerHistory(request.body as z.output<typeof imHistoryRequestSchema>, request),
  );

  // The live socket: the session decides who it is; the query's userId must be that user. A browser's Origin
  // must be the portal's (a GET is not covered by the same-site check, and a socket is a state of its own).
  const socketUsers = new WeakMap<FastifyRequest, number>();
  app.route({
    method: 'GET',
    url: ApiPath.imRegister,
    schema: {
      summary: "WebSocket (session): frames { messageType 1, messageContent: JSON of a stored message } and the ping { messageType 0, content 'Ping' } after 30 s idle; userId must be the session's user (403), no session 401",
      tags: TAGS,
      querystring: imRegisterQuerySchema,
    },
    preHandler: async (request: FastifyRequest) => {
      const origin = request.headers.origin;
      if (origin !== undefined && !isPortalSource(origin, root)) throw new ApiError(403, ResultCode.FORBIDDEN, CROSS_SITE_REFUSED);
      const user = await requireUser(db, request);
      const { userId } = request.query as z.output<typeof imRegisterQuerySchema>;
      if (userId !== user.id) throw new ApiError(403, ResultCode.FORBIDDEN, IM_NOT_YOURS);
      socketUsers.set(request, user.id);
    },
    handler: async (_request: FastifyRequest, reply: FastifyReply) => {
      reply.header('upgrade', 'websocket');
      throw new ApiError(426, 426, '请使用 WebSocket 连接');
    },
    wsHandler: (socket: WebSocket, request: FastifyRequest) => {
      const userId = socketUsers.get(request)!;
      const detach = hub.attach(userId, socket);
      let timer: NodeJS.Timeout | undefined;
      const idle = () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          if (socket.readyState === 1) socket.send(PING_FRAME);
          idle();
        }, pingMs);
      };
      idle();
      // Whatever the client sends (its own pings) counts as activity; nothing it sends is a message.
      socket.on('message', idle);
      socket.on('close', () => {
        clearTimeout(timer);
        detach();
      });
    },
  });
  return hub;
}
