import { loadSettings } from '../../settings';
import { followChanges } from './change-feed';
import { ENTRY_TTL_SECONDS, MemoryStore, RedisStore, type PageStore } from './stores';
import { TagClock } from './tag-clock';

/** Share of PAGE_CACHE_MB for pages kept in this process beside a Redis (free text and the like, ./handler.ts). */
const LOCAL_SHARE = 4;

export interface PageCacheState {
  /** Next's rendered pages (./handler.ts): in this process, or in Redis for every web process. */
  store: PageStore;
  /**
   * Pages only this process keeps: with Redis, free text, redirects and the pages of one shared item or one code
   * (./handler.ts), in a quarter of PAGE_CACHE_MB;
   * without, the same store as `store`.
   */
  local: PageStore;
  /** When what each tag names last changed, from the backend's change feed. */
  clock: TagClock;
}

const KEY = Symbol.for('youju.pageCache');
type Holder = typeof globalThis & { [KEY]?: PageCacheState };

/**
 * One store, one clock and one feed reader per web process. Next loads the cache handler by itself (maybe more
 * than once, maybe as another module instance than web-server.ts's), so the state hangs on the global object.
 */
export function pageCacheState(): PageCacheState {
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    const settings = loadSettings(process.env);
    const store = settings.redisUrl
      ? new RedisStore(settings.redisUrl, 'youju:page:', settings.pageCacheRedisBytes)
      : new MemoryStore(settings.pageCacheBytes);
    const local = settings.redisUrl ? new MemoryStore(Math.floor(settings.pageCacheBytes / LOCAL_SHARE)) : store;
    const clock = new TagClock();
    followChanges(settings.backendUrl, clock);
    // Changes older than any kept entry can be are no longer needed to judge one.
    setInterval(() => clock.forgetBefore(Date.now() - ENTRY_TTL_SECONDS * 1000), 60 * 60 * 1000).unref();
    holder[KEY] = { store, local, clock };
  }
  return holder[KEY];
}
