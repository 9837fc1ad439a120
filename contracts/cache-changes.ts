import { z } from 'zod';
import type { ChannelCode } from './constants';

/**
 * The change feed: what changed through the API, so that every web process can drop the cached
 * pages it concerns at once instead of waiting for them to expire. The backend records cache tags with each
 * change (backend/src/modules/cache/changes.ts); the web tags its cached pages with the same strings and
 * polls `GET ${ApiPath.cacheChanges}?after=<seq>`.
 */

/**
 * The tags, exact strings. A channel's code is the one of contracts/channels.ts (esf, new, rent, estate,
 * shop_sale, shop_rent, offices_sale, offices_rent); a city is named by its domain (bj).
 */
export const cacheTag = {
  /** A channel's lists, their counts and its block on the home page, in one city. */
  list: (channel: ChannelCode, cityDomain: string) => `list:${channel}:${cityDomain}`,
  /** One detail page of a channel. */
  detail: (channel: ChannelCode, id: number) => `detail:${channel}:${id}`,
  /** An agent's pages (`/agent/{id}…`, `/h5/agent?agentId={id}`): their card and status. */
  agent: (id: number) => `agent:${id}`,
  /** A city's 资讯 pages (`/news…`) and the home page's 资讯 block. */
  news: (cityDomain: string) => `news:${cityDomain}`,
  /**
   * A city's articles of one category where a channel's list shows them under its results (二手房 楼市快讯, …): a list
   * follows its one category, not every article of the city.
   */
  newsCategory: (cityDomain: string, category: string) => `news:${cityDomain}:${category}`,
  /** One article's pages (`/news/{category}/{id}.html` and its other layouts), on whichever city's host. */
  article: (id: number) => `article:${id}`,
  /** Everything of a city. */
  city: (cityDomain: string) => `city:${cityDomain}`,
} as const;

/** At most this many changes in one answer; ask again from the last one for the rest. */
export const CACHE_CHANGES_LIMIT = 500;

/** Positions in the feed are large (they start at the database's creation time in ms) but safe integers. */
const SEQ_DIGITS = /^\d{1,15}$/;

export const cacheChangesRequestSchema = z.strictObject({
  /**
   * The last position the reader has seen (`latest` or a change's `seq` of an earlier answer); without it the
   * answer is only the current position; 0 (a reader that has seen nothing) gets every change still kept. Digits only: a query string is text, and `1e3` or `0x10` is no position.
   */
  after: z.string().regex(SEQ_DIGITS, 'must be a non-negative integer of at most 15 digits').transform(Number).optional(),
});
export type CacheChangesRequest = z.input<typeof cacheChangesRequestSchema>;

export const cacheChangeSchema = z.object({
  seq: z.number().int(),
  tags: z.array(z.string()),
  /** When it was recorded, in ms since 1970 (a web process that starts judges shared cached pages by it). */
  at: z.number().int(),
});
export type CacheChange = z.infer<typeof cacheChangeSchema>;

export const cacheChangesSchema = z.object({
  /** The newest position of the feed. */
  latest: z.number().int(),
  /**
   * The changes after `after`, oldest first, at most CACHE_CHANGES_LIMIT: when that many came, read on from the
   * last one's `seq`, otherwise from `latest`. Empty without `after` and when `reset`.
   */
  changes: z.array(cacheChangeSchema),
  /**
   * The feed cannot say what changed since `after`: it is past the newest position (the database was
   * re-seeded) or, other than 0, before what is still kept (changes are kept an hour). The reader drops everything it has
   * cached and reads on from `latest`.
   */
  reset: z.boolean(),
});
export type CacheChanges = z.infer<typeof cacheChangesSchema>;
