import { deserialize, serialize } from 'node:v8';
import { LRUCache } from 'lru-cache';
import { Redis } from 'ioredis';

/**
 * Where cached pages live: in the web process (default) or in Redis (REDIS_URL), shared by every web process.
 * Entries are Next's own cache values (HTML, the RSC payload as Buffers, segment Maps), kept as they are:
 * v8's serializer round-trips Buffers and Maps, JSON would not.
 */
export interface CachedEntry {
  lastModified: number;
  value: unknown;
  cacheControl?: unknown;
  /** The page's tags (./page-tags.ts), fixed when it was stored. */
  tags: string[];
}

export interface PageStore {
  get(key: string): Promise<CachedEntry | undefined>;
  /** Keeps an entry for `ttlSeconds` at most (ENTRY_TTL_SECONDS unless said). */
  set(key: string, entry: CachedEntry, ttlSeconds?: number): Promise<void>;
}

/**
 * How long the page of an address that does not exist (a 404: an unknown id, a made-up path) is kept: anyone
 * can make up addresses, and they must not fill a shared Redis for a day.
 */
export const NOT_FOUND_TTL_SECONDS = 10 * 60;

/**
 * How long a page whose content depends on free text (a `key…` segment of a list path: a keyword or a place's
 * label), a redirect (any of a list's other spellings), or the page of one shared item or one code
 * (isPerItemLandingPage) is kept, in this process only (./handler.ts): anyone can type keywords, spellings, ids and
 * codes, so they get neither the day nor the shared Redis.
 */
export const FREE_TEXT_TTL_SECONDS = 10 * 60;

/**
 * Whether a page's address (Next's cache key, ending in the rewritten path `/bj/zufang/key望京`, encoded or not) carries free
 * text: a `key…` segment (lib/search-path.ts). No other route of a city has a segment starting with `key`.
 */
export function isFreeTextPage(cacheKey: string): boolean {
  return /\/key[^/]*/i.test(cacheKey);
}

/**
 * Whether a page's address (Next's cache key, which ends in the rewritten path: `/route-cache/APP_PAGE/{hash}/$/bj/share/esf/12`,
 * `…/$/bj/validate/YJ112345692`) is the
 * share landing page of one item or the 房源核验 answer of one code. There is one for every listing, project, community,
 * agent and article, and one for every code (a code is derived from a listing's id, so anyone can write all of them),
 * and the bare root, www and any foreign Host render the share pages as the default city's: a flood of them from many
 * addresses, each within its render budget, would push the pages every visitor reads out of the shared Redis. Nobody
 * is sent to them in bulk (noindex, reached from one shared link or one typed code), so they are kept like free text
 * (./handler.ts), in the process, briefly. `/share` and `/validate` themselves, one page a city, are not among them.
 */
export function isPerItemLandingPage(cacheKey: string): boolean {
  return /\/[a-z]+\/(?:share\/[^/]+\/[^/]+|validate\/[^/]+)\/?$/.test(cacheKey);
}

/**
 * How long an entry is kept at most. Past its 50 s it is still served while a new render runs
 * (stale-while-revalidate), also when the backend is down.
 */
export const ENTRY_TTL_SECONDS = 24 * 60 * 60;

/** Cached pages in this process, bounded by their size. */
export class MemoryStore implements PageStore {
  private readonly entries: LRUCache<string, { entry: CachedEntry }>;

  constructor(maxBytes: number) {
    this.entries = new LRUCache({
      maxSize: maxBytes,
      sizeCalculation: (e) => Math.max(1, sizeOf(e.entry.value)),
      ttl: ENTRY_TTL_SECONDS * 1000,
    });
  }

  async get(key: string): Promise<CachedEntry | undefined> {
    return this.entries.get(key)?.entry;
  }

  async set(key: string, entry: CachedEntry, ttlSeconds = ENTRY_TTL_SECONDS): Promise<void> {
    this.entries.set(key, { entry }, { ttl: ttlSeconds * 1000 });
  }
}

/** What an entry's place in the index and the sizes costs Redis, beyond twice its key: counted high. */
const PER_ENTRY_BYTES = 192;
/** Kept free of the budget for the index, the sizes and the sum themselves. */
const BOOKKEEPING_BYTES = 16 * 1024;

/**
 * The page cache's own bound in Redis (docs/security.md "Made-up addresses and the page cache"): every `set` runs
 * this script, which keeps, beside the entries, an index of them by expiry (a sorted set), their sizes (a hash) and
 * the sum of those sizes, and drops the entries closest to their end until the new one fits the budget. An entry's
 * size is what Redis itself says it takes (MEMORY USAGE: the allocator's rounding included) plus its bookkeeping;
 * entries that Redis already expired leave the index first. The cache thus never holds more than its budget in
 * Redis, whatever maxmemory and eviction policy the operator set, and never pushes a Redis it shares with the
 * backend's rate limits and password lock towards its memory limit. One script, so web processes sharing the cache
 * keep one sum. Standalone Redis: the script names entry keys it does not declare (no Redis Cluster).
 *
 * KEYS: entry, index, sizes, total. ARGV: value, ttl seconds, now ms, budget bytes.
 * Returns the number of entries dropped to make room, or -1 when the entry alone is larger than the budget.
 */
const SET_WITHIN_BUDGET = `
local key, index, sizes, total = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local ttl, now, budget = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]) - ${BOOKKEEPING_BYTES}
local used = tonumber(redis.call('GET', total) or '0')
local function drop(victim)
  local s = tonumber(redis.call('HGET', sizes, victim) or '0')
  redis.call('HDEL', sizes, victim)
  redis.call('ZREM', index, victim)
  redis.call('DEL', victim)
  used = used - s
end
for _, victim in ipairs(redis.call('ZRANGEBYSCORE', index, '-inf', now, 'LIMIT', 0, 500)) do drop(victim) end
if redis.call('HEXISTS', sizes, key) == 1 then drop(key) end
redis.call('SET', key, ARGV[1], 'EX', ttl)
local size = redis.call('MEMORY', 'USAGE', key, 'SAMPLES', '0') + 2 * #key + ${PER_ENTRY_BYTES}
if size > budget then
  redis.call('DEL', key)
  redis.call('SET', total, math.max(used, 0))
  return -1
end
local dropped = 0
while used + size > budget do
  local victim = redis.call('ZRANGE', index, 0, 0)[1]
  if not victim then used = 0 break end
  drop(victim)
  dropped = dropped + 1
end
redis.call('ZADD', index, now + ttl * 1000, key)
redis.call('HSET', sizes, key, size)
redis.call('SET', total, used + size)
return dropped
`;

/** The share of a Redis's maxmemory the page cache takes at most, when the operator set one. */
export const MAX_SHARE_OF_REDIS = 0.5;

/**
 * Cached pages in Redis, within `budgetBytes` (SET_WITHIN_BUDGET), and within half of the Redis's maxmemory when
 * it has one: the rest is the backend's. A Redis that is down or slow costs a render, never an error page:
 * commands give up after REDIS_TIMEOUT_MS and count as a miss, nothing is queued while disconnected, and the client
 * reconnects in the background.
 */
export class RedisStore implements PageStore {
  private readonly client: Redis;
  private warned = false;
  private budget: number;

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly budgetBytes: number,
  ) {
    this.budget = budgetBytes;
    this.client = new Redis(url, {
      enableOfflineQueue: false,
      commandTimeout: REDIS_TIMEOUT_MS,
      connectTimeout: 2000,
      maxRetriesPerRequest: 0,
      retryStrategy: (times) => Math.min(200 * 2 ** times, 5000),
    });
    this.client.on('error', (err: Error) => this.warn(err));
    this.client.on('ready', () => void this.fitToRedis());
  }

  /** The budget in force: the setting, or half the Redis's maxmemory when that is smaller. */
  get budgetInForce(): number {
    return this.budget;
  }

  async get(key: string): Promise<CachedEntry | undefined> {
    if (this.client.status !== 'ready') return undefined;
    try {
      const raw = await this.client.getBuffer(this.prefix + key);
      return raw ? (deserialize(raw) as CachedEntry) : undefined;
    } catch (err) {
      this.warn(err as Error);
      return undefined;
    }
  }

  async set(key: string, entry: CachedEntry, ttlSeconds = ENTRY_TTL_SECONDS): Promise<void> {
    if (this.client.status !== 'ready') return;
    try {
      const value = serialize(entry);
      const fullKey = this.prefix + key;
      const keys = [fullKey, `${this.prefix}~index`, `${this.prefix}~sizes`, `${this.prefix}~bytes`];
      await this.client.eval(SET_WITHIN_BUDGET, keys.length, ...keys, value, ttlSeconds, Date.now(), this.budget);
    } catch (err) {
      this.warn(err as Error);
    }
  }

  /** Ready to serve (tests wait for it). */
  async ready(): Promise<void> {
    if (this.client.status === 'ready') return;
    await new Promise<void>((resolve) => this.client.once('ready', () => resolve()));
  }

  close(): void {
    this.client.disconnect();
  }

  /** Takes at most MAX_SHARE_OF_REDIS of a Redis that has a maxmemory (INFO, which managed Redis allows). */
  private async fitToRedis(): Promise<void> {
    try {
      const info = await this.client.info('memory');
      const maxmemory = Number(/^maxmemory:(\d+)/m.exec(info)?.[1] ?? 0);
      const share = Math.floor(maxmemory * MAX_SHARE_OF_REDIS);
      this.budget = maxmemory > 0 && share < this.budgetBytes ? share : this.budgetBytes;
      if (this.budget < this.budgetBytes)
        console.warn(`page cache: Redis maxmemory is ${maxmemory} bytes; the page cache keeps to ${this.budget} of them`);
    } catch (err) {
      this.warn(err as Error);
    }
  }

  private warn(err: Error): void {
    if (this.warned) return;
    this.warned = true;
    console.warn(`page cache: Redis unavailable (${err.message}); pages are rendered without it until it answers`);
    setTimeout(() => (this.warned = false), 60_000).unref();
  }
}

const REDIS_TIMEOUT_MS = 500;

/** Bytes an entry holds, roughly: its HTML, payloads and segments. */
function sizeOf(value: unknown): number {
  if (!value || typeof value !== 'object') return 1;
  let bytes = 0;
  for (const part of Object.values(value as Record<string, unknown>)) {
    if (typeof part === 'string') bytes += part.length * 2;
    else if (Buffer.isBuffer(part)) bytes += part.length;
    else if (part instanceof Map) for (const v of part.values()) bytes += Buffer.isBuffer(v) ? v.length : 64;
  }
  return bytes;
}
