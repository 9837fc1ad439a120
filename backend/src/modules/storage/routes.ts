import type { FastifyInstance } from 'fastify';
import { failure, ResultCode } from '../../../../contracts/envelope';
import { OSS_PUBLIC } from '../../../../contracts/paths';
import { isSafeKey, type Storage } from './storage';

/**
 * `GET /oss/*`: the local object store's public side. Keys never change content (new content gets a new key),
 * so browsers and CDNs may keep them for a year. A user's object is served only once the upload callback has
 * checked and recorded it (`isPublic`): before that its bytes are the browser's as sent (EXIF and all, or not an
 * image at all), and the callback replaces them with the cleaned copy under the same key.
 */
export function registerStorageRoutes(app: FastifyInstance, storage: Storage, isPublic: (key: string) => Promise<boolean>): void {
  app.get(`${OSS_PUBLIC}/*`, { schema: { hide: true } }, async (request, reply) => {
    // The router has decoded the path once (find-my-way: `%25` → `%`); decoding it again would turn a key's own
    // `%25` into `%` and `%2F` into `/`, so the key is the parameter as it is.
    const key = (request.params as { '*': string })['*'];
    const object = isSafeKey(key) && (await isPublic(key)) ? await storage.get(key) : null;
    if (!object) return reply.status(404).send(failure(ResultCode.NOT_FOUND, '文件不存在'));
    return reply
      .header('content-type', object.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      // Uploaded SVGs are served same-origin: no scripts may run in them.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(object.bytes);
  });
}

