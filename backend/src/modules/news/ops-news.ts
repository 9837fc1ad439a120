import { and, eq, inArray } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { cacheTag } from '@contracts/cache-changes';
import { ok } from '@contracts/envelope';
import { envelopeSchema } from '@contracts/envelope-schema';
import {
  MENTION_KINDS,
  opsArticleEditSchema,
  opsArticleParamsSchema,
  opsArticleResultSchema,
  opsArticleSchema,
  type Mention,
  type NewsCategory,
  type OpsArticleResult,
} from '@contracts/news';
import { ApiPath } from '@contracts/paths';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { ARTICLE_STATUS, articles, cities } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { opsGuard } from '../../http/ops-guard';
import { recordChange } from '../cache/changes';
import { requireCity } from '../cities/cities';
import { channelModule } from '../listings/channels/registry';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type ArticleRow = typeof articles.$inferSelect;

/**
 * 资讯 written by operators (`npm run ops -- news add|edit|takedown`): an article is published at once, edited in
 * place or taken off every page, and each change is announced on the change feed under the news tag of every
 * city that shows it and the article's own tag, so its category page, the home page and the article follow at once.
 */

/** A card must be of a record that exists, in the article's city when it has one (a card leads there). */
async function checkMentions(tx: Tx, mentions: Mention[], cityCode: string | null): Promise<void> {
  for (const kind of MENTION_KINDS) {
    const wanted = [...new Set(mentions.filter((m) => m.kind === kind).map((m) => m.id))];
    if (wanted.length === 0) continue;
    // A card's kind is a channel: its table and name are its module's.
    const { table, name } = channelModule(kind);
    const rows = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(inArray(table.id, wanted), cityCode ? eq(table.cityCode, cityCode) : undefined));
    const found = new Set(rows.map((r) => r.id));
    const missing = wanted.filter((id) => !found.has(id));
    if (missing.length > 0) {
      throw badRequest(`mentions: ${name} ${missing.join('、')} 不存在${cityCode ? '于该城市' : ''}`);
    }
  }
}

/** The tags of the pages that show the article: the news pages of its city (every city's for one of all). */
async function tagsOf(tx: Tx, id: number, cityCodes: (string | null)[], categories: string[]): Promise<string[]> {
  const domains = cityCodes.includes(null)
    ? await tx.select({ d: cities.cityDomain }).from(cities)
    : await tx
        .select({ d: cities.cityDomain })
        .from(cities)
        .where(inArray(cities.cityCode, cityCodes as string[]));
  return [
    cacheTag.article(id),
    ...domains.flatMap((r) => [
      cacheTag.news(r.d),
      ...[...new Set(categories)].map((category) => cacheTag.newsCategory(r.d, category)),
    ]),
  ];
}

async function announce(
  tx: Tx,
  row: ArticleRow,
  cityCodes: (string | null)[],
  categories: string[] = [row.category],
): Promise<OpsArticleResult> {
  const tags = await tagsOf(tx, row.id, cityCodes, categories);
  const seq = await recordChange(tx, tags);
  return {
    id: row.id,
    category: row.category as NewsCategory,
    title: row.title,
    cityCode: row.cityCode,
    status: row.status,
    publishedAt: row.publishedAt.toISOString(),
    change: { seq, tags },
  };
}

async function lockArticle(tx: Tx, id: number): Promise<ArticleRow> {
  const [row] = await tx.select().from(articles).where(eq(articles.id, id)).for('update');
  if (!row) throw notFound(`资讯 ${id} `);
  return row;
}

export function registerOpsNews(app: FastifyInstance, db: Db, config: Pick<Config, 'OPS_TOKEN'>): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const guard = opsGuard(config);
  typed.post(
    ApiPath.opsNews,
    {
      onRequest: guard,
      schema: {
        summary: 'Operator: publish an article (Authorization: Bearer <OPS_TOKEN>); announced on the change feed',
        tags: ['ops'],
        body: opsArticleSchema,
        response: { 200: envelopeSchema(opsArticleResultSchema) },
      },
    },
    async (request) => {
      const a = request.body;
      if (a.cityCode) await requireCity(db, a.cityCode);
      return ok(
        await db.transaction(async (tx) => {
          await checkMentions(tx, a.mentions, a.cityCode);
          const now = new Date();
          const [row] = await tx
            .insert(articles)
            .values({ ...a, status: ARTICLE_STATUS.PUBLISHED, publishedAt: now, updatedAt: now })
            .returning();
          return announce(tx, row!, [row!.cityCode]);
        }),
      );
    },
  );
  typed.post(
    `${ApiPath.opsNews}/:id`,
    {
      onRequest: guard,
      schema: {
        summary:
          'Operator: change the fields of an article it names (Authorization: Bearer <OPS_TOKEN>); announced on the change feed',
        tags: ['ops'],
        params: opsArticleParamsSchema,
        body: opsArticleEditSchema,
        response: { 200: envelopeSchema(opsArticleResultSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const edit = request.body;
      if (edit.cityCode) await requireCity(db, edit.cityCode);
      return ok(
        await db.transaction(async (tx) => {
          const before = await lockArticle(tx, id);
          const cityCode = edit.cityCode === undefined ? before.cityCode : edit.cityCode;
          await checkMentions(tx, edit.mentions ?? before.mentions, cityCode);
          const [row] = await tx
            .update(articles)
            .set({ ...edit, updatedAt: new Date() })
            .where(eq(articles.id, id))
            .returning();
          // A move to another city changes the pages of both.
          return announce(tx, row!, [before.cityCode, row!.cityCode], [before.category, row!.category]);
        }),
      );
    },
  );
  typed.post(
    `${ApiPath.opsNews}/:id/takedown`,
    {
      onRequest: guard,
      schema: {
        summary:
          'Operator: take an article down from every page (Authorization: Bearer <OPS_TOKEN>); announced on the change feed',
        tags: ['ops'],
        params: opsArticleParamsSchema,
        response: { 200: envelopeSchema(opsArticleResultSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      return ok(
        await db.transaction(async (tx) => {
          const before = await lockArticle(tx, id);
          if (before.status === ARTICLE_STATUS.TAKEN_DOWN) throw badRequest(`资讯 ${id} 已下线`);
          const [row] = await tx
            .update(articles)
            .set({ status: ARTICLE_STATUS.TAKEN_DOWN, updatedAt: new Date() })
            .where(eq(articles.id, id))
            .returning();
          return announce(tx, row!, [row!.cityCode]);
        }),
      );
    },
  );
}
