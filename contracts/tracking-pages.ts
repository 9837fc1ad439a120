import { CHANNEL_SECTIONS } from './channel-sections';

/**
 * The pages a tracking event can come from, as route patterns (Next's notation, `app/(desktop)/[city]/…` without the city and the
 * route groups): the backend files an event's path under its pattern, never as the browser wrote it, so the page
 * counts of the roll-up have as many keys as the web has routes, whatever a client sends (docs/security.md "Tracking
 * storage"). A listing's id lives in its own column (businessId), not in the path. tests/unit/tracking-pages.test.ts
 * holds this list to the pages of app/(desktop)/[city]. Zod-free.
 */

/** Where every path that is none of the routes is counted: one bucket, however many made-up paths there are. */
export const PAGE_OTHER = '(other)';

const CHANNEL_ROUTES = Object.values(CHANNEL_SECTIONS).flatMap((c) => [
  `${c.listPath}[[...slug]]`,
  `${c.listPath}dictionary`,
  `${c.listPath}options`,
  `${c.detailPrefix}[id]`,
]);

/** spec §2 new-home sub-pages: each with an optional page number. */
const PROJECT_SUB_PAGES = ['dianping', 'dongtai', 'dynamic', 'huxing', 'xiangce', 'xinxi', 'zhoubian'];

/** The pages of app/(desktop)/[city] (the test compares), then the public addresses the proxy serves by their query. */
export const PAGE_ROUTES: readonly string[] = [
  '/',
  ...CHANNEL_ROUTES,
  `${CHANNEL_SECTIONS.esf.listPath}duibi`,
  `${CHANNEL_SECTIONS.rent.listPath}duibi`,
  ...PROJECT_SUB_PAGES.map((p) => `${CHANNEL_SECTIONS.new.detailPrefix}[id]/${p}/[[...page]]`),
  `${CHANNEL_SECTIONS.new.detailPrefix}[id]/dianping/add`,
  '/about/[[...slug]]',
  '/agent/[id]',
  '/agent/[id]/esf/[[...page]]',
  '/agent/[id]/zufang/[[...page]]',
  '/brand-upgrade',
  '/citys',
  '/download',
  '/h5/agent/[id]',
  '/login',
  '/lookhouse',
  '/lookhouse/opts',
  '/lookhouse/result',
  '/map',
  '/map/ershoufangOrzufang',
  '/map/map',
  '/map/mapForNewHouse',
  '/map/mapForSecondAndRent',
  '/map/newHouse',
  '/news',
  '/news/[category]/[[...slug]]',
  '/news/detail/[id]',
  '/news/detailHouseCard/[id]',
  '/news/detailWxArt/[id]',
  '/personal/account',
  '/personal/account/changePass',
  '/personal/account/info',
  '/personal/entrust',
  '/personal/entrust/company',
  '/personal/entrust/manage',
  '/personal/entrust/rental',
  '/personal/entrust/sell',
  '/personal/house',
  '/personal/house/[kind]',
  '/personal/record',
  '/personal/record/[kind]',
  '/personal/subscribe',
  '/share',
  '/share/[kind]/[id]',
  '/sitemap',
  '/tool',
  '/validate',
  '/validate/[code]',
];

/**
 * spec §2 fixed routes that name their item in the query (`/h5/agent?agentId=12`, `/news/detail?id=12`): the browser's
 * path is the route without the id, which the proxy rewrites (lib/redirect-rules.ts).
 */
export const QUERY_ROUTES: readonly string[] = ['/h5/agent', '/news/detail', '/news/detailHouseCard', '/news/detailWxArt'];

type Segment = { kind: 'static'; text: string } | { kind: 'one' } | { kind: 'rest'; optional: boolean };

/** Next's order when two routes match: a static segment before a dynamic one, before a catch-all. */
const RANK = { static: 3, one: 2, rest: 1 } as const;

function segmentsOf(route: string): Segment[] {
  return route
    .split('/')
    .filter(Boolean)
    .map((s): Segment => {
      if (s.startsWith('[[...')) return { kind: 'rest', optional: true };
      if (s.startsWith('[...')) return { kind: 'rest', optional: false };
      if (s.startsWith('[')) return { kind: 'one' };
      return { kind: 'static', text: s };
    });
}

const COMPILED = [...PAGE_ROUTES, ...QUERY_ROUTES].map((route) => ({ route, segments: segmentsOf(route) }));

function fits(segments: readonly Segment[], parts: readonly string[]): boolean {
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!;
    if (s.kind === 'rest') return s.optional || parts.length > i;
    const part = parts[i];
    if (part === undefined) return false;
    if (s.kind === 'static' && s.text !== part) return false;
  }
  return parts.length === segments.length;
}

/** Positive when `a` is the more specific route, segment by segment. */
function compare(a: readonly Segment[], b: readonly Segment[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const ra = a[i] ? RANK[a[i]!.kind] : 0;
    const rb = b[i] ? RANK[b[i]!.kind] : 0;
    if (ra !== rb) return ra - rb;
  }
  return 0;
}

/**
 * The route pattern of a page's path (`/ershoufang/xiangqing/123` → `/ershoufang/xiangqing/[id]`), or PAGE_OTHER.
 * Empty segments and a trailing slash are the same page; a last segment's `.html` is the same page without it (spec §2:
 * the project pages, `/share.html`, articles), `/index.html` is the home.
 */
export function pagePattern(path: string): string {
  if (!path.startsWith('/')) return PAGE_OTHER;
  const parts = path.split('/').filter(Boolean);
  const last = parts.at(-1);
  if (last?.endsWith('.html')) {
    parts[parts.length - 1] = last.slice(0, -'.html'.length);
    if (parts.length === 1 && parts[0] === 'index') parts.pop();
  }
  let best: (typeof COMPILED)[number] | undefined;
  for (const candidate of COMPILED) {
    if (fits(candidate.segments, parts) && (!best || compare(candidate.segments, best.segments) > 0)) best = candidate;
  }
  return best?.route ?? PAGE_OTHER;
}
