import { NextResponse, type NextRequest } from 'next/server';
import { DEVICE_COOKIE } from '@contracts/paths';
import { clientIpOf, PortalHeader } from '@/lib/portal-headers';
import type { WebSettings } from '@/lib/settings';

/** spec §7: the device code is generated once and kept; ten years is "for good" for a browser cookie. */
const DEVICE_COOKIE_MAX_AGE = 10 * 365 * 24 * 3600;

/** What every handler needs: the request, the settings, and the public host it came in on. */
export interface ProxyContext {
  request: NextRequest;
  settings: WebSettings;
  host: string;
}

/** Absolute URL on the public host. Never from `req.nextUrl` as is: behind a proxy it carries the internal port. */
export function publicUrl(ctx: { settings: WebSettings }, host: string, pathAndQuery: string): string {
  return `${ctx.settings.protocol}://${host}${pathAndQuery}`;
}

export function pathAndQuery(request: NextRequest): string {
  return `${request.nextUrl.pathname}${request.nextUrl.search}`;
}

/** Headers for the rewritten request: the public host, path and client IP (never the visitor's copies). */
export function forwardedHeaders(ctx: ProxyContext, deviceCode: string | null): Headers {
  const h = new Headers(ctx.request.headers);
  h.set(PortalHeader.host, ctx.host);
  h.set(PortalHeader.path, pathAndQuery(ctx.request));
  const ip = clientIpOf(ctx.request.headers);
  if (ip) h.set(PortalHeader.clientIp, ip);
  else h.delete(PortalHeader.clientIp);
  if (deviceCode) {
    // The page rendered for this very request must see the new device code too.
    const cookie = h.get('cookie');
    h.set('cookie', `${cookie ? `${cookie}; ` : ''}${DEVICE_COOKIE}=${deviceCode}`);
  }
  return h;
}

/** A device code when the visitor has none yet (set on the response with `withDeviceCookie`). */
export function newDeviceCode(request: NextRequest): string | null {
  return request.cookies.get(DEVICE_COOKIE)?.value ? null : crypto.randomUUID().replace(/-/g, '');
}

/**
 * One device code for every city: on the root domain, like the session cookie — but only when the root host
 * has a dot, because browsers refuse `Domain=localhost` (docs/decisions.md); there it stays per sub-domain.
 */
export function rootCookieDomain(settings: Pick<WebSettings, 'rootDomain'>): string | undefined {
  const host = settings.rootDomain.replace(/:\d+$/, '');
  return host.includes('.') ? host : undefined;
}

export function withDeviceCookie(res: NextResponse, deviceCode: string | null, settings: WebSettings): NextResponse {
  if (deviceCode) {
    res.cookies.set(DEVICE_COOKIE, deviceCode, {
      maxAge: DEVICE_COOKIE_MAX_AGE,
      path: '/',
      sameSite: 'lax',
      secure: settings.protocol === 'https',
      domain: rootCookieDomain(settings),
    });
  }
  return res;
}
