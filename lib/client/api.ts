'use client';
import { DEVICE_COOKIE } from '@contracts/device-cookie';
import { readCookie } from '@/lib/client/browser-cookie';
import type { CallContext } from '../api/core';
import { DEVICE_NAMES, type Front } from '../api/device-names';
import { isSessionInvalid } from '../api/errors';

/**
 * Browser calls go same-origin: the proxy forwards the backend prefixes, and the browser sends the
 * HttpOnly session cookie itself (no Authorization header from script). `front`: the front whose page calls (its
 * device name, spec §7); the desktop site's islands leave it out.
 */
export function browserContext(front: Front = 'desktop'): CallContext {
  return {
    baseURL: '',
    deviceName: DEVICE_NAMES[front],
    deviceCode: readCookie(DEVICE_COOKIE),
    authority: typeof window === 'undefined' ? undefined : window.location.host,
  };
}

/** spec §8 in the browser: session invalid → clear the credential and go to login with this page as return path. */
export function handleSessionError(err: unknown): boolean {
  if (!isSessionInvalid(err) || typeof window === 'undefined') return false;
  const back = `${window.location.pathname}${window.location.search}`;
  // A full load on purpose: the route handler clears the HttpOnly cookie, which script cannot do.
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  window.location.assign(`/auth/expired?prePath=${encodeURIComponent(back)}`);
  return true;
}
