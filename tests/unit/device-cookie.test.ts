import { NextResponse } from 'next/server';
import { describe, expect, it } from 'vitest';
import { DEVICE_COOKIE } from '@contracts/paths';
import { withDeviceCookie } from '@/lib/proxy/context';
import { loadSettings } from '@/lib/settings';

describe('device cookie', () => {
  it('is one code for every city on a dotted root domain, Secure over https', () => {
    const settings = loadSettings({ PORTAL_ROOT_DOMAIN: 'youju.com', PORTAL_PROTOCOL: 'https' });
    const cookie = withDeviceCookie(NextResponse.next(), 'abc123', settings).cookies.get(DEVICE_COOKIE);
    expect(cookie).toMatchObject({ value: 'abc123', domain: 'youju.com', secure: true, path: '/' });
  });
  it('stays on the sub-domain for the bare localhost, which browsers refuse as a cookie domain', () => {
    const settings = loadSettings({ PORTAL_ROOT_DOMAIN: 'localhost:3000' });
    const cookie = withDeviceCookie(NextResponse.next(), 'abc123', settings).cookies.get(DEVICE_COOKIE);
    expect(cookie?.value).toBe('abc123');
    expect(cookie?.domain).toBeUndefined();
  });
  it('is not set again when the visitor has one', () => {
    const settings = loadSettings({});
    expect(withDeviceCookie(NextResponse.next(), null, settings).cookies.get(DEVICE_COOKIE)).toBeUndefined();
  });
});
