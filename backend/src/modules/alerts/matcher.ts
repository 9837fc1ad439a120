import { and, eq, inArray, Param, SQL, sql, StringChunk } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { LRUCache } from 'lru-cache';
import type { ChannelCode } from '@contracts/constants';
import type { Db } from '../../db/client';
import { communities, newProjects, savedSearches } from '../../db/schema';
import type { LngLat } from '../../domain/geo';
import { findCity } from '../cities/cities';
import { insideDrawnArea } from '../map/drawn-area';
import { channelModule } from '../listings/channels/registry';
import { rowsOf } from '../../db/raw-rows';

/**
 * Which saved searches a record is in: the candidates are read through the index on (channel, city, district) —
 * the searches of the record's city and channel in its district or in none — and the record is tested against
 * each candidate's own list WHERE, the very conditions its list page's call builds, in the same statement
 * (`select (where1), (where2), …, (the candidates' ids) from table where id = X`). Nothing about filters is
 * written twice. A drawn area (画圈找房) is one more condition, tested as POST /v1/ditu/area tests it: the record's
 * place (its community's point; a project's own) inside the polygon (map/drawn-area.ts).
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
  const def = channelModule(channel);
  const parsed = def.listQuery.safeParse({ ...query, cityCode });
  if (!parsed.success) return null;
  return def.where(parsed.data, cityCode, priceTier) ?? sql`true`;
}

/** The record's city and district (its key in the index), or undefined when there is no such record. */
export async function locateRecord(
  db: Db,
  channel: ChannelCode,
  id: number,
): Promise<{ cityCode: string; districtId: number; listedAt: Date | null } | undefined> {
  const def = channelModule(channel);
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

/** These searches' queries: from the process's copy, the others read (and kept) in statements of 5,000 ids. */
async function queriesOf(db: Db, ids: number[]): Promise<Candidate[]> {
  const cache = queryCache(db);
  const missing = ids.filter((id) => cache.get(id) === undefined);
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
 * A statement compiled once and run again with other first parameters: the parts' WHERE built by the list code
 * are many nested SQL objects, and turning them into text costs more per record than running it on PGlite. The
 * compiled text is cut at its placeholders into a flat SQL of strings and parameters (cheap to compile again);
 * a text whose placeholders are not exactly $1…$n (a `$` of its own) is not kept and is built each time.
 */
interface Compiled {
  pieces: string[];
  params: unknown[];
}
const compiled = new LRUCache<string, Compiled | false>({ max: 5_000, ttl: 3_600_000 });
const dialect = new PgDialect();

function compile(statement: SQL): Compiled | false {
  const query = dialect.sqlToQuery(statement);
  const pieces = query.sql.split(/\$(\d+)/);
  for (let k = 1; k < pieces.length; k += 2) if (Number(pieces[k]) !== (k + 1) / 2) return false;
  if ((pieces.length - 1) / 2 !== query.params.length) return false;
  return { pieces: pieces.filter((_, k) => k % 2 === 0), params: query.params };
}

/** `statement` (whose first parameters are `first`), from the compiled copy kept under `key` when there is one. */
function reuse(key: string, first: unknown[], build: () => SQL): SQL {
  let kept = compiled.get(key);
  if (kept === undefined) compiled.set(key, (kept = compile(build())));
  if (kept === false) return build();
  const chunks: (StringChunk | Param)[] = [new StringChunk(kept.pieces[0]!)];
  kept.params.forEach((value, k) => {
    chunks.push(new Param(k < first.length ? first[k] : value), new StringChunk(kept.pieces[k + 1]!));
  });
  return new SQL(chunks);
}

/** Where the candidates are read in the same statement: the index's range of a city and district. */
interface Range {
  districtId: number;
  /** Only searches saved at or before this (the worker: a search saved later had the record already). */
  savedBy?: Date | undefined;
}

/**
 * The truth of each part for record `id` (a part its channel's schema refuses is false), in statements of
 * PER_STATEMENT parts; with `range`, the first also reads the ids of the active searches of that range (the
 * candidates) — the database, never a copy here, says which searches there are. Undefined
 * when the record is gone.
 */
async function evaluate(
  db: Db,
  channel: ChannelCode,
  id: number,
  city: { cityCode: string; priceTier: number },
  keys: string[],
  range?: Range,
): Promise<{ truth: Map<string, boolean>; ids: number[] } | undefined> {
  const t = channelModule(channel).table;
  const truth = new Map<string, boolean>();
  const live: [string, SQL][] = [];
  const areas: string[] = [];
  for (const key of keys) {
    const part = partOf(key);
    if (DRAWN_AREA in part) {
      areas.push(key);
      continue;
    }
    const where = partWhere(channel, key, part, city.cityCode, city.priceTier);
    // A part its channel's schema refuses (a search saved under other rules) matches nothing.
    if (where) live.push([key, where]);
    else truth.set(key, false);
  }
  let ids: number[] = [];
  for (let i = 0; i === 0 || i < live.length; i += PER_STATEMENT) {
    const chunk = live.slice(i, i + PER_STATEMENT);
    const withRange = i === 0 ? range : undefined;
    if (chunk.length === 0 && !withRange) break;
    const savedBy = withRange?.savedBy?.toISOString() ?? null;
    // The record's id and the range's time are the first parameters: the rest is the same for every record of
    // this city, district and set of parts, compiled once.
    const key = [channel, city.cityCode, city.priceTier, withRange ? withRange.districtId : '-', ...chunk.map(([k]) => k)].join(
      '|',
    );
    const statement = reuse(key, [id, savedBy], () => {
      const columns = chunk.map(([, where], k) => sql`coalesce((${where}), false) as ${sql.raw(`p${k}`)}`);
      if (withRange)
        columns.push(sql`(
          select coalesce(array_agg(s.id), '{}') from ${savedSearches} s
          where s.channel = ${channel} and s.city_code = ${city.cityCode}
            and (s.district_id is null or s.district_id = ${withRange.districtId}) and not s.paused
            and (r.saved_by is null or s.created_at <= r.saved_by)) as ids`);
      return sql`with r as (select ${id}::integer as id, ${savedBy}::timestamptz as saved_by)
        select ${sql.join(columns, sql`, `)} from ${t}, r where ${t.id} = r.id`;
    });
    const [row] = rowsOf(await db.execute(statement));
    if (!row) return undefined;
    chunk.forEach(([key], k) => {
      const value = row[`p${k}`];
      truth.set(key, value === true || value === 't');
    });
    if (withRange) ids = idsOf(row.ids as number[] | string);
  }
  // Drawn areas: the record's place, read once, tested in code as the area search tests it.
  if (areas.length > 0) {
    const place = await placeOf(db, channel, id, city.cityCode);
    for (const key of areas) truth.set(key, inArea(partOf(key)[DRAWN_AREA], place));
  }
  return { truth, ids };
}

/**
 * Where the drawn-area search places a record (map/map.ts mapArea): a home at its community's point (a community of
 * the city), a 新房 project at its own; null for a record without one, or of a channel the map has not.
 */
async function placeOf(db: Db, channel: ChannelCode, id: number, cityCode: string): Promise<{ lat: number; lng: number } | null> {
  if (channel === 'new') {
    const [p] = await db.select({ lat: newProjects.lat, lng: newProjects.lng }).from(newProjects).where(eq(newProjects.id, id));
    return p ?? null;
  }
  if (channel !== 'esf' && channel !== 'rent') return null;
  const t = channelModule(channel).table;
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

/** Each candidate as its parts' keys; `[]` is the city alone (a search without conditions: every record of it). */
const matching = (candidates: Candidate[], truth: Map<string, boolean>) =>
  candidates.filter((c) => keysOf(c.query).every((key) => truth.get(key) === true)).map((c) => c.id);

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
  const keys = [...new Set(candidates.flatMap((c) => keysOf(c.query)))];
  const tested = await evaluate(db, channel, id, city, keys);
  return tested ? matching(candidates, tested.truth) : [];
}

/**
 * A range's candidates (channel, city, district) as last read, grouped by their parts: thousands of searches share
 * a few hundred sets of conditions, so a record is tested per set. Its parts are tested in the same statement that
 * reads the candidates again; when the ids read are these, nothing more is needed, otherwise the plan is made
 * anew and parts of searches new since are tested in a second statement. What is kept chooses what to test and
 * saves regrouping, never who matches: the ids read in the statement are the truth.
 */
interface RangePlan {
  ids: number[];
  keys: string[];
  groups: { keys: string[]; ids: number[] }[];
}
const plans = new WeakMap<Db, LRUCache<string, RangePlan>>();
function plansOf(db: Db): LRUCache<string, RangePlan> {
  let kept = plans.get(db);
  if (!kept) plans.set(db, (kept = new LRUCache({ max: 20_000 })));
  return kept;
}

async function planOf(db: Db, ids: number[]): Promise<RangePlan> {
  const groups = new Map<string, { keys: string[]; ids: number[] }>();
  for (const c of await queriesOf(db, ids)) {
    const keys = keysOf(c.query);
    const signature = keys.join('\n');
    let group = groups.get(signature);
    if (!group) groups.set(signature, (group = { keys, ids: [] }));
    group.ids.push(c.id);
  }
  return { ids, keys: [...new Set([...groups.values()].flatMap((g) => g.keys))], groups: [...groups.values()] };
}

const sameIds = (a: number[], b: number[]) => a.length === b.length && a.every((id, k) => id === b[k]);

/**
 * The active saved searches of the channel whose list shows record `id` (of `cityCode` and `districtId`), saved at
 * or before `savedBy` when given: the candidates read and tested in one statement where it can be.
 */
export async function searchesAt(
  db: Db,
  channel: ChannelCode,
  id: number,
  at: { cityCode: string; districtId: number },
  savedBy?: Date,
): Promise<number[]> {
  const city = await findCity(db, at.cityCode);
  if (!city) return [];
  const kept = plansOf(db);
  const rangeKey = `${channel}|${at.cityCode}|${at.districtId}`;
  // A range not seen yet: most of its candidates are the city's searches without a district, whose parts another
  // range of the city had; and its district is a part of its own searches.
  const known = kept.get(rangeKey);
  const guessed = known?.keys ?? [
    ...new Set([...(kept.get(`${channel}|${at.cityCode}|`)?.keys ?? []), JSON.stringify(['districtId', at.districtId])]),
  ];
  const first = await evaluate(db, channel, id, city, guessed, { districtId: at.districtId, savedBy });
  if (!first) return [];
  const plan = known && sameIds(known.ids, first.ids) ? known : await planOf(db, first.ids);
  kept.set(rangeKey, plan);
  kept.set(`${channel}|${at.cityCode}|`, plan);
  const untested = plan.keys.filter((key) => !first.truth.has(key));
  if (untested.length > 0) {
    const more = await evaluate(db, channel, id, city, untested);
    if (!more) return [];
    for (const [key, value] of more.truth) first.truth.set(key, value);
  }
  return plan.groups.filter((g) => g.keys.every((key) => first.truth.get(key) === true)).flatMap((g) => g.ids);
}

/** Every active saved search whose list shows record `id` of `channel` now. */
export async function searchesShowing(db: Db, channel: ChannelCode, id: number): Promise<number[]> {
  const at = await locateRecord(db, channel, id);
  if (!at) return [];
  return searchesAt(db, channel, id, at);
}
