import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mapBubblesSchema,
  type MapArea,
  type MapBasemap,
  type MapBubbles,
  type MapNearby,
  type MapSuggestion,
} from '@contracts/map';
import { envelopeSchema } from '@contracts/envelope-schema';
import { ApiPath } from '@contracts/paths';
import { PRICE_CUT_TAG } from '@contracts/residential';
import { outlineOf } from '../src/db/district-outlines';
import { cities, communities, districts, esfListings, newProjects, offices, shops } from '../src/db/schema';
import { esf, listConditions as esfConditions } from '../src/modules/listings/esf';
import { insideAny, insidePolygon, type LngLat } from '../src/domain/geo';
import { envelope, nonEmpty, startHarness, type Harness } from './harness';

/**
 * 地图找房 (contracts/map.ts, docs/api.md "Map"): bubbles count what the channel's list finds with the same filters
 * and place; suggestions carry coordinates; a drawn area lists exactly the homes inside; bad bounds and polygons
 * are a 400 with a Chinese message; every seeded place lies inside its district's outline.
 */

let h: Harness;
/** The operator's price change (docs/operations.md): a write to a home the map keeps in memory. */
const OPS_TOKEN = 'map-test-ops-token-0123456789';
beforeAll(async () => {
  h = await startHarness({ config: { OPS_TOKEN } });
});
afterAll(() => h?.close());

const BJ = '110000';
/** 北京's core: 东城, 西城 and round them. */
const CORE = { west: 116.2, south: 39.8, east: 116.6, north: 40.05 };

async function post<T>(url: string, body: Record<string, unknown>): Promise<{ status: number; data: T; msg: string }> {
  const res = await h.app.inject({ method: 'POST', url, payload: body });
  const env = envelope<T>(res) as { data: T; msg?: string; message?: string };
  return { status: res.statusCode, data: env.data, msg: String(env.msg ?? env.message ?? '') };
}
const ok = async <T>(url: string, body: Record<string, unknown>): Promise<T> => {
  const r = await post<T>(url, body);
  if (r.status !== 200) throw new Error(`${url}: ${r.status} ${r.msg}`);
  return r.data;
};
const listTotal = async (url: string, body: Record<string, unknown>) =>
  (await ok<{ total: number }>(url, { ...body, pageSize: 1 })).total;

describe('seeded places lie inside their own district', () => {
  it('every community, project, shop and office of every city is inside its district outline', async () => {
    const db = h.database.db;
    const ds = await db.select().from(districts);
    const outlineById = new Map(ds.map((d) => [d.id, outlineOf(d.cityCode, d.name)]));
    expect(nonEmpty([...outlineById.values()].filter(Boolean)).length).toBeGreaterThan(100);
    for (const table of [communities, newProjects, shops, offices]) {
      const rows = nonEmpty(await db.select({ districtId: table.districtId, lat: table.lat, lng: table.lng }).from(table));
      const outside = rows.filter((r) => {
        const o = outlineById.get(r.districtId);
        return o && !insideAny([r.lng, r.lat], o.polygons);
      });
      expect(outside).toEqual([]);
    }
    // Each district's own point too.
    for (const d of ds) {
      const o = outlineById.get(d.id);
      if (o) expect(insideAny([d.lng, d.lat], o.polygons), d.name).toBe(true);
    }
  });
});

describe('bubbles', () => {
  it('district bubbles of 二手房 count what the list filtered by the district shows, with an average unit price', async () => {
    const b = await ok<MapBubbles>(ApiPath.mapBubbles, { cityCode: BJ, channelCode: 'esf', zoom: 11 });
    expect(b.level).toBe('district');
    for (const d of nonEmpty(b.list).slice(0, 4)) {
      expect(d.count).toBe(await listTotal(ApiPath.esfList, { cityCode: BJ, districtId: d.id }));
      expect(d.avgPrice).toBeGreaterThan(1000);
    }
    expect(b.total).toBe(await listTotal(ApiPath.esfList, { cityCode: BJ }));
  });

  it('a filter changes bubble counts and the list alike (租房, 1室, business areas)', async () => {
    const filters = { rooms: [1] };
    const b = await ok<MapBubbles>(ApiPath.mapBubbles, { cityCode: BJ, channelCode: 'rent', zoom: 13, filters });
    expect(b.level).toBe('area');
    const all = await ok<MapBubbles>(ApiPath.mapBubbles, { cityCode: BJ, channelCode: 'rent', zoom: 13 });
    expect(b.total).toBeLessThan(all.total);
    for (const a of nonEmpty(b.list).slice(0, 4)) {
      expect(a.count).toBe(await listTotal(ApiPath.rentList, { cityCode: BJ, businessAreaId: a.id, ...filters }));
    }
  });

  it('community bubbles within the view count the community’s list (e{id}); 新房 shows project pins', async () => {
    const b = await ok<MapBubbles>(ApiPath.mapBubbles, { cityCode: BJ, channelCode: 'esf', zoom: 15, bounds: CORE });
    expect(b.level).toBe('community');
    for (const c of nonEmpty(b.list).slice(0, 4)) {
      expect(c.lat).toBeGreaterThanOrEqual(CORE.south);
      expect(c.count).toBe(await listTotal(ApiPath.esfList, { cityCode: BJ, estateId: c.id }));
    }
    const p = await ok<MapBubbles>(ApiPath.mapBubbles, { cityCode: BJ, channelCode: 'new', zoom: 16, bounds: CORE });
    expect(p.level).toBe('project');
    expect(nonEmpty(p.list).every((x) => x.count === 1 && x.saleStatus !== null)).toBe(true);
    const districtsNew = await ok<MapBubbles>(ApiPath.mapBubbles, { cityCode: BJ, channelCode: 'new', zoom: 10 });
    expect(districtsNew.total).toBe(await listTotal(ApiPath.newHomeList, { cityCode: BJ }));
    // Written from kept JSON text (not serialised per call): every answer still is the contract, by GET and by POST.
    for (const answer of [b, p, districtsNew]) expect(mapBubblesSchema.strict().parse(answer)).toEqual(answer);
    const got = await h.app.inject({ method: 'GET', url: `${ApiPath.mapBubbles}?cityCode=${BJ}&channelCode=rent&zoom=11` });
    expect(got.headers['content-type']).toMatch(/^application\/json/);
    expect(envelopeSchema(mapBubblesSchema.strict()).parse(JSON.parse(got.body)).data?.level).toBe('district');
  });

  it('refuses bad views with a Chinese message: inverted, enormous, outside the city, missing at community zoom', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ zoom: 15, bounds: { west: 116.6, south: 39.8, east: 116.2, north: 40 } }, /西边须小于东边/],
      [{ zoom: 15, bounds: { west: 110, south: 35, east: 118, north: 41 } }, /地图范围过大/],
      [{ zoom: 15, bounds: { west: 121.3, south: 31.1, east: 121.6, north: 31.3 } }, /不在北京范围内/],
      [{ zoom: 15 }, /需要地图范围/],
      [{ zoom: 15, bounds: { west: 'a', south: 1, east: 2, north: 3 } }, /经度/],
      [{ zoom: 30 }, /zoom/],
      [{ zoom: 12, filters: { grade: [1] } }, /grade/],
    ];
    for (const [input, message] of cases) {
      const r = await post(ApiPath.mapBubbles, { cityCode: BJ, channelCode: 'esf', ...input });
      expect(r.status, JSON.stringify(input)).toBe(400);
      expect(r.msg).toMatch(message);
    }
    const rent = await post(ApiPath.mapBubbles, { cityCode: '350200', channelCode: 'rent', zoom: 11 });
    expect(rent.status).toBe(404);
  });
});

describe('base map and suggestions', () => {
  it('gives the city’s district outlines and subway lines', async () => {
    const m = await ok<MapBasemap>(ApiPath.mapBasemap, { cityCode: BJ });
    expect(nonEmpty(m.districts).filter((d) => d.polygons.length > 0).length).toBe(m.districts.length);
    expect(nonEmpty(m.lines)[0]!.stations.length).toBeGreaterThan(3);
    expect(m.bounds.west).toBeLessThan(m.centre.lng);
  });

  it('suggests places with kind, count and coordinates that lie in the place (spec /v1/ditu/recommends)', async () => {
    const s = await ok<MapSuggestion[]>(ApiPath.mapRecommends, { cityCode: BJ, channelCode: 'esf', keyword: '朝阳' });
    const d = nonEmpty(s).find((x) => x.kind === 'district')!;
    expect(d.name).toBe('朝阳区');
    expect(d.zoom).toBe(12);
    expect(d.count).toBe(await listTotal(ApiPath.esfList, { cityCode: BJ, districtId: d.id }));
    expect(insideAny([d.lng, d.lat], outlineOf(BJ, '朝阳区')!.polygons)).toBe(true);
    const n = await ok<MapSuggestion[]>(ApiPath.mapRecommends, { cityCode: BJ, channelCode: 'new', keyword: 'w' });
    expect(nonEmpty(n).every((x) => Number.isFinite(x.lat) && Number.isFinite(x.lng))).toBe(true);
    for (const bad of [{ keyword: '' }, { keyword: '望京', channelCode: 'estate' }, { keyword: 'x'.repeat(500) }]) {
      const r = await post(ApiPath.mapRecommends, { cityCode: BJ, channelCode: 'esf', ...bad });
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
  });
});

describe('drawn area', () => {
  // A square round 北京's centre, about 8 km a side.
  const square: LngLat[] = [
    [116.36, 39.88],
    [116.46, 39.88],
    [116.46, 39.95],
    [116.36, 39.95],
  ];

  it('lists exactly the homes inside: the communities inside by point-in-polygon, and their homes', async () => {
    const a = await ok<MapArea>(ApiPath.mapArea, { cityCode: BJ, channelCode: 'esf', points: square, pageSize: 50 });
    const inside = (await h.database.db.select().from(communities).where(eq(communities.cityCode, BJ))).filter((c) =>
      insidePolygon([c.lng, c.lat], [square]),
    );
    const ids = new Set(nonEmpty(inside).map((c) => c.id));
    let expected = 0;
    for (const p of a.places) expected += p.count;
    expect(a.total).toBe(expected);
    expect(nonEmpty(a.places).every((p) => ids.has(p.id))).toBe(true);
    if (a.channelCode !== 'esf') throw new Error('answered another channel');
    expect(nonEmpty(a.list).every((x) => ids.has(x.communityId))).toBe(true);
    // The sum over the communities inside of each one's list count.
    let byList = 0;
    for (const p of a.places) byList += await listTotal(ApiPath.esfList, { cityCode: BJ, estateId: p.id });
    expect(a.total).toBe(byList);
    const projects = await ok<MapArea>(ApiPath.mapArea, { cityCode: BJ, channelCode: 'new', points: square });
    expect(projects.channelCode).toBe('new');
    expect(projects.list.length).toBe(Math.min(projects.total, 20));
  });

  it('pages a drawn area in the list’s own order, for every sort (pages 1–3 of 2 as the list’s ORDER BY gives them)', async () => {
    const all = await h.database.db.select().from(communities).where(eq(communities.cityCode, BJ));
    const ids = nonEmpty(all.filter((c) => insidePolygon([c.lng, c.lat], [square])).map((c) => c.id));
    const filters = { rooms: [1, 2, 3, 4] };
    const [city] = await h.database.db.select().from(cities).where(eq(cities.cityCode, BJ));
    const listWhere = esfConditions({ ...filters, cityCode: BJ } as never, BJ, city!.priceTier);
    const where = and(listWhere, inArray(esfListings.communityId, ids));
    for (const sort of [undefined, 1, 2, 3, 4]) {
      for (const page of [1, 2, 3]) {
        const a = await ok<MapArea>(ApiPath.mapArea, {
          cityCode: BJ,
          channelCode: 'esf',
          points: square,
          filters,
          sort,
          page,
          pageSize: 2,
        });
        const expected = await h.database.db
          .select({ id: esfListings.id })
          .from(esfListings)
          .where(where)
          .orderBy(...esf.orderBy(sort))
          .limit(2)
          .offset((page - 1) * 2);
        expect(expected.length, `the seed has homes on page ${page} of the square`).toBeGreaterThan(0);
        expect(
          a.list.map((x) => x.id),
          `sort ${sort} page ${page}`,
        ).toEqual(expected.map((r) => r.id));
      }
    }
  });

  it('shows a price cut in the drawn area’s page at once, though its items are kept in memory', async () => {
    const body = { cityCode: BJ, channelCode: 'esf', points: square, pageSize: 5 };
    const before = await ok<MapArea>(ApiPath.mapArea, body);
    if (before.channelCode !== 'esf') throw new Error('answered another channel');
    const home = nonEmpty(before.list).find((x) => !x.tags.includes(PRICE_CUT_TAG));
    if (!home) throw new Error('every home on the page is cut in price already');
    // Asked twice, so the page is kept (map-items.ts) before the change.
    await ok<MapArea>(ApiPath.mapArea, body);
    const price = Math.floor(home.totalPrice * 0.9);
    const res = await h.app.inject({
      method: 'POST',
      url: `${ApiPath.opsListing}/esf/${home.id}`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${OPS_TOKEN}` },
      payload: JSON.stringify({ price }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await ok<MapArea>(ApiPath.mapArea, body);
    if (after.channelCode !== 'esf') throw new Error('answered another channel');
    const shown = after.list.find((x) => x.id === home.id);
    expect(shown?.totalPrice).toBe(price);
    expect(shown?.tags).toContain(PRICE_CUT_TAG);
  });

  it('refuses too few or too many points, an enormous or self-crossing area, and one outside the city', async () => {
    const ring = (n: number, r: number): LngLat[] =>
      Array.from({ length: n }, (_, i) => [
        116.4 + r * Math.cos((2 * Math.PI * i) / n),
        39.9 + r * Math.sin((2 * Math.PI * i) / n),
      ]);
    const cases: [unknown, RegExp][] = [
      [square.slice(0, 2), /至少需要3个点/],
      [ring(101, 0.05), /最多100个点/],
      [ring(40, 0.6), /画圈区域过大/],
      [[square[0], square[2], square[1], square[3]], /不能相互交叉/],
      [square.map(([x, y]) => [x + 5, y - 8]), /不在北京范围内/],
      [
        [
          [116.4, 39.9],
          [116.5, 'x'],
          [116.5, 40],
        ],
        /纬度/,
      ],
    ];
    for (const [points, message] of cases) {
      const r = await post(ApiPath.mapArea, { cityCode: BJ, channelCode: 'esf', points });
      expect(r.status, message.source).toBe(400);
      expect(r.msg).toMatch(message);
    }
  });
});

describe('nearby (a detail page’s map)', () => {
  it('answers a community’s stations and places by distance, with coordinates, as 周边 of a project there does', async () => {
    const db = h.database.db;
    const [c] = await db.select().from(communities).where(eq(communities.cityCode, BJ)).limit(1);
    const near = await ok<MapNearby>(ApiPath.mapNearby, { cityCode: BJ, lat: c!.lat, lng: c!.lng });
    expect(near.radius).toBe(3000);
    const all = [...near.stations, ...near.schools, ...near.hospitals, ...near.shopping];
    expect(all.length).toBeGreaterThan(0);
    for (const list of [near.stations, near.schools, near.hospitals, near.shopping]) {
      const distances = list.map((x) => x.distance);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      for (const x of list) expect(x.distance).toBeLessThanOrEqual(near.radius);
    }
    // Each distance is the straight line to the coordinates it carries (haversine, within a metre).
    for (const x of all) {
      const dy = (x.lat - c!.lat) * 111_195;
      const dx = (x.lng - c!.lng) * 111_195 * Math.cos((c!.lat * Math.PI) / 180);
      expect(Math.abs(Math.hypot(dx, dy) - x.distance)).toBeLessThan(Math.max(5, x.distance * 0.01));
    }
    // A project's 周边 is the same query: same names and distances.
    const [p] = await db.select().from(newProjects).where(eq(newProjects.cityCode, BJ)).limit(1);
    const [fromMap, fromProject] = await Promise.all([
      ok<MapNearby>(ApiPath.mapNearby, { cityCode: BJ, lat: p!.lat, lng: p!.lng }),
      h.app
        .inject({ method: 'GET', url: `${ApiPath.projectAround}?projectId=${p!.id}` })
        .then((r) => envelope<MapNearby>(r).data),
    ]);
    expect(fromMap.schools.map((s) => [s.name, s.distance])).toEqual(fromProject.schools.map((s) => [s.name, s.distance]));
    expect(fromMap.stations.map((s) => [s.name, s.distance])).toEqual(fromProject.stations.map((s) => [s.name, s.distance]));
  });

  it('refuses a point outside the city, a missing coordinate and an unknown city with a Chinese message', async () => {
    const shanghai = await post(ApiPath.mapNearby, { cityCode: BJ, lat: 31.23, lng: 121.47 });
    expect(shanghai.status).toBe(400);
    expect(shanghai.msg).toContain('不在');
    const missing = await post(ApiPath.mapNearby, { cityCode: BJ, lat: 39.9 });
    expect(missing.status).toBe(400);
    expect(missing.msg).toMatch(/经度|lng/);
    const far = await post(ApiPath.mapNearby, { cityCode: BJ, lat: 39.9, lng: 200 });
    expect(far.status).toBe(400);
    expect(far.msg).toContain('经度');
    expect((await post(ApiPath.mapNearby, { cityCode: '999999', lat: 39.9, lng: 116.4 })).status).toBe(404);
  });
});
