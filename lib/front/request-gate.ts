import type { IncomingHttpHeaders } from 'node:http';
import { parseAndValidateFlightRouterState } from 'next/dist/server/app-render/parse-and-validate-flight-router-state';
import { failure } from '@contracts/envelope';
import { isBackendPath } from './backend-paths';
import { clientAddress, peerIsProxy, type ProxyTrust } from './client-ip';

/**
 * What the web server does with a request before Next.js sees it (web-server.ts). Next decides nothing here
 * that it can get wrong: it never learns a visitor-written client address, never sees a header only our proxy
 * may set, and never gets what it answers with a 500 — a method it cannot represent (TRACE), a method a page
 * does not take (POST /robots.txt), a path whose %-escapes do not decode, a router-state header it cannot
 * parse. Paths are resolved (dot segments, `%2e`) before anything looks at them, so `/sso/../openapi.json`
 * is `/openapi.json`, not a backend path.
 */

/** Methods the backend paths take; anything else is 405 (Next's Request refuses TRACE, TRACK and CONNECT). */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
/** Pages and public files are read, never written: the portal has no server actions. */
export const PAGE_METHODS = ['GET', 'HEAD'] as const;

/** Set by proxy.ts (PortalHeader) and Next for internal requests only; an incoming copy is a forgery. */
const INTERNAL_HEADER_PREFIXES = ['x-portal-', 'x-middleware-', 'x-nextjs-', 'x-invoke-'];

/** Where Next renders its not-found page: a malformed path is a page that cannot exist. */
export const NOT_FOUND_PATH = '/_not-found';

/**
 * The portal does not use next/image (listing photos are sized by the backend); its optimiser fetches the
 * image through our own proxy and answers 500 for anything that is not a plain image there.
 */
const IMAGE_OPTIMIZER = '/_next/image';

export interface GateInput {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  /** The socket's peer address. */
  peer: string | undefined;
}

export type GateResult =
  | { kind: 'pass'; url: string; headers: IncomingHttpHeaders; backend: boolean }
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

/** Next's own check of the router-state header of a client navigation (it answers 500 when it fails). */
function isValidRouterState(value: string | string[] | undefined): boolean {
  if (value === undefined) return true;
  try {
    parseAndValidateFlightRouterState(value);
    return true;
  } catch {
    return false;
  }
}

function reject(status: number, backend: boolean, message: string, extra: Record<string, string> = {}): GateResult {
  // Backend paths answer with the envelope like the backend would; pages with plain text.
  if (backend) {
    return {
      kind: 'reject',
      status,
      headers: { 'content-type': 'application/json; charset=utf-8', ...extra },
      body: JSON.stringify(failure(status, message)),
    };
  }
  return { kind: 'reject', status, headers: { 'content-type': 'text/plain; charset=utf-8', ...extra }, body: message };
}

/** `/a/./b/../c?q` → `/a/c?q` as a browser would resolve it; null when it is no path of ours. */
function resolvePath(url: string): { pathname: string; search: string } | null {
  // Only origin-form targets (`/path?query`): absolute-form and `*` are for proxies, not for us.
  if (!url.startsWith('/') || url.startsWith('//')) return null;
  let resolved: URL;
  try {
    resolved = new URL(url, 'http://gate.invalid');
  } catch {
    return null;
  }
  // `/\evil.com` and `/.//evil.com` resolve to a network path: no page of ours.
  if (resolved.host !== 'gate.invalid' || resolved.pathname.startsWith('//')) return null;
  return { pathname: resolved.pathname, search: resolved.search };
}

export function gateRequest(input: GateInput, trust: ProxyTrust): GateResult {
  const method = (input.method ?? '').toUpperCase();
  const target = resolvePath(input.url ?? '');
  // HTTP/1.1 requires a Host (RFC 9112 §3.2); every route of the portal depends on it.
  if (!target || !input.headers.host) return reject(400, false, 'Bad Request');
  const { pathname, search } = target;
  const backend = isBackendPath(pathname);
  const allowed: readonly string[] = backend ? ALLOWED_METHODS : PAGE_METHODS;
  if (!allowed.includes(method))
    return reject(405, backend, `不支持的请求方法: ${method.slice(0, 16)}`, { allow: allowed.join(', ') });
  if (pathname === IMAGE_OPTIMIZER || pathname.startsWith(`${IMAGE_OPTIMIZER}/`)) return reject(404, false, 'Not Found');
  if (!backend && !isValidRouterState(input.headers['next-router-state-tree'])) return reject(400, false, 'Bad Request');

  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(input.headers)) {
    if (!INTERNAL_HEADER_PREFIXES.some((p) => name.startsWith(p))) headers[name] = value;
  }
  // The visitor's address from the trusted hops only; Next and the proxy read it from X-Forwarded-For.
  const client = clientAddress(input.peer, input.headers['x-forwarded-for'], trust);
  delete headers['x-real-ip'];
  if (client) headers['x-forwarded-for'] = client;
  else delete headers['x-forwarded-for'];
  if (!peerIsProxy(input.peer, trust)) {
    // No proxy of ours in front of this request: the scheme, host and port are the ones this socket received.
    delete headers['x-forwarded-host'];
    delete headers['x-forwarded-proto'];
    delete headers['x-forwarded-port'];
  }
  // Backend paths go on as they are: the backend answers a malformed one with its 400 envelope.
  const url = isWellFormedPath(pathname) || backend ? `${pathname}${search}` : NOT_FOUND_PATH;
  return { kind: 'pass', url, headers, backend };
}
