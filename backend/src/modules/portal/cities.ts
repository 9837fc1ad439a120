import { asc, eq, isNotNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../../contracts/paths';
import { cityListSchema, type City } from '../../../../contracts/city';
import { channelIsOn } from '../../../../contracts/channels';
import type { ChannelCode } from '../../../../contracts/constants';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { cities } from '../../db/schema';
import { notFound } from '../../http/errors';
import { portalRoute } from '../../http/portal-route';

export type CityRow = typeof cities.$inferSelect;
const flag = (v: number) => (v === 1 ? 1 : 0) as 0 | 1;

export function toCity(row: CityRow): City {
  return {
    cityCode: row.cityCode,
    cityName: row.name,
    cityDomain: row.cityDomain,
    minorCityCode: row.minorCityCode,
    initial: row.initial,
    pinyin: row.pinyin,
    isShop: flag(row.isShop),
    isOffice: flag(row.isOffice),
    isEsf: flag(row.isEsf),
    isNewhouse: flag(row.isNewhouse),
    isRent: flag(row.isRent),
  };
}

/** Who keeps cities in memory (the suggestion index), per database: told of every row `findCity` reads. */
const cityReaders = new WeakMap<Db, Set<(row: CityRow) => void>>();

/**
 * Be told of each city row read from `db`: every page of a city reads its row (menus, conditions, lists), so
 * a table kept in memory picks up a changed flag with the city's next page view, not only at its reload.
 */
export function onCityRead(db: Db, listener: (row: CityRow) => void): void {
  let listeners = cityReaders.get(db);
  if (!listeners) cityReaders.set(db, (listeners = new Set()));
  listeners.add(listener);
}

/** A city by its code (110000) or, as the web knows it from the host, by its domain (bj). */
export async function findCity(db: Db, codeOrDomain: string): Promise<CityRow | undefined> {
  const [row] = await db
    .select()
    .from(cities)
    .where(or(eq(cities.cityCode, codeOrDomain), eq(cities.cityDomain, codeOrDomain)))
    .limit(1);
  if (row) for (const listener of cityReaders.get(db) ?? []) listener(row);
  return row;
}

/** spec §8: an unknown city is an unknown id (code 4000000). */
function knownCity(row: CityRow | undefined, codeOrDomain: string): CityRow {
  if (!row) throw notFound(`城市 ${codeOrDomain} `);
  return row;
}

export async function requireCity(db: Db, codeOrDomain: string): Promise<CityRow> {
  return knownCity(await findCity(db, codeOrDomain), codeOrDomain);
}

/** Every city by its code and by its domain, for lookups made on every keystroke (suggestion-index.ts). */
export type CityTable = Map<string, CityRow>;

export async function loadCityTable(db: Db): Promise<CityTable> {
  const rows = await db.select().from(cities);
  const table: CityTable = new Map();
  for (const row of rows) putCity(table, row);
  return table;
}

/** Adds or replaces a city under its code and its domain (a code wins over another city's equal domain). */
export function putCity(table: CityTable, row: CityRow): void {
  table.set(row.cityCode, row);
  const byDomain = table.get(row.cityDomain);
  if (!byDomain || byDomain.cityCode === row.cityCode) table.set(row.cityDomain, row);
}

/** `requireCity` from a table in memory: the same row, the same 404 for an unknown city. */
export function requireCityIn(table: CityTable, codeOrDomain: string): CityRow {
  return knownCity(table.get(codeOrDomain), codeOrDomain);
}

/**
 * A city that has the channel. spec §3 City flags: where a channel's flag is 0 (no rentals in 厦门) the
 * channel does not exist, so its list and conditions are a 404 like an unknown city.
 */
export async function requireChannelCity(db: Db, codeOrDomain: string, channel: ChannelCode): Promise<CityRow> {
  const row = await requireCity(db, codeOrDomain);
  if (!channelIsOn(row, channel)) throw notFound(`${row.name}的 ${channel} 频道 `);
  return row;
}

export function registerCities(app: FastifyInstance, db: Db): void {
  portalRoute(app, {
    path: ApiPath.cities,
    summary: 'Hot cities and all cities grouped by pinyin initial (spec §3 City list)',
    tags: ['portal'],
    input: z.object({}),
    output: cityListSchema,
    handler: async () => {
      const rows = await db.select().from(cities).orderBy(asc(cities.pinyin));
      const hot = (await db.select().from(cities).where(isNotNull(cities.hotRank)).orderBy(asc(cities.hotRank))).map(toCity);
      const groups = new Map<string, City[]>();
      for (const row of rows) groups.set(row.initial, [...(groups.get(row.initial) ?? []), toCity(row)]);
      const all = [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([initial, list]) => ({ initial, list }));
      return { hot, all };
    },
  });
}
