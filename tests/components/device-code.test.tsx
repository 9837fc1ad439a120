import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readCookie } from '@/lib/client/browser-cookie';
import { CityProvider } from '@/lib/client/city-context';
import { ensureDeviceCode } from '@/lib/client/device-code';

const city = { cityCode: '110000', cityName: '北京', cityDomain: 'bj', rootDomain: 'localhost:3000', protocol: 'http' };
const forget = () => (document.cookie = 'yj_device=; Max-Age=0; Path=/');

afterEach(() => {
  cleanup();
  forget();
  vi.restoreAllMocks();
});

describe('the device code in the browser (spec §7)', () => {
  it('is made as the city layout renders, before any island calls the backend, and kept after', () => {
    forget();
    expect(readCookie('yj_device')).toBeUndefined();
    render(
      <CityProvider value={city}>
        <span />
      </CityProvider>,
    );
    const code = readCookie('yj_device');
    expect(code).toMatch(/^[0-9a-f]{32}$/);
    render(
      <CityProvider value={city}>
        <span />
      </CityProvider>,
    );
    expect(readCookie('yj_device')).toBe(code);
  });
  it('is kept ten years on the root domain where it has a dot, Secure over https; host-only on localhost', () => {
    const written: string[] = [];
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => void written.push(value));
    vi.spyOn(document, 'cookie', 'get').mockReturnValue('');
    ensureDeviceCode({ rootDomain: 'youju.com', protocol: 'https' });
    ensureDeviceCode({ rootDomain: 'localhost:3000', protocol: 'http' });
    expect(written[0]).toMatch(/^yj_device=[0-9a-f]{32}; Max-Age=315360000; Path=\/; SameSite=Lax; Domain=youju\.com; Secure$/);
    expect(written[1]).toMatch(/^yj_device=[0-9a-f]{32}; Max-Age=315360000; Path=\/; SameSite=Lax$/);
  });
});
