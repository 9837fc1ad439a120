import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAGE_OTHER, PAGE_ROUTES, QUERY_ROUTES, pagePattern } from '@contracts/tracking-pages';

/**
 * Tracking files a page view under its route pattern (contracts/tracking-pages.ts), so that the roll-up's page keys are
 * the web's routes, not what a client writes. The list is held to the pages of app/(desktop)/[city]: a new page that is not in
 * it would be counted as PAGE_OTHER, a removed one would linger.
 */
const CITY = path.join(process.cwd(), 'app', '(desktop)', '[city]');

function pagesUnder(dir: string, route: string[] = []): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) {
      // A route group `(default)` is no segment of the address.
      found.push(...pagesUnder(full, /^\(.*\)$/.test(entry) ? route : [...route, entry]));
    } else if (entry === 'page.tsx') found.push(`/${route.join('/')}`);
  }
  return found;
}

describe('the route patterns of tracking', () => {
  it('are the pages of app/(desktop)/[city], each once', () => {
    const pages = pagesUnder(CITY).sort();
    expect(pages.length).toBeGreaterThan(50);
    expect([...PAGE_ROUTES].sort()).toEqual(pages);
  });

  it('file a path under its route, the listing id and filters out of it', () => {
    const cases: [string, string][] = [
      ['/', '/'],
      ['/index.html', '/'],
      ['/ershoufang/xiangqing/123', '/ershoufang/xiangqing/[id]'],
      ['/ershoufang/', '/ershoufang/[[...slug]]'],
      ['/ershoufang/dc12a1p2/pg3/', '/ershoufang/[[...slug]]'],
      ['/ershoufang/dictionary', '/ershoufang/dictionary'],
      ['/zufang/duibi', '/zufang/duibi'],
      ['/sp/rent/xiangqing/9', '/sp/rent/xiangqing/[id]'],
      ['/loupan/xiangqing/12.html', '/loupan/xiangqing/[id]'],
      ['/loupan/xiangqing/12/dongtai/2.html', '/loupan/xiangqing/[id]/dongtai/[[...page]]'],
      ['/loupan/xiangqing/12/dianping/add', '/loupan/xiangqing/[id]/dianping/add'],
      ['/news/loushikuaixun/12.html', '/news/[category]/[[...slug]]'],
      ['/news/detail', '/news/detail'],
      ['/news/detail/12', '/news/detail/[id]'],
      ['/h5/agent', '/h5/agent'],
      ['/share.html', '/share'],
      ['/agent/7/esf/pg2', '/agent/[id]/esf/[[...page]]'],
      ['/personal/record/2', '/personal/record/[kind]'],
    ];
    for (const [given, pattern] of cases) expect(pagePattern(given), given).toBe(pattern);
  });

  it('folds every other path into one bucket', () => {
    for (const made of ['/totally/made-up/x1', '/agent/7/8', '/personal/house/1/2', 'ershoufang', '/%E6%88%BF', '/wp-login.php'])
      expect(pagePattern(made), made).toBe(PAGE_OTHER);
  });

  it('answers one of the routes or the bucket for any text (a bounded set of keys)', () => {
    const known = new Set([...PAGE_ROUTES, ...QUERY_ROUTES, PAGE_OTHER]);
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 512 }), fc.webPath()), (p) => {
        expect(known.has(pagePattern(p))).toBe(true);
      }),
      { numRuns: 3000, seed: 20261129 },
    );
  });
});
