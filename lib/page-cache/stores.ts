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
 * How long an entry is kept at most. Past its 50 s it is still served while a new render runs
 * (stale-while-revalidate), also when the backend is down.
 */
export const ENTRY_TTL_SECONDS = 24 * 60 * 60;

/** Cached pages in this process, bounded by their size. */
export class MemoryStore implements PageStore {
  private readonly entries: LRUCache<string, { entry: CachedEntry }>;

  constructor(maxBytes: number) {
    this.entries = new LRUCache({ maxSize: maxBytes, sizeCalculation: (e) => Math.max(1, sizeOf(e.entry.value)), ttl: ENTRY_TTL_SECONDS * 1000 });
  }

  async get(key: string): Promise<CachedEntry | undefined> {
    return this.entries.get(key)?.entry;
  }

  async set(key: string, entry: CachedEntry, ttlSeconds = ENTRY_TTL_SECONDS): Promise<void> {
    this.entries.set(key, { entry }, { ttl: ttlSeconds * 1000 });
  }
}

/**
 * Cached pages in Redis. A Redis that is down or slow costs a render, never an error page: commands give up
 * after REDIS_TIMEOUT_MS and count as a miss, nothing is queued while disconnected, and the client reconnects
 * in the background.
 */
export class RedisStore implements PageStore {
  private readonly client: Redis;
  private warned = false;

  constructor(url: string, private readonly prefix: string) {
    this.client = new Redis(url, {
      enableOfflineQueue: false,
      commandTimeout: REDIS_TIMEOUT_MS,
      connectTimeout: 2000,
      maxRetriesPerRequest: 0,
      retryStrategy: (times) => Math.min(200 * 2 ** times, 5000),
    });
    this.client.on('error', (err: Error) => this.warn(err));
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
      await this.client.set(this.prefix + key, serialize(entry), 'EX', ttlSeconds);
    } catch (err) {
      this.warn(err as Error);
    }
  }

  close(): void {
    this.client.disconnect();
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
