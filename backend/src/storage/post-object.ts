import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import OSS from 'ali-oss';
import { OSS_POST_PATH } from '@contracts/paths';
import type { Config } from '../config';

/**
 * OSS PostObject signing (V1): the policy is a JSON document, sent base64-encoded; the signature is the base64
 * HMAC-SHA1 of that base64 text with the access secret. With the Aliyun settings ali-oss signs and the
 * browser posts to the bucket; without them the backend signs with a local secret and plays the OSS host at
 * OSS_POST_PATH (uploads.ts), checking what OSS checks.
 */
export interface PostPolicy {
  expiration: string;
  conditions: unknown[];
}

export interface PostSigner {
  /** `local` when the backend plays OSS. */
  mode: 'aliyun' | 'local';
  accessId: string;
  host: string;
  sign(policy: PostPolicy): { policy: string; signature: string };
  /** Local mode: whether `signature` is this signer's signature of the base64 `policy`. */
  verify(policy: string, signature: string): boolean;
}

export const LOCAL_ACCESS_ID = 'youju-local';

export function v1Signature(secret: string, policyBase64: string): string {
  return createHmac('sha1', secret).update(policyBase64, 'utf8').digest('base64');
}

function verifier(secret: string) {
  return (policy: string, signature: string): boolean => {
    const expected = Buffer.from(v1Signature(secret, policy));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
}

/** The secret the local host signs with: one per DATA_DIR, kept outside the served `oss/` tree. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, 'oss-post.secret');
  try {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  } catch {
    // none yet
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function openPostSigner(config: Config): PostSigner {
  const { OSS_REGION, OSS_BUCKET, OSS_ACCESS_KEY_ID, OSS_ACCESS_KEY_SECRET } = config;
  if (OSS_REGION && OSS_BUCKET && OSS_ACCESS_KEY_ID && OSS_ACCESS_KEY_SECRET) {
    const client = new OSS({
      region: OSS_REGION,
      bucket: OSS_BUCKET,
      accessKeyId: OSS_ACCESS_KEY_ID,
      accessKeySecret: OSS_ACCESS_KEY_SECRET,
      secure: true,
    });
    return {
      mode: 'aliyun',
      accessId: OSS_ACCESS_KEY_ID,
      host: `https://${OSS_BUCKET}.${OSS_REGION}.aliyuncs.com`,
      sign(policy) {
        const signed = client.calculatePostSignature(policy as unknown as object);
        return { policy: signed.policy, signature: signed.Signature };
      },
      verify: verifier(OSS_ACCESS_KEY_SECRET),
    };
  }
  const secret = localSecret(config.DATA_DIR);
  return {
    mode: 'local',
    accessId: LOCAL_ACCESS_ID,
    host: OSS_POST_PATH,
    sign(policy) {
      const encoded = Buffer.from(JSON.stringify(policy), 'utf8').toString('base64');
      return { policy: encoded, signature: v1Signature(secret, encoded) };
    },
    verify: verifier(secret),
  };
}

export interface MultipartPart {
  name: string;
  filename: string | null;
  data: Buffer;
}

/** The boundary of a `multipart/form-data` content type, or null. */
export function multipartBoundary(contentType: string | undefined): string | null {
  const match = /^multipart\/form-data\s*;.*\bboundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2] ?? null) : null;
}

const MAX_PARTS = 16;

/** The parts of a multipart/form-data body (RFC 7578), or null when it is not well formed. */
export function parseMultipart(body: Buffer, boundary: string): MultipartPart[] | null {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: MultipartPart[] = [];
  let at = body.indexOf(delimiter);
  if (at < 0) return null;
  for (;;) {
    at += delimiter.length;
    if (body.subarray(at, at + 2).toString() === '--') return parts;
    if (body.subarray(at, at + 2).toString() !== '\r\n') return null;
    at += 2;
    const headEnd = body.indexOf('\r\n\r\n', at);
    if (headEnd < 0) return null;
    const head = body.subarray(at, headEnd).toString('utf8');
    const next = body.indexOf(Buffer.from(`\r\n--${boundary}`), headEnd + 4);
    if (next < 0) return null;
    const disposition = /^content-disposition:\s*form-data\s*;(.*)$/im.exec(head)?.[1] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined) return null;
    const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1] ?? null;
    parts.push({ name, filename, data: body.subarray(headEnd + 4, next) });
    if (parts.length > MAX_PARTS) return null;
    at = next + 2;
  }
}
