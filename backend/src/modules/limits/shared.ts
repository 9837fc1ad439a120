import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Config } from '../../config';

/**
 * Counts shared by every backend process (a limit must hold however many processes serve): with REDIS_URL, @fastify/rate-limit's
 * windows and the password lock live in Redis, so N backends behind one balancer allow what one would.
 *
 * Redis down or slow: each count falls back to this process's memory until Redis answers again (docs/security.md
 * "Rate limits and Redis"). Neither "open" (no limit at all while Redis is down: SMS bombing and password
 * guessing become free exactly when an attacker has knocked Redis over) nor "closed" (nobody can log in while
 * Redis is down) — a limit per process is at most N times the shared one and keeps the site usable.
 */

/** Commands give up after this long; a Redis that does not answer must not hold up a login. */
const REDIS_TIMEOUT_MS = 500;

export interface SharedCounters {
  /** Null without REDIS_URL: every count is in the process. */
  redis: Redis | null;
  /** Every key of this app in Redis starts with it: one app and database per prefix (tests never collide). */
  prefix: string;
  /** Logs (at most once a minute) that Redis failed and this process counts on its own. */
  fellBack(err: unknown): void;
  close(): Promise<void>;
}

/**
 * `youju:<10 hex>:`: the hash names the database (PostgreSQL host and database name, or the PGlite folder), so
 * two apps on one database share counts and apps on different databases (test files, staging) never do.
 */
export function sharedKeyPrefix(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>): string {
  let identity: string;
  if (config.DATABASE_URL) {
    const url = new URL(config.DATABASE_URL);
    identity = `pg:${url.hostname}:${url.port || '5432'}${url.pathname}`;
  } else {
    identity = `pglite:${path.resolve(config.DATA_DIR)}`;
  }
  return `youju:${createHash('sha256').update(identity).digest('hex').slice(0, 10)}:`;
}

export function openSharedCounters(
  config: Pick<Config, 'REDIS_URL' | 'DATABASE_URL' | 'DATA_DIR'>,
  log: FastifyBaseLogger,
): SharedCounters {
  const prefix = sharedKeyPrefix(config);
  let warnedAt = 0;
  const fellBack = (err: unknown) => {
    if (Date.now() - warnedAt < 60_000) return;
    warnedAt = Date.now();
    log.warn(
      { err: err instanceof Error ? err.message : String(err) },
      'Redis unavailable: rate limits and the password lock count in this process until it answers',
    );
  };
  if (!config.REDIS_URL) return { redis: null, prefix, fellBack, close: async () => {} };
  const redis = new Redis(config.REDIS_URL, {
    // Nothing waits in a queue while disconnected: a command fails at once and the caller counts locally.
    enableOfflineQueue: false,
    commandTimeout: REDIS_TIMEOUT_MS,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: (times) => Math.min(200 * 2 ** times, 5000),
  });
  redis.on('error', fellBack);
  return {
    redis,
    prefix,
    fellBack,
    async close() {
      redis.disconnect();
    },
  };
}

/** Waits (bounded) until Redis is connected, so that the first requests after a start count in Redis too. */
export async function whenReady(counters: SharedCounters, timeoutMs = 2000): Promise<boolean> {
  const { redis } = counters;
  if (!redis) return false;
  if (redis.status === 'ready') return true;
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    timer.unref();
    redis.once('ready', onReady);
  });
}

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];
interface PluginStore {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: RouteOptions): PluginStore;
}
type LocalStoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => PluginStore;
type RedisStoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key?: string) => PluginStore;

// The plugin's own stores (its Lua script for Redis, its LRU for memory); the package exports no types for them.
const require = createRequire(import.meta.url);
const PluginLocalStore = require('@fastify/rate-limit/store/LocalStore.js') as LocalStoreCtor;
const PluginRedisStore = require('@fastify/rate-limit/store/RedisStore.js') as RedisStoreCtor;

/** A store for the plugin: Redis while it answers, this process's memory for a count Redis failed. */
class FallbackStore implements FastifyRateLimitStore {
  constructor(
    private readonly shared: PluginStore,
    private readonly local: PluginStore,
    private readonly fellBack: (err: unknown) => void,
  ) {}

  incr(key: string, cb: Callback, timeWindow: number, max: number): void {
    this.shared.incr(
      key,
      (err, res) => {
        if (!err) return cb(null, res);
        this.fellBack(err);
        this.local.incr(key, cb, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: RouteOptions): FastifyRateLimitStore {
    return new FallbackStore(this.shared.child(routeOptions), this.local.child(routeOptions), this.fellBack);
  }
}

/**
 * Marks a limit (`app.rateLimit({ ...IN_PROCESS, … })`) that each process counts in its own memory, Redis or not: one
 * that bounds what an address takes of THIS process's thread, where a count per process is the bound meant and a
 * Redis round trip per request would cost more than what it guards (the map's calls: modules/map/map-limits.ts).
 */
export const IN_PROCESS = { inProcess: true } as const;

/** The rate-limit plugin's store option: undefined (its default, memory) without Redis. */
export function rateLimitStore(counters: SharedCounters): FastifyRateLimitStoreCtor | undefined {
  const { redis: client, prefix, fellBack } = counters;
  if (!client) return undefined;
  const redis = client;
  return class implements FastifyRateLimitStore {
    private readonly store: FallbackStore;
    private readonly local: PluginStore;
    constructor(options: FastifyRateLimitOptions) {
      // The plugin passes its global parameters; these two are not in the options' type.
      const { continueExceeding = false, exponentialBackoff = false } = options as {
        continueExceeding?: boolean;
        exponentialBackoff?: boolean;
      };
      this.local = new PluginLocalStore(continueExceeding, exponentialBackoff, 5000);
      this.store = new FallbackStore(
        new PluginRedisStore(continueExceeding, exponentialBackoff, redis, `${prefix}rl:`),
        this.local,
        fellBack,
      );
    }
    incr(key: string, cb: Callback, timeWindow: number, max: number): void {
      this.store.incr(key, cb, timeWindow, max);
    }
    child(routeOptions: RouteOptions): FastifyRateLimitStore {
      // The plugin passes a limit's own options to its store's child: an IN_PROCESS limit counts here only.
      if ((routeOptions as { inProcess?: boolean }).inProcess) return this.local.child(routeOptions);
      return this.store.child(routeOptions);
    }
  };
}
