/**
 * The page cache (one render of a public page for everyone, docs/performance.md): Next's cache handler (next.config.ts `cacheHandler`), loaded by the running web
 * server only. Next renders a city's public page once, hands the result here, and asks here on every visit;
 * a page past its 50 s (app/(desktop)/[city]/layout.tsx) is still served while Next renders it again in the
 * background, which also keeps pages on screen while the backend is down.
 *
 * What this handler adds to Next's own file cache:
 * - one store for every web process when REDIS_URL is set (./stores.ts), so N processes render a page once;
 * - invalidation by the backend's change feed (./change-feed.ts): each entry carries the tags of what it shows
 *   (./page-tags.ts) and is not served once one of them changed after it was made (./tag-clock.ts);
 * - bounds for what anyone can make up (docs/security.md "Made-up addresses and the page cache"): a 404 lives
 *   10 minutes; a page of free text (a keyword), a redirect, and the share page of one item or the 房源核验 answer of
 *   one code live 10 minutes in this process only, never in the shared Redis, whose use the store keeps within
 *   PAGE_CACHE_REDIS_MB (./stores.ts).
 *
 * This file runs outside Next's bundles: Node loads it by path, under tsx like web-server.ts.
 */
import { cityPageOfRender, pageTags } from './page-tags';
import { RENDER_ALLOWANCE_MS } from './tag-clock';
import { pageCacheState } from './state';
import { FREE_TEXT_TTL_SECONDS, isFreeTextPage, isPerItemLandingPage, NOT_FOUND_TTL_SECONDS, type CachedEntry } from './stores';

/** Next's tags header on a cached page (NEXT_CACHE_TAGS_HEADER): revalidatePath/revalidateTag name them. */
const NEXT_TAGS_HEADER = 'x-next-cache-tags';
/** Next's prefix of a page's implicit tags; `_N_T_/bj/ershoufang/dc12` names the page's own path. */
const IMPLICIT_TAG_PREFIX = '_N_T_';

interface NextCacheContext {
  kind?: string;
  tags?: string[];
  softTags?: string[];
  cacheControl?: unknown;
}

interface NextCacheValue {
  kind?: string;
  status?: number;
  headers?: Record<string, unknown>;
}

/**
 * The tags an entry is judged by: ours from the page's city and path, and Next's own (for revalidatePath). Next names
 * both in its implicit tags: the rendered path (`_N_T_/bj/ershoufang/dc12`) and the route
 * (`_N_T_/(desktop)/[city]/(default)/ershoufang/[[...slug]]/page`), whose `[city]` says which segment is the city.
 */
export function tagsOf(value: NextCacheValue | null, ctx: NextCacheContext): string[] {
  const header = value?.headers?.[NEXT_TAGS_HEADER];
  const nextTags = typeof header === 'string' ? header.split(',') : [...(ctx.tags ?? []), ...(ctx.softTags ?? [])];
  const implicit = nextTags
    .filter((t) => t.startsWith(`${IMPLICIT_TAG_PREFIX}/`))
    .map((t) => t.slice(IMPLICIT_TAG_PREFIX.length));
  const path = implicit.find((t) => !t.includes('[') && !/\/(layout|page)$/.test(t));
  const route = implicit.find((t) => /\/(page|route)$/.test(t));
  const page = path && route ? cityPageOfRender(path, route) : null;
  return [...nextTags, ...(page ? pageTags(page) : [])];
}

export default class PageCacheHandler {
  private readonly state = pageCacheState();

  async get(key: string, ctx: NextCacheContext): Promise<Omit<CachedEntry, 'tags'> | null> {
    // A page this process keeps for itself (./shared.ts `local`) first: cheap, and where it would be.
    const entry =
      (this.state.local !== this.state.store ? await this.state.local.get(key) : undefined) ?? (await this.state.store.get(key));
    if (!entry) return null;
    const tags = [...entry.tags, ...(ctx.softTags ?? [])];
    if (this.state.clock.isOutOfDate(tags, entry.lastModified - RENDER_ALLOWANCE_MS)) return null;
    return { lastModified: entry.lastModified, value: entry.value, cacheControl: entry.cacheControl };
  }

  async set(key: string, value: NextCacheValue | null, ctx: NextCacheContext): Promise<void> {
    if (!value) return;
    const entry = { lastModified: Date.now(), value, cacheControl: ctx.cacheControl, tags: tagsOf(value, ctx) };
    // Free text, redirects and the pages of one shared item or one code stay in this process: a keyword anyone can
    // type, any of the endless spellings of a list that redirect to its one address (lib/search-path.ts
    // nonCanonicalListPath), and a page for each of the hundreds of thousands of ids and codes anyone can write
    // (./stores.ts isPerItemLandingPage) must not take the shared Redis from the pages everyone reads, whatever their
    // status. Any other 404 is shared, briefly.
    const status = value.status ?? 200;
    const ownOnly = isFreeTextPage(key) || isPerItemLandingPage(key) || (status >= 300 && status < 400);
    const ttl = status === 404 ? NOT_FOUND_TTL_SECONDS : ownOnly ? FREE_TEXT_TTL_SECONDS : undefined;
    await (ownOnly ? this.state.local : this.state.store).set(key, entry, ttl);
  }

  /** Next's revalidateTag/revalidatePath in this process (the portal's own invalidation comes from the feed). */
  async revalidateTag(tags: string | string[]): Promise<void> {
    this.state.clock.change(typeof tags === 'string' ? [tags] : tags, Date.now());
  }

  resetRequestCache(): void {}
}
