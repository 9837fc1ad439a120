import { NextResponse, type NextRequest } from 'next/server';
import { ApiPath, SESSION_COOKIE } from '@contracts/paths';
import { config } from '@/lib/config';
import { PortalHeader } from '@/lib/portal-headers';
import { loginPath, safeReturnPath } from '@/lib/redirect-rules';

/**
 * spec §8 session invalid: clear the credential, then login with a return path. Server components cannot
 * set cookies, so pages redirect here. The backend's logout clears its HttpOnly cookie (it knows the
 * cookie's domain); its Set-Cookie headers are passed on, and the host-only copy is dropped as well.
 */
export async function GET(request: NextRequest) {
  const host = request.headers.get(PortalHeader.host) ?? request.headers.get('host') ?? config.rootDomain;
  const back = safeReturnPath(request.nextUrl.searchParams.get('prePath'), '/');
  const res = NextResponse.redirect(`${config.protocol}://${host}${loginPath(back)}`, 302);
  // Host-only copy first: `res.cookies` rewrites the Set-Cookie list, so the backend's raw headers go after.
  res.cookies.set(SESSION_COOKIE, '', { path: '/', maxAge: 0 });
  try {
    const out = await fetch(`${config.backendUrl}${ApiPath.logout}`, {
      method: 'POST',
      headers: { cookie: request.headers.get('cookie') ?? '', 'content-type': 'application/json', 'x-forwarded-host': host },
      body: '{}',
      signal: AbortSignal.timeout(2000),
    });
    for (const c of out.headers.getSetCookie()) res.headers.append('set-cookie', c);
  } catch {
    // The host-only cookie is cleared anyway; the backend session expires on its own.
  }
  return res;
}
