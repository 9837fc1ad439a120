import { callWith, type AnswerCheck, type CallContext, type CallOptions, type HttpRequest } from '../api/core';

/**
 * Browser calls over fetch, the same exchange as the server's axios one (./call.ts) without shipping axios
 * (≈20 kB gzip on every route, against a +25 kB first-load budget): a status never throws, the body is parsed as JSON when it is JSON,
 * the call gives up after the timeout, and the session cookie goes along (same origin, through the proxy).
 */

/** A GET's query string as axios writes it (`k=v`, arrays as `k[]=v`), for the few browser GETs. */
function queryString(params: Record<string, unknown> | undefined): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {})) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) for (const item of v) q.append(`${k}[]`, String(item));
    else q.append(k, String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

async function fetchSend(req: HttpRequest) {
  const get = req.method === 'GET';
  const res = await fetch(`${req.baseURL}${req.url}${get ? queryString(req.params) : ''}`, {
    method: req.method,
    headers: get ? req.headers : { ...req.headers, 'content-type': 'application/json' },
    body: get ? undefined : JSON.stringify(req.params ?? {}),
    credentials: 'include',
    signal: AbortSignal.timeout(req.timeout),
  });
  const text = await res.text();
  let data: unknown = text;
  try {
    data = JSON.parse(text);
  } catch {
    // Not JSON: the core reports it as a bad answer with the HTTP status.
  }
  return { status: res.status, data };
}

/** One call of the contract from the browser: see callWith in ./core.ts. */
export function browserCall<T>(ctx: CallContext, path: string, check: AnswerCheck<T>, opts: CallOptions = {}): Promise<T> {
  return callWith(fetchSend, ctx, path, check, opts);
}
