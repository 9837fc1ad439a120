import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { ResultCode } from '@contracts/envelope';
import {
  IM_HISTORY_MAX,
  IM_NOT_YOURS,
  IM_SEND_LIMIT,
  IM_USER_CHANGED,
  IM_USER_CHANGED_CODE,
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
  type ImSendResult,
} from '@contracts/im';
import { ApiPath } from '@contracts/paths';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { ApiError, notFound } from '../../http/errors';
import { sessionRoute } from '../../http/session-route';
import { liveSessionKeys, presentedToken, requireUser, sessionKeyOf, type UserRow } from '../../http/sessions';
import { LOGGED_OUT_CLOSE, userParty } from './hub';
import { LoginWatch } from './login-watch';
import { userOwnsImages } from './content-rules';
import { markRead, markReceived } from './receipts';
import type { ImService } from './service';
import { refuseForeignOrigin, serveSocket, upgradeRequired } from './sockets';
import { history, threadsOf } from './threads';

/**
 * 在线咨询 (spec §5 Chat, contracts/im.ts): the sender is the session's user; a message is stored with its seq in one
 * transaction that holds the conversation's row lock (no gaps, no doubles), then pushed to the open sockets of
 * both ends through the hub, then answered. Every read and change is the caller's own: another user's message id
 * answers as an unknown one (404), and a conversation is only ever named by the caller's own pair.
 */

const TAGS = ['im'];

/** The screen's user, where a call names it, must be the session's: a stale tab of another user gets 409. */
function sameScreenUser(user: UserRow, userId: number | undefined): void {
  if (userId !== undefined && userId !== user.id) throw new ApiError(409, IM_USER_CHANGED_CODE, IM_USER_CHANGED);
}

/** A `userId` field, where given, must be the caller's: anyone else's answers as an unknown user. */
function ownUserId(user: UserRow, userId: number | undefined): void {
  if (userId !== undefined && userId !== user.id) throw notFound(`用户 ${userId} `);
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
