/**
 * spec §7: the device code is generated once and kept in a cookie, `yj_device`. What the server (the web's forward,
 * lib/device-cookie.ts) and the browser (lib/client/device-code.ts) share to make and keep it; no dependency, so it
 * costs the browser's first load next to nothing.
 */

/** Ten years is "for good" for a browser cookie. */
export const DEVICE_COOKIE_MAX_AGE = 10 * 365 * 24 * 3600;

/**
 * One device code for every city: on the root domain, like the session cookie — but only when the root host
 * has a dot, because browsers refuse `Domain=localhost` (docs/decisions.md); there it stays per sub-domain.
 */
export function rootCookieDomain(settings: { rootDomain: string }): string | undefined {
  const host = settings.rootDomain.replace(/:\d+$/, '');
  return host.includes('.') ? host : undefined;
}

/** A new device code: 32 hex digits, 128 random bits (Web Crypto, in Node and in every browser). */
export function makeDeviceCode(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
