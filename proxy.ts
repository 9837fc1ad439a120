import { NextResponse, type NextRequest } from 'next/server';
import { parseHost } from '@/lib/host';
import { handleCity } from '@/lib/proxy/city';
import { handleDesk } from '@/lib/proxy/desk';
import { handleOldDomain } from '@/lib/proxy/old-domain';
import { handleRoot } from '@/lib/proxy/root';
import { isPublicFile } from '@/lib/public-files';
import { currentSettings } from '@/lib/settings';

/**
 * Thin on purpose: parse the host, hand over to one handler per host kind (lib/proxy/*). Access control
 * is never decided here alone; pages check the session again. Every redirect is built from the configured
 * root (parseHost never hands back the raw Host). The security headers are set by web-server.ts.
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  const settings = currentSettings();
  const info = parseHost(request.headers.get('host'), settings);
  const ctx = { request, settings, host: info.host };
  // Backend paths never get here: web-server.ts forwards them before Next (lib/front/backend-forward.ts).
  if (info.kind === 'old') return handleOldDomain(ctx, info.newHost);
  // A city's robots.txt names its own sitemap (app/(desktop)/[city]/robots.txt); every other public file is the same everywhere.
  const cityRobots = info.kind === 'city' && request.nextUrl.pathname === '/robots.txt';
  if (isPublicFile(request.nextUrl.pathname) && !cityRobots) return NextResponse.next();
  if (info.kind === 'city') return handleCity(ctx, info.city);
  if (info.kind === 'desk') return handleDesk(ctx);
  return handleRoot(ctx);
}

export const config = {
  matcher: [
    /*
     * Everything except _next/static and _next/image: build output and image optimisation, the same on every
     * host and never a redirect. Public files (assets/, favicon.ico, robots.txt) do pass through here, so
     * that no path reaches app/(desktop)/[city] without the proxy having chosen the city: `/assets/auth/expired` once ran the [city] route with city "assets" and the Host as
     * given. Not skipped by extension: /index.html, /share.html and news articles (*.html) are pages, and
     * /oss/… images must reach the backend.
     */
    '/((?!_next/static|_next/image).*)',
  ],
};
