import { z } from 'zod';
import { id, int } from './fields';

/**
 * A new-home project's sub-pages (楼盘, spec §2 "New-home detail") that need more than the detail answer:
 * its news feed (楼盘动态, paged) and what is around it (周边). 楼盘信息, 户型 and 相册 read the detail answer
 * (contracts/new-home.ts), which carries every fact, layout and photo.
 */

/** project_news.kind: 1 开盘, 2 加推, 3 交房, 4 价格变动 (words in lib/messages.ts). */
export const NEWS_KIND = { OPENING: 1, NEW_BATCH: 2, DELIVERY: 3, PRICE: 4 } as const;
export type NewsKind = (typeof NEWS_KIND)[keyof typeof NEWS_KIND];

/** News items a page: the feed reads like a list of cards, ten to a page as the 新房 list. */
export const PROJECT_NEWS_PAGE_SIZE = 10;
/** No project has a hundred pages of news; a larger number is a made-up address. */
export const PROJECT_NEWS_MAX_PAGE = 100;

export const projectNewsQuerySchema = z.strictObject({
  projectId: id(),
  page: int(1, PROJECT_NEWS_MAX_PAGE).default(1),
});
export type ProjectNewsQuery = z.input<typeof projectNewsQuerySchema>;

export const projectNewsItemSchema = z.object({
  id: z.number().int(),
  kind: int(1, 4),
  title: z.string(),
  body: z.string(),
  /** ISO date-time. */
  publishedAt: z.string(),
});
export type ProjectNewsItem = z.infer<typeof projectNewsItemSchema>;

/** One page of the feed, newest first; a page past the last has an empty list (the web shows its 404 page). */
export const projectNewsPageSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  list: z.array(projectNewsItemSchema),
});
export type ProjectNewsPage = z.infer<typeof projectNewsPageSchema>;

/** How far 周边 looks, straight-line metres. */
export const AROUND_RADIUS = 3000;
/** At most this many places of one kind, nearest first: a page of fifty schools helps nobody. */
export const AROUND_MAX_PER_KIND = 20;

export const projectAroundQuerySchema = z.strictObject({ projectId: id() });

export const aroundStationSchema = z.object({
  name: z.string(),
  /** Every line stopping there (an interchange has several), in the city's line order. */
  lines: z.array(z.string()),
  /** Straight-line distance, metres. */
  distance: z.number().int(),
});

export const aroundPlaceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Straight-line distance, metres. */
  distance: z.number().int(),
});

/** What is within AROUND_RADIUS of the project, each kind nearest first; a kind with nothing near is empty. */
export const projectAroundSchema = z.object({
  radius: z.number().int(),
  stations: z.array(aroundStationSchema),
  schools: z.array(aroundPlaceSchema),
  hospitals: z.array(aroundPlaceSchema),
  shopping: z.array(aroundPlaceSchema),
});
export type ProjectAround = z.infer<typeof projectAroundSchema>;
export type AroundStation = z.infer<typeof aroundStationSchema>;
export type AroundPlace = z.infer<typeof aroundPlaceSchema>;
