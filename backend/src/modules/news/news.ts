import { and, arrayOverlaps, count, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  articleSchema,
  newsListPageSchema,
  newsListQuerySchema,
  RELATED_ARTICLES,
  type Article,
  type ArticleCard,
  type ArticleSummary,
  type Mention,
  type NewsCategory,
  type NewsListPage,
} from '@contracts/news';
import { ApiPath } from '@contracts/paths';
import type { Db } from '../../db/client';
import {
  ARTICLE_STATUS,
  articles,
  businessAreas,
  cities,
  communities,
  districts,
  esfListings,
  newProjects,
  rentals,
} from '../../db/schema';
import { notFound } from '../../http/errors';
import { portalIdRoute, portalRoute } from '../../http/portal-route';
import { requireCity } from '../cities/cities';

/**
 * 资讯 (spec §2 "News"): a city's articles by category, newest first, and one article with the cards of what it
 * mentions and its related articles. A city's pages show its own articles and those of every city (cityCode
 * null); a taken-down article is on no page (404).
 */

const summaryColumns = {
  id: articles.id,
  category: articles.category,
  title: articles.title,
  summary: articles.summary,
  author: articles.author,
  coverUrl: articles.coverUrl,
  tags: articles.tags,
  publishedAt: articles.publishedAt,
};
type SummaryRow = { [K in keyof typeof summaryColumns]: (typeof summaryColumns)[K]['_']['data'] };

const toSummary = (r: SummaryRow): ArticleSummary => ({
  id: r.id,
  category: r.category as NewsCategory,
  title: r.title,
  summary: r.summary,
  author: r.author,
  coverUrl: r.coverUrl,
  tags: r.tags,
  publishedAt: r.publishedAt.toISOString(),
});

/** The articles a city shows: published, of the city or of every city. */
const shownIn = (cityCode: string): SQL =>
  and(eq(articles.status, ARTICLE_STATUS.PUBLISHED), or(eq(articles.cityCode, cityCode), isNull(articles.cityCode)))!;

export async function newsPage(
  db: Db,
  q: { cityCode: string; category?: NewsCategory; page: number; pageSize: number },
): Promise<NewsListPage> {
  await requireCity(db, q.cityCode);
  const where = and(shownIn(q.cityCode), q.category ? eq(articles.category, q.category) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(articles)
      .where(where)
      .orderBy(desc(articles.publishedAt), desc(articles.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(articles).where(where),
  ]);
  return { total: total?.n ?? 0, page: q.page, pageSize: q.pageSize, list: rows.map(toSummary) };
}

/** Where a record is, `朝阳 望京`, from its district and business area. */
const placeOf = sql<string>`${districts.shortName} || ' ' || ${businessAreas.name}`;

/**
 * The cards of the records an article mentions, in the article's order; a record that is gone, or of a city
 * without its channel any more, has no card. One query per kind, of a dozen ids at most.
 */
async function cardsOf(db: Db, mentions: Mention[]): Promise<ArticleCard[]> {
  const ids = (kind: Mention['kind']) => mentions.filter((m) => m.kind === kind).map((m) => m.id);
  const none = Promise.resolve([] as ArticleCard[]);
  const homes = (table: typeof esfListings | typeof rentals, kind: 'esf' | 'rent') => {
    const wanted = ids(kind);
    if (wanted.length === 0) return none;
    const price = kind === 'esf' ? esfListings.totalPrice : rentals.monthlyRent;
    return db
      .select({
        id: table.id,
        title: table.title,
        coverUrl: table.coverUrl,
        place: placeOf,
        rooms: table.rooms,
        halls: table.halls,
        area: table.area,
        price: sql<number>`${price}`.mapWith(Number),
      })
      .from(table)
      .innerJoin(districts, eq(districts.id, table.districtId))
      .innerJoin(businessAreas, eq(businessAreas.id, table.businessAreaId))
      .where(inArray(table.id, wanted))
      .then((rows) => rows.map((r) => ({ kind, ...r })));
  };
  const places = (table: typeof newProjects | typeof communities, kind: 'new' | 'estate') => {
    const wanted = ids(kind);
    if (wanted.length === 0) return none;
    return db
      .select({ id: table.id, title: table.name, coverUrl: table.coverUrl, place: placeOf, price: table.avgPrice })
      .from(table)
      .innerJoin(districts, eq(districts.id, table.districtId))
      .innerJoin(businessAreas, eq(businessAreas.id, table.businessAreaId))
      .where(inArray(table.id, wanted))
      .then((rows) => rows.map((r) => ({ kind, ...r, rooms: null, halls: null, area: null })));
  };
  const found = (
    await Promise.all([
      homes(esfListings, 'esf'),
      homes(rentals, 'rent'),
      places(newProjects, 'new'),
      places(communities, 'estate'),
    ])
  ).flat();
  const byKey = new Map(found.map((c) => [`${c.kind}:${c.id}`, c]));
  return mentions.flatMap((m) => byKey.get(`${m.kind}:${m.id}`) ?? []);
}

export async function articleOf(db: Db, id: number): Promise<Article> {
  const [row] = await db
    .select({
      ...summaryColumns,
      cityCode: articles.cityCode,
      cityDomain: cities.cityDomain,
      body: articles.body,
      mentions: articles.mentions,
    })
    .from(articles)
    .leftJoin(cities, eq(cities.cityCode, articles.cityCode))
    .where(and(eq(articles.id, id), eq(articles.status, ARTICLE_STATUS.PUBLISHED)));
  if (!row) throw notFound(`资讯 ${id} `);
  const sameCity =
    row.cityCode === null ? isNull(articles.cityCode) : or(eq(articles.cityCode, row.cityCode), isNull(articles.cityCode));
  const [cards, related] = await Promise.all([
    cardsOf(db, row.mentions),
    // Related: the same category where it is shown, those sharing a tag first, then the nearest in time.
    db
      .select(summaryColumns)
      .from(articles)
      .where(
        and(eq(articles.status, ARTICLE_STATUS.PUBLISHED), eq(articles.category, row.category), ne(articles.id, id), sameCity),
      )
      .orderBy(
        // (PostgreSQL refuses a constant in ORDER BY: without tags the term is left out.)
        ...(row.tags.length > 0 ? [desc(arrayOverlaps(articles.tags, row.tags))] : []),
        sql`abs(extract(epoch from ${articles.publishedAt} - ${row.publishedAt.toISOString()}::timestamptz))`,
        desc(articles.id),
      )
      .limit(RELATED_ARTICLES),
  ]);
  return {
    ...toSummary(row),
    cityCode: row.cityCode,
    cityDomain: row.cityDomain,
    body: row.body,
    cards,
    related: related.map(toSummary),
  };
}

export function registerNews(app: FastifyInstance, db: Db): void {
  portalRoute(app, {
    path: ApiPath.newsList,
    summary: "资讯: a city's articles (its own and every city's), newest first, of one category or all, paged",
    tags: ['news'],
    input: newsListQuerySchema,
    output: newsListPageSchema,
    handler: (q) => newsPage(db, q),
  });
  portalIdRoute(app, {
    path: ApiPath.newsDetail,
    summary: 'An article with the cards of the esfListings, communities and projects it mentions, and related articles',
    tags: ['news'],
    output: articleSchema,
    handler: (id) => articleOf(db, id),
  });
}
