import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';

/**
 * Renders per client address (docs/security.md "Made-up addresses and the page cache"). A page answered from a
 * cache costs next to nothing; a page Next renders (a made-up address always is one: nobody asked for it before)
 * costs tens of milliseconds of the one thread every visitor shares. An address that made Next render more than
 * `perWindow` pages in `windowMs` gets, until its window ends, only what the caches hold: anything else is a short
 * 429 page, written here without entering Next. A person reading pages, even new ones, stays far below it.
 *
 * Counted after the fact, by Next's own verdict on the answer: an HTML or RSC answer that was not a cache HIT
 * (lib/front/page-pipeline.ts `isRender`).
 * Loopback is this machine's own tools (tests, the bench, a health check) and is not counted: behind a proxy on the
 * same host, TRUSTED_PROXY_HOPS names the visitor (docs/deploy.md "The client address").
 *
 * Prefetches have a window of their own, PREFETCHES_PER_PAGE times larger: Next's router prefetches every link
 * that scrolls into view, so one page of a list may ask for 30 renders no person chose, and a person must never
 * meet the 429 for reading. A prefetch refused costs the reader nothing (the router asks again on the click); a
 * flood that sends the prefetch header to use the larger window is still bounded by it.
 */
export interface RenderBudgetOptions {
  perWindow: number;
  windowMs: number;
}

/** A render a person asked for (a page, a click's RSC payload), or one the router asked for ahead of a click. */
export type RenderKind = 'page' | 'prefetch';

/** How many more prefetch renders than page renders an address may have in a window. */
export const PREFETCHES_PER_PAGE = 4;

/** Next's router marks its prefetches; browsers mark their own (`<link rel=prefetch>`, speculation rules). */
export function renderKind(headers: IncomingHttpHeaders): RenderKind {
  if (headers['next-router-prefetch'] === '1') return 'prefetch';
  const purpose = String(headers['sec-purpose'] ?? headers['purpose'] ?? '');
  return /prefetch/i.test(purpose) ? 'prefetch' : 'page';
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
    if (!this.counts(address)) return false;
    const w = this.windows.get(`${kind} ${address}`);
    return w !== undefined && now - w.startedAt < this.options.windowMs && w.renders >= this.limit(kind);
  }

  /** Counts one render of `kind` for `address`. */
  charge(address: string | undefined, kind: RenderKind = 'page', now = Date.now()): void {
    if (!this.counts(address)) return;
    const key = `${kind} ${address}`;
    const w = this.windows.get(key);
    if (!w || now - w.startedAt >= this.options.windowMs) this.windows.set(key, { startedAt: now, renders: 1 });
    else w.renders += 1;
  }

  private limit(kind: RenderKind): number {
    return kind === 'prefetch' ? this.options.perWindow * PREFETCHES_PER_PAGE : this.options.perWindow;
  }

  private counts(address: string | undefined): address is string {
    return address !== undefined && address !== '' && this.options.perWindow > 0 && !LOOPBACK.test(address);
  }

  /** Seconds until `address` may have renders of `kind` again. */
  retryAfter(address: string, kind: RenderKind = 'page', now = Date.now()): number {
    const w = this.windows.get(`${kind} ${address}`);
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
