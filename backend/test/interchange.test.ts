import { and, count, eq, inArray, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Angle } from '@contracts/constants';
import type { MapBubbles, MapSuggestion } from '@contracts/map';
import type { MapCommute } from '@contracts/map-commute';
import { ApiPath } from '@contracts/paths';
import type { Suggestion } from '@contracts/search';
import { esfListings, rentals, subwayLines, subwayStations } from '../src/db/schema';
import { listConditions as esfConditions } from '../src/modules/listings/esf';
import { walkLeft } from '../src/modules/map/commute-graph';
import { answer, envelope, nonEmpty, startHarness, type Harness } from './harness';

/**
 * An interchange (换乘站) is one row of subway_stations per line it is on, and a home was seeded against
 * one of those rows (the nearest; at one point, the first line's). A visitor means the place: whichever row names
 * it — in a list's URL, a suggestion, the map's subway view or 通勤找房 — the homes near the station are the same,
 * and the station is offered once, with its lines.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const BJ = '110000';
interface Row {
  id: number;
  name: string;
  lineId: number;
  lineName: string;
}

/**
 * A seeded interchange of 北京 whose homes for sale sit on one of its rows and not on another: `held` is a row with
 * homes, `empty` a row of another line without any. The seed puts 望京's (14号线 and 15号线 at one point) on 14号线.
 */
async function interchange(): Promise<{ rows: Row[]; held: Row; empty: Row; homes: number; rentals: number }> {
  const db = h.database.db;
  const all: Row[] = await db
    .select({ id: subwayStations.id, name: subwayStations.name, lineId: subwayStations.lineId, lineName: subwayLines.name })
    .from(subwayStations)
    .innerJoin(subwayLines, eq(subwayLines.id, subwayStations.lineId))
    .where(eq(subwayStations.cityCode, BJ))
    .orderBy(subwayStations.id);
  const byName = new Map<string, Row[]>();
  for (const s of all) byName.set(s.name, [...(byName.get(s.name) ?? []), s]);
  const homesOf = async (table: typeof esfListings | typeof rentals, ids: number[]) =>
    (await db.select({ n: count() }).from(table).where(inArray(table.stationId, ids)))[0]!.n;
  for (const rows of byName.values()) {
    if (rows.length < 2) continue;
    const per = await Promise.all(rows.map((r) => homesOf(esfListings, [r.id])));
    const held = rows.find((_, i) => per[i]! > 0);
    const empty = rows.find((_, i) => per[i] === 0);
    if (held && empty) {
      const ids = rows.map((r) => r.id);
      return { rows, held, empty, homes: await homesOf(esfListings, ids), rentals: await homesOf(rentals, ids) };
    }
  }
  throw new Error('the seed has no interchange with homes on one row only');
}

const total = async (url: string, filter: Record<string, unknown>) =>
  (await answer<{ total: number }>(h.app, url, { cityCode: BJ, pageSize: 1, ...filter })).total;

async function post<T>(url: string, body: Record<string, unknown>): Promise<T> {
  const res = await h.app.inject({ method: 'POST', url, payload: body });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return envelope<T>(res).data;
}

describe('an interchange is one station in the lists', () => {
  it('a list by any row of the station (with or without its line) holds the homes of every row of it', async () => {
    const { rows, empty, held, homes, rentals: rented } = await interchange();
    expect(homes).toBeGreaterThan(0);
    for (const row of rows) {
      // The filter bar's and the suggestion's URL (li{line}ss{station}) and the map's (stationId alone).
      expect(await total(ApiPath.esfList, { lineId: row.lineId, stationId: row.id }), `${row.name} ${row.lineName}`).toBe(homes);
      expect(await total(ApiPath.esfList, { stationId: row.id })).toBe(homes);
      expect(await total(ApiPath.rentList, { lineId: row.lineId, stationId: row.id })).toBe(rented);
    }
    // The row the homes were seeded against lists the same page as the empty-looking one.
    const page = (row: Row) =>
      answer<{ list: { id: number }[] }>(h.app, ApiPath.esfList, { cityCode: BJ, lineId: row.lineId, stationId: row.id });
    expect((await page(empty)).list.map((x) => x.id)).toEqual((await page(held)).list.map((x) => x.id));
    // A line the station is not on, with it: nothing, as before.
    const lineIds = new Set(rows.map((r) => r.lineId));
    const notOn = (await h.database.db.select({ id: subwayLines.id }).from(subwayLines).where(eq(subwayLines.cityCode, BJ))).find(
      (l) => !lineIds.has(l.id),
    );
    expect(await total(ApiPath.esfList, { lineId: notOn!.id, stationId: empty.id })).toBe(0);
  });
});

describe('a line is its stations', () => {
  it('lists the homes of every station on it, whichever line’s row of an interchange they were seeded against', async () => {
    const db = h.database.db;
    const { empty } = await interchange();
    const all = await db.select().from(subwayStations).where(eq(subwayStations.cityCode, BJ));
    const names = new Set(all.filter((s) => s.lineId === empty.lineId).map((s) => s.name));
    const rows = all.filter((s) => names.has(s.name)).map((s) => s.id);
    const [near] = await db.select({ n: count() }).from(esfListings).where(inArray(esfListings.stationId, rows));
    const [seededOnIt] = await db.select({ n: count() }).from(esfListings).where(eq(esfListings.lineId, empty.lineId));
    // More than the homes seeded against the line's own rows: the interchange's homes are its too.
    expect(near!.n).toBeGreaterThan(seededOnIt!.n);
    expect(await total(ApiPath.esfList, { lineId: empty.lineId })).toBe(near!.n);
    const [line] = await db.select({ name: subwayLines.name }).from(subwayLines).where(eq(subwayLines.id, empty.lineId));
    const found = await answer<Suggestion[]>(h.app, ApiPath.recommends, {
      cityCode: BJ,
      channelCode: 'esf',
      keyword: line!.name,
    });
    expect(found.find((s) => s.angle === Angle.SUBWAY_LINE && s.id === empty.lineId)?.describe).toBe(`在售${near!.n}套`);
  });
});

describe('an interchange is one suggestion', () => {
  it('is offered once, at the count of its list, naming all its lines', async () => {
    const { rows, homes } = await interchange();
    const found = await answer<Suggestion[]>(h.app, ApiPath.recommends, {
      cityCode: BJ,
      channelCode: 'esf',
      keyword: rows[0]!.name,
    });
    const stations = found.filter((s) => s.angle === Angle.SUBWAY_STATION && s.name === rows[0]!.name);
    expect(stations).toHaveLength(1);
    const [s] = stations;
    expect(s!.describe).toBe(`在售${homes}套`);
    for (const r of rows) expect(s!.address).toContain(r.lineName);
    expect(await total(ApiPath.esfList, { lineId: s!.parentId, stationId: s!.id })).toBe(homes);
  });

  it('is one place on the map too: its suggestion, and the bubbles of the subway view, count the same homes', async () => {
    const { rows, empty, homes } = await interchange();
    const found = await post<MapSuggestion[]>(ApiPath.mapRecommends, {
      cityCode: BJ,
      channelCode: 'esf',
      keyword: rows[0]!.name,
    });
    const stations = found.filter((s) => s.kind === 'station' && s.name === rows[0]!.name);
    expect(stations).toHaveLength(1);
    expect(stations[0]!.count).toBe(homes);
    // The map's subway view asks by the station chosen on a line (any of its rows).
    const bubbles = await post<MapBubbles>(ApiPath.mapBubbles, {
      cityCode: BJ,
      channelCode: 'esf',
      zoom: 11,
      filters: { stationId: empty.id },
    });
    expect(bubbles.total).toBe(homes);
  });
});

describe('an interchange is one station in 通勤找房', () => {
  it('is reached once, when its first platform is, and its homes count with the walk left from then', async () => {
    const db = h.database.db;
    const { rows } = await interchange();
    const c = await post<MapCommute>(ApiPath.mapCommute, {
      cityCode: BJ,
      channelCode: 'esf',
      stationId: rows[1]!.id,
      minutes: 30,
      pageSize: 50,
    });
    const names = c.stations.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    // The workplace itself: at the first wait, whichever line.
    expect(c.stations.filter((s) => s.name === rows[0]!.name)).toHaveLength(1);
    // The homes: per station reached, the homes seeded against any of its rows, within the walk left there.
    const platforms = new Map<string, number[]>();
    for (const s of await db.select().from(subwayStations).where(eq(subwayStations.cityCode, BJ)))
      platforms.set(s.name, [...(platforms.get(s.name) ?? []), s.id]);
    const where = esfConditions({} as never, BJ, 1);
    let expected = 0;
    for (const s of nonEmpty(c.stations)) {
      expect(Math.abs(s.radius - walkLeft(s.minutes, 30))).toBeLessThanOrEqual(5);
      if (s.radius === 0) continue;
      const [row] = await db
        .select({ n: count() })
        .from(esfListings)
        .where(and(where, inArray(esfListings.stationId, platforms.get(s.name)!), lte(esfListings.stationDistance, s.radius)));
      expected += row!.n;
    }
    expect(c.total).toBeGreaterThan(0);
    expect(c.total).toBe(expected);
  });
});
