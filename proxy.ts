import type { NextRequest, NextResponse } from 'next/server';
import { parseHost } from '@/lib/host';
import { forwardToBackend, isBackendPath } from '@/lib/proxy/backend';
import { handleCity } from '@/lib/proxy/city';
import { handleOldDomain } from '@/lib/proxy/old-domain';
import { handleRoot } from '@/lib/proxy/root';
import { currentSettings } from '@/lib/settings';

/**
 * Thin on purpose: parse the host, hand over to one handler per host kind (lib/proxy/*). Access control
 * is never decided here alone; pages check the session again.
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  const settings = currentSettings();
  const info = parseHost(request.headers.get('host'), settings);
  // Old domains move first, even for API paths: the whole site moved (spec §8).
  if (info.kind === 'old') return handleOldDomain({ request, settings, host: info.host }, info.newHost);
  if (isBackendPath(request.nextUrl.pathname)) return forwardToBackend(request, settings);
  const ctx = { request, settings, host: info.host };
  if (info.kind === 'city') return handleCity(ctx, info.city);
  return handleRoot(ctx);
}

export const config = {
  matcher: [
    /*
     * Everything except:
     * - _next/static, _next/image: build output and image optimisation, the same on every host;
     * - assets/: our own files in public/assets, host-independent (a city rewrite would 404 them);
     * - favicon.ico, robots.txt: crawlers and browsers ask for them on every host.
     * Not skipped by extension: /index.html, /share.html and news articles (*.html) are pages, and
     * /oss/… images must reach the backend.
     */
    '/((?!_next/static|_next/image|assets/|favicon\\.ico|robots\\.txt).*)',
  ],
};
