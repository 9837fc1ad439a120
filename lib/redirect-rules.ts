import { CHANNEL_LIST, CHANNELS } from '@contracts/channels';
import { NEWS_QUERY_ROUTES } from './news-paths';

/**
 * Path rules the proxy applies on a city domain (spec §2), as pure functions so they can be unit-tested.
 */

/** Channels whose `/detail/` path is retired and goes back to the list (spec §2 fixed routes; every channel alike). */
const DETAIL_TO_LIST = CHANNEL_LIST.map((c) => c.listPath.replace(/\/$/, ''));
/**
 * `/sp/` and `/xzl/` are sections, not lists: they open the section's first list (商铺出售, 写字楼出售), the page the
 * header's 商铺 and 写字楼 lead to, rather than the 404 page.
 */
const SECTION_TO_LIST = new Map(
  [...CHANNEL_LIST].reverse().flatMap((c) => {
    const section = /^(\/[^/]+)\/[^/]+\/$/.exec(c.listPath)?.[1];
    return section ? [[section, c.listPath] as const] : [];
  }),
);
/** spec §2: the legacy /sellhouse and /renthouse are /ershoufang and /zufang. */
const LEGACY = { sellhouse: CHANNELS.esf.listPath.replace(/\/$/, ''), renthouse: CHANNELS.rent.listPath.replace(/\/$/, '') };

/** spec §2: legacy and retired paths. Returns the new path (query kept by the caller) or null. */
export function legacyRedirect(pathname: string): string | null {
  const legacy = /^\/(sellhouse|renthouse)(\/.*)?$/.exec(pathname);
  if (legacy) {
    const target = LEGACY[legacy[1] as keyof typeof LEGACY];
    // `/sellhouse/detail` is a fixed route too; it lands on the list like the other retired details.
    const rest = legacy[2] ?? '/';
    return rest.startsWith('/detail') ? `${target}/` : `${target}${rest}`;
  }
  const section = SECTION_TO_LIST.get(pathname.replace(/\/$/, ''));
  if (section) return section;
  for (const list of DETAIL_TO_LIST) {
    if (pathname === `${list}/detail` || pathname.startsWith(`${list}/detail/`)) return `${list}/`;
  }
  if (pathname === '/personal' || pathname === '/personal/') return '/personal/account';
  return null;
}

// `/loupan/xiangqing/12.html`, and a sub-page with the suffix: `/loupan/xiangqing/12/dongtai/2.html`.
const PROJECT_PAGE_HTML = new RegExp(`^(${CHANNELS.new.detailPrefix}\\d+(?:/[a-z]+(?:/(?:\\d+|add))?)?)\\.html$`);

/**
 * spec §2 fixed route `/index{id}`: a city's home by its city code (`/index310000` is 上海's home), the form an old
 * link or a campaign that knows the city only by its code uses. Served by app/(desktop)/[city]/index/[code]/route.ts, which
 * sends the visitor to that city's own host (308); an unknown code is a 404.
 */
const CITY_HOME_BY_CODE = /^\/index(\d{6})$/;

/**
 * Paths served as another route: `/index.html` is the home page and `/share.html` is `/share` (spec §2 fixed routes), and a new-home detail
 * with the `.html` suffix (`/loupan/xiangqing/12.html`, opened in a new window from search hits, spec §2) is
 * the project's page; so is each of its sub-pages with the suffix (spec §2: "each with optional page number and a
 * suffix"). Rewritten, not redirected: the address the visitor opened stays.
 */
export function routeAlias(pathname: string): string {
  if (pathname === '/index.html') return '/';
  // spec §2 fixed routes: `/share.html` is `/share` (the app's older links end in .html).
  if (pathname === '/share.html') return '/share';
  const cityHome = CITY_HOME_BY_CODE.exec(pathname);
  if (cityHome) return `/index/${cityHome[1]}`;
  const project = PROJECT_PAGE_HTML.exec(pathname);
  return project ? project[1]! : pathname;
}

/**
 * spec §2 fixed route `/h5/agent`: the agent's business card names the agent in its query, `?agentId=12`. A page
 * that reads its query renders for every visit; the proxy instead rewrites the address to the cached route of
 * that agent, `/h5/agent/12` (app/(desktop)/[city]/(h5)/h5/agent/[id]). Null without a well-formed agentId: no rewrite, and
 * `/h5/agent` itself is the 404 page.
 */
export function h5Route(pathname: string, search: URLSearchParams): string | null {
  if (pathname !== '/h5/agent' && pathname !== '/h5/agent/') return null;
  const ids = search.getAll('agentId');
  return ids.length === 1 && /^[1-9]\d{0,9}$/.test(ids[0]!) ? `/h5/agent/${ids[0]}` : null;
}

/**
 * spec §2 fixed routes `/news/detail`, `/news/detailHouseCard` and `/news/detailWxArt` name their article in the query,
 * `?id=12`: rewritten, as `/h5/agent`, to a path of that article (`/news/detailWxArt/12`), one cached render each.
 * Null without a well-formed id: the address is then the 404 page.
 */
export function newsQueryRoute(pathname: string, search: URLSearchParams): string | null {
  const route = /^\/news\/([A-Za-z]+)\/?$/.exec(pathname)?.[1];
  if (!route || !(NEWS_QUERY_ROUTES as readonly string[]).includes(route)) return null;
  const ids = search.getAll('id');
  return ids.length === 1 && /^[1-9]\d{0,9}$/.test(ids[0]!) && Number(ids[0]) <= 2_147_483_647
    ? `/news/${route}/${ids[0]}`
    : null;
}

/** spec §2 "Personal centre (needs login)". */
export function needsLogin(pathname: string): boolean {
  return pathname === '/personal' || pathname.startsWith('/personal/');
}

/** spec §2 "City-domain redirect": what a www or bare-root host serves without going to a city domain. */
export function isCityExempt(pathname: string): boolean {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (['/index.html', '/share', '/share.html', '/about', '/news/detail'].includes(p)) return true;
  if (/^\/about\/(aboutuj|ujcontact|ujculture|ujevents)$/.test(p)) return true;
  // News article: /news/{category}/{id}.html
  return /^\/news\/(loushikuaixun|shichangzhengce|loupingdaogou|zhishifenxiang)\/\d+\.html$/.test(p);
}
