import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { failure, ResultCode } from '@contracts/envelope';
import { OSS_PUBLIC } from '@contracts/paths';
import type { Visibility } from '../uploads/publication';
import { isSafeKey, type Storage } from '../../storage/storage';

/**
 * How long a cache may keep an object (docs/security.md "Private objects"):
 * - the seed's pictures never change nor go private: a year, immutable;
 * - a published upload may go private again (下架, 成交, a review deleted, another avatar): an hour, so that browsers
 *   and a CDN stop showing it within the hour after the backend stops serving it;
 * - a private upload (an entrust's photo under review, a chat image): only the reader who was let in, never stored.
 */
export const CACHE_SEED = 'public, max-age=31536000, immutable';
export const CACHE_PUBLISHED = 'public, max-age=3600';
export const CACHE_PRIVATE = 'private, no-store';

/** The key a wildcard route was called with. */
export function wildcardKey(request: FastifyRequest): string {
  // The router has decoded the path once (find-my-way: `%25` → `%`); decoding it again would turn a key's own
  // `%25` into `%` and `%2F` into `/`, so the key is the parameter as it is.
  return (request.params as { '*': string })['*'];
}

/**
 * Answers one object as `visibility` allows: 404 (文件不存在) when it may not be served, exactly as for a key that
 * does not exist, and never cached (it may be published a minute later). The owner's 200 for the same URL is
 * `private, no-store`, so a shared cache never holds either answer of a private object.
 */
export async function sendObject(
  reply: FastifyReply,
  storage: Storage,
  key: string,
  visibility: Visibility,
): Promise<FastifyReply> {
  const object = visibility ? await storage.get(key) : null;
  if (!object) return reply.status(404).header('cache-control', 'no-store').send(failure(ResultCode.NOT_FOUND, '文件不存在'));
  const cache = visibility === 'private' ? CACHE_PRIVATE : key.startsWith('ub/') ? CACHE_PUBLISHED : CACHE_SEED;
  return (
    reply
      .header('content-type', object.contentType)
      .header('cache-control', cache)
      .header('x-content-type-options', 'nosniff')
      // Uploaded SVGs are served same-origin: no scripts may run in them.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(object.bytes)
  );
}

/**
 * `GET /oss/*`: the local object store's public side. A user's object is served only once the upload callback has
 * checked and recorded it: before that its bytes are the browser's as sent (EXIF and all, or not an image at all),
 * and the callback replaces them with the cleaned copy under the same key. Once recorded, `visibility` decides
 * (modules/uploads/publication.ts): published uploads to anyone, private ones to their owner and a chat's other end.
 */
export function registerStorageRoutes(
  app: FastifyInstance,
  storage: Storage,
  visibility: (key: string, request: FastifyRequest) => Promise<Visibility>,
): void {
  app.get(`${OSS_PUBLIC}/*`, { schema: { hide: true } }, async (request, reply) => {
    const key = wildcardKey(request);
    return sendObject(reply, storage, key, isSafeKey(key) ? await visibility(key, request) : null);
  });
}
