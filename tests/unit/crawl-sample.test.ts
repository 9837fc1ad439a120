import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { routePattern, sampleEvenly } from '../e2e/crawl-sample';

describe('the crawl samples its second level evenly across route patterns', () => {
  it('blanks numbers and tells city hosts from the root and www', () => {
    const root = 'localhost:3100';
    expect(routePattern(new URL('http://bj.localhost:3100/ershoufang/xiangqing/12'), root)).toBe('city /ershoufang/xiangqing/#');
    expect(routePattern(new URL('http://cd.localhost:3100/ershoufang/xiangqing/345'), root)).toBe('city /ershoufang/xiangqing/#');
    expect(routePattern(new URL('http://bj.localhost:3100/zufang/dc1101a2/'), root)).toBe('city /zufang/dc#a#/');
    expect(routePattern(new URL('http://www.localhost:3100/about'), root)).toBe('root /about');
    expect(routePattern(new URL('http://localhost:3100/map?type=0'), root)).toBe('root /map?');
  });

  it('takes one of every pattern before a second of any, never more than the budget, each link once', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 9 }), fc.nat()), { maxLength: 200 }),
        fc.nat({ max: 250 }),
        (raw, budget) => {
          const links = raw.map(([pattern, n], i) => ({ pattern: `p${pattern}`, id: `${i}-${n}` }));
          const picked = sampleEvenly(links, (l) => l.pattern, budget);
          const patterns = new Set(links.map((l) => l.pattern));
          expect(picked.length).toBe(Math.min(budget, links.length));
          expect(new Set(picked.map((l) => l.id)).size).toBe(picked.length);
          if (budget >= patterns.size) expect(new Set(picked.map((l) => l.pattern)).size).toBe(patterns.size);
          // Per pattern, the counts taken differ by at most one unless a pattern ran out of links.
          const taken = new Map<string, number>();
          for (const l of picked) taken.set(l.pattern, (taken.get(l.pattern) ?? 0) + 1);
          const available = new Map<string, number>();
          for (const l of links) available.set(l.pattern, (available.get(l.pattern) ?? 0) + 1);
          const max = Math.max(0, ...taken.values());
          for (const p of patterns) {
            const t = taken.get(p) ?? 0;
            if (t < max - 1) expect(t).toBe(available.get(p));
          }
        },
      ),
    );
  });
});
