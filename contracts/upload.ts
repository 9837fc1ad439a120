import { z } from 'zod';
import {
  UPLOAD_BODY_LIMIT,
  UPLOAD_CHECKS_PER_USER,
  UPLOAD_EXTENSIONS,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_FILES,
  UPLOAD_MAX_MB,
} from './constants';
import { text } from './fields';

export { UPLOAD_BODY_LIMIT, UPLOAD_CHECKS_PER_USER, UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES, UPLOAD_MAX_MB };

/**
 * Uploads (spec §7 ticker → PostObject → callback, §5 limits). The browser asks a ticket for up to 9
 * keys under the user's own prefix, posts each file as multipart straight to the ticket's `host` (Aliyun OSS,
 * or the backend playing OSS at OSS_POST_PATH), then names what it posted in the callback, which checks the
 * bytes, makes the card thumbnail and records the upload.
 */

/** A ticket's policy expires this long after it was signed. */
export const UPLOAD_TICKET_TTL_S = 600;
/** Tickets per user (or address) and hour. */
export const UPLOAD_TICKET_LIMIT = 120;
/** Callbacks per user and hour (each names at most 9 files), and files posted to the local OSS host. */
export const UPLOAD_CALLBACK_LIMIT = 120;
export const UPLOAD_POST_LIMIT = 300;
/** What one user may keep uploading in 24 hours (bytes as stored); past it the callback answers 429. */
export const UPLOAD_DAILY_BYTES = 200 * 1024 * 1024;
export const UPLOAD_QUOTA_MESSAGE = '今日上传图片已达上限，请明天再试';
/**
 * Pixels of one image, read from its header before anything is decoded (backend modules/uploads/image-work.ts).
 * A phone's main camera makes 12–24 MP (a 50 MP sensor saves 12.5 MP by default); decoding costs memory and time
 * by pixels, not by bytes: a 235 kB progressive JPEG of 6320×6320 took 4.6 s and hundreds of MB to decode.
 */
export const UPLOAD_MAX_PIXELS = 25_000_000;
export const UPLOAD_PIXELS_MESSAGE = `图片尺寸过大，不能超过${UPLOAD_MAX_PIXELS / 10_000}万像素`;
/** Past UPLOAD_CHECKS_PER_USER, or the process's own bound: copy.md's 上传失败 with what to do. */
export const UPLOAD_BUSY_MESSAGE = '上传失败，请稍后再试';
/** spec §7: the default upload dir; the others are the places an upload may be for. */
export const UPLOAD_DIRS = ['ub/process', 'ub/avatar', 'ub/entrust', 'ub/review'] as const;
export const DEFAULT_UPLOAD_DIR = UPLOAD_DIRS[0];

/**
 * The prefix every key of a user starts with in one dir: `ub/process/<folder>/`. The folder is a keyed hash of the
 * user id made by the backend (backend/src/modules/uploads/owner-names.ts), never the id itself.
 */
export const userUploadPrefix = (dir: string, folder: string) => `${dir}/${folder}/`;

export const tickerRequestSchema = z.object({
  userDir: z.enum(UPLOAD_DIRS).default(DEFAULT_UPLOAD_DIR),
  /** The caller's own reference for the batch (a form, a chat); echoed in userData. */
  applyId: text(64).default(''),
  uploadSize: z.coerce.number().int().min(1).max(UPLOAD_MAX_FILES).default(1),
});

export const tickerSchema = z.object({
  /** Keys without an extension: the browser appends `.jpg`, `.jpeg` or `.png` (the policy's key prefix allows it). */
  keys: z.array(z.string()),
  /** Opaque; sent back in the callback. */
  userData: z.string(),
  /** base64 of the policy JSON (expiration, content-length-range, starts-with $key). */
  policy: z.string(),
  accessId: z.string(),
  /** OSS V1: base64 HMAC-SHA1 of `policy` with the access secret. */
  signature: z.string(),
  /** Where the browser posts the form: the bucket, or OSS_POST_PATH on this origin. */
  host: z.string(),
  /** Unix seconds. */
  expire: z.number().int(),
});
export type UploadTicket = z.infer<typeof tickerSchema>;

export const callbackRequestSchema = z.object({
  uploads: z
    .array(
      z.object({
        key: text(512, { min: 1 }),
        md5: z.string().regex(/^[0-9a-fA-F]{32}$/, 'md5 must be 32 hex digits'),
        suffix: text(10),
      }),
    )
    .min(1)
    .max(UPLOAD_MAX_FILES),
  userData: text(1024).default(''),
  viewId: text(64).default(''),
});
export type UploadCallbackInput = z.input<typeof callbackRequestSchema>;

/**
 * One accepted upload. spec §3 "Upload result": url, name, size, type, index; besides, the key the browser names it
 * by afterwards (an avatar, an entrust's photos) and the card thumbnail.
 */
export const uploadedSchema = z.object({
  key: z.string(),
  url: z.string(),
  thumbUrl: z.string(),
  /** The object's file name, the key's last segment (`<uuid>.jpg`). */
  name: z.string(),
  /** Bytes as stored (after the metadata was stripped), not as posted. */
  size: z.number().int(),
  /** MIME type of the stored image: image/jpeg or image/png. */
  type: z.string(),
  /** Its place in the callback's `uploads` list, from 0. */
  index: z.number().int(),
});
export type UploadedPhoto = z.infer<typeof uploadedSchema>;
/** A photo as forms keep it: a fresh upload or one stored before (an entrust's photos carry no more than these). */
export type PhotoRef = Pick<UploadedPhoto, 'key' | 'url' | 'thumbUrl'>;
export const uploadedListSchema = z.array(uploadedSchema);

export const avatarRequestSchema = z.object({ key: text(512, { min: 1 }) });
export const avatarSchema = z.object({ avatarUrl: z.string() });

/** What the orphan clean-up did (backend/src/modules/uploads/cleanup.ts, `npm run ops -- uploads cleanup`). */
export const uploadsCleanupResultSchema = z.object({
  /** Objects under `ub/` looked at. */
  scanned: z.number().int(),
  /** Objects deleted: older than the ticket's lifetime plus a margin, named by no `uploads` row. */
  deleted: z.number().int(),
  /** The first deleted keys, for the operator's log. */
  sample: z.array(z.string()),
});
export type UploadsCleanupResult = z.infer<typeof uploadsCleanupResultSchema>;
