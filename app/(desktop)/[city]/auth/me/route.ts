import { NextResponse, type NextRequest } from 'next/server';
import { fetchUserInfo } from '@/lib/api/endpoints';
import type { HeaderUser } from '@/lib/header-user';
import { DEVICE_NAMES } from '@/lib/api/device-names';
import { config } from '@/lib/server/config';
import { countedAsWork } from '@/lib/server/counted-work';
import { displayName } from '@/lib/format';
import { trustedHost } from '@/lib/host';
import { PortalHeader } from '@/lib/portal-headers';
import { sessionToken } from '@/lib/session-cookie';

// The chat widget still imports the type from this route.

/**
 * The header's user box asks here who is looking (components/header/user-box.tsx), so that pages themselves
 * never read the session while rendering (one render serves every visitor). The session is checked by the backend; a visitor
 * without a session cookie costs no backend call, and no answer is a 401 (spec §4/§5: only a user-info answer
 * with a mobile number counts as logged in; anything else is anonymous, as it was in the server-rendered header).
 */
export async function GET(request: NextRequest) {
  const token = sessionToken(request.headers.get('cookie'));
  let user: HeaderUser | null = null;
  if (token) {
    const host = trustedHost(request.headers.get(PortalHeader.host) ?? request.headers.get('host'), config);
    const info = await fetchUserInfo({
      baseURL: config.backendUrl,
      deviceName: DEVICE_NAMES.desktop,
      token,
      authority: host,
    }).catch(() => null);
    if (info?.mobile) user = { name: displayName(info), userId: info.userId };
  }
  const answer = NextResponse.json({ user }, { headers: { 'cache-control': 'private, no-store' } });
  // The backend was asked: counted in the address's render budget (a visitor without a cookie cost nothing).
  return token ? countedAsWork(answer) : answer;
}
