import { ApiPath, CACHEABLE_PATHS } from '@contracts/paths';

/**
 * Which calls may be cached and under what key. Pure, so the API core can apply the rules without
 * importing the cache itself (which lives on the server only: lib/api/cache.ts).
 * Only CACHEABLE_PATHS: none depends on who is logged in, so no user's data can leak into the cache.
 */
export function isCacheable(path: string): boolean {
  return CACHEABLE_PATHS.includes(path);
}

/** Path + params; location answers depend on the client IP, so it is part of that key. */
export function cacheKey(path: string, params: unknown, clientIp?: string): string {
  const ip = path === ApiPath.location ? `@${clientIp ?? ''}` : '';
  return `${path}${ip}?${JSON.stringify(params ?? null)}`;
}

/** What the API core needs of a cache. */
export interface AnswerCache {
  get(key: string): object | undefined;
  set(key: string, value: object): unknown;
}
