import { and, count, eq, inArray, lte, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MapCommute } from '@contracts/map-commute';
import { ApiPath } from '@contracts/paths';
import type { MapBasemap } from '@contracts/map';
import { businessAreas, esfListings, subwayStations } from '../src/db/schema';
import { esf, listConditions as esfConditions } from '../src/modules/listings/esf';
import {
  buildCommuteGraph,
  COMMUTE,
  reachWithin,
  rideMinutes,
  startsOfPoint,
  startsOfStation,
  stationsReached,
  walkLeft,
  type GraphStation,
} from '../src/modules/map/commute-graph';
import { envelope, nonEmpty, startHarness, type Harness } from './harness';

/**
 * 通勤找房 (contracts/map-commute.ts, docs/api.md "Map"): the graph's arithmetic on a hand-made two-line network, then
 * the endpoint on the seed: stations reached in time, homes whose nearest station is reached with the walk left,
 * more time reaching more, and bad input refused with a Chinese message.
 */

describe('the commute graph (pure)', () => {
  // Two lines on the equator (a degree of longitude is 111 km there): A runs east a1–a2–a3, B runs north b1–换乘–b3,
  // crossing A at a2 (the interchange 换乘). Neighbours are 0.01° (1,110 m) apart.
  const st = (id: number, name: string, lineId: number, seq: number, lng: number, lat: number): GraphStation => ({
    id,
    name,
    lineId,
    seq,
    lat,
    lng,
  });
  const stations = [
    st(1, 'a1', 1, 0, 100.0, 0),
    st(2, '换乘', 1, 1, 100.01, 0),
    st(3, 'a3', 1, 2, 100.02, 0),
    st(12, '换乘', 2, 1, 100.01, 0),
    st(11, 'b1', 2, 0, 100.01, -0.01),
    st(13, 'b3', 2, 2, 100.01, 0.01),
  ];
  const graph = buildCommuteGraph(stations);
  // 1,110 m of straight line, 1,276.5 m of track at 583.3 m/min, plus 0.5 min at the stop.
  const hop = 1276.5 / (35_000 / 60) + 0.5;
  const minutesOf = (reached: Map<number, number>, id: number) => reached.get(graph.index.get(id)!);

  it('rides a hop in distance over speed plus the stop, and changes lines at one name with the transfer penalty', () => {
    expect(rideMinutes(stations[0]!, stations[1]!)).toBeCloseTo(hop, 6);
    const reached = reachWithin(graph, startsOfStation(graph, 1), 60);
    expect(minutesOf(reached, 1)).toBeCloseTo(COMMUTE.boardMinutes, 6);
    expect(minutesOf(reached, 2)).toBeCloseTo(COMMUTE.boardMinutes + hop, 6);
    expect(minutesOf(reached, 3)).toBeCloseTo(COMMUTE.boardMinutes + 2 * hop, 6);
    expect(minutesOf(reached, 12)).toBeCloseTo(COMMUTE.boardMinutes + hop + COMMUTE.transferMinutes, 6);
    expect(minutesOf(reached, 13)).toBeCloseTo(COMMUTE.boardMinutes + 2 * hop + COMMUTE.transferMinutes, 6);
    expect(reached.size).toBe(6);
  });

  it('starts at an interchange on every line without a transfer, and stops at the budget', () => {
    const reached = reachWithin(graph, startsOfStation(graph, 12), COMMUTE.boardMinutes + hop + 0.01);
    expect([...reached.keys()].map((i) => graph.stations[i]!.id).sort((a, b) => a - b)).toEqual([1, 2, 3, 11, 12, 13]);
    const tight = reachWithin(graph, startsOfStation(graph, 12), COMMUTE.boardMinutes + hop - 0.01);
    expect([...tight.keys()].map((i) => graph.stations[i]!.id).sort((a, b) => a - b)).toEqual([2, 12]);
    expect(startsOfStation(graph, 999)).toEqual([]);
  });

  it('answers one station per name: an interchange when its first platform is reached, with all its platforms', () => {
    // From a1 the 换乘 platform of line A comes first; line B's is the transfer later, the same station.
    const budget = COMMUTE.boardMinutes + hop + 1;
    const reached = reachWithin(graph, startsOfStation(graph, 1), budget);
    expect(minutesOf(reached, 12)).toBeUndefined();
    const byName = new Map(stationsReached(graph, reached).map((s) => [graph.stations[s.at]!.name, s]));
    const hub = byName.get('换乘')!;
    expect(graph.stations[hub.at]!.id).toBe(2);
    expect(hub.minutes).toBeCloseTo(COMMUTE.boardMinutes + hop, 6);
    expect(hub.platforms.map((i) => graph.stations[i]!.id).sort((a, b) => a - b)).toEqual([2, 12]);
    expect([...byName.keys()].sort()).toEqual(['a1', '换乘']);
  });

  it('walks from a point to every station within 1.5 km at 80 m/min (the seed’s walking metres: straight × 1.3)', () => {
    // 0.005° east of a1: 555 m straight, about 721.5 m walked (9 min); a1 and 换乘 (both 555 m away) are in reach.
    const starts = startsOfPoint(graph, { lat: 0, lng: 100.005 });
    expect(starts.map((s) => graph.stations[s.at]!.id).sort((a, b) => a - b)).toEqual([1, 2, 12]);
    for (const s of starts) expect(s.minutes).toBeCloseTo(721.5 / 80 + COMMUTE.boardMinutes, 1);
    expect(startsOfPoint(graph, { lat: 0.05, lng: 100.05 })).toEqual([]);
    // The circle left: 80 m a minute, never more than the cap, never below nought.
    expect(walkLeft(10, 15)).toBe(400);
    expect(walkLeft(0, 45)).toBe(COMMUTE.maxWalkMetres);
    expect(walkLeft(16, 15)).toBe(0);
  });
});

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const BJ = '110000';
async function post<T>(body: Record<string, unknown>): Promise<{ status: number; data: T; msg: string }> {
  const res = await h.app.inject({ method: 'POST', url: ApiPath.mapCommute, payload: body });
  const env = envelope<T>(res) as { data: T; msg?: string; message?: string };
  return { status: res.statusCode, data: env.data, msg: String(env.msg ?? env.message ?? '') };
}
const ok = async (body: Record<string, unknown>): Promise<MapCommute> => {
  const r = await post<MapCommute>({ cityCode: BJ, ...body });
  if (r.status !== 200) throw new Error(`${r.status} ${r.msg}`);
  return r.data;
};

describe('business-area labels of the base map', () => {
  it('carries every business area of the city with its point, inside the map’s bounds', async () => {
    const res = await h.app.inject({ method: 'POST', url: ApiPath.mapBasemap, payload: { cityCode: BJ } });
    const b = envelope<MapBasemap>(res).data;
    const seeded = await h.database.db.select().from(businessAreas).where(eq(businessAreas.cityCode, BJ));
    expect(
      nonEmpty(b.areas)
        .map((a) => a.id)
        .sort((x, y) => x - y),
    ).toEqual(seeded.map((a) => a.id).sort((x, y) => x - y));
    const guomao = seeded.find((a) => a.name === '国贸');
    expect(b.areas.find((a) => a.name === '国贸')).toEqual({ id: guomao!.id, name: '国贸', lat: guomao!.lat, lng: guomao!.lng });
    const m = 0.3;
    for (const a of b.areas) {
      expect(a.lng).toBeGreaterThan(b.bounds.west - m);
      expect(a.lng).toBeLessThan(b.bounds.east + m);
      expect(a.lat).toBeGreaterThan(b.bounds.south - m);
      expect(a.lat).toBeLessThan(b.bounds.north + m);
    }
  });
});

describe('POST /v1/ditu/commute on the seed', () => {
  it('from a station: it at the first wait, every station within the time, the homes whose walk fits', async () => {
    const db = h.database.db;
    const bjStations = nonEmpty(await db.select().from(subwayStations).where(eq(subwayStations.cityCode, BJ)));
    // An interchange: a name on two lines.
    const names = new Map<string, number>();
    for (const s of bjStations) names.set(s.name, (names.get(s.name) ?? 0) + 1);
    const hub = bjStations.find((s) => names.get(s.name)! > 1)!;
    const c = await ok({ channelCode: 'esf', stationId: hub.id, minutes: 30, pageSize: 50 });
    expect(c.origin.name).toBe(hub.name);
    // An interchange is one station of the answer (backend/test/interchange.test.ts), boarded on any line at once.
    const platforms = c.stations.filter((s) => s.name === hub.name);
    expect(platforms).toHaveLength(1);
    expect(platforms[0]!.minutes).toBe(COMMUTE.boardMinutes);
    // Minutes are given to one decimal: the circle is the walk left at the exact time, within a few metres of it.
    expect(nonEmpty(c.stations).every((s) => s.minutes <= 30 && Math.abs(s.radius - walkLeft(s.minutes, 30)) <= 5)).toBe(true);

    // The count: per station reached, the list's homes whose nearest station it is (on any of its lines) and whose
    // walk fits what is left.
    const where = esfConditions({} as never, BJ, 1);
    const rowsOf = (name: string) => bjStations.filter((x) => x.name === name).map((x) => x.id);
    let expected = 0;
    for (const s of c.stations.filter((x) => x.radius > 0)) {
      const [row] = await db
        .select({ n: count() })
        .from(esfListings)
        .where(
          and(
            where,
            eq(esfListings.cityCode, BJ),
            inArray(esfListings.stationId, rowsOf(s.name)),
            lte(esfListings.stationDistance, s.radius),
          ),
        );
      expected += row!.n;
    }
    expect(c.total).toBeGreaterThan(0);
    expect(c.total).toBe(expected);
    // Every home listed sits near a station reached, within its circle.
    if (c.channelCode !== 'esf') throw new Error('answered another channel');
    const listed = nonEmpty(c.list);
    expect(listed.length).toBe(Math.min(50, c.total));
    const rows = await db
      .select({ id: esfListings.id, stationId: esfListings.stationId, d: esfListings.stationDistance })
      .from(esfListings)
      .where(
        inArray(
          esfListings.id,
          listed.map((x) => x.id),
        ),
      );
    const radius = new Map(c.stations.flatMap((s) => rowsOf(s.name).map((id) => [id, s.radius])));
    expect(rows.every((r) => r.stationId !== null && r.d !== null && r.d <= (radius.get(r.stationId) ?? -1))).toBe(true);
    // In the list's own order: the page is the list's ORDER BY over the homes that count (45 minutes: enough homes
    // in the test seed for a second page of 3), for two sorts.
    for (const sort of [undefined, 2]) {
      const second = await ok({ channelCode: 'esf', stationId: hub.id, minutes: 45, pageSize: 3, page: 2, sort });
      const reach = or(
        ...second.stations
          .filter((x) => x.radius > 0)
          .map((s) => and(eq(esfListings.stationId, s.id), lte(esfListings.stationDistance, s.radius))),
      );
      const expectedIds = await db
        .select({ id: esfListings.id })
        .from(esfListings)
        .where(and(where, eq(esfListings.cityCode, BJ), reach))
        .orderBy(...esf.orderBy(sort))
        .limit(3)
        .offset(3);
      expect(expectedIds.length, `${second.total} homes reached`).toBe(3);
      expect(
        second.list.map((x) => x.id),
        `sort ${sort}`,
      ).toEqual(expectedIds.map((r) => r.id));
    }
    // A page past the last lists nothing and still tells the total (counted on its own, no row carries it).
    const past = await ok({ channelCode: 'esf', stationId: hub.id, minutes: 30, pageSize: 50, page: 100 });
    expect(past.list).toEqual([]);
    expect(past.total).toBe(c.total);
  });

  it('more time reaches more: 15 ⊂ 30 ⊂ 45 minutes, each station at the same time; a filter narrows the homes', async () => {
    const bj = nonEmpty(await h.database.db.select().from(subwayStations).where(eq(subwayStations.cityCode, BJ)));
    // A few hundred metres off the line's middle station, as an office by the subway is.
    const mid = bj[Math.floor(bj.length / 2)]!;
    const at = { lng: mid.lng + 0.003, lat: mid.lat + 0.002 };
    const [a, b, c] = await Promise.all([15, 30, 45].map((minutes) => ok({ channelCode: 'rent', ...at, minutes })));
    expect(nonEmpty(a!.stations).length).toBeLessThan(b!.stations.length);
    expect(b!.stations.length).toBeLessThan(c!.stations.length);
    const later = new Map(c!.stations.map((s) => [s.id, s.minutes]));
    for (const s of b!.stations) expect(later.get(s.id)).toBe(s.minutes);
    expect(a!.total).toBeLessThanOrEqual(b!.total);
    expect(b!.total).toBeLessThan(c!.total);
    const oneRoom = await ok({ channelCode: 'rent', ...at, minutes: 45, filters: { rooms: [2] } });
    expect(oneRoom.total).toBeGreaterThan(0);
    expect(oneRoom.total).toBeLessThan(c!.total);
    const projects = await ok({ channelCode: 'new', ...at, minutes: 45 });
    expect(projects.channelCode).toBe('new');
    expect(projects.list.length).toBe(Math.min(projects.total, 20));
  });

  it('refuses a time not offered, no workplace or two, a point outside the city or far from the subway, another city’s station', async () => {
    const sh = (await h.database.db.select().from(subwayStations).where(eq(subwayStations.cityCode, '310000')))[0];
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ stationId: 1, minutes: 20 }, /通勤时间只能选择15、30或45分钟/],
      [{ stationId: 1, minutes: 'x' }, /通勤时间只能选择15、30或45分钟/],
      [{ minutes: 30 }, /请选择工作地点/],
      [{ lng: 116.4, minutes: 30 }, /请选择工作地点/],
      [{ lng: 116.4, lat: 39.9, stationId: 1, minutes: 30 }, /请选择工作地点/],
      [{ lng: 121.47, lat: 31.23, minutes: 30 }, /工作地点不在北京范围内/],
      [{ lng: 200, lat: 39.9, minutes: 30 }, /经度超出范围/],
      [{ lng: 116.2, lat: 40.6, minutes: 30 }, /1.5公里内没有地铁站/],
      [{ stationId: nonEmpty([sh])[0]!.id, minutes: 30 }, /地铁站不在北京/],
    ];
    for (const [body, message] of cases) {
      const r = await post({ cityCode: BJ, channelCode: 'esf', ...body });
      expect(r.status, message.source).toBe(400);
      expect(r.msg).toMatch(message);
    }
  });
});
