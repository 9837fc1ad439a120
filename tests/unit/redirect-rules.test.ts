import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCityExempt, legacyRedirect, needsLogin, routeAlias } from '@/lib/redirect-rules';
import { loginPath, safeReturnPath } from '@/lib/return-path';

describe('legacyRedirect (spec §2)', () => {
  it.each([
    ['/sellhouse', '/ershoufang/'],
    ['/sellhouse/', '/ershoufang/'],
    ['/sellhouse/dc12/', '/ershoufang/dc12/'],
    ['/sellhouse/detail/5', '/ershoufang/'],
    ['/renthouse', '/zufang/'],
    ['/renthouse/detail', '/zufang/'],
    ['/ershoufang/detail/', '/ershoufang/'],
    ['/ershoufang/detail/123', '/ershoufang/'],
    ['/loupan/detail/1', '/loupan/'],
    ['/zufang/detail', '/zufang/'],
    ['/xiaoqu/detail/9', '/xiaoqu/'],
    ['/sp', '/sp/buy/'],
    ['/sp/', '/sp/buy/'],
    ['/xzl/', '/xzl/buy/'],
    ['/sp/rent/detail/3', '/sp/rent/'],
    ['/xzl/buy/detail', '/xzl/buy/'],
    ['/personal', '/personal/account'],
    ['/personal/', '/personal/account'],
  ])('%s → %s', (from, to) => expect(legacyRedirect(from)).toBe(to));

  it.each([
    '/',
    '/ershoufang/',
    '/ershoufang/xiangqing/1',
    '/ershoufang/detailx',
    '/sellhousex',
    '/personal/account',
    '/loupan/xiangqing/2',
    '/sp/buy/',
    '/sp/rent/',
    '/xzl/rent/dc1/',
    '/spx/',
    '/sp/buy/xiangqing/4',
  ])('leaves %s alone', (p) => expect(legacyRedirect(p)).toBeNull());
});

describe('routeAlias (spec §2: /index.html, /loupan/xiangqing/{id}.html)', () => {
  it.each([
    ['/index.html', '/'],
    ['/index310000', '/index/310000'],
    ['/loupan/xiangqing/12.html', '/loupan/xiangqing/12'],
    ['/loupan/xiangqing/2147483647.html', '/loupan/xiangqing/2147483647'],
    ['/loupan/xiangqing/12/dongtai.html', '/loupan/xiangqing/12/dongtai'],
    ['/loupan/xiangqing/12/dianping/2.html', '/loupan/xiangqing/12/dianping/2'],
    ['/loupan/xiangqing/12/dianping/add.html', '/loupan/xiangqing/12/dianping/add'],
  ])('serves %s as %s', (from, to) => expect(routeAlias(from)).toBe(to));

  it.each([
    '/',
    '/loupan/xiangqing/12',
    '/loupan/xiangqing/12.htm',
    '/loupan/xiangqing/abc.html',
    '/loupan/xiangqing/.html',
    '/loupan/xiangqing/12.html/x',
    '/loupan/xiangqing/12/dongtai/2/3.html',
    '/loupan/xiangqing/12/Dongtai.html',
    '/loupan/xiangqing/12/dongtai.html.html',
    '/zufang/xiangqing/12.html',
    '/news/loushikuaixun/12.html',
    '/index31000',
    '/index3100000',
    '/index310000/',
  ])('leaves %s alone', (p) => expect(routeAlias(p)).toBe(p));
});

describe('needsLogin', () => {
  it('guards the personal centre only', () => {
    expect(needsLogin('/personal/account')).toBe(true);
    expect(needsLogin('/personal/entrust/sell')).toBe(true);
    expect(needsLogin('/personalx')).toBe(false);
    expect(needsLogin('/login')).toBe(false);
  });
});

describe('isCityExempt (spec §2 "City-domain redirect")', () => {
  it.each([
    '/index.html',
    '/share',
    '/share.html',
    '/about',
    '/about/',
    '/about/aboutuj',
    '/about/ujcontact',
    '/about/ujculture',
    '/about/ujevents',
    '/news/detail',
    '/news/loushikuaixun/12.html',
  ])('serves %s on www', (p) => expect(isCityExempt(p)).toBe(true));
  it.each(['/', '/ershoufang/', '/about/other', '/news', '/news/loushikuaixun', '/news/foo/1.html', '/login'])(
    'redirects %s',
    (p) => expect(isCityExempt(p)).toBe(false),
  );
});

describe('safeReturnPath (login prePath)', () => {
  it.each(['/', '/personal/account', '/ershoufang/dc1/?a=1#x', '/ershoufang/key%E6%9C%9B/'])('follows %s', (p) =>
    expect(safeReturnPath(p)).toBe(p),
  );
  it.each([
    '//evil.com',
    '//evil.com/path',
    'https://evil.com',
    'http:/evil.com',
    '/\\evil.com',
    '\\\\evil.com',
    '/\\/evil.com',
    'javascript:alert(1)',
    'evil.com',
    '',
    '/\tevil',
    '/\n/evil.com',
    // Dot segments that resolve to a network path (found by an attacker probe).
    '/.//evil.com',
    '/%2e//evil.com',
    '/a/..//evil.com',
    '/..//evil.com',
    undefined,
    null,
  ])('falls back to home for %s', (p) => expect(safeReturnPath(p as string)).toBe('/'));
  it('never returns a network path, whatever it is given', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.webPath(),
          fc
            .array(fc.constantFrom('/', '.', '..', '%2e', '\\', 'evil.com', '%2f', '?', '#'), { maxLength: 8 })
            .map((xs) => xs.join('')),
        ),
        (p) => {
          const out = safeReturnPath(p);
          expect(out.startsWith('/')).toBe(true);
          expect(out).not.toMatch(/^\/[\/\\]/);
          expect(new URL(out, 'http://same.origin').origin).toBe('http://same.origin');
        },
      ),
      { seed: 5, numRuns: 3000 },
    );
  });
  it('builds the login path with the full original path', () => {
    expect(loginPath('/personal/account?x=1&y=2')).toBe('/login?prePath=%2Fpersonal%2Faccount%3Fx%3D1%26y%3D2');
  });
});
