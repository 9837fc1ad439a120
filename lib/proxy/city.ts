import { NextResponse } from 'next/server';
import { SESSION_COOKIE } from '@contracts/paths';
import { h5Route, legacyRedirect, needsLogin, newsQueryRoute, routeAlias } from '@/lib/redirect-rules';
import { loginPath } from '@/lib/return-path';
import { shareQueryRoute, validateQueryRoute } from '@/lib/share-paths';
import { forwardedHeaders, pathAndQuery, publicUrl, type ProxyContext } from './context';

/**
 * City sub-domain: legacy paths redirect, personal pages need the session cookie, everything else is
 * rewritten into `app/(desktop)/[city]/…`. The cookie check here only saves a round trip: personal pages check the
 * session again on the server (ARCHITECTURE "Cities and hosts").
 */
export function handleCity(ctx: ProxyContext, city: string): NextResponse {
  const { request } = ctx;
  const { pathname, search } = request.nextUrl;
  const moved = legacyRedirect(pathname);
  if (moved) return NextResponse.redirect(publicUrl(ctx, ctx.host, `${moved}${search}`), 301);
  if (needsLogin(pathname) && !request.cookies.get(SESSION_COOKIE)?.value) {
    return NextResponse.redirect(publicUrl(ctx, ctx.host, loginPath(pathAndQuery(request))), 302);
  }
  const target = request.nextUrl.clone();
  const query = request.nextUrl.searchParams;
  const byQuery =
    h5Route(pathname, query) ??
    newsQueryRoute(pathname, query) ??
    shareQueryRoute(pathname, query) ??
    validateQueryRoute(pathname, query);
  target.pathname = `/${city}${byQuery ?? routeAlias(pathname)}`;
  // The agent (the article, the shared item, the code) is in the path now; the page is one render each whatever else the query says.
  if (byQuery) target.search = '';
  return NextResponse.rewrite(target, { request: { headers: forwardedHeaders(ctx) } });
}
