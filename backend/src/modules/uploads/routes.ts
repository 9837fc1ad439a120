import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok, ResultCode } from '@contracts/envelope';
import { envelopeSchema } from '@contracts/envelope-schema';
import { ApiPath, OSS_POST_PATH } from '@contracts/paths';
import {
  avatarRequestSchema,
  avatarSchema,
  callbackRequestSchema,
  tickerRequestSchema,
  tickerSchema,
  UPLOAD_BODY_LIMIT,
  UPLOAD_CALLBACK_LIMIT,
  UPLOAD_DAILY_BYTES,
  UPLOAD_DIRS,
  UPLOAD_EXTENSIONS,
  UPLOAD_POST_LIMIT,
  UPLOAD_QUOTA_MESSAGE,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_MB,
  UPLOAD_TICKET_LIMIT,
  UPLOAD_TICKET_TTL_S,
  uploadedListSchema,
  uploadsCleanupResultSchema,
  userUploadPrefix,
  type UploadedPhoto,
} from '@contracts/upload';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { uploads, users } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../http/errors';
import { opsGuard } from '../../http/ops-guard';
import { rateLimitKey } from '../../http/sessions';
import { sessionRoute } from '../../http/session-route';
import type { Storage } from '../../storage';
import { contentTypeOf } from '../../storage/local-storage';
import { multipartBoundary, openPostSigner, parseMultipart, type PostPolicy, type PostSigner } from '../../storage/post-object';
import { isSafeKey } from '../../storage/storage';
import { cleanupOrphanUploads, startUploadCleanup, UPLOAD_CLEANUP_INTERVAL_MS } from './cleanup';
import { runInline, type RunAlone } from '../../db/singleton';
import { cleanImage, UnreadableImage, type CleanImage, type ImageWork } from './image-work';
import { ownerNames } from './owner-names';
import { refreshUserPublication } from './publication';

const TAGS = ['upload'];

const forbidden = (msg: string) => new ApiError(403, ResultCode.FORBIDDEN, msg);
const KEY_NAME = /^[A-Za-z0-9_-]{1,64}\.(jpg|jpeg|png)$/;

/** `ub/process/<folder>/abc.jpg` → true for the user of that folder only: one of the dirs, a name we hand out. */
export function isOwnKey(key: string, folder: string): boolean {
  return UPLOAD_DIRS.some((dir) => {
    const prefix = userUploadPrefix(dir, folder);
    return key.startsWith(prefix) && KEY_NAME.test(key.slice(prefix.length));
  });
}

/** jpg or png from the bytes themselves (magic numbers), whatever the name says; null for anything else. */
export function sniffImage(bytes: Buffer): 'jpg' | 'png' | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  return null;
}

function ticket(signer: PostSigner, folder: string, input: { userDir: string; applyId: string; uploadSize: number }) {
  const prefix = userUploadPrefix(input.userDir, folder);
  const expire = Math.floor(Date.now() / 1000) + UPLOAD_TICKET_TTL_S;
  const policy: PostPolicy = {
    expiration: new Date(expire * 1000).toISOString(),
    conditions: [
      ['content-length-range', 1, UPLOAD_MAX_BYTES],
      ['starts-with', '$key', prefix],
    ],
  };
  const signed = signer.sign(policy);
  return {
    keys: Array.from({ length: input.uploadSize }, () => `${prefix}${randomBytes(12).toString('hex')}`),
    userData: Buffer.from(JSON.stringify({ applyId: input.applyId, userDir: input.userDir })).toString('base64url'),
    policy: signed.policy,
    accessId: signer.accessId,
    signature: signed.signature,
    host: signer.host,
    expire,
  };
}

/** A name under the user's prefix as the ticket makes it (24 hex digits), with the extension the browser adds. */
const TICKET_NAME = /^[0-9a-f]{24}\.(jpg|jpeg|png)$/;

/** What OSS checks of a PostObject form, done by the local host: signature, expiry, the policy's conditions. */
async function localPostObject(signer: PostSigner, storage: Storage, request: FastifyRequest): Promise<void> {
  const boundary = multipartBoundary(request.headers['content-type']);
  const body = request.body;
  if (!boundary || !Buffer.isBuffer(body)) throw badRequest('PostObject: multipart/form-data expected');
  const parts = parseMultipart(body, boundary);
  if (!parts) throw badRequest('PostObject: malformed multipart body');
  const field = (name: string) => {
    const part = parts.find((p) => p.name.toLowerCase() === name.toLowerCase() && p.filename === null);
    return part ? part.data.toString('utf8') : undefined;
  };
  const file = parts.find((p) => p.name === 'file');
  // OSS: the file is the last field of the form; what follows it is ignored, so we refuse it instead.
  if (!file || parts.at(-1) !== file) throw badRequest('PostObject: the file must be the last field');
  const key = field('key');
  const policy = field('policy');
  const accessId = field('OSSAccessKeyId');
  const signature = field('Signature');
  if (!key || !policy || !accessId || !signature)
    throw badRequest('PostObject: key, policy, OSSAccessKeyId and Signature are required');
  if (accessId !== signer.accessId || !signer.verify(policy, signature)) throw forbidden('PostObject: signature does not match');
  let parsed: PostPolicy;
  try {
    parsed = JSON.parse(Buffer.from(policy, 'base64').toString('utf8')) as PostPolicy;
  } catch {
    throw forbidden('PostObject: policy is not JSON');
  }
  const expires = Date.parse(String(parsed?.expiration));
  if (!Number.isFinite(expires) || expires <= Date.now()) throw forbidden('PostObject: policy expired');
  if (!Array.isArray(parsed.conditions)) throw forbidden('PostObject: policy has no conditions');
  let prefix: string | null = null;
  for (const condition of parsed.conditions) {
    if (!Array.isArray(condition)) throw forbidden('PostObject: unsupported policy condition');
    const [op, a, b] = condition as unknown[];
    if (op === 'content-length-range') {
      // An empty file is not "too large": the web shows the same words for it (hardening.emptyFile).
      if (file.data.length < Number(a)) throw badRequest(file.data.length === 0 ? '上传失败，文件为空' : '上传失败，文件过小');
      if (file.data.length > Number(b)) throw new ApiError(400, ResultCode.BAD_REQUEST, `图片大小不能超过${UPLOAD_MAX_MB}MB！`);
    } else if (op === 'starts-with' && a === '$key') {
      if (typeof b !== 'string' || !key.startsWith(b)) throw forbidden('PostObject: key is outside the policy prefix');
      prefix = b;
    } else if (op === 'eq' && a === '$key') {
      if (key !== b) throw forbidden('PostObject: key does not match the policy');
    } else {
      throw forbidden('PostObject: unsupported policy condition');
    }
  }
  // Beyond OSS: the local host serves objects same-origin, so it keeps only names a ticket gives (one random name
  // right under the prefix, no sub-folders, no thumbnail's `_thumb` name) with an image type's extension …
  const name = prefix === null ? '' : key.slice(prefix.length);
  if (!isSafeKey(key) || !TICKET_NAME.test(name))
    throw forbidden('PostObject: key must be a ticket key ending in .jpg, .jpeg or .png');
  // … and never writes over an object: bytes the callback has checked stay the bytes served (and their thumbnail).
  if (await storage.get(key)) throw forbidden('PostObject: the object exists already');
  // Nor beside one of the same name with another extension: it would share its thumbnail (acceptUpload).
  const stem = key.replace(/\.[a-z]+$/, '');
  for (const ext of UPLOAD_EXTENSIONS)
    if (`${stem}.${ext}` !== key && (await storage.get(`${stem}.${ext}`)))
      throw forbidden('PostObject: the object exists already');
  await storage.put(key, file.data, contentTypeOf(key));
}

/** One posted object: checked, thumbnailed, recorded; a refused object is deleted. */
async function acceptUpload(
  db: Db,
  storage: Storage,
  work: ImageWork,
  userId: number,
  item: { key: string; md5: string },
  index: number,
): Promise<UploadedPhoto> {
  const [known] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.key, item.key), eq(uploads.userId, userId)));
  if (known) return uploaded(storage, known.key, known.thumbKey || known.key, known.size, index);
  const object = await storage.get(item.key);
  if (!object) throw notFound(`文件 ${item.key} `);
  const refuse = async (msg: string) => {
    await storage.delete(item.key);
    return badRequest(msg);
  };
  // One name, one upload: `X.png` after `X.jpg` would make the same thumbnail `X_thumb.jpg` and so change a card
  // already published with `X.jpg` (a new picture nobody reviewed).
  const stem = item.key.replace(/\.[a-z]+$/, '');
  const siblings = UPLOAD_EXTENSIONS.map((ext) => `${stem}.${ext}`).filter((k) => k !== item.key);
  const [sibling] = await db.select({ key: uploads.key }).from(uploads).where(inArray(uploads.key, siblings));
  if (sibling) throw await refuse(`文件 ${item.key} 与已上传的文件同名`);
  // The quota counts what was kept in the last 24 hours: a ticket allows many posts, the callback keeps them.
  const [used] = await db
    .select({ bytes: sql<number>`coalesce(sum(${uploads.size}), 0)` })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), gt(uploads.createdAt, sql`now() - interval '24 hours'`)));
  if (Number(used?.bytes ?? 0) + object.bytes.length > UPLOAD_DAILY_BYTES) {
    await storage.delete(item.key);
    throw new ApiError(429, ResultCode.TOO_MANY_REQUESTS, UPLOAD_QUOTA_MESSAGE);
  }
  if (object.bytes.length > UPLOAD_MAX_BYTES) throw await refuse(`图片大小不能超过${UPLOAD_MAX_MB}MB！`);
  const kind = sniffImage(object.bytes);
  if (!kind) throw await refuse('文件不是jpg或png图片');
  if (createHash('md5').update(object.bytes).digest('hex') !== item.md5.toLowerCase())
    throw badRequest(`文件 ${item.key} 的md5不符`);
  let cleaned: CleanImage;
  try {
    cleaned = await cleanImage(work, userImageOwner(userId), object.bytes, kind);
  } catch (err) {
    // Too many pixels or not an image: dropped. Busy (429): kept, so that the same callback can be sent again.
    if (err instanceof UnreadableImage) throw await refuse('图片无法识别');
    if (err instanceof ApiError && err.statusCode === 400) throw await refuse(err.message);
    throw err;
  }
  const { stored, thumb } = cleaned;
  const thumbKey = `${item.key.replace(/\.[a-z]+$/, '')}_thumb.jpg`;
  await storage.put(thumbKey, thumb, 'image/jpeg');
  await storage.put(item.key, stored.data, contentTypeOf(item.key));
  await db
    .insert(uploads)
    .values({
      userId,
      key: item.key,
      suffix: kind,
      size: stored.data.length,
      md5: item.md5.toLowerCase(),
      width: stored.info.width,
      height: stored.info.height,
      thumbKey,
    })
    .onConflictDoNothing();
  return uploaded(storage, item.key, thumbKey, stored.data.length, index);
}

/** spec §3 Upload result (url, name, size, type, index) besides the key and thumbnail. */
function uploaded(storage: Storage, key: string, thumbKey: string, size: number, index: number): UploadedPhoto {
  return {
    key,
    url: storage.publicUrl(key),
    thumbUrl: storage.publicUrl(thumbKey),
    name: key.slice(key.lastIndexOf('/') + 1),
    size,
    type: contentTypeOf(key),
    index,
  };
}

/** Whose turn an image check counts against (image-work.ts): a portal user's. */
export const userImageOwner = (userId: number) => `user:${userId}`;

export async function registerUploads(
  app: FastifyInstance,
  db: Db,
  config: Config,
  storage: Storage,
  work: ImageWork,
  runAlone: RunAlone = runInline,
): Promise<void> {
  const signer = openPostSigner(config);
  // Folders are keyed hashes of the user id: a key says nothing of whose it is (owner-names.ts).
  const names = ownerNames(config.KEY_SECRET);
  // Objects no callback named are deleted in the background (cleanup.ts) and on an operator's demand.
  const stopCleanup = startUploadCleanup(db, storage, app.log, UPLOAD_CLEANUP_INTERVAL_MS, runAlone);
  app.addHook('onClose', async () => stopCleanup());

  app.post(
    ApiPath.opsUploadsCleanup,
    {
      onRequest: opsGuard(config),
      schema: {
        summary:
          'Operator: delete objects under ub/ older than the ticket lifetime + 50 min that no upload row names (Authorization: Bearer <OPS_TOKEN>)',
        tags: ['ops'],
        body: z.object({}),
        response: { 200: envelopeSchema(uploadsCleanupResultSchema) },
      },
    },
    async () => ok(await cleanupOrphanUploads(db, storage)),
  );

  // GET and POST of the ticker count together (sessionRoute shares the limit of a read between its methods).
  sessionRoute(app, db, {
    method: 'GET and POST',
    path: ApiPath.ossTicker,
    summary: `A PostObject ticket (session): 1–9 keys under the user's prefix, a policy (${UPLOAD_TICKET_TTL_S / 60} min, 1 byte–${UPLOAD_MAX_MB} MB, starts-with the prefix) and its OSS V1 signature`,
    tags: TAGS,
    input: tickerRequestSchema,
    output: tickerSchema,
    limit: { scope: 'upload-ticket', max: UPLOAD_TICKET_LIMIT, timeWindow: '1 hour' },
    handler: async ({ user, input }) => ticket(signer, names.folder(user.id), input),
  });

  sessionRoute(app, db, {
    method: 'POST',
    path: ApiPath.ossCallback,
    summary:
      "What the browser posted (session): each key under this user's prefix (else 403, nothing recorded), jpg or png by its bytes, ≤ 5 MB, md5 matching, ≤ 25 megapixels by its header (400 before decoding); 2 images of a user checked at once and a few per process (else 429 上传失败，请稍后再试, the object kept); answers the URLs and the card thumbnails",
    tags: TAGS,
    input: callbackRequestSchema,
    output: uploadedListSchema,
    limit: { scope: 'upload-callback', max: UPLOAD_CALLBACK_LIMIT, timeWindow: '1 hour' },
    handler: async ({ user, input }) => {
      if (!input.uploads.every((u) => isOwnKey(u.key, names.folder(user.id)))) throw forbidden('无权使用该文件');
      const done: UploadedPhoto[] = [];
      for (const [index, item] of input.uploads.entries()) done.push(await acceptUpload(db, storage, work, user.id, item, index));
      return done;
    },
  });

  sessionRoute(app, db, {
    method: 'POST',
    path: ApiPath.userAvatar,
    summary: "Set the user's avatar (session) to one of their own uploads; another user's key or none is the same 404",
    tags: TAGS,
    input: avatarRequestSchema,
    output: avatarSchema,
    handler: async ({ user, input: { key } }) => {
      const [row] = await db
        .select({ key: uploads.key })
        .from(uploads)
        .where(and(eq(uploads.key, key), eq(uploads.userId, user.id)));
      if (!row) throw notFound(`文件 ${key} `);
      const avatarUrl = storage.publicUrl(row.key);
      // The avatar is public from now on, the one it replaces no longer (unless something else names it).
      await db.transaction(async (tx) => {
        await tx.update(users).set({ avatarUrl }).where(eq(users.id, user.id));
        await refreshUserPublication(tx, user.id, [row.key]);
      });
      return { avatarUrl };
    },
  });

  if (signer.mode === 'local') {
    // Its own context: the multipart parser and its 5 MB body limit are for this one route; JSON stays at 1 MiB.
    await app.register(async (scoped) => {
      scoped.addContentTypeParser(
        'multipart/form-data',
        { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT },
        (_request, body, done) => done(null, body),
      );
      scoped.post(
        OSS_POST_PATH,
        {
          // The browser posts same-origin with its session cookie: counted per user (else per address). Bytes kept
          // are bounded by the callback's daily quota; what is posted and never named is deleted within the hour.
          config: {
            rateLimit: {
              max: UPLOAD_POST_LIMIT,
              timeWindow: '1 hour',
              keyGenerator: (request: FastifyRequest) => rateLimitKey(db, request, 'oss-post'),
            },
          },
          schema: {
            summary:
              'The local OSS host (no Aliyun settings): PostObject multipart form (key, policy, OSSAccessKeyId, Signature, success_action_status, file last), checked as OSS checks it',
            tags: TAGS,
          },
        },
        async (request) => {
          await localPostObject(signer, storage, request);
          return ok(null);
        },
      );
    });
  }
}
