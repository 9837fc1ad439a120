import type { IncomingHttpHeaders } from 'node:http';
import { failure } from '@contracts/envelope';
import { isBackendPath } from './backend-paths';
import { clientAddress } from './client-ip';

/**
 * What the web server does with a request before Next.js sees it (web-server.ts). Next decides nothing here
 * that it can get wrong: it never learns a visitor-written client address, never sees a header only our proxy
 * may set, never gets a method it cannot represent (TRACE answers 500 inside Next) or a path whose %-escapes
 * do not decode (Next answers those with a bare 500).
 */

/** Methods the portal answers; anything else is 405 (Next's Request refuses TRACE, TRACK and CONNECT). */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** Set by proxy.ts (PortalHeader) and Next for internal requests only; an incoming copy is a forgery. */
const INTERNAL_HEADER_PREFIXES = ['x-portal-', 'x-middleware-', 'x-nextjs-', 'x-invoke-'];

/** Where Next renders its not-found page: a malformed path is a page that cannot exist. */
export const NOT_FOUND_PATH = '/_not-found';

export interface GateInput {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  /** The socket's peer address. */
  peer: string | undefined;
}

export type GateResult =
  | { kind: 'pass'; url: string; headers: IncomingHttpHeaders }
  | { kind: 'reject'; status: number; headers: Record<string, string>; body: string };

/** True when every %-escape of the path decodes to UTF-8 text. */
export function isWellFormedPath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

function reject(status: number, path: string, message: string, extra: Record<string, string> = {}): GateResult {
  // Backend paths answer with the envelope like the backend would; pages with plain text.
  if (isBackendPath(path)) {
    return { kind: 'reject', status, headers: { 'content-type': 'application/json; charset=utf-8', ...extra }, body: JSON.stringify(failure(status, message)) };
  }
  return { kind: 'reject', status, headers: { 'content-type': 'text/plain; charset=utf-8', ...extra }, body: message };
}

export function gateRequest(input: GateInput, trustedProxyHops: number): GateResult {
  const url = input.url ?? '';
  const method = (input.method ?? '').toUpperCase();
  // Only origin-form targets (`/path?query`): absolute-form and `*` are for proxies, not for us.
  if (!url.startsWith('/') || url.startsWith('//')) return reject(400, '', 'Bad Request');
  const q = url.indexOf('?');
  const pathname = q === -1 ? url : url.slice(0, q);
  if (!(ALLOWED_METHODS as readonly string[]).includes(method)) {
    return reject(405, pathname, `不支持的请求方法: ${method.slice(0, 16)}`, { allow: ALLOWED_METHODS.join(', ') });
  }

  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(input.headers)) {
    if (!INTERNAL_HEADER_PREFIXES.some((p) => name.startsWith(p))) headers[name] = value;
  }
  // The visitor's address from the trusted hops only; Next and the proxy read it from X-Forwarded-For.
  const client = clientAddress(input.peer, input.headers['x-forwarded-for'], trustedProxyHops);
  delete headers['x-real-ip'];
  if (client) headers['x-forwarded-for'] = client;
  else delete headers['x-forwarded-for'];
  if (trustedProxyHops === 0) {
    // Nobody in front of us: the scheme, host and port are the ones this socket received.
    delete headers['x-forwarded-host'];
    delete headers['x-forwarded-proto'];
    delete headers['x-forwarded-port'];
  }
  // Backend paths go on as they are: the backend answers a malformed one with its 400 envelope.
  const target = isWellFormedPath(pathname) || isBackendPath(pathname) ? url : NOT_FOUND_PATH;
  return { kind: 'pass', url: target, headers };
}
