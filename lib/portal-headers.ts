/**
 * Request headers the proxy adds before a rewrite. After a rewrite, `headers().get('host')` no longer
 * shows the public host (STYLE "Routing and the proxy"), so the proxy passes what pages need on here.
 * web-server.ts deletes any incoming copy before Next sees the request, so a visitor cannot forge them.
 */
export const PortalHeader = {
  /** Public host the visitor used: `bj.localhost:3000`. */
  host: 'x-portal-host',
  /** Path + query the visitor asked for, for login return paths. */
  path: 'x-portal-path',
  /** Client IP, first hop of X-Forwarded-For. */
  clientIp: 'x-portal-ip',
} as const;

/**
 * The visitor's address. web-server.ts replaces X-Forwarded-For with the one address it trusts (the socket
 * peer, or the entry TRUSTED_PROXY_HOPS load balancers vouch for), so by the time Next runs it holds exactly
 * that address.
 */
export function clientIpOf(headers: Headers): string | undefined {
  return headers.get('x-forwarded-for')?.split(',')[0]?.trim() || undefined;
}
