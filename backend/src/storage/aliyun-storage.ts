import OSS from 'ali-oss';
import type { Config } from '../config';
import type { Storage } from './storage';

/**
 * Aliyun OSS (ARCHITECTURE "At scale"), used when all four OSS_* settings are present. Objects are public-read
 * and served by the bucket (or a CDN in front of it); this machine cannot reach Aliyun, so it is not tested here.
 */
export function aliyunStorage(
  config: Required<Pick<Config, 'OSS_REGION' | 'OSS_BUCKET' | 'OSS_ACCESS_KEY_ID' | 'OSS_ACCESS_KEY_SECRET'>>,
): Storage {
  const client = new OSS({
    region: config.OSS_REGION,
    bucket: config.OSS_BUCKET,
    accessKeyId: config.OSS_ACCESS_KEY_ID,
    accessKeySecret: config.OSS_ACCESS_KEY_SECRET,
    secure: true,
    timeout: 5000,
  });
  return {
    async put(key, bytes, contentType) {
      await client.put(key, bytes, {
        headers: { 'Content-Type': contentType, 'Cache-Control': 'public, max-age=31536000, immutable' },
      });
    },
    async get(key) {
      try {
        const result = await client.get(key);
        const headers = result.res.headers as Record<string, string>;
        return { bytes: result.content as Buffer, contentType: headers['content-type'] ?? 'application/octet-stream' };
      } catch (err) {
        if ((err as { code?: string }).code === 'NoSuchKey') return null;
        throw err;
      }
    },
    async delete(key) {
      // OSS answers 204 for a missing key as for a present one.
      await client.delete(key);
    },
    publicUrl: (key) => `https://${config.OSS_BUCKET}.${config.OSS_REGION}.aliyuncs.com/${key}`,
    async *list(prefix) {
      // ListObjectsV2, a thousand at a time.
      let token: string | undefined;
      do {
        const page = await client.listV2({ prefix, 'max-keys': 1000, ...(token ? { 'continuation-token': token } : {}) });
        for (const object of page.objects ?? []) yield { key: object.name, modifiedAt: new Date(object.lastModified) };
        token = page.isTruncated ? page.nextContinuationToken : undefined;
      } while (token);
    },
  };
}
