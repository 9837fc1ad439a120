/**
 * The cookie reads the browser does (device code, the visitor's city choice), without a
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
