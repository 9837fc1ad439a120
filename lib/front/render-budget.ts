import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
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

export class RenderBudget {
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

  private counts(address: string | undefined): address is string {
    return address !== undefined && address !== '' && this.options.perWindow > 0 && !LOOPBACK.test(address);
  }

  /** Seconds until `address` may have renders of `kind` again. */
  retryAfter(address: string, kind: RenderKind = 'page', now = Date.now()): number {
    const w = this.windows.get(this.keyOf(address, kind));
    return w ? Math.max(1, Math.ceil((w.startedAt + this.options.windowMs - now) / 1000)) : 1;
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
