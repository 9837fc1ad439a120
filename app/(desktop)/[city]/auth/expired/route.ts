import { NextResponse, type NextRequest } from 'next/server';
import { SESSION_COOKIE } from '@contracts/paths';
import { fetchUserInfo } from '@/lib/api/endpoints';
import { isSessionInvalid } from '@/lib/api/errors';
import { DEVICE_NAMES } from '@/lib/api/device-names';
import { config } from '@/lib/server/config';
import { countedAsWork } from '@/lib/server/counted-work';
import { trustedHost } from '@/lib/host';
import { PortalHeader } from '@/lib/portal-headers';
import { rootCookieDomain } from '@/lib/device-code';
import { loginPath, safeReturnPath } from '@/lib/return-path';
import { sessionToken } from '@/lib/session-cookie';

/**
 * spec §8 session invalid: clear the credential, then login with a return path. Server components cannot
 * set cookies, so pages that got 401 from the backend redirect here.
 *
 * A GET changes nothing that matters (docs/security.md): any site can send a visitor to this URL, so it
 * asks the backend first and clears the cookie only when the backend no longer accepts the session. A
 * live session is left alone and the visitor goes on to the return path; logging out is a POST.
 */
type SessionState = 'valid' | 'dead' | 'unknown';

async function sessionState(token: string | undefined, host: string): Promise<SessionState> {
  if (!token) return 'dead';
  try {
    await fetchUserInfo({ baseURL: config.backendUrl, deviceName: DEVICE_NAMES.desktop, token, authority: host });
    return 'valid';
  } catch (err) {
    return isSessionInvalid(err) ? 'dead' : 'unknown';
  }
}

export async function GET(request: NextRequest) {
  const host = trustedHost(request.headers.get(PortalHeader.host) ?? request.headers.get('host'), config);
  const back = safeReturnPath(request.nextUrl.searchParams.get('prePath'), '/');
  const state = await sessionState(sessionToken(request.headers.get('cookie')), host);
  // A live session goes back where it was; when the backend cannot tell, login (which keeps a live session).
  // Every answer asked the backend about the session (when there was a cookie): counted in the render budget.
  if (state !== 'dead')
    return countedAsWork(NextResponse.redirect(`${config.protocol}://${host}${state === 'valid' ? back : loginPath(back)}`, 302));
  const res = countedAsWork(NextResponse.redirect(`${config.protocol}://${host}${loginPath(back)}`, 302));
  // Both copies: the backend sets the cookie on the root domain when it has a dot, host-only otherwise.
  res.cookies.set(SESSION_COOKIE, '', { path: '/', maxAge: 0 });
  const domain = rootCookieDomain(config);
  if (domain) res.headers.append('set-cookie', `${SESSION_COOKIE}=; Path=/; Domain=${domain}; Max-Age=0; HttpOnly; SameSite=Lax`);
  return res;
}
