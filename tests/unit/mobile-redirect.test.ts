import { describe, expect, it } from 'vitest';
import type { HostInfo } from '@/lib/host';
import { mobileAnswer } from '@/lib/front/mobile-redirect';

/** spec §1: phones go to the mobile site's equivalent page; off without MOBILE_SITE_ROOT; 电脑版 is remembered. */

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID_PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

const bj = { kind: 'city', city: 'bj', host: 'bj.youju.com' } as HostInfo;
const on = { mobileSiteRoot: 'm.youju.com', protocol: 'https' as const, rootDomain: 'youju.com' };
const ask = (url: string, ua = IPHONE, extra: Record<string, string> = {}, settings = on, host = bj, method = 'GET') =>
  mobileAnswer(method, url, { 'user-agent': ua, ...extra }, host, settings);

describe('mobile redirect', () => {
  it('sends a phone to the mapped page: home, lists with their filters and query, details, news, agents', () => {
    expect(ask('/')).toEqual({ kind: 'redirect', location: 'https://m.youju.com/bj/' });
    expect(ask('/ershoufang/a2p3/?page=2', ANDROID_PHONE)).toEqual({
      kind: 'redirect',
      location: 'https://m.youju.com/bj/ershoufang/a2p3/?page=2',
    });
    expect(ask('/sp/rent/xiangqing/12')?.kind).toBe('redirect');
    expect(ask('/loupan/xiangqing/7')).toEqual({ kind: 'redirect', location: 'https://m.youju.com/bj/loupan/xiangqing/7' });
    expect(ask('/news/loushikuaixun/3.html')?.kind).toBe('redirect');
    expect(ask('/agent/42')?.kind).toBe('redirect');
  });

  it('leaves the pages without an equivalent, other devices, other hosts, other methods and client navigations', () => {
    for (const path of ['/login', '/personal/account', '/about', '/citys', '/h5/agent']) expect(ask(path), path).toBeNull();
    expect(ask('/', DESKTOP)).toBeNull();
    expect(ask('/', IPAD)).toBeNull();
    expect(ask('/', IPHONE, {}, on, { kind: 'www', host: 'www.youju.com' })).toBeNull();
    expect(ask('/', IPHONE, {}, on, bj, 'POST')).toBeNull();
    expect(ask('/ershoufang/', IPHONE, { rsc: '1' })).toBeNull();
  });

  it('is off while MOBILE_SITE_ROOT is empty', () => {
    expect(ask('/', IPHONE, {}, { protocol: 'https', rootDomain: 'youju.com' } as typeof on)).toBeNull();
  });

  it('remembers 电脑版: ?pc=1 sets the cookie and comes back without it; with the cookie the phone stays', () => {
    const pc = ask('/ershoufang/?pc=1&page=2');
    expect(pc).toEqual({
      kind: 'remember-pc',
      location: 'https://bj.youju.com/ershoufang/?page=2',
      cookie: 'yj_pc=1; Max-Age=31536000; Path=/; SameSite=Lax; Domain=youju.com; Secure',
    });
    expect(ask('/ershoufang/', IPHONE, { cookie: 'a=b; yj_pc=1' })).toBeNull();
  });
});
