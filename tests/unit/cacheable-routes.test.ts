import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every public page is rendered once and served from the page cache to everyone (docs/web.md "The page cache").
 * Next caches a page only when it can tell, from the route files alone, that the page may be rendered ahead:
 * each dynamic segment needs a `generateStaticParams` (ours returns [], lib/server/render-on-visit.ts: render on
 * the first visit, keep), and nothing in the page may read the request. A route that misses either is rendered
 * on every visit, silently: no error, only the page cache's hit rate and the render budget notice. This test
 * walks every page of the public route groups and fails on the first that would not be cached.
 */
const CITY = path.join(process.cwd(), 'app', '(desktop)', '[city]');
const PUBLIC_GROUPS = ['(default)', '(h5)', '(index)', '(header-only)', '(none)', '(map)'];

/** Pages of the public groups that read the visitor's session on the server, so are rendered for each request. */
const PER_VISITOR = new Map([
  ['(header-only)/login/page.tsx', 'sends a logged-in visitor on at once (spec §4)'],
  ['(default)/loupan/xiangqing/[id]/dianping/add/page.tsx', 'the review form checks the session (docs/web.md)'],
]);

/**
 * Pages whose whole content is their query: each address is its own render, for everyone alike (no session is read;
 * a public backend call at most). Rendered per request; a shared cache in front may still keep each address.
 */
const PER_QUERY = new Map([
  ['(default)/tool/page.tsx', 'the calculators: their state is the query (docs/web.md 购房工具)'],
  ['(default)/lookhouse/opts/page.tsx', '帮我找房: the questions prefilled from the query (docs/web.md 帮我找房)'],
  ['(default)/lookhouse/result/page.tsx', '帮我找房: the answers are the query (docs/web.md 帮我找房)'],
  ['(default)/ershoufang/duibi/page.tsx', '房源对比: the ids are the query (docs/web.md 房源对比)'],
  ['(default)/zufang/duibi/page.tsx', '房源对比: the ids are the query (docs/web.md 房源对比)'],
]);

/** What makes Next render a page on every request: route config, or reading the request while rendering. */
const READS_THE_REQUEST = [
  /export\s+const\s+dynamic\s*=\s*['"]force-dynamic['"]/,
  /export\s+const\s+revalidate\s*=\s*0\b/,
  /from\s+['"]next\/headers['"]/,
  /\bserverContext\s*\(/,
  /\bsearchParams\b/,
  /\bconnection\s*\(/,
  /\bunstable_noStore\b/,
];
const EXPORTS_STATIC_PARAMS =
  /export\s+(\{\s*generateStaticParams\s*\}\s+from|(async\s+)?function\s+generateStaticParams\b|const\s+generateStaticParams\b)/;

function pagesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return pagesUnder(file);
    return name === 'page.tsx' ? [file] : [];
  });
}

const pages = PUBLIC_GROUPS.flatMap((group) => pagesUnder(path.join(CITY, group))).map((file) => ({
  route: path.relative(CITY, file).split(path.sep).join('/'),
  source: readFileSync(file, 'utf8'),
}));

describe('every public page is cacheable', () => {
  it('finds the public pages (the walk itself works)', () => {
    expect(pages.length).toBeGreaterThan(40);
    expect(pages.map((p) => p.route)).toContain('(default)/ershoufang/xiangqing/[id]/page.tsx');
    for (const route of PER_VISITOR.keys()) expect(pages.map((p) => p.route)).toContain(route);
  });

  it('the city layout renders ahead and sets how long a page is fresh', () => {
    const layout = readFileSync(path.join(CITY, 'layout.tsx'), 'utf8');
    expect(layout).toMatch(EXPORTS_STATIC_PARAMS);
    expect(layout).toMatch(/export\s+const\s+revalidate\s*=\s*[1-9]\d*/);
    for (const rule of READS_THE_REQUEST) expect(layout).not.toMatch(rule);
  });

  it('each page with a dynamic segment exports generateStaticParams', () => {
    const dynamic = pages.filter((p) => p.route.includes('['));
    expect(dynamic.length).toBeGreaterThan(20);
    const missing = dynamic.filter((p) => !PER_VISITOR.has(p.route) && !EXPORTS_STATIC_PARAMS.test(p.source));
    expect(missing.map((p) => p.route)).toEqual([]);
  });

  it('no page reads the request while rendering, except those that must', () => {
    const reading = pages
      .filter((p) => !PER_VISITOR.has(p.route) && !PER_QUERY.has(p.route))
      .filter((p) => READS_THE_REQUEST.some((rule) => rule.test(p.source)))
      .map((p) => p.route);
    expect(reading).toEqual([]);
    // The exceptions are real: each says so in its route config, and a page of its query reads no session.
    for (const route of PER_QUERY.keys()) {
      const source = pages.find((p) => p.route === route)?.source;
      expect(source).toMatch(READS_THE_REQUEST[0]!);
      expect(source).not.toMatch(/\bserverContext\s*\(|from\s+['"]next\/headers['"]/);
    }
    for (const route of PER_VISITOR.keys()) {
      expect(pages.find((p) => p.route === route)?.source).toMatch(READS_THE_REQUEST[0]!);
    }
  });
});
