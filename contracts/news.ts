import { z } from 'zod';
import { cacheChangeSchema } from './cache-changes';
import { cityCodeField } from './city';
import { id, int, text } from './fields';

/**
 * 资讯 (spec §2 "News"): articles of four categories, each of a city or of every city (cityCode null: the
 * 知识分享 that reads the same everywhere). Read by the /news pages and the home page's 资讯 block; written by the
 * seed (backend/src/db/seed-news.ts) and by operators (`npm run ops -- news …`, opsNews*).
 */

/** The categories by their URL slug (`/news/{category}`), in the header's order (copy.md "news categories"). */
export const NEWS_CATEGORIES = ['loushikuaixun', 'shichangzhengce', 'loupingdaogou', 'zhishifenxiang'] as const;
export type NewsCategory = (typeof NEWS_CATEGORIES)[number];
export const isNewsCategory = (s: string): s is NewsCategory => (NEWS_CATEGORIES as readonly string[]).includes(s);

/** An article's one address on a city's host (spec §2 "News"): `/news/{category}/{id}.html`. */
export const articlePath = (category: NewsCategory, id: number): string => `/news/${category}/${id}.html`;

/** articles.status: published, or taken down by an operator (then no page shows it). */
export const ARTICLE_STATUS = { PUBLISHED: 1, TAKEN_DOWN: 2 } as const;
export type ArticleStatus = (typeof ARTICLE_STATUS)[keyof typeof ARTICLE_STATUS];

/** Articles a category page: ten, as the portals' news lists. */
export const NEWS_PAGE_SIZE = 10;
/** No city has a hundred pages of one category; a larger number is a made-up address. */
export const NEWS_MAX_PAGE = 100;
/** At most this many related articles under an article. */
export const RELATED_ARTICLES = 5;

/**
 * What an article talks about and shows as a card (the listings of a market report, the project of a guide):
 * a record of a channel by id. The card is read from the record when the article is read, so it shows the
 * record as it is now, and a record that is gone is left out.
 */
export const MENTION_KINDS = ['esf', 'rent', 'new', 'estate'] as const;
export type MentionKind = (typeof MENTION_KINDS)[number];
export const mentionSchema = z.strictObject({ kind: z.enum(MENTION_KINDS), id: id() });
export type Mention = z.infer<typeof mentionSchema>;
/** At most this many cards an article. */
export const MAX_MENTIONS = 12;

export const newsListQuerySchema = z.strictObject({
  cityCode: cityCodeField(),
  /** Without it: the newest of every category (the home page's block). */
  category: z.enum(NEWS_CATEGORIES).optional(),
  page: int(1, NEWS_MAX_PAGE).default(1),
  pageSize: int(1, 20).default(NEWS_PAGE_SIZE),
});
export type NewsListQuery = z.input<typeof newsListQuerySchema>;

export const articleSummarySchema = z.object({
  id: z.number().int(),
  category: z.enum(NEWS_CATEGORIES),
  title: z.string(),
  summary: z.string(),
  author: z.string(),
  /** A same-site image path, or '' for an article without a cover. */
  coverUrl: z.string(),
  tags: z.array(z.string()),
  /** ISO date-time. */
  publishedAt: z.string(),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

/** One page of a city's articles, newest first; a page past the last has an empty list (the web's 404). */
export const newsListPageSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  list: z.array(articleSummarySchema),
});
export type NewsListPage = z.infer<typeof newsListPageSchema>;

/**
 * A card of what the article mentions, with the figures it is known by. `price` is in the kind's own unit: esf
 * 万元 total, rent 元/月, new and estate 元/㎡ average; null while a project is 价格待定.
 */
export const articleCardSchema = z.object({
  kind: z.enum(MENTION_KINDS),
  id: z.number().int(),
  title: z.string(),
  coverUrl: z.string(),
  /** District and business area: `朝阳 望京`. */
  place: z.string(),
  rooms: z.number().int().nullable(),
  halls: z.number().int().nullable(),
  /** ㎡; null for a project or a community. */
  area: z.number().nullable(),
  price: z.number().nullable(),
});
export type ArticleCard = z.infer<typeof articleCardSchema>;

export const articleSchema = articleSummarySchema.extend({
  /** Null: an article of every city. */
  cityCode: z.string().nullable(),
  /** The domain of the article's city (links of its cards go there), null for an article of every city. */
  cityDomain: z.string().nullable(),
  /**
   * The text: blocks separated by a blank line; a block `## 小标题` is a heading, a block of lines `- …` a list,
   * any other block a paragraph. Plain text: the web renders it as text, never as HTML.
   */
  body: z.string(),
  cards: z.array(articleCardSchema),
  related: z.array(articleSummarySchema),
});
export type Article = z.infer<typeof articleSchema>;

/**
 * The operator's article (`npm run ops -- news add <file.json>`): everything but the dates, which the backend
 * sets. Bounded like every input; the body is plain text in the format of articleSchema.body.
 */
const articleFields = {
  /** Null: an article of every city. */
  cityCode: cityCodeField().nullable(),
  category: z.enum(NEWS_CATEGORIES),
  title: text(60, { min: 4 }),
  summary: text(200, { min: 10 }),
  body: text(20_000, { min: 20 }),
  author: text(20, { min: 2 }),
  /** A same-site image path (`/oss/…`) or ''; no address of another site. */
  coverUrl: text(300).refine(
    (s) => s === '' || /^\/(?!\/)[\w\-./]+$/.test(s),
    'must be a same-site path such as /oss/… or empty',
  ),
  tags: z.array(text(12, { min: 1 })).max(8),
  mentions: z.array(mentionSchema).max(MAX_MENTIONS),
};

export const opsArticleSchema = z.strictObject({
  ...articleFields,
  cityCode: articleFields.cityCode.default(null),
  coverUrl: articleFields.coverUrl.default(''),
  tags: articleFields.tags.default([]),
  mentions: articleFields.mentions.default([]),
});
export type OpsArticle = z.input<typeof opsArticleSchema>;

/** An edit changes the fields it names (at least one); the others stay as they are. */
export const opsArticleEditSchema = z
  .strictObject(articleFields)
  .partial()
  .refine((o) => Object.keys(o).length > 0, 'name at least one field to change');
export type OpsArticleEdit = z.input<typeof opsArticleEditSchema>;

export const opsArticleParamsSchema = z.object({ id: id() });

export const opsArticleResultSchema = z.object({
  id: z.number().int(),
  category: z.enum(NEWS_CATEGORIES),
  title: z.string(),
  cityCode: z.string().nullable(),
  status: z.number().int(),
  publishedAt: z.string(),
  /** The change as the feed announces it. */
  change: cacheChangeSchema.pick({ seq: true, tags: true }),
});
export type OpsArticleResult = z.infer<typeof opsArticleResultSchema>;
