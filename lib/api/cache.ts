import { LRUCache } from 'lru-cache';
import { ApiPath, CACHEABLE_PATHS } from '@contracts/paths';

/**
 * spec §7/§9: answers of the cacheable calls are kept 30 minutes, at most 500 entries, per process.
 * Only CACHEABLE_PATHS: none depends on who is logged in, so no user's data can leak into the cache.
 */
export const CACHE_TTL_MS = 30 * 60 * 1000;
export const CACHE_MAX = 500;

export const apiCache = new LRUCache<string, object>({ max: CACHE_MAX, ttl: CACHE_TTL_MS });

export function isCacheable(path: string): boolean {
  return CACHEABLE_PATHS.includes(path);
}

/** Path + params; location answers depend on the client IP, so it is part of that key. */
export function cacheKey(path: string, params: unknown, clientIp?: string): string {
  const ip = path === ApiPath.location ? `@${clientIp ?? ''}` : '';
  return `${path}${ip}?${JSON.stringify(params ?? null)}`;
}
