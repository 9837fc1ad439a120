import { ResultCode, type Envelope } from '@contracts/envelope';
import { CLIENT_ID, RequestHeader, TENANT_ID } from '@contracts/paths';
import { cacheKey, isCacheable, type AnswerCache } from './cache-rules';
import { ApiError } from './errors';

/** spec §7/§9: every call gives up after 5 s. */
export const API_TIMEOUT_MS = 5000;
export const CLIENT_VERSION = '0.1.0';

/** Who is calling: what the common headers are built from. Server side fills it from the request. */
export interface CallContext {
  /** '' in the browser: calls go same-origin through the proxy. */
  baseURL: string;
  /** spec §7 device name of the front making the call (./device-names.ts): the front says it, the core never guesses. */
  deviceName: string;
  token?: string;
  deviceCode?: string;
  /** The public host the visitor used. */
  authority?: string;
  clientIp?: string;
  timeout?: number;
  /** The server's answer cache (lib/api/cache.ts); absent in the browser. */
  cache?: AnswerCache;
}

/**
 * What checks an answer's `data`: a contract zod schema on the server, `unchecked()` in the browser.
 * The browser does not ship zod (about 30 kB gzip): the backend validates every answer against the same
 * schema before it leaves (fastify-type-provider-zod's serializer).
 */
export interface AnswerCheck<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: { message: string } };
}

/** Takes `data` as the contract type says, without a runtime check (browser calls, see AnswerCheck). */
export function unchecked<T>(): AnswerCheck<T> {
  return { safeParse: (data) => ({ success: true, data: data as T }) };
}

function isEnvelope(body: unknown): body is Envelope<unknown> {
  if (typeof body !== 'object' || body === null) return false;
  const e = body as Record<string, unknown>;
  return typeof e.code === 'number' && typeof e.succeed === 'boolean' && typeof e.msg === 'string' && 'data' in e;
}

export interface CallOptions {
  method?: 'GET' | 'POST';
  /** GET: query string; POST: JSON body. */
  params?: Record<string, unknown>;
}

/** One HTTP exchange as the core sees it; `params` is the query string of a GET, the JSON body of a POST. */
export interface HttpRequest {
  baseURL: string;
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  timeout: number;
  params?: Record<string, unknown>;
}

/** The status and the parsed body (or the raw text when it is not JSON); never throws on a status. */
export interface HttpAnswer {
  status: number;
  data: unknown;
}

/**
 * How bytes travel: axios on the server (lib/api/call.ts), fetch in the browser (lib/client/api-call.ts).
 * Throws only when no answer came (network error, timeout). The browser does not ship axios (≈20 kB gzip).
 */
export type Send = (req: HttpRequest) => Promise<HttpAnswer>;

export function commonHeaders(ctx: CallContext, withCredentials: boolean): Record<string, string> {
  const h: Record<string, string> = {
    [RequestHeader.clientId]: `${CLIENT_ID}/${CLIENT_VERSION}`,
    [RequestHeader.tenantId]: TENANT_ID,
    [RequestHeader.deviceName]: ctx.deviceName,
  };
  if (ctx.deviceCode) h[RequestHeader.deviceCode] = ctx.deviceCode;
  if (ctx.authority) h[RequestHeader.authority] = ctx.authority;
  if (withCredentials && ctx.token) h[RequestHeader.authorization] = `Bearer ${ctx.token}`;
  if (ctx.clientIp) h['x-forwarded-for'] = ctx.clientIp;
  return h;
}

/**
 * One call of the contract: sends the common headers, checks the envelope, parses `data` with the
 * contract schema. Cacheable paths go without credentials and through the LRU cache.
 */
export async function callWith<T>(
  send: Send,
  ctx: CallContext,
  path: string,
  check: AnswerCheck<T>,
  opts: CallOptions = {},
): Promise<T> {
  const cacheable = isCacheable(path);
  if (!cacheable || !ctx.cache) return exchange(send, ctx, path, check, opts, cacheable);
  const key = cacheKey(path, opts.params, ctx.clientIp);
  const hit = ctx.cache.get(key);
  if (hit !== undefined) return hit as T;
  // The same cacheable call already on its way (another render pass of this request, another visitor) is
  // joined, not repeated; one that just failed for want of a backend fails again at once for a few seconds.
  // A hung backend then costs a page one timeout (API_TIMEOUT_MS), not one per render pass that asks.
  const failed = unreachable.get(key);
  if (failed && failed.until > Date.now()) throw failed.error;
  let pending = inFlight.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = exchange(send, ctx, path, check, opts, true).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  try {
    const data = await pending;
    ctx.cache.set(key, data as object);
    return data;
  } catch (err) {
    if (err instanceof ApiError && err.status === 0) rememberUnreachable(key, err);
    throw err;
  }
}

/** Cacheable calls on their way, by cache key (server side: ctx.cache is the web process's). */
const inFlight = new Map<string, Promise<unknown>>();
/**
 * Cacheable calls that found no backend (timeout, refused), remembered briefly so the next asker fails fast.
 * A plain Map, not lru-cache: this module also runs in the browser, which must not ship the cache library.
 */
const unreachable = new Map<string, { error: ApiError; until: number }>();
/** How long a call that found no backend fails fast. */
export const UNREACHABLE_TTL_MS = 3000;

function rememberUnreachable(key: string, error: ApiError): void {
  const now = Date.now();
  // Bounded: location calls are keyed by client address, and an outage should not grow this without end.
  if (unreachable.size >= 500) for (const [k, v] of unreachable) if (v.until <= now) unreachable.delete(k);
  if (unreachable.size >= 500) unreachable.clear();
  unreachable.set(key, { error, until: now + UNREACHABLE_TTL_MS });
}

/** One request and its answer checked: the envelope, its code, `data` against the contract. */
async function exchange<T>(
  send: Send,
  ctx: CallContext,
  path: string,
  check: AnswerCheck<T>,
  opts: CallOptions,
  cacheable: boolean,
): Promise<T> {
  const method = opts.method ?? 'POST';
  let res;
  try {
    res = await send({
      baseURL: ctx.baseURL,
      url: path,
      method,
      headers: commonHeaders(ctx, !cacheable),
      timeout: ctx.timeout ?? API_TIMEOUT_MS,
      params: opts.params,
    });
  } catch (err) {
    throw new ApiError(ResultCode.SERVER_ERROR, err instanceof Error ? err.message : 'network error', 0);
  }
  const body: unknown = res.data;
  if (!isEnvelope(body)) {
    throw new ApiError(
      res.status === 200 ? ResultCode.SERVER_ERROR : res.status,
      `bad answer from ${path} (HTTP ${res.status})`,
      res.status,
    );
  }
  if (body.code !== ResultCode.OK) throw new ApiError(body.code, body.msg, res.status);
  const parsed = check.safeParse(body.data);
  if (!parsed.success)
    throw new ApiError(ResultCode.SERVER_ERROR, `unexpected answer from ${path}: ${parsed.error.message}`, res.status);
  return parsed.data;
}
