import type { IncomingMessage, ServerResponse } from 'node:http';
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
 */
export interface RenderBudgetOptions {
  perWindow: number;
  windowMs: number;
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

  /** Whether `address` has used up its renders of this window. */
  isSpent(address: string | undefined, now = Date.now()): boolean {
    if (!this.counts(address)) return false;
    const w = this.windows.get(address);
    return w !== undefined && now - w.startedAt < this.options.windowMs && w.renders >= this.options.perWindow;
  }

  /** Counts one render for `address`. */
  charge(address: string | undefined, now = Date.now()): void {
    if (!this.counts(address)) return;
    const w = this.windows.get(address);
    if (!w || now - w.startedAt >= this.options.windowMs) this.windows.set(address, { startedAt: now, renders: 1 });
    else w.renders += 1;
  }

  private counts(address: string | undefined): address is string {
    return address !== undefined && address !== '' && this.options.perWindow > 0 && !LOOPBACK.test(address);
  }

  /** Seconds until `address` may have pages rendered again. */
  retryAfter(address: string, now = Date.now()): number {
    const w = this.windows.get(address);
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
