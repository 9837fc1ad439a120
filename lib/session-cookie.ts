import { SESSION_COOKIE } from '@contracts/paths';

/**
 * The session token a Cookie header carries: the FIRST `yj_token`, as the backend reads it (@fastify/cookie
 * keeps the first of a repeated name; Next's cookie store keeps the last). A browser can hold two copies, one
 * on the root domain and a host-only one; web and backend must agree on which one is the visitor.
 */
export function sessionToken(cookieHeader: string | null | undefined): string | undefined {
  return cookieValue(cookieHeader, SESSION_COOKIE);
}

/** The value of the first cookie named `name` in a Cookie header, read the way the backend reads it; undefined when empty. */
export function cookieValue(cookieHeader: string | null | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    if (!raw) return undefined;
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}
