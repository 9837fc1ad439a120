import type { FastifyInstance } from 'fastify';
import { ApiPath } from '@contracts/paths';
import { cityListSchema, type City } from '@contracts/city';
import { channelIsOn } from '@contracts/channels';
import type { ChannelCode } from '@contracts/constants';
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

/** Every city as one load read it: looked up by code, by domain, by name, in pinyin order and the hot ones. */
export interface CitySnapshot {
  /** By code (110000): what every request's cityCode carries. */
  byCode: ReadonlyMap<string, CityRow>;
  /** By domain (bj): only for DEFAULT_CITY, which names a host as the web does. */
  byDomain: ReadonlyMap<string, CityRow>;
  /** By name (北京), as ip2region names a located city. */
  byName: ReadonlyMap<string, CityRow>;
  /** In pinyin order (the city list). */
  all: readonly CityRow[];
  /** The hot cities in their rank order (city picker, footer, suggestion warm-up). */
  hot: readonly CityRow[];
}

function snapshotOf(rows: CityRow[]): CitySnapshot {
  const byCode = new Map(rows.map((row) => [row.cityCode, row]));
  const byDomain = new Map(rows.map((row) => [row.cityDomain, row]));
  const byName = new Map<string, CityRow>();
  for (const row of rows) if (!byName.has(row.name)) byName.set(row.name, row);
  // Code-unit order is the databases' (collation C); the code keeps equal pinyin in one order on every load.
  const all = [...rows].sort((a, b) => (a.pinyin < b.pinyin ? -1 : a.pinyin > b.pinyin ? 1 : a.cityCode < b.cityCode ? -1 : 1));
  const hot = rows.filter((r) => r.hotRank !== null).sort((a, b) => a.hotRank! - b.hotRank!);
  return { byCode, byDomain, byName, all, hot };
}

/** How often the kept cities are read again: a flag changed in the database by hand shows within this. */
export const CITY_RELOAD_MS = 60_000;

/**
 * The cities of one database, kept in memory for every route (no query per request: docs/performance.md): a page of a city asks for its row
 * several times (menus, conditions, list, footer), and a keystroke asks once, so a query each time was the
 * most repeated query of the backend for a table of a few dozen rows that changes with a seed. Loaded once
 * (the first caller waits), then read again every CITY_RELOAD_MS while an app over the database is running,
 * and at once on `reload()`.
 */
export interface CityTable {
  /** The kept cities; the first call waits for the first load. */
  snapshot(): Promise<CitySnapshot>;
  /** Reads the cities again now; resolves once the new rows are the kept ones (for a write to cities). */
  reload(): Promise<void>;
  /** Starts the periodic reload (one timer per database, however many apps share it). */
  start(onError: (err: unknown) => void): void;
  /** Stops it once the last app has stopped, and waits for a load under way: the database may close next. */
  stop(): Promise<void>;
}

function createCityTable(db: Db): CityTable {
  let kept: CitySnapshot | undefined;
  let first: Promise<CitySnapshot> | undefined;
  // Loads run one after another, so a reload asked after a write cannot be overtaken by an older one.
  let queue: Promise<unknown> = Promise.resolve();
  let users = 0;
  let timer: NodeJS.Timeout | undefined;

  const load = (): Promise<CitySnapshot> => {
    const next = queue.then(async () => {
      kept = snapshotOf(await db.select().from(cities));
      return kept;
    });
    queue = next.catch(() => undefined);
    return next;
  };

  return {
    snapshot() {
      if (kept) return Promise.resolve(kept);
      // A failed first load is not kept: the next caller tries again.
      first ??= load().finally(() => (first = undefined));
      return first;
    },
    async reload() {
      await load();
    },
    start(onError) {
      users++;
      // unref: the timer alone never keeps a process (a script, a test run) alive.
      timer ??= setInterval(() => load().catch(onError), CITY_RELOAD_MS).unref();
    },
    async stop() {
      users = Math.max(0, users - 1);
      if (users > 0) return;
      clearInterval(timer);
      timer = undefined;
      await queue;
    },
  };
}

const tables = new WeakMap<Db, CityTable>();

/** The one city table of `db`. */
export function cityTable(db: Db): CityTable {
  let table = tables.get(db);
  if (!table) tables.set(db, (table = createCityTable(db)));
  return table;
}

/**
 * Loads the cities when the app is ready (after a seed: server.ts seeds before it listens) and keeps them
 * fresh while it runs; stops with the app, before the database closes.
 */
export function registerCityTable(app: FastifyInstance, db: Db): void {
  const table = cityTable(db);
  app.addHook('onReady', async () => {
    table.start((err) => app.log.error({ err }, 'reloading the cities failed; the kept ones are served'));
    await table.snapshot();
  });
  app.addHook('onClose', () => table.stop());
}

/**
 * A city by its six-digit code (110000). A request's cityCode means only this: the web turns the host's
 * domain (bj) into the code once, from the city list, so one value never has two spellings on the wire.
 */
export async function findCity(db: Db, cityCode: string): Promise<CityRow | undefined> {
  return (await cityTable(db).snapshot()).byCode.get(cityCode);
}

/** spec §8: an unknown city is an unknown id (code 4000000). */
export async function requireCity(db: Db, cityCode: string): Promise<CityRow> {
  const row = await findCity(db, cityCode);
  if (!row) throw notFound(`城市 ${cityCode} `);
  return row;
}

/** The city DEFAULT_CITY names by its domain (bj), as the web's setting of the same name does. */
export async function defaultCity(db: Db, domain: string): Promise<CityRow> {
  const row = (await cityTable(db).snapshot()).byDomain.get(domain);
  if (!row) throw notFound(`城市 ${domain} `);
  return row;
}

/**
 * A city that has the channel. spec §3 City flags: where a channel's flag is 0 (no rentals in 厦门) the
 * channel does not exist, so its list and conditions are a 404 like an unknown city.
 */
export async function requireChannelCity(db: Db, cityCode: string, channel: ChannelCode): Promise<CityRow> {
  const row = await requireCity(db, cityCode);
  if (!channelIsOn(row, channel)) throw notFound(`${row.name}的 ${channel} 频道 `);
  return row;
}

export function registerCities(app: FastifyInstance, db: Db): void {
  registerCityTable(app, db);
  portalRoute(app, {
    path: ApiPath.cities,
    summary: 'Hot cities and all cities grouped by pinyin initial (spec §3 City list)',
    tags: ['portal'],
    input: z.object({}),
    output: cityListSchema,
    // The same for everyone: the web's forward keeps it for the city picker, which asks it when it opens.
    sharedFor: 60,
    handler: async () => {
      const { all, hot } = await cityTable(db).snapshot();
      const groups = new Map<string, City[]>();
      for (const row of all) groups.set(row.initial, [...(groups.get(row.initial) ?? []), toCity(row)]);
      const grouped = [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([initial, list]) => ({ initial, list }));
      return { hot: hot.map(toCity), all: grouped };
    },
  });
}
