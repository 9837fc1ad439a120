import { and, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { ChannelCode } from '@contracts/constants';
import type { Db } from '../../db/client';
import { communities, newProjects, savedSearches } from '../../db/schema';
import type { LngLat } from '../../domain/geo';
import { findCity } from '../cities/cities';
import { insideDrawnArea } from '../map/drawn-area';
import { ALERT_CHANNELS } from './channels';

/**
 * Which saved searches a record is in: the candidates are read through the index on (channel, city, district) —
 * the searches of the record's city and channel in its district or in none — and the record is then tested
 * against each candidate's own list WHERE in one statement (`select (where1), (where2), … from table where id =
 * X`), the very conditions its list page's call builds. Nothing about filters is written twice. A drawn area (画圈找房)
 * is one more condition, tested as POST /v1/ditu/area tests it: the record's place (its community's point; a
 * project's own) inside the polygon (map/drawn-area.ts).
 */

/** The query field holding a drawn area's corners [lng, lat] (no list has a field of this name). */
export const DRAWN_AREA = 'drawnArea';

/** Parts tested per statement: each is a boolean column of the select. */
const PER_STATEMENT = 200;

export interface Candidate {
  id: number;
  query: Record<string, unknown>;
}

/** A saved search's list WHERE, or null when its query no longer passes its channel's schema (it matches nothing). */
export function whereOf(channel: ChannelCode, query: Record<string, unknown>, cityCode: string, priceTier: number): SQL | null {
  const def = ALERT_CHANNELS[channel];
  const parsed = def.schema.safeParse({ ...query, cityCode });
  if (!parsed.success) return null;
  return def.where(parsed.data, cityCode, priceTier) ?? sql`true`;
}

/** The record's city and district (its key in the index), or undefined when there is no such record. */
export async function locateRecord(
  db: Db,
  channel: ChannelCode,
  id: number,
): Promise<{ cityCode: string; districtId: number; listedAt: Date | null } | undefined> {
  const def = ALERT_CHANNELS[channel];
  const t = def.table;
  const [row] = await db
    .select({ cityCode: t.cityCode, districtId: t.districtId, ...(def.listedAt ? { listedAt: def.listedAt } : {}) })
    .from(t)
    .where(eq(t.id, id));
  if (!row) return undefined;
  return {
    cityCode: String(row.cityCode),
    districtId: Number(row.districtId),
    listedAt: 'listedAt' in row && row.listedAt ? new Date(row.listedAt as Date) : null,
  };
}

/**
 * Saved searches' queries by id, kept in this process: a query never changes after it is saved (there is no edit;
 * pause and delete are read from the table each time), and ids are never reused, so a kept query is never stale.
 * The matcher then reads only ids from the index (an index-only range), and a search's jsonb once.
 */
const queries = new WeakMap<Db, LRUCache<number, Record<string, unknown>>>();
const QUERIES_KEPT = 200_000;

function queryCache(db: Db): LRUCache<number, Record<string, unknown>> {
  let cache = queries.get(db);
  if (!cache) queries.set(db, (cache = new LRUCache({ max: QUERIES_KEPT })));
  return cache;
}

/**
 * The active saved searches a record of this city and district may be in (the index's range, no filter test yet),
 * saved at or before `savedBy` when given. The ids come as one array (one row, not hundreds to decode).
 */
export async function candidatesOf(
  db: Db,
  channel: ChannelCode,
  cityCode: string,
  districtId: number,
  savedBy?: Date,
): Promise<Candidate[]> {
  const [row] = await db
    .select({ ids: sql<number[] | string>`coalesce(array_agg(${savedSearches.id}), '{}')` })
    .from(savedSearches)
    .where(
      and(
        eq(savedSearches.channel, channel),
        eq(savedSearches.cityCode, cityCode),
        or(isNull(savedSearches.districtId), eq(savedSearches.districtId, districtId)),
        eq(savedSearches.paused, false),
        savedBy ? lte(savedSearches.createdAt, savedBy) : undefined,
      ),
    );
  const ids = idsOf(row?.ids);
  const cache = queryCache(db);
  const missing = ids.filter((id) => !cache.has(id));
  for (let i = 0; i < missing.length; i += 5000) {
    const found = await db
      .select({ id: savedSearches.id, query: savedSearches.query })
      .from(savedSearches)
      .where(inArray(savedSearches.id, missing.slice(i, i + 5000)));
    for (const f of found) cache.set(f.id, f.query);
  }
  return ids.flatMap((id) => {
    const query = cache.get(id);
    return query ? [{ id, query }] : [];
  });
}

/** An integer array as either driver gives it: an array, or PostgreSQL's text form `{1,2,3}`. */
function idsOf(value: number[] | string | undefined): number[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.map(Number);
  const inner = value.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',').map(Number);
}

/** A query's parts as keys (`["districtId",5]`), worked out once per query object (the cache's are kept). */
const partKeys = new WeakMap<Record<string, unknown>, string[]>();
function keysOf(query: Record<string, unknown>): string[] {
  let keys = partKeys.get(query);
  if (!keys) {
    keys = ['[]', ...Object.entries(query).map(([field, value]) => JSON.stringify([field, value]))];
    partKeys.set(query, keys);
  }
  return keys;
}
const partOf = (key: string): Record<string, unknown> => {
  const pair = JSON.parse(key) as [string, unknown] | [];
  return pair.length === 2 ? { [pair[0]]: pair[1] } : {};
};

/**
 * A part's WHERE as the channel's list code builds it, kept per channel, city and tier: built once, not per record.
 * A band's bounds follow the calendar year (房龄), so what is kept is dropped after an hour.
 */
const partWheres = new LRUCache<string, { where: SQL | null }>({ max: 20_000, ttl: 3_600_000 });
function partWhere(
  channel: ChannelCode,
  key: string,
  query: Record<string, unknown>,
  cityCode: string,
  priceTier: number,
): SQL | null {
  const cacheKey = `${channel}|${cityCode}|${priceTier}|${key}`;
  let kept = partWheres.get(cacheKey);
  if (!kept) {
    kept = { where: whereOf(channel, query, cityCode, priceTier) };
    partWheres.set(cacheKey, kept);
  }
  return kept.where;
}

/**
 * Of these searches (queries of the channel in `cityCode`), the ids whose list shows record `id`. A list's WHERE is
 * the AND of one part per field of its request (places, keyword, each filter: contracts/listing-common.ts, the
 * channels' list modules), so the record is tested against each distinct field-and-value once — the list's own WHERE
 * of a request of that field alone — and a search matches when all of its fields do. Thousands of searches of a
 * city share a few dozen such parts; the property test (backend/test/alerts.test.ts) holds the result to the list's.
 */
export async function testRecord(
  db: Db,
  channel: ChannelCode,
  id: number,
  cityCode: string,
  candidates: Candidate[],
): Promise<number[]> {
  if (candidates.length === 0) return [];
  const city = await findCity(db, cityCode);
  if (!city) return [];
  const t = ALERT_CHANNELS[channel].table;
  // Each candidate as its parts' keys; `[]` is the city alone (a search without conditions: every record of it).
  const parts = new Map<string, Record<string, unknown>>([['[]', {}]]);
  const partsOf = candidates.map((c) => {
    const keys = keysOf(c.query);
    for (const key of keys) if (!parts.has(key)) parts.set(key, partOf(key));
    return keys;
  });
  const truth = new Map<string, boolean>();
  // Drawn areas: the record's place, read once, tested in code as the area search tests it.
  const areas = [...parts.entries()].filter(([, q]) => DRAWN_AREA in q);
  if (areas.length > 0) {
    const place = await placeOf(db, channel, id, cityCode);
    for (const [key, q] of areas) truth.set(key, inArea(q[DRAWN_AREA], place));
  }
  const all = [...parts.entries()].filter(([, q]) => !(DRAWN_AREA in q));
  for (let i = 0; i < all.length; i += PER_STATEMENT) {
    const columns: Record<string, SQL<boolean>> = {};
    const names: string[] = [];
    for (const [key, query] of all.slice(i, i + PER_STATEMENT)) {
      const where = partWhere(channel, key, query, cityCode, city.priceTier);
      // A part its channel's schema refuses (a search saved under other rules) matches nothing.
      if (!where) {
        truth.set(key, false);
        continue;
      }
      columns[`p${names.length}`] = sql<boolean>`coalesce((${where}), false)`;
      names.push(key);
    }
    if (names.length === 0) continue;
    const [row] = await db.select(columns).from(t).where(eq(t.id, id));
    if (!row) return [];
    names.forEach((key, k) => {
      const v = (row as Record<string, unknown>)[`p${k}`];
      truth.set(key, v === true || v === 't');
    });
  }
  return candidates.filter((_, k) => partsOf[k]!.every((key) => truth.get(key) === true)).map((c) => c.id);
}

/**
 * Where the drawn-area search places a record (map/map.ts mapArea): a home at its community's point (a community of
 * the city), a 新房 project at its own; null for a record without one, or of a channel the map has not.
 */
async function placeOf(
  db: Db,
  channel: ChannelCode,
  id: number,
  cityCode: string,
): Promise<{ lat: number; lng: number } | null> {
  if (channel === 'new') {
    const [p] = await db.select({ lat: newProjects.lat, lng: newProjects.lng }).from(newProjects).where(eq(newProjects.id, id));
    return p ?? null;
  }
  if (channel !== 'esf' && channel !== 'rent') return null;
  const t = ALERT_CHANNELS[channel].table;
  const [c] = await db
    .select({ lat: communities.lat, lng: communities.lng })
    .from(t)
    .innerJoin(communities, and(eq(communities.id, t.communityId!), eq(communities.cityCode, cityCode)))
    .where(eq(t.id, id));
  return c ?? null;
}

/** Whether a place is inside a stored drawn area (a value that is no polygon matches nothing). */
function inArea(value: unknown, place: { lat: number; lng: number } | null): boolean {
  if (!place || !Array.isArray(value) || value.length < 3) return false;
  if (!value.every((p) => Array.isArray(p) && p.length === 2 && p.every((n) => typeof n === 'number'))) return false;
  return insideDrawnArea(value as LngLat[]).inside(place);
}

/** Every active saved search whose list shows record `id` of `channel` now. */
export async function searchesShowing(db: Db, channel: ChannelCode, id: number): Promise<number[]> {
  const at = await locateRecord(db, channel, id);
  if (!at) return [];
  return testRecord(db, channel, id, at.cityCode, await candidatesOf(db, channel, at.cityCode, at.districtId));
}
