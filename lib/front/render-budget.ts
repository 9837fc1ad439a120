import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { addressBlock } from '@contracts/address-block';
import { mayRender } from '../public-files';

/**
 * Renders per client address (docs/security.md "Made-up addresses and the page cache"). A page answered from a
 * cache costs next to nothing; a page Next renders (a made-up address always is one: nobody asked for it before)
 * costs tens of milliseconds of the one thread every visitor shares. An address that made Next render more than
 * `perWindow` pages in `windowMs` gets, until its window ends, only what the caches hold: anything else is a short
 * 429 page, written here without entering Next. A person reading pages, even new ones, stays far below it.
 *
 * Counted when the request goes to Next (`take`), not when its answer has left: requests sent all at once must not
 * all pass the check before any of them is counted (an attacker probe had 241 renders from one address that way).
 * When the answer has left, Next's own verdict gives back what was not a render (`giveBack`): an answer from its
 * page cache (`x-nextjs-cache: HIT`) or anything but a page or its RSC payload (lib/front/page-pipeline.ts
 * `wasRender`), judged on Next's answer before any document replaced it.
 * Loopback is this machine's own tools (tests, the bench, a health check) and is not counted: behind a proxy on the
 * same host, TRUSTED_PROXY_HOPS names the visitor (docs/deploy.md "The client address"). An IPv6 visitor is counted
 * by its /64, the block one subscriber is given: counted per address, one line could rotate through 2^64 budgets.
 *
 * Prefetches have a window of their own, PREFETCHES_PER_PAGE times larger: Next's router prefetches every link
 * that scrolls into view, so one page of a list may ask for 30 renders no person chose, and a person must never
 * meet the 429 for reading. A prefetch refused costs the reader nothing (the router asks again on the click). Only
 * the router's own prefetch counts as one (`RSC: 1` with `Next-Router-Prefetch: 1`): its answer is a short RSC
 * payload, never the page's HTML, so sending the header gains a flood no full pages.
 */
export interface RenderBudgetOptions {
  perWindow: number;
  windowMs: number;
}

/** A render a person asked for (a page, a click's RSC payload), or one the router asked for ahead of a click. */
export type RenderKind = 'page' | 'prefetch';

/** How many more prefetch renders than page renders an address may have in a window. */
export const PREFETCHES_PER_PAGE = 4;

/**
 * Next's router marks its prefetches with both headers and gets an RSC payload. A browser's own prefetch
 * (`Sec-Purpose: prefetch`) gets the whole page, as a visit does, and is counted as one.
 */
export function renderKind(headers: IncomingHttpHeaders): RenderKind {
  return headers['next-router-prefetch'] === '1' && headers.rsc === '1' ? 'prefetch' : 'page';
}

/**
 * Whether a request that reached the page pipeline's budget step (the front cache did not answer it) is counted: any
 * but a built or public file, on whatever host it came. Decided by what is asked and never by the host kind: the
 * bare root, www and a Host nobody configured render pages too (the default city's share, article and about pages), and
 * a host kind added later is counted the day it exists. What Next then answers from its own cache is given back.
 */
export const isBudgeted = (url: string | undefined): boolean => mayRender(url);

/** Whose window a render is counted in: the address, or an IPv6 address's /64 (contracts/address-block.ts). */
export const budgetKeyOf = addressBlock;

/** A render counted from its start: given back by `giveBack` if Next's answer says it was none. */
export interface Taken {
  key: string;
  startedAt: number;
}

interface Window {
  startedAt: number;
  renders: number;
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

export const RENDER_BUDGET_DEFAULTS: RenderBudgetOptions = { perWindow: 30, windowMs: 10_000 };

export class RenderBudget implements RenderCounter {
  private readonly windows: LRUCache<string, Window>;

  constructor(private readonly options: RenderBudgetOptions = RENDER_BUDGET_DEFAULTS) {
    // Bounded: an address the cache forgot starts afresh, which only ever lets it render more, never less.
    this.windows = new LRUCache({ max: 100_000, ttl: options.windowMs });
  }

  /** Whether `address` has used up its renders of `kind` in this window. */
  isSpent(address: string | undefined, kind: RenderKind = 'page', now = Date.now()): boolean {
    return this.counts(address) && this.spent(this.windows.get(this.keyOf(address, kind)), kind, now);
  }

  private spent(w: Window | undefined, kind: RenderKind, now: number): boolean {
    return w !== undefined && now - w.startedAt < this.options.windowMs && w.renders >= this.limit(kind);
  }

  /**
   * Takes one render of `kind` for `address` as its request goes to Next: 'spent' when none is left (the caller
   * answers 429), null when the address is not counted, else what `giveBack` needs.
   */
  take(address: string | undefined, kind: RenderKind = 'page', now = Date.now()): Taken | 'spent' | null {
    if (!this.counts(address)) return null;
    const key = this.keyOf(address, kind);
    const w = this.windows.get(key);
    if (this.spent(w, kind, now)) return 'spent';
    if (!w || now - w.startedAt >= this.options.windowMs) {
      this.windows.set(key, { startedAt: now, renders: 1 });
      return { key, startedAt: now };
    }
    w.renders += 1;
    return { key, startedAt: w.startedAt };
  }

  /** Gives a taken render back (Next answered from its cache): only within the window it was taken from. */
  giveBack(taken: Taken): void {
    const w = this.windows.get(taken.key);
    if (w && w.startedAt === taken.startedAt && w.renders > 0) w.renders -= 1;
  }

  private keyOf(address: string, kind: RenderKind): string {
    return `${kind} ${budgetKeyOf(address)}`;
  }

  private limit(kind: RenderKind): number {
    return kind === 'prefetch' ? this.options.perWindow * PREFETCHES_PER_PAGE : this.options.perWindow;
  }

  /** Whether renders of `address` are counted at all (not loopback, the budget on). */
  counts(address: string | undefined): address is string {
    return address !== undefined && address !== '' && this.options.perWindow > 0 && !LOOPBACK.test(address);
  }

  /** Seconds until `address` may have renders of `kind` again. */
  retryAfter(address: string, kind: RenderKind = 'page', now = Date.now()): number {
    const w = this.windows.get(this.keyOf(address, kind));
    return w ? Math.max(1, Math.ceil((w.startedAt + this.options.windowMs - now) / 1000)) : 1;
  }
}

/** What the page pipeline counts renders with: one process's `RenderBudget`, or `SharedRenderBudget` over Redis. */
export interface RenderCounter {
  /** As `RenderBudget.take`; a promise when the count is kept elsewhere. */
  take(address: string | undefined, kind?: RenderKind): Taken | 'spent' | null | Promise<Taken | 'spent' | null>;
  giveBack(taken: Taken): void;
  /** Seconds until `address` may render `kind` again, right after its `take` answered 'spent'. */
  retryAfter(address: string, kind?: RenderKind): number;
}

/** A render counted in Redis: its window is named by when it started there. */
interface SharedTaken extends Taken {
  inRedis: boolean;
}

/**
 * One window per key, in one step: counts the render unless the window is full; answers [renders, window start, ms
 * left]. The start names the window, so a render given back after its window ended gives nothing back to the next.
 */
const TAKE = `
local start = redis.call('HGET', KEYS[1], 's')
if not start then
  redis.call('HSET', KEYS[1], 's', ARGV[1], 'n', 0)
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  start = ARGV[1]
end
local n = tonumber(redis.call('HGET', KEYS[1], 'n'))
if n < tonumber(ARGV[3]) then n = redis.call('HINCRBY', KEYS[1], 'n', 1) else n = -1 end
return {n, start, redis.call('PTTL', KEYS[1])}`;
const GIVE_BACK = `
if redis.call('HGET', KEYS[1], 's') == ARGV[1] and tonumber(redis.call('HGET', KEYS[1], 'n')) > 0 then
  redis.call('HINCRBY', KEYS[1], 'n', -1)
end
return 0`;

/** A count Redis has not answered within this is taken in the process instead: a page never waits on Redis long. */
export const REDIS_BUDGET_TIMEOUT_MS = 500;

/**
 * The render budget of every web process together (REDIS_URL): N processes behind a balancer give an address its
 * `perWindow` renders, not N times them. Redis down, slow or refusing: the process counts alone (`local`) until it
 * answers again, so a Redis failure costs the bound's sharing, never a page.
 */
export class SharedRenderBudget implements RenderCounter {
  private readonly client: Redis;
  /** Seconds left of the windows Redis last called spent, for the 429's Retry-After. */
  private readonly retry = new LRUCache<string, number>({ max: 10_000, ttl: 60_000 });
  private warned = false;

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly options: RenderBudgetOptions,
    readonly local: RenderBudget = new RenderBudget(options),
    timeoutMs = REDIS_BUDGET_TIMEOUT_MS,
  ) {
    this.client = new Redis(url, {
      enableOfflineQueue: false,
      commandTimeout: timeoutMs,
      connectTimeout: 2000,
      maxRetriesPerRequest: 0,
      retryStrategy: (times) => Math.min(200 * 2 ** times, 5000),
    });
    this.client.on('error', (err: Error) => this.warn(err));
    this.client.on('ready', () => (this.warned = false));
  }

  async take(address: string | undefined, kind: RenderKind = 'page'): Promise<Taken | 'spent' | null> {
    // Not counted (loopback, the budget off) in the process is not counted in Redis either.
    if (!this.local.counts(address)) return null;
    if (this.client.status !== 'ready') return this.local.take(address, kind);
    const key = `${this.prefix}${kind} ${budgetKeyOf(address!)}`;
    const limit = kind === 'prefetch' ? this.options.perWindow * PREFETCHES_PER_PAGE : this.options.perWindow;
    try {
      const [n, start, left] = (await this.client.eval(TAKE, 1, key, String(Date.now()), this.options.windowMs, limit)) as [
        number,
        string,
        number,
      ];
      if (n < 0) {
        this.retry.set(key, Math.max(1, Math.ceil(left / 1000)));
        return 'spent';
      }
      const taken: SharedTaken = { key, startedAt: Number(start), inRedis: true };
      return taken;
    } catch (err) {
      this.warn(err as Error);
      return this.local.take(address, kind);
    }
  }

  giveBack(taken: Taken): void {
    if (!(taken as SharedTaken).inRedis) return this.local.giveBack(taken);
    this.client.eval(GIVE_BACK, 1, taken.key, String(taken.startedAt)).catch((err: unknown) => this.warn(err as Error));
  }

  retryAfter(address: string, kind: RenderKind = 'page'): number {
    return this.retry.get(`${this.prefix}${kind} ${budgetKeyOf(address)}`) ?? this.local.retryAfter(address, kind);
  }

  close(): void {
    this.client.disconnect();
  }

  private warn(err: Error): void {
    if (this.warned) return;
    this.warned = true;
    console.warn(`web: the render budget's Redis failed (${err.message}); counting in this process until it answers`);
  }
}

/** The 429 page of an address past its renders: plain, short, never cached. */
export function sendRenderBudgetSpent(req: IncomingMessage, res: ServerResponse, retryAfterSeconds: number): void {
  // The backend's words for its own limits (backend/src/app.ts).
  const text = `请求过于频繁，请${retryAfterSeconds}秒后再试`;
  const body = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${text}</title></head><body><p>${text}</p></body></html>`;
  res.writeHead(429, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'private, no-store',
    'retry-after': String(retryAfterSeconds),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
