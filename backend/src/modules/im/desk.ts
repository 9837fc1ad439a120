import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import { channelIsOn } from '@contracts/channels';
import { ok, ResultCode } from '@contracts/envelope';
import { envelopeSchema } from '@contracts/envelope-schema';
import {
  DESK_AGENT_LEFT,
  DESK_LISTINGS_MAX,
  DESK_NO_CONVERSATION,
  DESK_SESSION_ENDED,
  DESK_TOKEN_WRONG,
  IM_HISTORY_MAX,
  IM_SEND_LIMIT,
  deskAgentSchema,
  deskHistoryRequestSchema,
  deskImageSchema,
  deskListingListSchema,
  DESK_TOKEN_MAX,
  deskLoginRequestSchema,
  deskReadRequestSchema,
  deskSendRequestSchema,
  deskThreadListSchema,
  imCountSchema,
  imHistorySchema,
  imSendResultSchema,
  opsDeskTokenRequestSchema,
  opsDeskTokenResultSchema,
  type DeskAgent,
  type DeskListing,
  type DeskThread,
  type ImSendResult,
  type OpsDeskTokenResult,
} from '@contracts/im';
import { ApiPath, DESK_COOKIE } from '@contracts/paths';
import { UPLOAD_BODY_LIMIT, UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES, UPLOAD_MAX_MB } from '@contracts/upload';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { agentDeskTokens, agents, cities, imConversations, uploads, users } from '../../db/schema';
import { homeModuleOf } from '../listings/channels/registry';
import { ApiError, badRequest, notFound } from '../../http/errors';
import { addressKey } from '../../http/client-block';
import { CROSS_SITE_REFUSED, isDeskSource } from '../../http/same-site';
import { opsGuard } from '../../http/ops-guard';
import { partyRoute, type Party } from '../../http/session-route';
import { requireCity } from '../cities/cities';
import type { Storage } from '../../storage';
import { contentTypeOf } from '../../storage/local-storage';
import { multipartBoundary, parseMultipart } from '../../storage/post-object';
import { cleanImage, UnreadableImage, type CleanImage, type ImageWork } from '../uploads/image-work';
import { sniffImage } from '../uploads/routes';
import { ownerNames, type OwnerNames } from '../uploads/owner-names';
import { visibilityOf } from '../uploads/publication';
import { sendObject, wildcardKey } from '../storage/routes';
import { isSafeKey } from '../../storage/storage';
import { agentParty, LOGGED_OUT_CLOSE, SESSION_ENDED_CLOSE } from './hub';
import { LoginWatch } from './login-watch';
import { propertyCardOf, type OwnsImages } from './content-rules';
import { markRead } from './receipts';
import type { ImService } from './service';
import { serveSocket, upgradeRequired } from './sockets';
import { agentCardsOf, history, lastMessagesOf } from './threads';

/**
 * 经纪人工作台 (where agents answer the chat, spec §1): agents cannot log in to the portal (spec §6), so an operator issues an
 * agent a desk token (`npm run ops -- agent desk-token <agentId>`); the desk trades it for an HttpOnly cookie and
 * answers the users who wrote to that agent, through the same service (`app.im.send`) the users' side uses.
 *
 * The cookie holds the token itself (only its sha256 is stored), so every desk call checks the token row again:
 * an expired or revoked token, or an agent who has left (status 2), is a 401 at once; an open desk socket is
 * checked again every two ping intervals and closed when its token no longer holds. A desk reads and writes only
 * its own agent's conversations: another agent's user is the same 404 as a user nobody knows.
 */

const TAGS = ['desk'];
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Desk token guesses per address a minute (32 random bytes cannot be guessed; this keeps the log quiet). */
export const DESK_LOGIN_LIMIT = 10;
/** Images an agent may store an hour. */
export const DESK_IMAGE_LIMIT = 120;
/** Threads a desk lists (the newest); an older one comes back as soon as its user writes. */
const DESK_THREADS_MAX = 100;
/**
 * The folder of an agent's desk images, a keyed hash of their IM identity (uploads/owner-names.ts): served once
 * recorded, to the agent and the user of a conversation they were sent in (uploads/publication.ts).
 */
export const DESK_IMAGE_DIR = 'ub/desk';
export const deskImagePrefix = (names: Pick<OwnerNames, 'deskFolder'>, agentUserId: number) =>
  `${DESK_IMAGE_DIR}/${names.deskFolder(agentUserId)}/`;
/**
 * `uploads.user_id` is a portal user's id; a desk image is recorded under the negative of the agent's IM id, a
 * number no portal user has, so no user's "own uploads" (userOwnsImages) ever include an agent's image.
 */
export const deskUploadOwner = (agentUserId: number) => -agentUserId;
/** Close code of a desk socket whose token no longer holds (revoked, expired, the agent left). */
export const DESK_ENDED_CLOSE = SESSION_ENDED_CLOSE;

export interface DeskAgentRow {
  id: number;
  userId: number;
  name: string;
  status: number;
  /** The token's sha256 and end: the cookie's lifetime. */
  tokenHash: string;
  expiresAt: Date;
}

/** The agent behind a desk token, or null: the token unexpired, unrevoked, its agent not left (status 2). */
async function agentOfToken(db: Db, token: string): Promise<DeskAgentRow | null> {
  const tokenHash = sha256(token);
  const [row] = await db
    .select({
      id: agents.id,
      userId: agents.userId,
      name: agents.name,
      status: agents.status,
      expiresAt: agentDeskTokens.expiresAt,
    })
    .from(agentDeskTokens)
    .innerJoin(agents, eq(agents.id, agentDeskTokens.agentId))
    .where(
      and(
        eq(agentDeskTokens.tokenHash, tokenHash),
        gt(agentDeskTokens.expiresAt, new Date()),
        isNull(agentDeskTokens.revokedAt),
        ne(agents.status, 2),
      ),
    );
  return row ? { ...row, tokenHash } : null;
}

/** Which of these desk token hashes still open a desk (unexpired, unrevoked, the agent not left). */
async function liveDeskTokenHashes(db: Db, hashes: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ hash: agentDeskTokens.tokenHash })
    .from(agentDeskTokens)
    .innerJoin(agents, eq(agents.id, agentDeskTokens.agentId))
    .where(
      and(
        inArray(agentDeskTokens.tokenHash, hashes),
        gt(agentDeskTokens.expiresAt, new Date()),
        isNull(agentDeskTokens.revokedAt),
        ne(agents.status, 2),
      ),
    );
  return new Set(rows.map((r) => r.hash));
}

const agentsOfRequests = new WeakMap<FastifyRequest, DeskAgentRow>();

/** Cookie attributes: this host only, the desk's calls only, never sent from another site. */
export function deskCookieOptions(config: Pick<Config, 'PORTAL_PROTOCOL'>) {
  return {
    httpOnly: true,
    sameSite: 'strict' as const,
    path: ApiPath.deskLogin.replace(/\/login$/, ''),
    secure: config.PORTAL_PROTOCOL === 'https',
  };
}

/**
 * The desk's agent, like requireUser for a portal user: 401 (4010011002) without a live token, and the dead
 * cookie cleared.
 */
export async function requireAgent(
  db: Db,
  config: Pick<Config, 'PORTAL_PROTOCOL'>,
  request: FastifyRequest,
  reply?: FastifyReply,
): Promise<DeskAgentRow> {
  const known = agentsOfRequests.get(request);
  if (known) return known;
  const token = request.cookies[DESK_COOKIE];
  const agent = token ? await agentOfToken(db, token) : null;
  if (agent) {
    agentsOfRequests.set(request, agent);
    return agent;
  }
  if (token && reply) reply.clearCookie(DESK_COOKIE, deskCookieOptions(config));
  throw new ApiError(401, ResultCode.SESSION_INVALID, DESK_SESSION_ENDED);
}

/** The desk's own agent as the desk shows it (spec §3 target info, and the agent's city). */
async function deskAgentOf(db: Db, agent: DeskAgentRow): Promise<DeskAgent> {
  const card = (await agentCardsOf(db, [agent.userId])).get(agent.userId);
  if (!card) throw notFound(`经纪人 ${agent.id} `);
  const [row] = await db.select({ cityCode: agents.cityCode }).from(agents).where(eq(agents.id, agent.id));
  const city = await requireCity(db, row!.cityCode);
  return { ...card, cityCode: city.cityCode, cityName: city.name };
}

/**
 * Issues a desk token for an agent (operator). Issuing one revokes the agent's earlier tokens: an operator
 * issues a new token when the old one is lost or leaked, and re-issuing is then the way to shut the old one
 * out (an agent on two devices logs in on both with the same token). Who has left (status 2) gets none.
 */
export async function issueDeskToken(
  db: Db,
  agentId: number,
  days: number,
): Promise<OpsDeskTokenResult & { agentUserId: number }> {
  const [agent] = await db
    .select({ id: agents.id, userId: agents.userId, name: agents.name, status: agents.status })
    .from(agents)
    .where(eq(agents.id, agentId));
  if (!agent) throw notFound(`经纪人 ${agentId} `);
  if (agent.status === 2) throw badRequest(DESK_AGENT_LEFT);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + days * 86_400_000);
  await db.transaction(async (tx) => {
    await tx
      .update(agentDeskTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(agentDeskTokens.agentId, agentId), isNull(agentDeskTokens.revokedAt)));
    await tx.insert(agentDeskTokens).values({ agentId, tokenHash: sha256(token), expiresAt });
  });
  return { agentId, agentUserId: agent.userId, agentName: agent.name, token, expiresAt: expiresAt.toISOString() };
}

/** The conversation of this agent with user `userId`, or 404 (another agent's user looks like an unknown one). */
async function requireConversation(db: Db, agentUserId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ id: imConversations.id })
    .from(imConversations)
    .where(and(eq(imConversations.userId, userId), eq(imConversations.agentUserId, agentUserId)));
  if (!row) throw new ApiError(404, ResultCode.NOT_FOUND, DESK_NO_CONVERSATION);
  return row.id;
}

/** The desk's threads, newest first: the user by nickname (their number only ever in a 21001 they sent). */
async function deskThreadsOf(db: Db, agentUserId: number): Promise<DeskThread[]> {
  const rows = await db
    .select({
      id: imConversations.id,
      userId: imConversations.userId,
      unread: imConversations.agentUnread,
      nextSeq: imConversations.nextSeq,
      userName: users.userName,
      avatarUrl: users.avatarUrl,
    })
    .from(imConversations)
    .innerJoin(users, eq(users.id, imConversations.userId))
    .where(eq(imConversations.agentUserId, agentUserId))
    .orderBy(sql`${imConversations.lastMessageAt} desc nulls last`, desc(imConversations.id))
    .limit(DESK_THREADS_MAX);
  const last = await lastMessagesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    conversationId: r.id,
    // No nickname: the user's number is not the agent's to see (spec §3 masks it even for the user's own header).
    user: { userId: r.userId, userName: r.userName || `用户${r.userId}`, avatarUrl: r.avatarUrl },
    unRead: r.unread,
    lastSeq: r.nextSeq - 1,
    lastMessage: last.get(r.id) ?? null,
  }));
}

/** The agent's own second-hand homes and rentals, newest first, where their city shows the channel. */
async function deskListingsOf(db: Db, agentId: number): Promise<DeskListing[]> {
  const of = async (businessType: 1 | 2) => {
    const home = homeModuleOf(businessType);
    const t = home.table;
    const price = home.price.column;
    const rows = await db
      .select({
        id: t.id,
        title: t.title,
        coverUrl: t.coverUrl,
        area: t.area,
        rooms: t.rooms,
        halls: t.halls,
        price,
        listedAt: t.listedAt,
        city: cities,
      })
      .from(t)
      .innerJoin(cities, eq(cities.cityCode, t.cityCode))
      .where(eq(t.agentId, agentId))
      .orderBy(sql`${t.listedAt} desc`, desc(t.id))
      .limit(DESK_LISTINGS_MAX);
    return rows
      .filter((r) => channelIsOn(r.city, home.code))
      .map((r) => ({
        ...propertyCardOf(businessType, { ...r, cityDomain: r.city.cityDomain }),
        listedAt: new Date(r.listedAt).toISOString(),
      }));
  };
  const all = [...(await of(1)), ...(await of(2))];
  return all.sort((a, b) => b.listedAt.localeCompare(a.listedAt) || b.listingId - a.listingId).slice(0, DESK_LISTINGS_MAX);
}

/** An agent's images: their own desk uploads, recorded (never a portal user's). */
const agentOwnsImages =
  (db: Db, agentUserId: number): OwnsImages =>
  async (keys) => {
    if (!keys.every((key) => key.startsWith(`${DESK_IMAGE_DIR}/`))) return false;
    const own = await db
      .select({ key: uploads.key })
      .from(uploads)
      .where(and(eq(uploads.userId, deskUploadOwner(agentUserId)), inArray(uploads.key, keys)));
    return own.length === keys.length;
  };

const FORMAT_MESSAGE = `文件格式仅限${UPLOAD_EXTENSIONS.join('、')}格式！`;

/** One image posted by the desk (multipart, field `file`): checked by its bytes, re-encoded, stored, recorded. */
async function storeDeskImage(
  db: Db,
  storage: Storage,
  work: ImageWork,
  names: OwnerNames,
  agentUserId: number,
  request: FastifyRequest,
): Promise<{ key: string; url: string }> {
  const boundary = multipartBoundary(request.headers['content-type']);
  const body = request.body;
  if (!boundary || !Buffer.isBuffer(body)) throw badRequest('请以 multipart/form-data 上传图片（字段 file）');
  const file = parseMultipart(body, boundary)?.find((p) => p.name === 'file' && p.filename !== null);
  if (!file) throw badRequest('请以 multipart/form-data 上传图片（字段 file）');
  if (file.data.length === 0) throw badRequest('上传失败，文件为空');
  if (file.data.length > UPLOAD_MAX_BYTES) throw badRequest(`图片大小不能超过${UPLOAD_MAX_MB}MB！`);
  // spec §5 lists bmp for the chat, but the image library decodes no BMP: jpg, jpeg and png, as every upload.
  const ext = /\.([A-Za-z0-9]+)$/.exec(file.filename ?? '')?.[1]?.toLowerCase();
  if (!ext || !(UPLOAD_EXTENSIONS as readonly string[]).includes(ext)) throw badRequest(FORMAT_MESSAGE);
  const kind = sniffImage(file.data);
  if (!kind) throw badRequest('文件不是jpg或png图片');
  let cleaned: CleanImage;
  try {
    // Counted per agent (the desk's IM user), apart from any portal user's turns.
    cleaned = await cleanImage(work, `desk:${agentUserId}`, file.data, kind);
  } catch (err) {
    if (err instanceof UnreadableImage) throw badRequest('图片无法识别');
    throw err;
  }
  const stem = `${deskImagePrefix(names, agentUserId)}${randomBytes(12).toString('hex')}`;
  const key = `${stem}.${kind}`;
  const thumbKey = `${stem}_thumb.jpg`;
  await storage.put(thumbKey, cleaned.thumb, 'image/jpeg');
  await storage.put(key, cleaned.stored.data, contentTypeOf(key));
  await db.insert(uploads).values({
    userId: deskUploadOwner(agentUserId),
    key,
    suffix: kind,
    size: cleaned.stored.data.length,
    md5: createHash('md5').update(file.data).digest('hex'),
    width: cleaned.stored.info.width,
    height: cleaned.stored.info.height,
    thumbKey,
  });
  return { key, url: storage.publicUrl(key) };
}

export async function registerDesk(
  app: FastifyInstance,
  db: Db,
  config: Pick<Config, 'IM_PING_MS' | 'PORTAL_PROTOCOL' | 'PORTAL_ROOT_DOMAIN' | 'OPS_TOKEN' | 'KEY_SECRET'>,
  storage: Storage,
  im: ImService,
  imageWork: ImageWork,
): Promise<void> {
  const { hub } = im;
  const names = ownerNames(config.KEY_SECRET);
  const root = new URL(`${config.PORTAL_PROTOCOL}://${config.PORTAL_ROOT_DOMAIN}`);
  const logins = new LoginWatch((keys) => liveDeskTokenHashes(db, keys), config.IM_PING_MS * 2, app.log);
  app.addHook('onClose', async () => logins.close());
  const agentOf = (request: FastifyRequest, reply?: FastifyReply) => requireAgent(db, config, request, reply);
  /** Counted per agent where the cookie holds, per address otherwise (those calls are 401 anyway). */
  const deskRateKey = async (request: FastifyRequest, scope: string) => {
    try {
      return `${scope}:agent:${(await agentOf(request)).id}`;
    } catch {
      return addressKey(scope, request);
    }
  };

  app.withTypeProvider<ZodTypeProvider>().post(
    ApiPath.opsDeskToken,
    {
      onRequest: opsGuard(config),
      schema: {
        summary:
          "Operator: issue an agent's desk token, valid `days` (default 30, ≤ 90), shown once; revokes the agent's earlier tokens and closes their open desks; none for an agent who left (Authorization: Bearer <OPS_TOKEN>)",
        tags: ['ops'],
        body: opsDeskTokenRequestSchema,
        response: { 200: envelopeSchema(opsDeskTokenResultSchema) },
      },
    },
    async (request) => {
      const { agentId, days } = request.body;
      const { agentUserId, ...issued } = await issueDeskToken(db, agentId, days);
      hub.closeParty(agentParty(agentUserId), DESK_ENDED_CLOSE, 'token reissued');
      return ok(issued);
    },
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    ApiPath.deskLogin,
    {
      config: {
        rateLimit: {
          max: DESK_LOGIN_LIMIT,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => addressKey('desk-login', request),
        },
      },
      schema: {
        summary: `Open the agent desk with an operator's token: sets the desk cookie (HttpOnly, SameSite=Strict, Path /api/desk, the token's lifetime) and answers the agent; a wrong, expired or revoked token, or an agent who left, is 401; ${DESK_LOGIN_LIMIT} tries a minute per address`,
        tags: TAGS,
        body: deskLoginRequestSchema,
        response: { 200: envelopeSchema(deskAgentSchema) },
      },
    },
    async (request, reply) => {
      const { token } = request.body;
      const agent = token.length >= 16 && token.length <= DESK_TOKEN_MAX ? await agentOfToken(db, token) : null;
      if (!agent) throw new ApiError(401, ResultCode.SESSION_INVALID, DESK_TOKEN_WRONG);
      reply.setCookie(DESK_COOKIE, token, {
        ...deskCookieOptions(config),
        maxAge: Math.max(1, Math.floor((agent.expiresAt.getTime() - Date.now()) / 1000)),
      });
      return ok(await deskAgentOf(db, agent));
    },
  );

  /** The desk's calls: the agent of the desk cookie is known before each handler runs (401 without a live one). */
  const desk: Party<DeskAgentRow> = { of: (request, reply) => agentOf(request, reply), limitKey: deskRateKey };

  partyRoute(app, desk, {
    method: 'POST',
    path: ApiPath.deskLogout,
    summary: "Close the desk: clears the desk cookie and closes the agent's live desk sockets on every instance (desk cookie)",
    tags: TAGS,
    output: imCountSchema,
    handler: async ({ party: agent, reply }) => {
      reply.clearCookie(DESK_COOKIE, deskCookieOptions(config));
      return { count: hub.closeParty(agentParty(agent.userId), LOGGED_OUT_CLOSE, 'logout') };
    },
  });

  // Who is at the desk, asked by every desk page as it opens: nobody yet is an answer (data null, the token form), not
  // an error, as the portal's /auth/me answers `user: null`; a browser logs every 401 in red. A dead cookie is cleared.
  app.withTypeProvider<ZodTypeProvider>().get(
    ApiPath.deskMe,
    {
      schema: {
        summary: "The desk's agent (desk cookie): card, status and city; null without a live token (the dead cookie cleared)",
        tags: TAGS,
        response: { 200: envelopeSchema(deskAgentSchema.nullable()) },
      },
    },
    async (request, reply) => {
      const agent = await agentOf(request, reply).catch((err: unknown) => {
        if (err instanceof ApiError && err.statusCode === 401) return null;
        throw err;
      });
      return ok(agent ? await deskAgentOf(db, agent) : null);
    },
  );

  partyRoute(app, desk, {
    method: 'GET',
    path: ApiPath.deskConversations,
    summary:
      "The agent's conversations, newest first (desk cookie): the user by nickname (never their number), the agent's unread count, last seq and message",
    tags: TAGS,
    output: deskThreadListSchema,
    handler: async ({ party: agent }) => ({ list: await deskThreadsOf(db, agent.userId) }),
  });

  partyRoute(app, desk, {
    method: 'GET and POST',
    path: ApiPath.deskHistory,
    summary: `The agent's conversation with user userId after afterSeq, oldest first, ≤ ${IM_HISTORY_MAX} (desk cookie); a user who never wrote to this agent is 404`,
    tags: TAGS,
    input: deskHistoryRequestSchema,
    output: imHistorySchema,
    handler: async ({ party: agent, input }) => {
      await requireConversation(db, agent.userId, input.userId);
      return history(db, input.userId, agent.userId, input.afterSeq, input.limit);
    },
  });

  partyRoute(app, desk, {
    method: 'POST',
    path: ApiPath.deskMessage,
    summary:
      "Reply to a user (desk cookie): only one who has written to this agent (404 otherwise, agents do not cold-message); content a JSON string per layout as /api/message (121: the desk's own images; 21001 agreeing carries the agent's number); stored with its seq and pushed to both ends",
    tags: TAGS,
    input: deskSendRequestSchema,
    output: imSendResultSchema,
    limit: { scope: 'desk-send', max: IM_SEND_LIMIT, timeWindow: '1 minute' },
    handler: async ({ party: agent, input }) => {
      await requireConversation(db, agent.userId, input.userId);
      const message = await im.send({
        userId: input.userId,
        agentUserId: agent.userId,
        from: 'agent',
        raw: input.content,
        clientMsgId: input.clientMsgId,
        ownsImages: agentOwnsImages(db, agent.userId),
      });
      return {
        messageId: message.messageId,
        seq: message.seq,
        conversationId: message.conversationId,
        createdAt: message.createdAt,
      } satisfies ImSendResult;
    },
  });

  partyRoute(app, desk, {
    method: 'POST',
    path: ApiPath.deskRead,
    summary: `Mark messages users sent this agent read (desk cookie): readMessages (≤ ${IM_HISTORY_MAX}) all the agent's, else 404 and nothing changes; the agent's unread counts are recounted`,
    tags: TAGS,
    input: deskReadRequestSchema,
    output: imCountSchema,
    handler: async ({ party: agent, input }) => ({
      count: await markRead(db, { fromUser: true, receiverId: agent.userId }, input.readMessages),
    }),
  });

  partyRoute(app, desk, {
    method: 'GET',
    path: ApiPath.deskListings,
    summary: `The agent's own 二手房 and 租房 listings, newest first, ≤ ${DESK_LISTINGS_MAX} (desk cookie): what a property card of each shows`,
    tags: TAGS,
    output: deskListingListSchema,
    handler: async ({ party: agent }) => ({ list: await deskListingsOf(db, agent.id) }),
  });

  // Its own context: the multipart parser and its 5 MB body limit are for this one route; JSON stays at 1 MiB.
  await app.register(async (scoped) => {
    scoped.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scoped.post(
      ApiPath.deskImage,
      {
        // A multipart body (up to 5 MB) is read only for a desk: the desk is checked first. Any other body keeps
        // the 1 MiB JSON limit and is answered by it (413) or by the handler.
        onRequest: async (request, reply) => {
          if (multipartBoundary(request.headers['content-type'])) await agentOf(request, reply);
        },
        config: {
          rateLimit: {
            max: DESK_IMAGE_LIMIT,
            timeWindow: '1 hour',
            keyGenerator: (request: FastifyRequest) => deskRateKey(request, 'desk-image'),
          },
        },
        schema: {
          summary: `One image the agent sends (desk cookie; multipart, field file): jpg, jpeg or png by name and by its bytes, ≤ ${UPLOAD_MAX_MB} MB, ≤ 25 megapixels by its header (400 before decoding; 2 at once per agent, else 429), re-encoded without metadata and stored under ub/desk/; answers its key (for a 121 message) and url`,
          tags: TAGS,
          response: { 200: envelopeSchema(deskImageSchema) },
        },
      },
      async (request, reply) => {
        const agent = await agentOf(request, reply);
        return ok(await storeDeskImage(db, storage, imageWork, names, agent.userId, request));
      },
    );
  });

  // The chat's images as the desk sees them: the desk cookie is scoped to /api/desk, so `/oss/<key>` never knows the
  // agent. Published objects as on /oss/; a private one only if it is the agent's own desk image or was sent in one
  // of the agent's conversations (uploads/publication.ts); else 404 as for a key nobody has. Like /oss/, not JSON,
  // so not in /openapi.json (backend/test/private-objects.test.ts and idor.test.ts call it).
  app.get(`${ApiPath.deskObject}/*`, { schema: { hide: true } }, async (request, reply) => {
    const key = wildcardKey(request);
    const visibility = isSafeKey(key)
      ? await visibilityOf(db, key, async () => {
          try {
            return { agentUserId: (await agentOf(request)).userId };
          } catch (err) {
            // No live desk token: a visitor, who sees what a visitor sees.
            if (err instanceof ApiError && err.statusCode === 401) return null;
            throw err;
          }
        })
      : null;
    return sendObject(reply, storage, key, visibility);
  });

  // The desk's live socket: the cookie decides which agent; the token is checked again while it stays open.
  const socketAgents = new WeakMap<FastifyRequest, DeskAgentRow>();
  app.route({
    method: 'GET',
    url: ApiPath.deskRegister,
    schema: {
      summary:
        "WebSocket (desk cookie): the agent's frames, as /api/register's ({ messageType 1, messageContent } and the ping); no live token 401, an Origin other than the desk's (desk.{root}) 403",
      tags: TAGS,
    },
    preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
      // The desk's socket from the desk's pages only (`desk.{root}`): a city page of the same site is not the desk.
      const origin = request.headers.origin;
      if (origin !== undefined && !isDeskSource(origin, root)) throw new ApiError(403, ResultCode.FORBIDDEN, CROSS_SITE_REFUSED);
      socketAgents.set(request, await agentOf(request, reply));
    },
    handler: upgradeRequired,
    wsHandler: (socket: WebSocket, request: FastifyRequest) => {
      const agent = socketAgents.get(request)!;
      serveSocket(hub, agentParty(agent.userId), socket, config.IM_PING_MS);
      // A revoked or expired token, or an agent who left, ends the desk within two ping intervals.
      logins.add(socket, agent.tokenHash);
    },
  });
}
