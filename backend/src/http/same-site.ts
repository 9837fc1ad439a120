import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResultCode } from '@contracts/envelope';
import type { Config } from '../config';
import { ApiError } from './errors';

/** Methods that change state; GET and HEAD never do (spec §7 reads are GET or POST, so POST is checked too). */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const CROSS_SITE_REFUSED = '跨站请求已拒绝';

/**
 * True when `source` (an Origin or a Referer) is a page of the portal: the scheme of PORTAL_PROTOCOL, the
 * root host of PORTAL_ROOT_DOMAIN or one of its sub-domains (the cities, www), and the same port. Parsed with
 * URL, so case, default ports and look-alikes (`localhost:3000.evil.example`, `evil-localhost`) compare right.
 * `Origin: null` (sandboxed frames, some redirects) does not parse and is refused.
 */
export function isPortalSource(source: string, root: URL): boolean {
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    return false;
  }
  if (url.protocol !== root.protocol || url.port !== root.port) return false;
  return url.hostname === root.hostname || url.hostname.endsWith(`.${root.hostname}`);
}

/**
 * Cross-site state change (a form on another site posting to /sso/logout): the browser says where a request
 * comes from in `Origin`, or failing that `Referer`; a state-changing request from anywhere but the portal
 * is refused with 403. A request with neither header passes: the web process calling server-side, curl, the
 * tests — a browser always sends one of them on a cross-site POST. Runs at onRequest, before the body is
 * read, so a form post (urlencoded, multipart, text/plain) gets this 403 and not a 415.
 */
export function registerSameSiteCheck(app: FastifyInstance, config: Config): void {
  const root = new URL(`${config.PORTAL_PROTOCOL}://${config.PORTAL_ROOT_DOMAIN}`);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const source = request.headers.origin ?? request.headers.referer;
    if (source !== undefined && !isPortalSource(source, root)) throw new ApiError(403, ResultCode.FORBIDDEN, CROSS_SITE_REFUSED);
  });
}
