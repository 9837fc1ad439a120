import { NextResponse } from 'next/server';
import { pathAndQuery, publicUrl, type ProxyContext } from './context';

/** spec §8: a host containing an old domain gets a 303 to the new domain, same path and query. */
export function handleOldDomain(ctx: ProxyContext, newHost: string): NextResponse {
  return NextResponse.redirect(publicUrl(ctx, newHost, pathAndQuery(ctx.request)), 303);
}
