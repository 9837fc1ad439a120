import { NextResponse } from 'next/server';
import { apiCache } from '@/lib/api/cache';
import { DEVICE_NAMES } from '@/lib/api/device-names';
import { fetchLocation } from '@/lib/api/endpoints';
import { clientIpOf } from '@/lib/portal-headers';
import { isCityExempt, newsQueryRoute, routeAlias } from '@/lib/redirect-rules';
import { shareQueryRoute } from '@/lib/share-paths';
import { cityOrigin } from '@/lib/host';
import { forwardedHeaders, pathAndQuery, type ProxyContext } from './context';

/** The one remote call the proxy makes; a slow backend must not hold the visitor (STYLE "Routing"). */
const LOCATE_TIMEOUT_MS = 800;

/** Located city's sub-domain for this visitor, DEFAULT_CITY when the backend cannot tell or is slow. */
async function locatedCityDomain(ctx: ProxyContext): Promise<string> {
  try {
    const loc = await fetchLocation({
      baseURL: ctx.settings.backendUrl,
      // www and the bare root lead to the desktop site's city hosts: the call is that front's.
      deviceName: DEVICE_NAMES.desktop,
      cache: apiCache,
      clientIp: clientIpOf(ctx.request.headers),
      authority: ctx.host,
      timeout: LOCATE_TIMEOUT_MS,
    });
    return /^[a-z][a-z0-9-]{0,30}$/.test(loc.cityDomain) ? loc.cityDomain : ctx.settings.defaultCity;
  } catch {
    return ctx.settings.defaultCity;
  }
}

/**
 * www, the bare root and unknown hosts (spec §2 "City-domain redirect"): the exempt paths are served (with
 * the default city's data), anything else goes to the located city's domain, same path and query.
 */
export async function handleRoot(ctx: ProxyContext): Promise<NextResponse> {
  const { request, settings } = ctx;
  if (isCityExempt(request.nextUrl.pathname)) {
    const target = request.nextUrl.clone();
    const { pathname, searchParams } = request.nextUrl;
    const byQuery = newsQueryRoute(pathname, searchParams) ?? shareQueryRoute(pathname, searchParams);
    target.pathname = `/${settings.defaultCity}${byQuery ?? routeAlias(request.nextUrl.pathname)}`;
    if (byQuery) target.search = '';
    return NextResponse.rewrite(target, { request: { headers: forwardedHeaders(ctx) } });
  }
  const cityDomain = await locatedCityDomain(ctx);
  return NextResponse.redirect(`${cityOrigin(cityDomain, settings)}${pathAndQuery(request)}`, 302);
}
