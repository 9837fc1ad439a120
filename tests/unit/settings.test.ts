import { describe, expect, it } from 'vitest';
import { parseAddressRanges } from '@contracts/address-ranges';
import { loadSettings } from '@/lib/settings';

describe('web settings', () => {
  it('works with nothing set', () => {
    expect(loadSettings({})).toEqual({
      port: 3000,
      webHost: '127.0.0.1',
      rootDomain: 'localhost:3000',
      oldDomains: ['yjyz.localhost:3000'],
      backendUrl: 'http://127.0.0.1:4000',
      defaultCity: 'bj',
      protocol: 'http',
      icpFiling: '京ICP备2026031588号-1',
      appLinks: { ios: undefined, android: undefined },
      trustedProxyHops: 0,
      trustedProxies: parseAddressRanges('127.0.0.0/8, ::1/128'),
      redisUrl: undefined,
      pageCacheBytes: 256 * 1024 * 1024,
      pageCacheRedisBytes: 512 * 1024 * 1024,
      pageRendersPerAddress: 30,
      renderBudgetRedisMs: 500,
    });
  });
  it('derives the root from PORT when no root is given, treats empty as unset', () => {
    expect(loadSettings({ PORT: '3100', PORTAL_ROOT_DOMAIN: '' }).rootDomain).toBe('localhost:3100');
  });
  it.each([
    ['PORT', 'abc'],
    ['BACKEND_URL', 'not a url'],
    ['PORTAL_PROTOCOL', 'ftp'],
    ['PORTAL_ROOT_DOMAIN', 'bad host/'],
    ['DEFAULT_CITY', 'BJ!'],
    ['TRUSTED_PROXY_HOPS', '-1'],
    ['TRUSTED_PROXIES', 'loopback, nginx.internal'],
    ['WEB_HOST', '0.0.0.0 rm -rf'],
    ['APP_IOS_URL', 'http://apps.example/not-https'],
    ['REDIS_URL', 'http://127.0.0.1:6379'],
    ['PAGE_CACHE_MB', '1'],
    ['PAGE_CACHE_REDIS_MB', '0'],
    ['PAGE_RENDERS_PER_ADDRESS', '-1'],
    ['RENDER_BUDGET_REDIS_MS', '0'],
    // An old domain covering the root would send every visit round in a 303 loop.
    ['PORTAL_OLD_DOMAINS', 'localhost'],
  ])('names the bad variable %s', (name, value) => {
    expect(() => loadSettings({ [name]: value })).toThrow(name);
  });
});
