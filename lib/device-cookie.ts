import { stringifySetCookie } from 'cookie';
import { DEVICE_COOKIE } from '@contracts/paths';
import { cookieValue } from './session-cookie';
import type { WebSettings } from './settings';

/**
 * spec §7: the device code is generated once and kept in a cookie. It is given with the visitor's first call to the
 * backend (lib/front/backend-forward.ts), never with a page: a page answer that sets a cookie belongs to one
 * visitor, so neither our page cache nor a CDN or nginx in front could hand it to the next one, and every first
 * visit and every crawler would render anew (docs/performance.md "First visits"). Nothing a page renders needs
 * the code: public pages render without the visitor, and the calls that count a device (the detail page's view
 * beacon, login, chat) are the browser's own.
 */

/** Ten years is "for good" for a browser cookie. */
const DEVICE_COOKIE_MAX_AGE = 10 * 365 * 24 * 3600;

/**
 * One device code for every city: on the root domain, like the session cookie — but only when the root host
 * has a dot, because browsers refuse `Domain=localhost` (docs/decisions.md); there it stays per sub-domain.
 */
export function rootCookieDomain(settings: Pick<WebSettings, 'rootDomain'>): string | undefined {
  const host = settings.rootDomain.replace(/:\d+$/, '');
  return host.includes('.') ? host : undefined;
}

/** A new device code when this Cookie header has none; null when the visitor already has one. */
export function newDeviceCode(cookieHeader: string | undefined): string | null {
  return cookieValue(cookieHeader, DEVICE_COOKIE) ? null : crypto.randomUUID().replace(/-/g, '');
}

/** The Set-Cookie value that keeps a device code. Script reads it (lib/client/api.ts), so it is not HttpOnly. */
export function deviceSetCookie(deviceCode: string, settings: Pick<WebSettings, 'rootDomain' | 'protocol'>): string {
  return stringifySetCookie({
    name: DEVICE_COOKIE,
    value: deviceCode,
    maxAge: DEVICE_COOKIE_MAX_AGE,
    path: '/',
    sameSite: 'lax',
    secure: settings.protocol === 'https',
    domain: rootCookieDomain(settings),
  });
}
