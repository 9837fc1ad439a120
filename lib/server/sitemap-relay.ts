import 'server-only';
import { LRUCache } from 'lru-cache';
import { ApiPath } from '@contracts/paths';
import { getCity } from '@/lib/server/city-data';
import { config } from '@/lib/server/config';

/**
 * The city host's sitemaps (`/sitemap.xml`, `/sitemaps/esf-1.xml.gz`) are the backend's answers passed on (backend
 * src/modules/sitemap/): the web adds nothing but the city the host names. An unknown city, kind or part is a plain
 * 404, as a crawler expects.
 *
 * Each answer is kept by the web process (SitemapRelay) for as long as the backend says any cache may keep it (an hour),
 * and asks for one file while it is fetched share that fetch: an attacker probe (2026-11-29) asked for 14 files a second
 * from one address, each a build in the backend. An answer fetched for an ask is marked `x-nextjs-cache: MISS`, one
 * served as kept `HIT`, the header the page pipeline reads (lib/front/page-pipeline.ts `wasRender`): a MISS is counted
 * in the asking address's render budget like a page Next rendered, a HIT is given back. So one address gets at most its
 * budget of fetches, and a flood of every file costs the backend one build per file an hour.
 */
export async function relaySitemap(domain: string, path: string, query: Record<string, string>): Promise<Response> {
  const city = await getCity(domain);
  if (!city) return notFound();
  return sitemapRelay().answer(path, { cityCode: city.cityCode, ...query });
}

/** At most what the backend allows any cache (its `max-age`, an hour). */
export const SITEMAP_KEEP_S = 3600;
/** A file that is no file (a part past the last, a channel the city lacks): kept as briefly as the page cache's 404s. */
export const SITEMAP_NOT_FOUND_KEEP_S = 600;
/**
 * What the kept answers may take in a web process: 北京's eleven files, 36,000 homes the largest, are about 400 KiB of
 * gzip together (docs/performance.md "Sitemaps"); past it the least recently asked is fetched again.
 */
const KEPT_BYTES = 64 * 1024 * 1024;

/** The backend's headers passed on. */
const PASSED = ['content-type', 'cache-control', 'content-disposition'] as const;

interface KeptAnswer {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer>;
  storedAt: number;
  until: number;
}

/** What a fetch gave: an answer to pass on (kept while it may be), or a failure's status, passed on and not kept. */
type Fetched = { kept: KeptAnswer } | { failed: 502 | 503 };

export class SitemapRelay {
  private readonly kept: LRUCache<string, KeptAnswer>;
  private readonly fetching = new Map<string, Promise<Fetched>>();

  constructor(
    private readonly backendUrl: string,
    maxBytes = KEPT_BYTES,
  ) {
    this.kept = new LRUCache({ maxSize: maxBytes, sizeCalculation: (a) => a.body.byteLength + 512 });
  }

  /** The answer to `path` with `query`: as kept while current, else the fetch under way, else a new fetch. */
  async answer(path: string, query: Record<string, string>): Promise<Response> {
    const url = new URL(`${this.backendUrl}${path}`);
    url.search = new URLSearchParams(query).toString();
    const key = `${url.pathname}?${url.search}`;
    const kept = this.kept.get(key);
    if (kept && Date.now() < kept.until) return answerOf(kept, 'HIT');
    const under = this.fetching.get(key);
    // Another ask's fetch: this one cost nothing.
    if (under) return passOn(await under, 'HIT');
    const fetched = this.ask(url, key);
    this.fetching.set(key, fetched);
    try {
      return passOn(await fetched, 'MISS');
    } finally {
      this.fetching.delete(key);
    }
  }

  private async ask(url: URL, key: string): Promise<Fetched> {
    const answer = await fetch(url, { cache: 'no-store' }).catch(() => null);
    if (!answer) return { failed: 503 };
    const now = Date.now();
    let kept: KeptAnswer;
    if (answer.status === 404 || answer.status === 400) {
      await drain(answer);
      kept = {
        status: 404,
        headers: TEXT_HEADERS,
        body: NOT_FOUND_BODY,
        storedAt: now,
        until: now + SITEMAP_NOT_FOUND_KEEP_S * 1000,
      };
    } else if (answer.ok) {
      const body = await answer
        .arrayBuffer()
        .then((b) => new Uint8Array(b))
        .catch(() => null);
      if (!body) return { failed: 502 };
      const headers: Record<string, string> = {};
      for (const name of PASSED) {
        const value = answer.headers.get(name);
        if (value) headers[name] = value;
      }
      headers['content-type'] ??= 'application/xml';
      kept = { status: 200, headers, body, storedAt: now, until: now + keepSeconds(answer.headers.get('cache-control')) * 1000 };
    } else {
      await drain(answer);
      return { failed: 502 };
    }
    if (kept.until > now) this.kept.set(key, kept);
    return { kept };
  }
}

/**
 * Reads an answer whose body is not passed on (the envelope of a 404 or a 5xx: a few hundred bytes), so its connection
 * is free again. Read, not cancelled: Next's fetch hands the route one branch of a tee, and cancelling one branch
 * settles only once the other is cancelled too, which nothing does (the relay's 404s hung until the client gave up).
 */
async function drain(answer: Response): Promise<void> {
  await answer.arrayBuffer().catch(() => {});
}

/** Seconds the backend lets a shared cache keep an answer (its `max-age`), at most SITEMAP_KEEP_S. */
function keepSeconds(cacheControl: string | null): number {
  if (!cacheControl || /\b(private|no-store|no-cache)\b/.test(cacheControl)) return 0;
  const maxAge = /\bmax-age=(\d+)/.exec(cacheControl);
  return maxAge ? Math.min(Number(maxAge[1]), SITEMAP_KEEP_S) : 0;
}

function answerOf(kept: KeptAnswer, cache: 'HIT' | 'MISS'): Response {
  const headers = new Headers(kept.headers);
  headers.set('x-nextjs-cache', cache);
  if (cache === 'HIT') headers.set('age', String(Math.floor((Date.now() - kept.storedAt) / 1000)));
  return new Response(kept.body, { status: kept.status, headers });
}

function passOn(fetched: Fetched, cache: 'HIT' | 'MISS'): Response {
  if ('kept' in fetched) return answerOf(fetched.kept, cache);
  const failed = unavailable(fetched.failed);
  failed.headers.set('x-nextjs-cache', cache);
  return failed;
}

const KEY = Symbol.for('youju.sitemapRelay');
type Holder = typeof globalThis & { [KEY]?: SitemapRelay };

/** One relay per web process, whichever route's bundle asks (the index's or a file's). */
function sitemapRelay(): SitemapRelay {
  const holder = globalThis as Holder;
  holder[KEY] ??= new SitemapRelay(config.backendUrl);
  return holder[KEY];
}

const TEXT_HEADERS = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' };
const NOT_FOUND_BODY = new TextEncoder().encode('没有这个网站地图');
const unavailable = (status: 502 | 503) => new Response('网站地图暂时无法生成，请稍后再试', { status, headers: TEXT_HEADERS });
const notFound = () => new Response(NOT_FOUND_BODY, { status: 404, headers: TEXT_HEADERS });

export const SITEMAP_INDEX_PATH = ApiPath.sitemapIndex;
export const SITEMAP_FILE_PATH = ApiPath.sitemapFile;
