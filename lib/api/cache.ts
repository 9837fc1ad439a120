import { LRUCache } from 'lru-cache';
import { ApiPath } from '@contracts/paths';
import { lastChangeHeard } from '@/lib/change-heard';
import type { AnswerCache } from './cache-rules';

export { cacheKey, isCacheable } from './cache-rules';

/**
 * spec §7/§9: answers of the cacheable calls are kept 30 minutes, at most 500 entries, per web process.
 * Server side only (server components and the proxy pass it in their CallContext): the browser makes no
 * cacheable call, so lru-cache stays out of its bundle.
 */
export const CACHE_TTL_MS = 30 * 60 * 1000;
export const CACHE_MAX = 500;

/**
 * The home's data (`/v1/index`, its newest listings among them) is kept no longer than until the backend
 * reports a change (the page cache's feed, lib/front/page-cache/change-feed.ts): the home page is rendered anew on a
 * change and must not be drawn again from the answer of before.
 */
class AnswerLru implements AnswerCache {
  private readonly entries = new LRUCache<string, { value: object; at: number }>({ max: CACHE_MAX, ttl: CACHE_TTL_MS });

  get(key: string): object | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (key.startsWith(`${ApiPath.index}?`) && lastChangeHeard() >= entry.at) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: object): void {
    this.entries.set(key, { value, at: Date.now() });
  }

  clear(): void {
    this.entries.clear();
  }
}

export const apiCache = new AnswerLru();
