import { NextResponse } from 'next/server';
import { pathAndQuery, publicUrl, type ProxyContext } from './context';

/**
 * spec §8: a host on an old domain gets a 303 to the new domain, same path and query. `newHost` comes from
 * parseHost: the same city on the configured root, or the bare root — never a host the visitor wrote.
 */
export function handleOldDomain(ctx: ProxyContext, newHost: string): NextResponse {
  return NextResponse.redirect(publicUrl(ctx, newHost, pathAndQuery(ctx.request)), 303);
}
