import { stringifySetCookie } from 'cookie';
import { DEVICE_COOKIE } from '@contracts/paths';
import { DEVICE_COOKIE_MAX_AGE, makeDeviceCode, rootCookieDomain } from './device-code';
import { cookieValue } from './session-cookie';
import type { WebSettings } from './settings';

/**
 * spec §7: the device code is generated once and kept in a cookie — never given with a page: a page answer that
 * sets a cookie belongs to one visitor, so neither our page cache nor a CDN or nginx in front could hand it to the
 * next one, and every first visit and every crawler would render anew (docs/performance.md "First visits"). Nothing
 * a page renders needs the code: public pages render without the visitor, and the calls that count a device (the
 * detail page's view beacon, login, chat) are the browser's own. The browser makes it as a page starts
 * (lib/client/device-code.ts), before any call; a call that still comes without one (a client without script) is
 * given one by the web's forward (lib/front/backend-forward.ts), with the Set-Cookie made here.
 */

/** A new device code when this Cookie header has none; null when the visitor already has one. */
export function newDeviceCode(cookieHeader: string | undefined): string | null {
  return cookieValue(cookieHeader, DEVICE_COOKIE) ? null : makeDeviceCode();
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
