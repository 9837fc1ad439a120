import type { ChannelCode } from '@contracts/constants';
import { articlePath, type NewsCategory } from '@contracts/news';

export { articlePath };

/**
 * The 资讯 addresses (spec §2 "News"), one place: the front page `/news/`, a category `/news/{category}/` and its
 * pages `/news/{category}/pg2/` (the `pg` token of the list codec), an article `/news/{category}/{id}.html`, and the
 * three fixed routes by query id, which the proxy rewrites to a path (lib/redirect-rules.ts newsQueryRoute).
 */
export const NEWS_ROOT = '/news/';

export const categoryPath = (category: NewsCategory, page = 1): string =>
  page > 1 ? `/news/${category}/pg${page}/` : `/news/${category}/`;

/** The fixed routes that name an article by query (`/news/detailWxArt?id=12`). */
export const NEWS_QUERY_ROUTES = ['detail', 'detailHouseCard', 'detailWxArt'] as const;
export type NewsQueryRoute = (typeof NEWS_QUERY_ROUTES)[number];
export const newsQueryPath = (route: NewsQueryRoute, id: number): string => `/news/${route}?id=${id}`;

/** A category page's segment after the category: none (page 1), `pgN` or `{id}.html`; null for anything else. */
export function parseNewsSlug(slug: string[] | undefined): { page: number } | { articleId: number } | null {
  if (!slug || slug.length === 0) return { page: 1 };
  if (slug.length !== 1) return null;
  const pg = /^pg([1-9]\d{0,2})$/.exec(slug[0]!);
  // `pg1` is page 1's other spelling: not an address of its own.
  if (pg) return Number(pg[1]) > 1 ? { page: Number(pg[1]) } : null;
  const article = /^([1-9]\d{0,9})\.html$/.exec(slug[0]!);
  return article && Number(article[1]) <= 2_147_483_647 ? { articleId: Number(article[1]) } : null;
}

/**
 * The channels whose lists show a category's newest articles under the results, as the big portals do: 二手房 the
 * weekly market reports, 新房 the project guides, 租房 the buying-and-renting knowledge. Their list pages carry the
 * city's news tag in the page cache (lib/front/page-cache/page-tags.ts), so a published article shows at once.
 */
export const CHANNEL_NEWS: Partial<Record<ChannelCode, NewsCategory>> = {
  esf: 'loushikuaixun',
  new: 'loupingdaogou',
  rent: 'zhishifenxiang',
};
