import { cacheTag } from '@contracts/cache-changes';
import { CHANNEL_LIST, CHANNELS } from '@contracts/channels';
import { parseVerifyCode } from '@contracts/verify-code';
import { CHANNEL_NEWS } from '@/lib/news-paths';

/** A page of one city: the city's domain and the page's path within the city (`/ershoufang/dc12/`). */
export interface CityPage {
  city: string;
  route: string;
}

/**
 * The host kinds whose pages show a city, and where each keeps it: a city host (`bj.{root}/ershoufang/`) in its
 * name, a mobile-style front (`m.{root}/bj/ershoufang/`) in the first segment of the path.
 */
export type CityFront = { kind: 'city'; city: string } | { kind: 'mobile' };

/** A city's domain as the backend's tags name it. */
const CITY_DOMAIN = /^[a-z]{1,20}$/;

/** The page a request to a front asks for (the front cache's view, before Next), or null when it shows no city. */
export function cityPageOfRequest(front: CityFront, pathname: string): CityPage | null {
  if (front.kind === 'city') return { city: front.city, route: pathname };
  const [, city = '', ...rest] = pathname.split('/');
  return CITY_DOMAIN.test(city) ? { city, route: `/${rest.join('/')}` } : null;
}

/**
 * The page Next rendered, from its path (`/bj/ershoufang/dc12`, after the proxy's rewrite) and its route
 * (`/(desktop)/[city]/(default)/ershoufang/[[...slug]]/page`): the city is the path's segment where the route has
 * `[city]`, whichever root and prefix come before it; a route without one shows no city (the desk).
 */
export function cityPageOfRender(pathname: string, route: string): CityPage | null {
  // Groups `(…)` and slots `@…` are no part of the path; `page` and `route` end the route's name.
  const segments = route.split('/').filter((s) => s !== '' && !/^\(.*\)$/.test(s) && !s.startsWith('@'));
  if (segments.at(-1) === 'page' || segments.at(-1) === 'route') segments.pop();
  const at = segments.indexOf('[city]');
  if (at === -1) return null;
  const parts = pathname.split('/').slice(1);
  // What comes before `[city]` must be the route's own fixed segments, in place.
  if (segments.slice(0, at).some((s, i) => s.startsWith('[') || s !== parts[i])) return null;
  const city = parts[at] ?? '';
  return CITY_DOMAIN.test(city) ? { city, route: `/${parts.slice(at + 1).join('/')}` } : null;
}

/**
 * The tags of a page the desktop site rendered (app/(desktop)/[city]/: the city is the path's first segment there),
 * for the tests and callers that know they hold a desktop render's path.
 */
export function pageTagsOf(pathname: string): string[] {
  const page = cityPageOfRender(pathname, DESKTOP_CITY_ROUTE);
  return page ? pageTags(page) : [];
}

/** The desktop site's city segment, as Next names its routes. */
const DESKTOP_CITY_ROUTE = '/(desktop)/[city]/[[...path]]/page';

/**
 * What a cached page shows, as the tags the backend's change feed names (contracts/cache-changes.ts):
 * - `city:{domain}` on every page of a city;
 * - `list:{channel}:{domain}` on a channel's lists, its dictionary and options pages, and on the city's home
 *   (its blocks are every channel's newest listings);
 * - `detail:{channel}:{id}` on a listing's page and on a project's sub-pages;
 * - `news:{domain}` on the city's 资讯 pages and its home (the latest articles), `news:{domain}:{category}` on the
 *   二手房, 新房 and 租房 lists (that category's newest under the results), and `article:{id}` on an article's
 *   pages (`/news/loushikuaixun/12.html`, `/news/detailWxArt/12` as rewritten), which any city's host may show;
 * - `agent:{id}` on an agent's pages and their h5 business card (`/agent/12/esf/2`, `/h5/agent/12` as rewritten),
 *   with the city's 二手房 and 租房 list tags: they list the agent's homes with their prices.
 * - on the fixed pages of issue 23: a share page (`/share/esf/12` as rewritten) the tag of what it shows, `/share` the
 *   city's 二手房 lists (its newest homes); a 房源核验 answer (`/validate/YJ…`) the listing's detail tag and its
 *   channel's lists (a listing published under that id makes a "not found" answer stale); `/sitemap` and `/validate`
 *   every list of the city (the places, communities and counts they show).
 * Derived from the page's city and its path within the city (`{ city: 'bj', route: '/ershoufang/dc12/' }`), so the
 * pages themselves carry no cache code. Where the city is comes from the host and the route, never from a guess at a
 * path segment: on a city host it is the host's (cityPageOfRequest), in a render it is the segment the route names
 * `[city]` (cityPageOfRender). A change the backend reports under any of these tags makes the page render again on its
 * next visit.
 */
export function pageTags({ city: domain, route: inCity }: CityPage): string[] {
  if (!CITY_DOMAIN.test(domain)) return [];
  const tags = [cacheTag.city(domain)];
  if (inCity === '/' || inCity === '/index.html') {
    for (const channel of CHANNEL_LIST) tags.push(cacheTag.list(channel.code, domain));
    tags.push(cacheTag.news(domain));
    return tags;
  }
  if (inCity === '/news' || inCity.startsWith('/news/')) {
    tags.push(cacheTag.news(domain));
    const article = /^\/news\/[A-Za-z]+\/(\d+)(?:\.html)?$/.exec(inCity)?.[1];
    if (article) tags.push(cacheTag.article(Number(article)));
    return tags;
  }
  const fixed = fixedPageTags(inCity, domain);
  if (fixed) return [...tags, ...fixed];
  const agent = /^\/(?:h5\/)?agent\/(\d+)(?:\/.*)?$/.exec(inCity)?.[1];
  if (agent) {
    tags.push(cacheTag.agent(Number(agent)), cacheTag.list('esf', domain), cacheTag.list('rent', domain));
    return tags;
  }
  for (const channel of CHANNEL_LIST) {
    if (inCity.startsWith(channel.detailPrefix)) {
      // A project's sub-pages (`/loupan/xiangqing/12/dianping/2`) show the project too: its tag covers them.
      const id = /^(\d+)(?:\.html|\/.*)?$/.exec(inCity.slice(channel.detailPrefix.length))?.[1];
      if (id) tags.push(cacheTag.detail(channel.code, Number(id)));
      return tags;
    }
  }
  // The longest list path first: `/sp/buy/` before a shorter prefix that might share its start.
  const lists = [...CHANNEL_LIST].sort((a, b) => b.listPath.length - a.listPath.length);
  const channel = lists.find((c) => inCity === c.listPath.slice(0, -1) || inCity.startsWith(c.listPath));
  if (channel) tags.push(cacheTag.list(channel.code, domain));
  // 二手房, 新房 and 租房 lists show the newest articles of one category under their results (CHANNEL_NEWS).
  const category = channel && CHANNEL_NEWS[channel.code];
  if (category) tags.push(cacheTag.newsCategory(domain, category));
  return tags;
}

/** The tags of `/share…`, `/validate…` and `/sitemap`, or null for any other page. */
function fixedPageTags(inCity: string, domain: string): string[] | null {
  const allLists = () => CHANNEL_LIST.map((c) => cacheTag.list(c.code, domain));
  if (inCity === '/share' || inCity === '/share.html') return [cacheTag.list('esf', domain)];
  const shared = /^\/share\/([a-z_]+)\/(\d+)$/.exec(inCity);
  if (shared) {
    const [, kind, id] = shared as unknown as [string, string, string];
    if (kind === 'agent') return [cacheTag.agent(Number(id))];
    if (kind === 'news') return [cacheTag.article(Number(id))];
    return kind in CHANNELS ? [cacheTag.detail(kind as keyof typeof CHANNELS, Number(id))] : [];
  }
  if (inCity === '/validate' || inCity === '/sitemap') return allLists();
  const code = /^\/validate\/([^/]+)$/.exec(inCity)?.[1];
  if (code !== undefined) {
    const parsed = parseVerifyCode(code);
    return parsed.ok ? [cacheTag.detail(parsed.channel, parsed.id), cacheTag.list(parsed.channel, domain)] : [];
  }
  return null;
}
