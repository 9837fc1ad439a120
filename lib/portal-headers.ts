/**
 * Request headers the proxy adds before a rewrite. After a rewrite, `headers().get('host')` no longer
 * shows the public host (STYLE "Routing and the proxy"), so the proxy passes what pages need on here.
 * The proxy deletes any incoming copy first, so a visitor cannot forge them.
 */
export const PortalHeader = {
  /** Public host the visitor used: `bj.localhost:3000`. */
  host: 'x-portal-host',
  /** Path + query the visitor asked for, for login return paths. */
  path: 'x-portal-path',
  /** Client IP, first hop of X-Forwarded-For. */
  clientIp: 'x-portal-ip',
} as const;

/** First address of X-Forwarded-For, else X-Real-IP. */
export function clientIpOf(headers: Headers): string | undefined {
  const xff = headers.get('x-forwarded-for');
  const first = xff?.split(',')[0]?.trim();
  return first || headers.get('x-real-ip')?.trim() || undefined;
}
