import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROBOTS_RULES, robotsFor } from '@/lib/robots';

describe('robots.txt', () => {
  it('is the same rules as a file and on a city host, where it names the sitemap index', () => {
    expect(readFileSync('public/robots.txt', 'utf8')).toBe(ROBOTS_RULES);
    expect(robotsFor('http://bj.localhost:3000')).toBe(`${ROBOTS_RULES}\nSitemap: http://bj.localhost:3000/sitemap.xml\n`);
    expect(robotsFor(null)).toBe(ROBOTS_RULES);
  });
});
