import 'server-only';
import { cookies, headers } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import { DEVICE_COOKIE } from '@contracts/paths';
import { config } from '@/lib/server/config';
import { trustedHost } from '@/lib/host';
import { PortalHeader } from '@/lib/portal-headers';
import { sessionToken } from '@/lib/session-cookie';
import { apiCache } from '../api/cache';
import type { CallContext } from '../api/core';
import { DEVICE_NAMES, type Front } from '../api/device-names';
import { ApiError, isNotFound, isSessionInvalid } from '../api/errors';

/**
 * Call context for what every visitor sees alike (cities, menus, lists, details, the home): nothing of the
 * request at all, no host, no client address, no session, no device code. A page rendered from it reads no
 * request header, so Next renders it once and serves it from the page cache to everyone (docs/performance.md,
 * lib/front/page-cache/); what depends on the visitor is asked for by client islands (the header's user box, the
 * located-city prompt). `front` is the front whose page asks (its device name, spec §7): the desktop site's pages leave
 * it out; another front's pages name themselves.
 */
export async function publicContext(front: Front = 'desktop'): Promise<CallContext> {
  return { baseURL: config.backendUrl, deviceName: DEVICE_NAMES[front], cache: apiCache };
}

/**
 * Call context of the visitor (user calls only): public host, client address, token and device code. Reading
 * them makes the page dynamic, which is what a personal page must be. `front` as for publicContext.
 */
export async function serverContext(front: Front = 'desktop'): Promise<CallContext> {
  const [c, h] = await Promise.all([cookies(), headers()]);
  return {
    baseURL: config.backendUrl,
    deviceName: DEVICE_NAMES[front],
    cache: apiCache,
    authority: trustedHost(h.get(PortalHeader.host) ?? h.get('host'), config),
    clientIp: h.get(PortalHeader.clientIp) ?? undefined,
    token: sessionToken(h.get('cookie')),
    deviceCode: c.get(DEVICE_COOKIE)?.value,
  };
}

/** The path + query the visitor asked for (for login return paths). */
export async function requestedPath(): Promise<string> {
  const h = await headers();
  return h.get(PortalHeader.path) ?? '/';
}

/** The public host of this request: a host of the configured root, whatever the request's headers say. */
export async function publicHost(): Promise<string> {
  const h = await headers();
  return trustedHost(h.get(PortalHeader.host) ?? h.get('host'), config);
}

/** Route that clears the session cookie and continues to login (server components cannot set cookies). */
export const SESSION_EXPIRED_PATH = '/auth/expired';

/** spec §8 status 303: the brand-upgrade page. */
export const BRAND_UPGRADE_PATH = '/brand-upgrade';

/**
 * spec §8 for server-side calls: session invalid → clear the credential and go to login with a return path;
 * 4000000 → the 404 page; HTTP 303 → brand upgrade; anything else is rethrown for the 500 page (error.tsx).
 */
export async function rethrowAsPage(err: unknown): Promise<never> {
  if (isNotFound(err)) notFound();
  if (err instanceof ApiError && err.status === 303) redirect(BRAND_UPGRADE_PATH);
  if (isSessionInvalid(err)) {
    const back = await requestedPath();
    redirect(`${SESSION_EXPIRED_PATH}?prePath=${encodeURIComponent(back)}`);
  }
  throw err;
}

/** spec §7: failures of location, menu and user-info calls are swallowed silently. */
export async function orNull<T>(p: Promise<T>): Promise<T | null> {
  try {
    return await p;
  } catch {
    return null;
  }
}
