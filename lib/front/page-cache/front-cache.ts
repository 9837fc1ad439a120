import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import { newsQueryRoute, routeAlias } from '../../redirect-rules';
import { cityPageOfRequest, pageTags } from './page-tags';
import { RENDER_ALLOWANCE_MS, type TagClock } from './tag-clock';

/**
 * The answers Next gave for cached pages, kept as sent (status, headers, bytes, compressed as they were) and
 * written again by the page pipeline (lib/front/page-pipeline.ts) without entering Next: a page cache hit inside Next still runs the proxy,
 * the router and the response pipeline, about 12× the cost of a static file; from here it is about the cost
 * of one (docs/performance.md).
 *
 * Only what Next itself marked shareable is kept (`Cache-Control: s-maxage`, no Set-Cookie), and never for
 * long: FRONT_TTL_MS, after which Next is asked again (and serves its page cache, fresh or stale). A copy is
 * not served once the backend reported a change to what it shows (same tags and clock as ./handler.ts).
 * Every visitor gets the same copy, a first visit and a crawler too: a page answer never sets a cookie
 * (lib/device-cookie.ts), and a page renders nothing of who asks (lib/server/api.ts publicContext).
 */
export const FRONT_TTL_MS = 5000;

/** Request headers Next's answers vary on (its `Vary`), besides the address. */
const VARY = [
  'rsc',
  'next-router-state-tree',
  'next-router-prefetch',
  'next-router-segment-prefetch',
  'accept-encoding',
] as const;

/** Headers of Next's answer that belong to that one exchange, not to the page. */
const NOT_KEPT = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'set-cookie', 'x-nextjs-cache']);

interface FrontEntry {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  storedAt: number;
  tags: string[];
}

export interface FrontRequest {
  key: string;
  tags: string[];
}

export class FrontCache {
  private readonly entries: LRUCache<string, FrontEntry>;

  constructor(
    private readonly clock: TagClock,
    maxBytes: number,
  ) {
    this.entries = new LRUCache({ maxSize: maxBytes, sizeCalculation: (e) => e.body.length + 1024, ttl: FRONT_TTL_MS });
  }

  /** The cache's view of a page request to a city, or null when it must go to Next whatever is kept. */
  request(req: IncomingMessage, city: string): FrontRequest | null {
    if (req.method !== 'GET' && req.method !== 'HEAD') return null;
    const url = req.url ?? '/';
    const [pathname = '/', query = ''] = url.split('?');
    const varying = VARY.map((name) => String(req.headers[name] ?? '')).join('\n');
    // The route Next renders, as the proxy rewrites it (an article named by query is tagged as that article).
    const route = newsQueryRoute(pathname, new URLSearchParams(query)) ?? routeAlias(pathname);
    const page = cityPageOfRequest({ kind: 'city', city }, route);
    return { key: `${city}\n${url}\n${varying}`, tags: page ? pageTags(page) : [] };
  }

  /** Answers from the cache when it holds a current copy; false when Next must answer. */
  answer(req: IncomingMessage, res: ServerResponse, front: FrontRequest): boolean {
    const entry = this.entries.get(front.key);
    if (!entry || this.clock.isOutOfDate(entry.tags, entry.storedAt - RENDER_ALLOWANCE_MS)) return false;
    for (const [name, value] of Object.entries(entry.headers)) if (value !== undefined) res.setHeader(name, value);
    res.setHeader('x-nextjs-cache', 'HIT');
    const etag = entry.headers.etag;
    if (etag && req.headers['if-none-match'] === etag) {
      res.removeHeader('content-length');
      res.writeHead(304);
      res.end();
      return true;
    }
    res.writeHead(entry.status);
    res.end(req.method === 'HEAD' ? undefined : entry.body);
    return true;
  }

  /** Keeps Next's answer to this request, as it left, if it may be shared (lib/front/page-pipeline.ts step 7). */
  keep(front: FrontRequest, status: number, headers: OutgoingHttpHeaders, body: Buffer): void {
    if (!isShareable(status, headers)) return;
    const kept: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(headers)) if (!NOT_KEPT.has(name)) kept[name] = value;
    this.entries.set(front.key, { status, headers: kept, body, storedAt: Date.now(), tags: front.tags });
  }
}

/** A page Next marked for shared caches, sent whole, to no one in particular. */
export function isShareable(status: number, headers: OutgoingHttpHeaders): boolean {
  if (status !== 200 && status !== 404) return false;
  if (headers['set-cookie'] !== undefined) return false;
  // A page Next served stale is being rendered again: keep the next one, not this.
  if (headers['x-nextjs-cache'] === 'STALE') return false;
  const cacheControl = String(headers['cache-control'] ?? '');
  return /\bs-maxage=\d+/.test(cacheControl) && !/\b(private|no-store)\b/.test(cacheControl);
}
