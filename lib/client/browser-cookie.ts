/**
 * The two cookie reads and one write the browser does (device code, the city prompt's "cancel"), without a
 * cookie library on every route (first-load JS: at most +25 kB gzip a route). Values are URI-encoded as js-cookie wrote them.
 */
export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const pair of document.cookie ? document.cookie.split('; ') : []) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq) === name) {
      try {
        return decodeURIComponent(pair.slice(eq + 1));
      } catch {
        return pair.slice(eq + 1);
      }
    }
  }
  return undefined;
}

/** A site-wide cookie kept `days` days. */
export function writeCookie(name: string, value: string, days: number): void {
  const expires = new Date(Date.now() + days * 86_400_000).toUTCString();
  document.cookie = `${name}=${encodeURIComponent(value)}; expires=${expires}; path=/`;
}
