import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { LRUCache } from 'lru-cache';

/**
 * Backend answers the backend itself marked the same for everyone (`Cache-Control: public, max-age=N` on a GET,
 * e.g. a keystroke's suggestions), kept by the web's forward (./backend-forward.ts) for those N seconds, at most
 * MAX_SECONDS, and sent again without calling the backend. What the backend says is what any cache in front (nginx,
 * a CDN, the browser) may do with the same answer; this is that cache for the web's own visitors. Keyed by the path
 * and query alone: such an answer depends on nothing else (no cookie, no host). The query as the backend reads it
 * (`sharedKey`), not as it was written: reordered keys, `%63ityCode`, `&&` or `+` for a space were each a new entry
 * and a backend call, so one address could write ever new entries of the same answer (a probe: 220 a second).
 *
 * Why: a suggestion through the web cost a new connection to the backend and the backend's work on every keystroke;
 * most keystrokes are the same few prefixes (w, wa, wan…), asked by everyone (docs/performance.md "Suggestions").
 */
export const MAX_SECONDS = 60;
/** A larger answer is not kept (suggestions are about 2 kB). */
const MAX_ENTRY_BYTES = 64 * 1024;

interface SharedAnswer {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  storedAt: number;
}

/**
 * The key of a GET: its path, and its query decoded, empty pairs dropped and keys in order (a key's repeated values
 * keep their order, which the backend refuses anyway). Spellings the backend reads alike are one key.
 */
export function sharedKey(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const pairs = [...new URLSearchParams(url.slice(at + 1))].filter(([name]) => name !== '');
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(pairs).toString();
  return query ? `${url.slice(0, at)}?${query}` : url.slice(0, at);
}

/** Headers of the backend's answer that belong to that one exchange. */
const NOT_KEPT = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'set-cookie', 'age']);

/** Seconds a shared cache may keep this answer, from its own headers; 0 when it may not. */
export function sharedSeconds(status: number, headers: IncomingHttpHeaders): number {
  if (status !== 200 || headers['set-cookie'] !== undefined) return 0;
  const cacheControl = String(headers['cache-control'] ?? '');
  if (!/\bpublic\b/.test(cacheControl) || /\b(private|no-store|no-cache)\b/.test(cacheControl)) return 0;
  const maxAge = /\bmax-age=(\d+)/.exec(cacheControl);
  return maxAge ? Math.min(Number(maxAge[1]), MAX_SECONDS) : 0;
}

export class SharedAnswers {
  private readonly answers: LRUCache<string, SharedAnswer>;

  constructor(maxBytes = 16 * 1024 * 1024) {
    // An entry's key is counted too (two bytes a character): a URL may be kilobytes long.
    this.answers = new LRUCache({ maxSize: maxBytes, sizeCalculation: (a, key) => a.body.length + key.length * 2 + 512 });
  }

  /** A kept answer to this GET, with its `age`, or undefined. */
  get(url: string, now = Date.now()): { status: number; headers: OutgoingHttpHeaders; body: Buffer } | undefined {
    const kept = this.answers.get(sharedKey(url));
    if (!kept) return undefined;
    return {
      status: kept.status,
      headers: { ...kept.headers, age: String(Math.floor((now - kept.storedAt) / 1000)) },
      body: kept.body,
    };
  }

  /** Keeps the backend's answer for `seconds` (sharedSeconds), if it is small enough. */
  keep(url: string, status: number, headers: IncomingHttpHeaders, body: Buffer, seconds: number, now = Date.now()): void {
    if (seconds <= 0 || body.length > MAX_ENTRY_BYTES) return;
    const kept: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(headers)) if (value !== undefined && !NOT_KEPT.has(name)) kept[name] = value;
    this.answers.set(sharedKey(url), { status, headers: kept, body, storedAt: now }, { ttl: seconds * 1000 });
  }
}
