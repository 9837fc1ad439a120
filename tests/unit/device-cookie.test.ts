import { parseSetCookie } from 'cookie';
import { describe, expect, it } from 'vitest';
import { DEVICE_COOKIE } from '@contracts/paths';
import { deviceSetCookie, newDeviceCode } from '@/lib/device-cookie';
import { loadSettings } from '@/lib/settings';

describe('device cookie', () => {
  it('is one code for every city on a dotted root domain, Secure over https, kept ten years', () => {
    const settings = loadSettings({ PORTAL_ROOT_DOMAIN: 'youju.com', PORTAL_PROTOCOL: 'https' });
    expect(parseSetCookie(deviceSetCookie('abc123', settings))).toMatchObject({
      name: DEVICE_COOKIE,
      value: 'abc123',
      domain: 'youju.com',
      secure: true,
      path: '/',
      sameSite: 'lax',
      maxAge: 10 * 365 * 24 * 3600,
    });
  });
  it('stays on the sub-domain for the bare localhost, which browsers refuse as a cookie domain', () => {
    const cookie = parseSetCookie(deviceSetCookie('abc123', loadSettings({ PORTAL_ROOT_DOMAIN: 'localhost:3000' })));
    expect(cookie.value).toBe('abc123');
    expect(cookie.domain).toBeUndefined();
    expect(cookie.secure).toBeFalsy();
  });
  it('is made only for a visitor without one: 32 hex digits, a new one each time', () => {
    const a = newDeviceCode(undefined);
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newDeviceCode('yj_token=x')).not.toBe(a);
    expect(newDeviceCode(`other=1; ${DEVICE_COOKIE}=abc123`)).toBeNull();
  });
});
