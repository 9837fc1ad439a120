import 'server-only';
import { cache } from 'react';
import { redirect } from 'next/navigation';
import type { Account } from '@contracts/account';
import { fetchAccount } from '@/lib/api/endpoints';
import { requestedPath, rethrowAsPage, serverContext } from '@/lib/server/api';
import type { CallContext } from '@/lib/api/core';
import { loginPath } from '@/lib/return-path';

export interface PersonalUser extends Account {
  ctx: CallContext;
}

/**
 * The visitor of a personal page (spec §2 "Personal centre", §5 Access), checked on the server: the proxy only saw
 * that a session cookie exists. No session, a dead one, or a user without a mobile number goes to login with the
 * full original path as prePath. One backend call per request: the layout and the page share it (React cache).
 */
export const personalUser = cache(async (): Promise<PersonalUser> => {
  const ctx = await serverContext();
  if (!ctx.token) redirect(loginPath(await requestedPath()));
  const account = await fetchAccount(ctx).catch(rethrowAsPage);
  if (!account.user.mobile) redirect(loginPath(await requestedPath()));
  return { ctx, ...account };
});

/** The hour in Beijing (the greeting of copy.md follows the portal's time, not the server's). */
export function beijingHour(now = new Date()): number {
  return Number(new Intl.DateTimeFormat('en-US', { hour: 'numeric', hourCycle: 'h23', timeZone: 'Asia/Shanghai' }).format(now));
}
