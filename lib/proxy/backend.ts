import { NextResponse, type NextRequest } from 'next/server';
import { clientIpOf } from '@/lib/portal-headers';
import type { WebSettings } from '@/lib/settings';

/**
 * Backend path prefixes the browser calls same-origin (ARCHITECTURE diagram). They are forwarded here, at
 * run time, rather than with next.config rewrites: those are frozen into the build manifest, and one build
 * must work with any BACKEND_URL.
 */
export const BACKEND_PREFIXES = ['/yjyz.web.api/', '/sso/', '/oss/', '/common.core.api/', '/common.stats.api/'] as const;

export function isBackendPath(pathname: string): boolean {
  return BACKEND_PREFIXES.some((p) => pathname.startsWith(p));
}

export function forwardToBackend(request: NextRequest, settings: WebSettings): NextResponse {
  const target = new URL(`${request.nextUrl.pathname}${request.nextUrl.search}`, settings.backendUrl);
  const headers = new Headers(request.headers);
  // The backend locates visitors and rate-limits by IP: give it the visitor's, not ours.
  const ip = clientIpOf(request.headers);
  if (ip) headers.set('x-forwarded-for', ip);
  // The public host, so the backend can scope the session cookie to the portal's root domain.
  headers.set('x-forwarded-host', request.headers.get('host') ?? '');
  return NextResponse.rewrite(target, { request: { headers } });
}
