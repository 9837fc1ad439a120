import { and, asc, count, desc, eq, gt, gte, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { CHANNELS, channelIsOn, detailPath, dictionaryPath, optionsPath } from '@contracts/channels';
import type { ChannelCode } from '@contracts/constants';
import { articlePath, ARTICLE_STATUS, type NewsCategory } from '@contracts/news';
import type { SitemapKind } from '@contracts/sitemap';
import type { Db } from '../../db/client';
import { agents, articles, businessAreas, districts, subwayLines } from '../../db/schema';
import type { CityRow } from '../cities/cities';
import type { ChannelModule } from '../listings/channels/channel-module';
import { byChannel } from '../listings/channels/registry';

/** One address of a sitemap: its path on the city host and, when the data has one, when it last changed. */
export interface SitemapUrl {
  path: string;
  lastmod?: Date;
}

/**
 * A kind of detail page and the table it comes from. Rows are read in id order by keyset (`id > last`), BATCH at a
 * time, so a file of 50,000 addresses never holds more than one batch in memory.
 */
interface DetailSource {
  /** The channel whose detail page it is (the city must have it on); none for agents and articles. */
  channel?: ChannelCode;
  table: PgTable;
  id: PgColumn;
  /** The rows a city shows. */
  inCity: (cityCode: string) => SQL;
  /** When a row last changed, for lastmod; none where the data has no date (communities, agents). */
  lastmod?: PgColumn;
  /** Rows of another kind in the same table (a shop for sale is not one for rent), or not shown (taken down). */
  where?: SQL;
  /** A second column the address is made of (an article's category). */
  part?: PgColumn;
  path: (id: number, part: unknown) => string;
}

/** A channel's detail pages, from its module (listings/channels): its table, the rows that are its, their lastmod. */
const detail = ({ code, table, lastmod, scope }: ChannelModule): DetailSource => ({
  channel: code,
  table,
  id: table.id,
  inCity: (cityCode) => eq(table.cityCode, cityCode),
  lastmod,
  where: scope,
  path: (id) => detailPath(code, id),
});

/** Every detail kind of the sitemap (contracts/sitemap.ts SITEMAP_KINDS): each channel's, agents' and articles'. */
export const DETAIL_SOURCES: Record<Exclude<SitemapKind, 'lists'>, DetailSource> = {
  ...byChannel(detail),
  agent: { table: agents, id: agents.id, inCity: (cityCode) => eq(agents.cityCode, cityCode), path: (id) => `/agent/${id}` },
  // A city shows its own articles and those of every city (backend/src/modules/news/news.ts shownIn), published.
  news: {
    table: articles,
    id: articles.id,
    inCity: (cityCode) => or(eq(articles.cityCode, cityCode), isNull(articles.cityCode))!,
    where: eq(articles.status, ARTICLE_STATUS.PUBLISHED),
    lastmod: articles.updatedAt,
    part: articles.category,
    path: (id, category) => articlePath(category as NewsCategory, id),
  },
};

const BATCH = 5_000;

/** Whether the city has the pages of a kind at all (a channel it does not have is no page of it). */
export function kindIsOn(city: CityRow, kind: SitemapKind): boolean {
  if (kind === 'lists') return true;
  const channel = DETAIL_SOURCES[kind].channel;
  return !channel || channelIsOn(city, channel);
}

const cityWhere = (s: DetailSource, cityCode: string, ...more: (SQL | undefined)[]) => and(s.inCity(cityCode), s.where, ...more);

/** How many pages of a kind the city has, and the newest change among them (the index's lastmod). */
export async function detailCount(db: Db, kind: Exclude<SitemapKind, 'lists'>, cityCode: string) {
  const s = DETAIL_SOURCES[kind];
  const [row] = await db
    .select({ n: count(), newest: s.lastmod ? sql<Date | string | null>`max(${s.lastmod})` : sql<null>`null` })
    .from(s.table)
    .where(cityWhere(s, cityCode));
  const newest = row?.newest ? new Date(row.newest) : undefined;
  return { count: Number(row?.n ?? 0), newest };
}

/**
 * The addresses of one part of a kind, streamed a batch at a time: the part's first id by its offset in id order,
 * then batches by keyset from there until the part is full or the rows end. A batch (not an address) is the unit the
 * file is written and gzipped in: one string and one compression call per BATCH rows, where one per address cost
 * most of a file's time (docs/performance.md "Sitemaps").
 */
export async function* detailBatches(
  db: Db,
  kind: Exclude<SitemapKind, 'lists'>,
  cityCode: string,
  part: number,
  perFile: number,
): AsyncGenerator<SitemapUrl[]> {
  const s = DETAIL_SOURCES[kind];
  const [first] = await db
    .select({ id: s.id })
    .from(s.table)
    .where(cityWhere(s, cityCode))
    .orderBy(asc(s.id))
    .offset((part - 1) * perFile)
    .limit(1);
  if (!first) return;
  const batch = (after: SQL, size: number) => {
    const rows = db
      .select({ id: s.id, lastmod: s.lastmod ?? sql<null>`null`, part: s.part ?? sql<null>`null` })
      .from(s.table)
      .where(cityWhere(s, cityCode, after))
      .orderBy(asc(s.id))
      .limit(size)
      .then((r) => r);
    // Asked for ahead (below); a reader that stops early leaves it unawaited, which must not be an unhandled rejection.
    rows.catch(() => {});
    return rows;
  };
  let left = perFile;
  let size = Math.min(BATCH, left);
  let pending = batch(gte(s.id, first.id as number), size);
  for (;;) {
    const rows = await pending;
    left -= rows.length;
    const more = rows.length === size && left > 0;
    // The next batch is read while this one is written out (on PostgreSQL the two overlap).
    if (more) {
      size = Math.min(BATCH, left);
      pending = batch(gt(s.id, rows[rows.length - 1]!.id as number), size);
    }
    if (rows.length > 0) {
      yield rows.map((r) => {
        const lastmod = r.lastmod ? new Date(r.lastmod as Date | string) : undefined;
        return { path: s.path(r.id as number, r.part), ...(lastmod ? { lastmod } : {}) };
      });
    }
    if (!more) return;
  }
}

/** The same addresses one at a time (tests, and any reader that wants them so). */
export async function* detailUrls(
  db: Db,
  kind: Exclude<SitemapKind, 'lists'>,
  cityCode: string,
  part: number,
  perFile: number,
): AsyncGenerator<SitemapUrl> {
  for await (const batch of detailBatches(db, kind, cityCode, part, perFile)) yield* batch;
}

/**
 * The list pages worth indexing, whole (a few thousand at most: the city's places times its channels): the home,
 * each channel's list, options and place dictionary, and its list by district, business area and subway line, in
 * the codec's one address (`dc{id}/`, `dc{id}/ta{id}/`, `sl{id}/`, lib/search-path.ts). Keyword searches, filters
 * and deep pages are left to the links: they are many spellings of the same homes. A channel's list carries the
 * date of its newest listing.
 */
export async function listUrls(db: Db, city: CityRow): Promise<SitemapUrl[]> {
  const [districtRows, areaRows, lineRows] = await Promise.all([
    db.select({ id: districts.id }).from(districts).where(eq(districts.cityCode, city.cityCode)).orderBy(asc(districts.sort)),
    db
      .select({ id: businessAreas.id, districtId: businessAreas.districtId })
      .from(businessAreas)
      .where(eq(businessAreas.cityCode, city.cityCode))
      .orderBy(asc(businessAreas.districtId), asc(businessAreas.id)),
    db
      .select({ id: subwayLines.id })
      .from(subwayLines)
      .where(eq(subwayLines.cityCode, city.cityCode))
      .orderBy(asc(subwayLines.sort)),
  ]);
  const urls: SitemapUrl[] = [{ path: '/' }];
  for (const def of Object.values(CHANNELS)) {
    if (!channelIsOn(city, def.code)) continue;
    const newest = await newestOf(db, def.code as ChannelCode & SitemapKind, city.cityCode);
    urls.push({ path: def.listPath, ...(newest ? { lastmod: newest } : {}) });
    urls.push({ path: optionsPath(def.code) }, { path: dictionaryPath(def.code) });
    for (const d of districtRows) urls.push({ path: `${def.listPath}dc${d.id}/` });
    for (const a of areaRows) urls.push({ path: `${def.listPath}dc${a.districtId}/ta${a.id}/` });
    for (const l of lineRows) urls.push({ path: `${def.listPath}sl${l.id}/` });
  }
  return urls;
}

/** The newest listing date of a channel in the city, by the newest-first index (one row). */
async function newestOf(db: Db, kind: ChannelCode & SitemapKind, cityCode: string): Promise<Date | undefined> {
  const s = DETAIL_SOURCES[kind];
  if (!s.lastmod) return undefined;
  const [row] = await db.select({ at: s.lastmod }).from(s.table).where(cityWhere(s, cityCode)).orderBy(desc(s.lastmod)).limit(1);
  return row?.at ? new Date(row.at as Date | string) : undefined;
}
