import { index, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { ArticleStatus } from '@contracts/news';
import { cities } from './cities';

/** `status` of an article: the contract's codes, re-exported for the backend's modules. */
export { ARTICLE_STATUS } from '@contracts/news';

/**
 * 资讯 (spec §2 "News"): articles of the four categories (contracts/news.ts NEWS_CATEGORIES, by slug), of a city or,
 * with no city, of every city. `mentions` are the records the article talks about (`{kind: 'esf', id}` …), read
 * as cards when the article is read. The seed writes them (seed-news.ts); operators add, edit and take them down.
 */
export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    cityCode: text('city_code').references(() => cities.cityCode, { onDelete: 'restrict' }),
    category: text('category').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    body: text('body').notNull(),
    author: text('author').notNull(),
    coverUrl: text('cover_url').notNull(),
    tags: text('tags').array().notNull(),
    mentions: jsonb('mentions').$type<{ kind: 'esf' | 'rent' | 'new' | 'estate'; id: number }[]>().notNull(),
    /** contracts/news.ts ARTICLE_STATUS. */
    status: smallint('status').$type<ArticleStatus>().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A category page and the home block: newest first, the city's and every city's (a small table per city).
    index('articles_category_idx').on(t.category, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('articles_city_idx').on(t.cityCode, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
