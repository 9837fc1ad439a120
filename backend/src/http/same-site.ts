import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResultCode } from '@contracts/envelope';
import { DESK_HOST_LABEL } from '@contracts/hosts';
import { ApiPath } from '@contracts/paths';
import type { Config } from '../config';
import { ApiError } from './errors';

/** Methods that change state; GET and HEAD never do (spec §7 reads are GET or POST, so POST is checked too). */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const CROSS_SITE_REFUSED = '跨站请求已拒绝';

/** `source` as a URL on the root's scheme and port, or null (`Origin: null` does not parse). */
function sameSchemeAndPort(source: string, root: URL): URL | null {
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    return null;
  }
  return url.protocol === root.protocol && url.port === root.port ? url : null;
}

/**
 * True when `source` (an Origin or a Referer) is a page of the agent desk: `desk.{root}` on the root's scheme and port
 * (contracts/hosts.ts). The desk stands in for the agents' own app: it shares the portal's registrable domain, so
 * browsers count the two as one site (SameSite does not keep them apart), and the Origin does.
 */
export function isDeskSource(source: string, root: URL): boolean {
  return sameSchemeAndPort(source, root)?.hostname === `${DESK_HOST_LABEL}.${root.hostname}`;
}

/**
 * True when `source` (an Origin or a Referer) is a page of the portal: the scheme of PORTAL_PROTOCOL, the
 * root host of PORTAL_ROOT_DOMAIN or one of its sub-domains (the cities, www) but the desk's, and the same port.
 * Parsed with URL, so case, default ports and look-alikes (`localhost:3000.evil.example`, `evil-localhost`) compare
 * right. `Origin: null` (sandboxed frames, some redirects) does not parse and is refused.
 */
export function isPortalSource(source: string, root: URL): boolean {
  const url = sameSchemeAndPort(source, root);
  if (!url || isDeskSource(source, root)) return false;
  return url.hostname === root.hostname || url.hostname.endsWith(`.${root.hostname}`);
}

const DESK_PREFIX = ApiPath.deskLogin.replace(/\/login$/, '');
const isDeskPath = (path: string) => path === DESK_PREFIX || path.startsWith(`${DESK_PREFIX}/`);

/**
 * A path as the router reads it, %-escapes decoded: `/api/%64esk/login` is the desk's login to the router, so it is
 * the desk's here too (an attacker probe passed a portal Origin that way). A malformed escape stays as written; the
 * router answers such a path with its 400 anyway.
 */
function routedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Where a state-changing request to `url` may come from: the desk's calls from the desk, the rest from the portal. */
export function isAllowedSource(source: string, url: string, root: URL): boolean {
  const path = url.split('?')[0]!;
  // Desk or not, either spelling: a path that is the desk's written one way or read the other is the desk's.
  const desk = isDeskPath(path) || isDeskPath(routedPath(path));
  return desk ? isDeskSource(source, root) : isPortalSource(source, root);
}

/**
 * Cross-site state change (a form on another site posting to /sso/logout): the browser says where a request
 * comes from in `Origin`, or failing that `Referer`; a state-changing request from anywhere but the portal
 * is refused with 403 — and the two apps on the portal's domain keep to their own calls: the desk's (/api/desk/)
 * from the desk's pages alone, the portal's never from the desk's. A request with neither header passes: the web process calling server-side, curl, the
 * tests — a browser always sends one of them on a cross-site POST. Runs at onRequest, before the body is
 * read, so a form post (urlencoded, multipart, text/plain) gets this 403 and not a 415.
 */
export function registerSameSiteCheck(app: FastifyInstance, config: Config): void {
  const root = new URL(`${config.PORTAL_PROTOCOL}://${config.PORTAL_ROOT_DOMAIN}`);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const source = request.headers.origin ?? request.headers.referer;
    if (source !== undefined && !isAllowedSource(source, request.url, root))
      throw new ApiError(403, ResultCode.FORBIDDEN, CROSS_SITE_REFUSED);
  });
}
