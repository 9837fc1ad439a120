import { DEVICE_COOKIE } from '@contracts/device-cookie';
import { DEVICE_COOKIE_MAX_AGE, makeDeviceCode, rootCookieDomain } from '../device-code';
import { readCookie } from './browser-cookie';

/**
 * The browser's device code (spec §7), made once and kept in `yj_device` before the page's first call to the
 * backend: a page's calls start together (the view beacon, the chat's, the header's), and codes given by the server
 * to each of them would race, the last one kept while the first was counted. Same attributes as the server's
 * (lib/device-cookie.ts): ten years, the root domain where it has a dot, Secure over https, readable by script.
 */
export function ensureDeviceCode(settings: { rootDomain: string; protocol: string }): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const kept = readCookie(DEVICE_COOKIE);
  if (kept) return kept;
  const code = makeDeviceCode();
  const domain = rootCookieDomain(settings);
  document.cookie = [
    `${DEVICE_COOKIE}=${code}`,
    `Max-Age=${DEVICE_COOKIE_MAX_AGE}`,
    'Path=/',
    'SameSite=Lax',
    ...(domain ? [`Domain=${domain}`] : []),
    ...(settings.protocol === 'https' ? ['Secure'] : []),
  ].join('; ');
  return code;
}
