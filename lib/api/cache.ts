import { LRUCache } from 'lru-cache';

export { cacheKey, isCacheable } from './cache-rules';

/**
 * spec §7/§9: answers of the cacheable calls are kept 30 minutes, at most 500 entries, per web process.
 * Server side only (server components and the proxy pass it in their CallContext): the browser makes no
 * cacheable call, so lru-cache stays out of its bundle.
 */
export const CACHE_TTL_MS = 30 * 60 * 1000;
export const CACHE_MAX = 500;

export const apiCache = new LRUCache<string, object>({ max: CACHE_MAX, ttl: CACHE_TTL_MS });
