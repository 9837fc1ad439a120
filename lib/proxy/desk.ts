import { NextResponse } from 'next/server';
import { forwardedHeaders, type ProxyContext } from './context';

/** Where the desk's one page lives in app/: a top-level folder no city host can reach (they rewrite into app/(desktop)/[city]). */
export const DESK_APP_PATH = '/desk';

/**
 * The agent desk's host (`desk.{root}`): the agents' own app, not a portal page (spec §1: agents cannot log in on
 * the portal). `/` is the desk; any other path is rewritten beside it into app/(desk)/desk/ (`[...path]`, the 404 page). No city,
 * no legacy redirects, no device cookie (a portal visitor's code), and the page gets no cookies at all: it is the same
 * shell for everyone, and the desk cookie belongs to the desk's calls (Path /api/desk), which the web server forwards.
 */
export function handleDesk(ctx: ProxyContext): NextResponse {
  const { pathname } = ctx.request.nextUrl;
  const target = ctx.request.nextUrl.clone();
  target.pathname = pathname === '/' ? DESK_APP_PATH : `${DESK_APP_PATH}${pathname}`;
  const headers = forwardedHeaders(ctx);
  headers.delete('cookie');
  return NextResponse.rewrite(target, { request: { headers } });
}
