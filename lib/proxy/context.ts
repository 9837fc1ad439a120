import type { NextRequest } from 'next/server';
import { clientIpOf, PortalHeader } from '@/lib/portal-headers';
import type { WebSettings } from '@/lib/settings';

/** What every handler needs: the request, the settings, and the public host it came in on. */
export interface ProxyContext {
  request: NextRequest;
  settings: WebSettings;
  host: string;
}

/** Absolute URL on the public host. Never from `req.nextUrl` as is: behind a proxy it carries the internal port. */
export function publicUrl(ctx: { settings: WebSettings }, host: string, pathAndQuery: string): string {
  return `${ctx.settings.protocol}://${host}${pathAndQuery}`;
}

export function pathAndQuery(request: NextRequest): string {
  return `${request.nextUrl.pathname}${request.nextUrl.search}`;
}

/** Headers for the rewritten request: the public host, path and client IP (never the visitor's copies). */
export function forwardedHeaders(ctx: ProxyContext): Headers {
  const h = new Headers(ctx.request.headers);
  h.set(PortalHeader.host, ctx.host);
  h.set(PortalHeader.path, pathAndQuery(ctx.request));
  const ip = clientIpOf(ctx.request.headers);
  if (ip) h.set(PortalHeader.clientIp, ip);
  else h.delete(PortalHeader.clientIp);
  return h;
}
