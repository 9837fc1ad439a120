import { and, asc, count, eq, getTableName, gte, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn, type PgTable, type SelectedFields } from 'drizzle-orm/pg-core';
import { LRUCache } from 'lru-cache';
import type { AgentCard, CommunitySummary, ConditionBand } from '@contracts/listing-common';
import type { Db } from '../../db/client';
import { normalize } from '../../db/search-names';
import { notFound } from '../../http/errors';
import { PRICE_CUT_TAG, RECENT_CUT_DAYS } from '@contracts/residential';
import { placeNamesOf, type PlacedRow, type RowPlaceNames } from './place-names';
import { recentlyCut } from './price-cuts';
import { lineStationRowsOf, stationRowsOf } from './stations';
import {
  agents,
  brands,
  branches,
  businessAreas,
  communities,
  districts,
  esfListings,
  rentals,
  subwayLines,
  subwayStations,
} from '../../db/schema';

/**
 * What every listing channel's module shares (STYLE "Growing from one channel to eight"): bands, the place
 * and keyword part of a list query, the count cache, paging by ids, the places of a city, agent cards and
 * community summaries. A channel module adds its own table's filters, sorts, list item and detail.
 */

/**
 * The columns every listing table has (homes, rentals, projects, communities, shops, offices): where a record
 * is. `communityId` only where the record sits in a residential community (homes and rentals).
 */
export interface ListingTable extends PgTable {
  id: AnyPgColumn;
  cityCode: AnyPgColumn;
  districtId: AnyPgColumn;
  businessAreaId: AnyPgColumn;
  communityId?: AnyPgColumn;
  lineId: AnyPgColumn;
  stationId: AnyPgColumn;
}

/** A table of homes in a residential community (esf_listings, rentals). */
export interface HomeTable extends ListingTable {
  communityId: AnyPgColumn;
}

/** The place part of every list query (contracts/listing-common.ts listQueryBase). */
export interface PlaceFilters {
  districtId?: number;
  businessAreaId?: number;
  lineId?: number;
  stationId?: number;
  estateId?: number;
  keyword?: string;
}

/** Bands and their labels are contract data (contracts/bands.ts): the channel declarations state theirs there too. */
export { band, bandsBetween } from '@contracts/bands';

/** `%` and `_` in a keyword are literal characters, not wildcards. */
export function likeContains(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The same for a prefix: text that starts with the keyword. */
function likePrefix(keyword: string): string {
  return `${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The chosen bands of one kind, OR-ed; codes a city does not have are ignored. */
export function bandCondition(column: AnyPgColumn, bands: ConditionBand[], codes: number[] | undefined): SQL | undefined {
  const parts = (codes ?? [])
    .map((code) => bands.find((b) => b.code === code))
    .filter((b): b is ConditionBand => b !== undefined)
    .map((b) => and(b.min === null ? undefined : gte(column, b.min), b.max === null ? undefined : lt(column, b.max)));
  return parts.length ? or(...parts) : undefined;
}

/**
 * Bands over a record's price range [minColumn, maxColumn] (a project's cheapest and dearest layout), OR-ed: a
 * record is in a band when its range reaches into it, so a project of 280–420万 is in 200-300万 and in 300-500万.
 * A record without a range (null, 价格待定) is in none.
 */
export function rangeBandCondition(
  minColumn: AnyPgColumn,
  maxColumn: AnyPgColumn,
  bands: ConditionBand[],
  codes: number[] | undefined,
): SQL | undefined {
  const parts = (codes ?? [])
    .map((code) => bands.find((b) => b.code === code))
    .filter((b): b is ConditionBand => b !== undefined)
    .map((b) =>
      and(
        b.max === null ? isNotNull(minColumn) : lt(minColumn, b.max),
        b.min === null ? isNotNull(maxColumn) : gte(maxColumn, b.min),
      ),
    );
  return parts.length ? or(...parts) : undefined;
}

/** Room counts, OR-ed; the open-ended code means that many or more (五室以上, 四室及以上). */
export function roomsCondition(column: AnyPgColumn, codes: number[] | undefined, openEnded: number): SQL | undefined {
  if (!codes?.length) return undefined;
  const exact = codes.filter((r) => r < openEnded);
  return or(exact.length ? inArray(column, exact) : undefined, codes.includes(openEnded) ? gte(column, openEnded) : undefined);
}

/** A table whose records are searched by their own name, and its pinyin forms (communities, new-home projects). */
interface OwnNames {
  name: AnyPgColumn;
  pinyin: AnyPgColumn;
  initials: AnyPgColumn;
}

/**
 * The WHERE of a list's places: the city, location ids (a station id: that station on any line; a line: its
 * stations so), and a keyword that names a place the record is in:
 * community, business area, district or subway station, or the record's own name (`own`: a project's, a
 * community's or a shop project's). Titles are not searched: they repeat the community name, and a contains-match
 * on 200k titles is a full scan (≈110 ms on PGlite) that no index serves for two-character Chinese words.
 * A keyword without Chinese characters also matches the start of a name's full pinyin or initials, as the
 * suggestions do (`wj`, `wangjing` find what `望京` finds: Enter after typing `wj` must not find nothing).
 * `e{id}` (estateId) is the home's community, or the record itself where the record is the place.
 */
export function placeConditions(table: ListingTable, cityCode: string, input: PlaceFilters, own?: AnyPgColumn | OwnNames): SQL[] {
  const where: SQL[] = [eq(table.cityCode, cityCode)];
  if (input.districtId) where.push(eq(table.districtId, input.districtId));
  if (input.businessAreaId) where.push(eq(table.businessAreaId, input.businessAreaId));
  // A station is every row of its name (an interchange: one per line, stations.ts), and a line every row of its
  // stations: the line a station was chosen through is one of its lines, not the line of the row a home was seeded against.
  if (input.stationId) where.push(inArray(table.stationId, stationRowsOf(cityCode, input.stationId, input.lineId || undefined)));
  else if (input.lineId) where.push(inArray(table.stationId, lineStationRowsOf(cityCode, input.lineId)));
  if (input.estateId) where.push(eq(table.communityId ?? table.id, input.estateId));
  if (input.keyword) {
    const pattern = likeContains(input.keyword);
    // Pinyin is stored lower case without spaces (db/search-names.ts); a Chinese keyword has none to match.
    const spelled = /[\u3400-\u9fff]/.test(input.keyword) ? null : likePrefix(normalize(input.keyword));
    const matches = (names: OwnNames) =>
      spelled
        ? sql`(${names.name} ilike ${pattern} or ${names.pinyin} like ${spelled} or ${names.initials} like ${spelled})`
        : sql`${names.name} ilike ${pattern}`;
    const named = (
      column: AnyPgColumn,
      places: typeof communities | typeof subwayStations | typeof businessAreas | typeof districts,
    ) => inArray(column, sql`(select ${places.id} from ${places} where ${places.cityCode} = ${cityCode} and ${matches(places)})`);
    const ownNames = own === undefined ? undefined : 'pinyin' in own ? matches(own) : sql`${own} ilike ${pattern}`;
    where.push(
      or(
        table.communityId ? named(table.communityId, communities) : undefined,
        ownNames,
        named(table.stationId, subwayStations),
        named(table.businessAreaId, businessAreas),
        named(table.districtId, districts),
      )!,
    );
  }
  return where;
}

/**
 * Result counts, kept a minute per filter set (page, page size and sort do not change a count). Counting a
 * whole city is an index-only scan of tens of thousands of rows (≈50 ms for 36k on PGlite) and a visitor who
 * pages or re-sorts asks for the same count again; a count a minute old is fine for 共找到 N 套.
 */
const COUNT_TTL_MS = 60_000;

type CountOf = (table: ListingTable, cityCode: string, input: object, where: SQL | undefined) => Promise<number>;

/**
 * A cache of what a table's records in a city make (counts, the map's aggregates and items) as a write to them sees
 * it (`whileChangingCounts`).
 */
export interface HeldCounts {
  /** What the cache keeps of the table in the city is neither served nor stored until `release`. */
  hold(scope: string): void;
  /** Drops what is kept of them, and serves and stores again. */
  release(scope: string): void;
  /**
   * Drops what is kept of every scope `which` names, holding nothing: a change another process made, read from the
   * change feed (modules/feed/feed-reader.ts). Idempotent; a making under way is not kept.
   */
  drop(which: (scope: string) => boolean): void;
}

/** Every such cache of a database: one per channel module's pager, and the map's (modules/listings/held-store.ts). */
const countCaches = new WeakMap<Db, Set<HeldCounts>>();
/** The part of a cached key that a change names: the table and the city. */
export const scopeOf = (table: ListingTable, cityCode: string) => JSON.stringify([getTableName(table), cityCode]);
/** The city of a scope (`scopeOf`). */
export const cityOfScope = (scope: string): string => (JSON.parse(scope) as [string, string])[1];

/** Drops, in every cache of the database's listings, what they keep of the scopes `which` names (the change feed). */
export function dropCounts(db: Db, which: (scope: string) => boolean): void {
  for (const cache of countCaches.get(db) ?? []) cache.drop(which);
}

/** Tells `cache` of every write to the database's listings from now on (`whileChangingCounts`); the answer stops it. */
export function followCountChanges(db: Db, cache: HeldCounts): () => void {
  let caches = countCaches.get(db);
  if (!caches) countCaches.set(db, (caches = new Set()));
  caches.add(cache);
  return () => void countCaches.get(db)?.delete(cache);
}

function countCache(db: Db): CountOf {
  const counts = new LRUCache<string, number>({ max: 5000, ttl: COUNT_TTL_MS });
  const held = new Map<string, number>();
  // Bumped by every release: a count that began before a change and ends after it is not kept.
  let generation = 0;
  const drop = (which: (scope: string) => boolean) => {
    for (const key of [...counts.keys()]) if (which(key.slice(0, key.indexOf('|')))) counts.delete(key);
    generation++;
  };
  followCountChanges(db, {
    hold: (scope) => void held.set(scope, (held.get(scope) ?? 0) + 1),
    release: (scope) => {
      drop((s) => s === scope);
      const n = (held.get(scope) ?? 1) - 1;
      if (n > 0) held.set(scope, n);
      else held.delete(scope);
    },
    drop,
  });
  return async (table, cityCode, input, where) => {
    // The city as resolved (bj and 110000 are one city); everything else but paging and order is a filter.
    const filters = Object.entries(input).filter(
      ([k, v]) => v !== undefined && !['cityCode', 'page', 'pageSize', 'sort'].includes(k),
    );
    const scope = scopeOf(table, cityCode);
    const key = `${scope}|${JSON.stringify(filters)}`;
    if (!held.has(scope)) {
      const cached = counts.get(key);
      if (cached !== undefined) return cached;
    }
    const started = generation;
    const [row] = await db.select({ n: count() }).from(table).where(where);
    const total = row?.n ?? 0;
    if (!held.has(scope) && generation === started) counts.set(key, total);
    return total;
  };
}

/**
 * Runs `change`, a write to `table`'s records in the city, with the cached counts of them held: while it runs
 * they are counted afresh and not kept, and once it has committed what was kept of them is dropped. So no count
 * read before the commit outlives it, and a caller told of the change (the change feed) counts anew at once.
 */
export async function whileChangingCounts<T>(
  db: Db,
  table: ListingTable,
  cityCode: string,
  change: () => Promise<T>,
): Promise<T> {
  const scope = scopeOf(table, cityCode);
  const caches = [...(countCaches.get(db) ?? [])];
  for (const cache of caches) cache.hold(scope);
  try {
    return await change();
  } finally {
    for (const cache of caches) cache.release(scope);
  }
}

/**
 * A page of rows: the page's ids first, from the listing table alone (an index scan in the sort's order),
 * then `load` fetches those few rows with their names. Joining first makes the planner join the whole city.
 */
export async function pageByIds<T>(
  db: Db,
  table: ListingTable,
  where: SQL | undefined,
  orderBy: SQL[],
  limit: number,
  offset: number,
  load: (ids: number[]) => Promise<Map<number, T>>,
): Promise<T[]> {
  const page = await db
    .select({ id: table.id })
    .from(table)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
  if (page.length === 0) return [];
  const ids = page.map((p) => Number(p.id));
  const byId = await load(ids);
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row === undefined ? [] : [row];
  });
}

/**
 * A list of a place that does not exist is no list: `/zufang/dc999999/` is the 404 page, not an empty list. An empty
 * list is a page the web keeps for a day in its shared cache, and ids are anyone's to make up (docs/security.md
 * "Made-up addresses and the page cache"). Each id must name a place of its kind in the list's city; `e{id}` names
 * the record's community where the records sit in one (homes, rentals), else a record of the table itself (a
 * community on 小区, a project on 新房, a unit on the commercial channels). Point lookups by primary key.
 * A place that exists but holds nothing, or two places that do not overlap, is an empty list as before.
 */
export async function requirePlacesExist(db: Db, table: ListingTable, cityCode: string, input: PlaceFilters): Promise<void> {
  const estates = table.communityId ? communities : table;
  const checks: Array<[number | undefined, PgTable & { id: AnyPgColumn; cityCode: AnyPgColumn }, string]> = [
    [input.districtId, districts, '区域'],
    [input.businessAreaId, businessAreas, '商圈'],
    [input.lineId, subwayLines, '地铁线路'],
    [input.stationId, subwayStations, '地铁站'],
    [input.estateId, estates, table.communityId ? '小区' : '楼盘'],
  ];
  const missing = await Promise.all(
    checks.map(async ([id, places, what]) => {
      if (id === undefined) return null;
      const [row] = await db
        .select({ id: places.id })
        .from(places)
        .where(and(eq(places.id, id), eq(places.cityCode, cityCode)))
        .limit(1);
      return row ? null : `${what} ${id} `;
    }),
  );
  const first = missing.find((m) => m !== null);
  if (first) throw notFound(first);
}

/** What a list request says about paging (contracts/listing-common.ts listQueryBase). */
interface Paging {
  page: number;
  pageSize: number;
}

/**
 * The list answer of a channel (`{total, page, pageSize, list}`): the page in the sort's order, loaded by
 * `load`, and the count of the whole result, cached a minute per filter set; a 404 when a place id of the
 * request names nothing (requirePlacesExist). One pager per channel module.
 */
export function listPager(db: Db) {
  const countOf = countCache(db);
  return async <T>(
    table: ListingTable,
    cityCode: string,
    input: Paging & PlaceFilters,
    where: SQL | undefined,
    orderBy: SQL[],
    load: (ids: number[]) => Promise<Map<number, T>>,
  ) => {
    const [list, total] = await Promise.all([
      pageByIds(db, table, where, orderBy, input.pageSize, (input.page - 1) * input.pageSize, load),
      countOf(table, cityCode, input, where),
      requirePlacesExist(db, table, cityCode, input),
    ]);
    return { total, page: input.page, pageSize: input.pageSize, list };
  };
}

const nearLine = alias(subwayLines, 'near_line');
const nearStation = alias(subwayStations, 'near_station');

/**
 * Rows of a listing table with the names of where a record is: district, business area, and the nearest station
 * and its line (null when none is within walking distance). Every channel's list item shows these.
 */
export function selectWithPlaces<F extends SelectedFields>(db: Db, table: ListingTable, fields: F) {
  return db
    .select({
      ...fields,
      districtName: districts.name,
      businessAreaName: businessAreas.name,
      lineName: nearLine.name,
      stationName: nearStation.name,
    })
    .from(table)
    .innerJoin(districts, eq(districts.id, table.districtId))
    .innerJoin(businessAreas, eq(businessAreas.id, table.businessAreaId))
    .leftJoin(nearStation, eq(nearStation.id, table.stationId))
    .leftJoin(nearLine, eq(nearLine.id, table.lineId));
}

/** Rows of a table of homes with the names a list item shows: the places of selectWithPlaces and the community. */
export function selectWithPlaceNames<F extends SelectedFields>(db: Db, table: HomeTable, fields: F) {
  return selectWithPlaces(db, table, { ...fields, communityName: communities.name }).innerJoin(
    communities,
    eq(communities.id, table.communityId),
  );
}

/** The nearest station as a list item shows it, or null when none is within walking distance. */
export function nearestStationOf(names: { lineName: string | null; stationName: string | null }, distance: number | null) {
  return names.lineName && names.stationName && distance !== null
    ? { lineName: names.lineName, stationName: names.stationName, distance }
    : null;
}

/** The columns of a home every list item shows, whatever its channel. */
export type HomeRow = Pick<
  typeof esfListings.$inferSelect,
  | 'id'
  | 'title'
  | 'cityCode'
  | 'communityId'
  | 'area'
  | 'rooms'
  | 'halls'
  | 'baths'
  | 'orientation'
  | 'floorLevel'
  | 'totalFloors'
  | 'decoration'
  | 'elevator'
  | 'tags'
  | 'listedAt'
  | 'coverUrl'
  | 'stationDistance'
>;
export type PlaceNames = {
  communityName: string;
  districtName: string;
  businessAreaName: string;
  lineName: string | null;
  stationName: string | null;
};

/**
 * The columns of a home that `listItemBase` reads. A list item is read with these and not the whole row: a page of
 * whole rows carried each home's photos (JSON) and description too, which the database sent, the driver decoded and
 * drizzle parsed for nothing (most of a drawn area's or 通勤找房 page's cost on PGlite; docs/performance.md "Map").
 */
export function homeItemColumns(t: typeof esfListings | typeof rentals) {
  return {
    id: t.id,
    title: t.title,
    cityCode: t.cityCode,
    communityId: t.communityId,
    area: t.area,
    rooms: t.rooms,
    halls: t.halls,
    baths: t.baths,
    orientation: t.orientation,
    floorLevel: t.floorLevel,
    totalFloors: t.totalFloors,
    decoration: t.decoration,
    elevator: t.elevator,
    tags: t.tags,
    listedAt: t.listedAt,
    coverUrl: t.coverUrl,
    stationDistance: t.stationDistance,
    // Where it is, by id: its names come from memory (place-names.ts).
    districtId: t.districtId,
    businessAreaId: t.businessAreaId,
    stationId: t.stationId,
    lineId: t.lineId,
  };
}

/**
 * List items of homes (二手房, 租房) by id: `rows` read from the channel's own table (homeItemColumns and its own),
 * the names of where each is from memory (place-names.ts; a row whose place is gone is left out, as an inner join
 * left it), and the 「降价」 tag for a home cut in price lately (the 降价 filter's rule).
 */
export async function homeItemsByIds<R extends PlacedRow & { id: number }, T extends { tags: string[] }>(
  db: Db,
  channel: 'esf' | 'rent',
  ids: number[],
  rows: Promise<R[]>,
  toItem: (row: R, names: RowPlaceNames) => T,
): Promise<Map<number, T>> {
  const [found, cut] = await Promise.all([rows, recentlyCut(db, channel, RECENT_CUT_DAYS, ids)]);
  const namesOf = await placeNamesOf(db, found);
  return new Map(
    found.flatMap((r) => {
      const names = namesOf(r);
      if (!names) return [];
      const item = toItem(r, names);
      return [[r.id, cut.has(r.id) ? { ...item, tags: [PRICE_CUT_TAG, ...item.tags] } : item] as const];
    }),
  );
}

/** The part of a list item every channel has (contracts: esfListItemSchema, rentListItemSchema). */
export function listItemBase(home: HomeRow, names: PlaceNames) {
  return {
    id: home.id,
    title: home.title,
    cityCode: home.cityCode,
    communityId: home.communityId,
    communityName: names.communityName,
    districtName: names.districtName,
    businessAreaName: names.businessAreaName,
    area: home.area,
    rooms: home.rooms,
    halls: home.halls,
    baths: home.baths,
    orientation: home.orientation,
    floorLevel: home.floorLevel,
    totalFloors: home.totalFloors,
    decoration: home.decoration,
    elevator: home.elevator,
    tags: home.tags,
    listedAt: home.listedAt.toISOString(),
    coverUrl: home.coverUrl,
    nearestStation: nearestStationOf(names, home.stationDistance),
  };
}

/** The filter bar's places of a city: districts with their business areas, subway lines with their stations. */
export async function placesOfCity(db: Db, cityCode: string) {
  const [districtRows, areaRows, lineRows, stationRows] = await Promise.all([
    db.select().from(districts).where(eq(districts.cityCode, cityCode)).orderBy(asc(districts.sort)),
    db.select().from(businessAreas).where(eq(businessAreas.cityCode, cityCode)).orderBy(asc(businessAreas.id)),
    db.select().from(subwayLines).where(eq(subwayLines.cityCode, cityCode)).orderBy(asc(subwayLines.sort)),
    db.select().from(subwayStations).where(eq(subwayStations.cityCode, cityCode)).orderBy(asc(subwayStations.seq)),
  ]);
  return {
    districts: districtRows.map((d) => ({
      id: d.id,
      name: d.name,
      children: areaRows.filter((a) => a.districtId === d.id).map((a) => ({ id: a.id, name: a.name })),
    })),
    subwayLines: lineRows.map((l) => ({
      id: l.id,
      name: l.name,
      children: stationRows.filter((s) => s.lineId === l.id).map((s) => ({ id: s.id, name: s.name })),
    })),
  };
}

/** spec §3 chat-thread target info of the agents a condition picks, with branch and brand (listing cards, chat threads). */
export function agentCardsWhere(db: Db, where: SQL): Promise<AgentCard[]> {
  return db
    .select({
      userId: agents.userId,
      agentId: agents.id,
      agentName: agents.name,
      agentPhoto: agents.photoUrl,
      brandId: brands.id,
      brandName: brands.name,
      branchId: agents.branchId,
      branchName: branches.name,
      status: agents.status,
    })
    .from(agents)
    .innerJoin(branches, eq(branches.id, agents.branchId))
    .innerJoin(brands, eq(brands.id, branches.brandId))
    .where(where);
}

/** The agent of a listing as its card shows them. */
export async function agentCardOf(db: Db, agentId: number): Promise<AgentCard | undefined> {
  const [card] = await agentCardsWhere(db, eq(agents.id, agentId));
  return card;
}

/**
 * A community as a detail page shows it, whatever the channel: its facts, its reference price (the one its 小区
 * page shows) and how many homes are for sale in it.
 */
async function communitySummaryOf(
  db: Db,
  communityId: number,
  names: { districtName: string; businessAreaName: string },
): Promise<CommunitySummary | undefined> {
  const [[community], [stats]] = await Promise.all([
    db.select().from(communities).where(eq(communities.id, communityId)),
    db.select({ n: count() }).from(esfListings).where(eq(esfListings.communityId, communityId)),
  ]);
  if (!community) return undefined;
  return {
    id: community.id,
    name: community.name,
    ...names,
    address: community.address,
    lat: community.lat,
    lng: community.lng,
    buildYear: community.buildYear,
    buildingType: community.buildingType,
    propertyFee: community.propertyFee,
    developer: community.developer,
    avgPrice: community.avgPrice,
    onSaleCount: stats?.n ?? 0,
  };
}

/** What every detail shows beside the home itself: its community and its agent. */
export async function communityAndAgentOf(
  db: Db,
  home: { id: number; communityId: number; agentId: number },
  names: { districtName: string; businessAreaName: string },
): Promise<{ community: CommunitySummary; agent: AgentCard }> {
  const [community, agent] = await Promise.all([communitySummaryOf(db, home.communityId, names), agentCardOf(db, home.agentId)]);
  // The seed writes both with the home; a miss is a broken database, not a visitor's mistake (a 500).
  if (!community || !agent) throw new Error(`home ${home.id} refers to a missing community or agent`);
  return { community, agent };
}
