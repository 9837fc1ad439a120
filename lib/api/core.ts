import axios, { type AxiosInstance } from 'axios';
import { z } from 'zod';
import { envelopeSchema, ResultCode } from '@contracts/envelope';
import { CLIENT_ID, RequestHeader, TENANT_ID } from '@contracts/paths';
import { apiCache, cacheKey, isCacheable } from './cache';
import { ApiError } from './errors';

/** spec §7/§9: every call gives up after 5 s. */
export const API_TIMEOUT_MS = 5000;
export const CLIENT_VERSION = '0.1.0';
/** spec §7 device name: this is the desktop web client. */
export const DEVICE_NAME = 'pc-web';

/** Who is calling: what the common headers are built from. Server side fills it from the request. */
export interface CallContext {
  /** '' in the browser: calls go same-origin through the proxy. */
  baseURL: string;
  token?: string;
  deviceCode?: string;
  /** The public host the visitor used. */
  authority?: string;
  clientIp?: string;
  timeout?: number;
}

export interface CallOptions {
  method?: 'GET' | 'POST';
  /** GET: query string; POST: JSON body. */
  params?: Record<string, unknown>;
}

const instances = new Map<string, AxiosInstance>();
function instanceFor(baseURL: string): AxiosInstance {
  let inst = instances.get(baseURL);
  if (!inst) {
    // Envelopes carry the error; never let axios throw on a status so we can read `code` from the body.
    // No redirect following: a 303 means the brand moved (spec §8) and must reach the page as such.
    inst = axios.create({ baseURL, timeout: API_TIMEOUT_MS, validateStatus: () => true, withCredentials: true, maxRedirects: 0 });
    instances.set(baseURL, inst);
  }
  return inst;
}

export function commonHeaders(ctx: CallContext, withCredentials: boolean): Record<string, string> {
  const h: Record<string, string> = {
    [RequestHeader.clientId]: `${CLIENT_ID}/${CLIENT_VERSION}`,
    [RequestHeader.tenantId]: TENANT_ID,
    [RequestHeader.deviceName]: DEVICE_NAME,
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
export async function call<S extends z.ZodType>(ctx: CallContext, path: string, schema: S, opts: CallOptions = {}): Promise<z.infer<S>> {
  const method = opts.method ?? 'POST';
  const cacheable = isCacheable(path);
  const key = cacheable ? cacheKey(path, opts.params, ctx.clientIp) : '';
  if (cacheable) {
    const hit = apiCache.get(key);
    if (hit !== undefined) return hit as z.infer<S>;
  }
  let res;
  try {
    res = await instanceFor(ctx.baseURL).request({
      url: path,
      method,
      headers: commonHeaders(ctx, !cacheable),
      timeout: ctx.timeout ?? API_TIMEOUT_MS,
      ...(method === 'GET' ? { params: opts.params } : { data: opts.params ?? {} }),
    });
  } catch (err) {
    throw new ApiError(ResultCode.SERVER_ERROR, err instanceof Error ? err.message : 'network error', 0);
  }
  const envelope = envelopeSchema(z.unknown()).safeParse(res.data);
  if (!envelope.success) {
    throw new ApiError(res.status === 200 ? ResultCode.SERVER_ERROR : res.status, `bad answer from ${path} (HTTP ${res.status})`, res.status);
  }
  const body = envelope.data;
  if (body.code !== ResultCode.OK) throw new ApiError(body.code, body.msg, res.status);
  const parsed = schema.safeParse(body.data);
  if (!parsed.success) throw new ApiError(ResultCode.SERVER_ERROR, `unexpected answer from ${path}: ${parsed.error.message}`, res.status);
  const data = parsed.data as z.infer<S>;
  if (cacheable) apiCache.set(key, data as object);
  return data;
}
