import axios, { type AxiosInstance } from 'axios';
import { API_TIMEOUT_MS, callWith, type AnswerCheck, type CallContext, type CallOptions, type HttpRequest } from './core';

/** Server-side calls (lib/api/endpoints.ts) go through axios; the browser uses fetch (lib/client/api-call.ts). */

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

async function axiosSend(req: HttpRequest) {
  const res = await instanceFor(req.baseURL).request({
    url: req.url,
    method: req.method,
    headers: req.headers,
    timeout: req.timeout,
    ...(req.method === 'GET' ? { params: req.params } : { data: req.params ?? {} }),
  });
  return { status: res.status, data: res.data as unknown };
}

/** One call of the contract from server code: see callWith in ./core.ts. */
export function call<T>(ctx: CallContext, path: string, check: AnswerCheck<T>, opts: CallOptions = {}): Promise<T> {
  return callWith(axiosSend, ctx, path, check, opts);
}
