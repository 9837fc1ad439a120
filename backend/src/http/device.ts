import type { FastifyRequest } from 'fastify';
import { DEVICE_COOKIE, RequestHeader } from '@contracts/paths';

/** A device code as the web gives it (lib/device-cookie.ts): a short token; anything else is no device. */
const DEVICE_CODE = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * spec §7: the caller's device code, from the `x-device-code` header the browser's client sends, else the
 * `yj_device` cookie (the web gives that cookie with a visitor's first call and passes it on in the same call, before
 * script has read it); null when neither is a device code.
 */
export function deviceCodeOf(request: FastifyRequest): string | null {
  const header = request.headers[RequestHeader.deviceCode];
  if (typeof header === 'string' && DEVICE_CODE.test(header)) return header;
  const cookie = request.cookies[DEVICE_COOKIE];
  return cookie && DEVICE_CODE.test(cookie) ? cookie : null;
}
