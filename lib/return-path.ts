/**
 * The login's return path, both ways: the header's 登录 link and the personal pages write it, the login form and
 * the 404 page follow it. Its own module, apart from lib/redirect-rules.ts, because client islands on every page
 * load it and the proxy's path tables need not come along (first-load JS: at most +25 kB gzip a route).
 */

/**
 * A login return path is followed only when it is a same-origin absolute path. Protocol-relative (`//x`),
 * backslash (`/\x`, which browsers read as `//x`), schemes and control characters fall back to home.
 * The answer is the URL parser's own form of the path, %-encoded: a Location header must be ASCII, and
 * `/ershoufang/key望京/` as it was typed made the login page answer 500.
 */
export function safeReturnPath(prePath: string | null | undefined, fallback = '/'): string {
  if (typeof prePath !== 'string' || prePath.length === 0 || prePath.length > 2048) return fallback;
  if (!prePath.startsWith('/')) return fallback;
  if (/[\\\u0000-\u001f\u007f]/.test(prePath)) return fallback;
  if (prePath.startsWith('//')) return fallback;
  try {
    const url = new URL(prePath, 'http://same.origin');
    if (url.origin !== 'http://same.origin') return fallback;
    // Resolving dot segments can make a network path of a harmless-looking one: `/.//evil.com` → `//evil.com`.
    if (url.pathname.startsWith('//')) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** `/login?prePath=<full original path incl. query>` */
export function loginPath(returnPath: string): string {
  return `/login?prePath=${encodeURIComponent(returnPath)}`;
}
