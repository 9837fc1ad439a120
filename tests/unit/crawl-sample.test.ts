import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { capPerPattern, routePattern } from '../e2e/crawl-sample';

describe('the crawl samples its links by route pattern', () => {
  it('blanks numbers and tells city hosts from the root and www', () => {
    const root = 'localhost:3100';
    expect(routePattern(new URL('http://bj.localhost:3100/ershoufang/xiangqing/12'), root)).toBe('city /ershoufang/xiangqing/#');
    expect(routePattern(new URL('http://cd.localhost:3100/ershoufang/xiangqing/345'), root)).toBe('city /ershoufang/xiangqing/#');
    expect(routePattern(new URL('http://bj.localhost:3100/zufang/dc1101a2/'), root)).toBe('city /zufang/dc#a#/');
    expect(routePattern(new URL('http://www.localhost:3100/about'), root)).toBe('root /about');
    expect(routePattern(new URL('http://localhost:3100/map?type=0'), root)).toBe('root /map?');
  });

  it('takes up to n of every pattern, in the order found, each link once: every pattern is in the sample', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 9 }), fc.nat()), { maxLength: 200 }),
        fc.integer({ min: 1, max: 5 }),
        (raw, n) => {
          const links = raw.map(([pattern, m], i) => ({ pattern: `p${pattern}`, id: `${i}-${m}` }));
          const picked = capPerPattern(links, (l) => l.pattern, n);
          expect(new Set(picked.map((l) => l.pattern))).toEqual(new Set(links.map((l) => l.pattern)));
          // The first n of each pattern, in the order they were found.
          const firsts = links.filter((l, i) => links.slice(0, i).filter((o) => o.pattern === l.pattern).length < n);
          expect(picked).toEqual(firsts);
        },
      ),
    );
    expect(capPerPattern([1, 2, 3], () => 'one', Infinity)).toEqual([1, 2, 3]);
  });
});
