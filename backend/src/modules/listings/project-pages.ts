import { and, asc, between, count, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { channelIsOn } from '@contracts/channels';
import { ApiPath } from '@contracts/paths';
import {
  AROUND_MAX_PER_KIND,
  AROUND_RADIUS,
  projectAroundQuerySchema,
  projectAroundSchema,
  projectNewsPageSchema,
  projectNewsQuerySchema,
  PROJECT_NEWS_PAGE_SIZE,
  type AroundPlace,
  type AroundStation,
  type ProjectAround,
  type ProjectNewsPage,
} from '@contracts/project-pages';
import type { Db } from '../../db/client';
import { newProjects, PLACE_KIND, places, projectNews, subwayLines, subwayStations } from '../../db/schema';
import { notFound } from '../../http/errors';
import { portalRoute } from '../../http/portal-route';
import { findCity } from '../cities/cities';

/**
 * A project's sub-pages beyond its detail: the news feed (楼盘动态) and what is around it (周边).
 * Both answer 404 for a project that does not exist or whose city has no 新房 channel, as the detail does.
 */

const EARTH_RADIUS = 6_371_000;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine): what 周边 calls 直线距离. */
export function haversineMetres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The latitude and longitude box around `at` that holds every point within `metres`: the index range the
 * queries read before the exact distance is computed (a degree of latitude is about 111 km everywhere, one of
 * longitude shrinks with the cosine of the latitude).
 */
function boxAround(at: { lat: number; lng: number }, metres: number) {
  const dLat = (metres / EARTH_RADIUS) * (180 / Math.PI);
  const dLng = dLat / Math.max(0.01, Math.cos(rad(at.lat)));
  return { minLat: at.lat - dLat, maxLat: at.lat + dLat, minLng: at.lng - dLng, maxLng: at.lng + dLng };
}

async function requireProject(db: Db, projectId: number) {
  const [p] = await db
    .select({ id: newProjects.id, cityCode: newProjects.cityCode, lat: newProjects.lat, lng: newProjects.lng })
    .from(newProjects)
    .where(eq(newProjects.id, projectId))
    .limit(1);
  const city = p && (await findCity(db, p.cityCode));
  // A project of a city without the 新房 channel is as unknown as one that does not exist (as its detail).
  if (!p || !city || !channelIsOn(city, 'new')) throw notFound(`楼盘 ${projectId} `);
  return p;
}

async function newsPage(db: Db, projectId: number, page: number): Promise<ProjectNewsPage> {
  await requireProject(db, projectId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(projectNews)
      .where(eq(projectNews.projectId, projectId))
      .orderBy(desc(projectNews.publishedAt), desc(projectNews.id))
      .limit(PROJECT_NEWS_PAGE_SIZE)
      .offset((page - 1) * PROJECT_NEWS_PAGE_SIZE),
    db.select({ n: count() }).from(projectNews).where(eq(projectNews.projectId, projectId)),
  ]);
  return {
    total: total?.n ?? 0,
    page,
    pageSize: PROJECT_NEWS_PAGE_SIZE,
    list: rows.map((r) => ({ id: r.id, kind: r.kind, title: r.title, body: r.body, publishedAt: r.publishedAt.toISOString() })),
  };
}

/** Nearest first, then by name so that equal distances keep one order. */
const byDistance = <T extends { distance: number; name: string }>(a: T, b: T) =>
  a.distance - b.distance || a.name.localeCompare(b.name);

/** A station or place around a point, with its own coordinates (the detail pages' map draws them). */
type Located<T> = T & { lat: number; lng: number };
export interface AroundPoint {
  radius: number;
  stations: Located<AroundStation>[];
  schools: Located<AroundPlace>[];
  hospitals: Located<AroundPlace>[];
  shopping: Located<AroundPlace>[];
}

/**
 * What is within AROUND_RADIUS of a point of a city: subway stations (an interchange once, with its lines) and
 * schools, hospitals and shopping (at most AROUND_MAX_PER_KIND each), nearest first. 周边 of a project and the map
 * of every detail page (`/v1/ditu/nearby`) read it.
 */
export async function aroundPoint(db: Db, cityCode: string, p: { lat: number; lng: number }): Promise<AroundPoint> {
  const box = boxAround(p, AROUND_RADIUS);
  const [stationRows, placeRows] = await Promise.all([
    db
      .select({
        name: subwayStations.name,
        lat: subwayStations.lat,
        lng: subwayStations.lng,
        lineName: subwayLines.name,
        lineSort: subwayLines.sort,
      })
      .from(subwayStations)
      .innerJoin(subwayLines, eq(subwayLines.id, subwayStations.lineId))
      .where(
        and(
          eq(subwayStations.cityCode, cityCode),
          between(subwayStations.lat, box.minLat, box.maxLat),
          between(subwayStations.lng, box.minLng, box.maxLng),
        ),
      ),
    // places_city_kind_lat_idx: one latitude range per kind.
    db
      .select({ id: places.id, kind: places.kind, name: places.name, lat: places.lat, lng: places.lng })
      .from(places)
      .where(
        and(
          eq(places.cityCode, cityCode),
          inArray(places.kind, Object.values(PLACE_KIND)),
          between(places.lat, box.minLat, box.maxLat),
          between(places.lng, box.minLng, box.maxLng),
        ),
      )
      .orderBy(asc(places.id)),
  ]);

  // An interchange is one row per line: one station with its lines (at its nearest platform).
  const stations = new Map<string, Located<AroundStation> & { sorts: number[] }>();
  for (const s of stationRows) {
    const distance = Math.round(haversineMetres(p, s));
    if (distance > AROUND_RADIUS) continue;
    const seen = stations.get(s.name);
    if (!seen) stations.set(s.name, { name: s.name, lines: [s.lineName], sorts: [s.lineSort], distance, lat: s.lat, lng: s.lng });
    else if (!seen.lines.includes(s.lineName)) {
      seen.lines.push(s.lineName);
      seen.sorts.push(s.lineSort);
      if (distance < seen.distance) Object.assign(seen, { distance, lat: s.lat, lng: s.lng });
    }
  }
  const stationList = [...stations.values()].sort(byDistance).map(({ name, lines, sorts, distance, lat, lng }) => ({
    name,
    lines: lines
      .map((l, i) => ({ l, sort: sorts[i]! }))
      .sort((a, b) => a.sort - b.sort)
      .map((x) => x.l),
    distance,
    lat,
    lng,
  }));

  const ofKind = (kind: number): Located<AroundPlace>[] =>
    placeRows
      .filter((r) => r.kind === kind)
      .map((r) => ({ id: r.id, name: r.name, distance: Math.round(haversineMetres(p, r)), lat: r.lat, lng: r.lng }))
      .filter((r) => r.distance <= AROUND_RADIUS)
      .sort(byDistance)
      .slice(0, AROUND_MAX_PER_KIND);

  return {
    radius: AROUND_RADIUS,
    stations: stationList,
    schools: ofKind(PLACE_KIND.SCHOOL),
    hospitals: ofKind(PLACE_KIND.HOSPITAL),
    shopping: ofKind(PLACE_KIND.SHOPPING),
  };
}

async function around(db: Db, projectId: number): Promise<ProjectAround> {
  const p = await requireProject(db, projectId);
  const a = await aroundPoint(db, p.cityCode, p);
  // 周边's answer is names and distances (its contract): the coordinates stay with the map's call.
  const unplaced = ({ id, name, distance }: Located<AroundPlace>): AroundPlace => ({ id, name, distance });
  return {
    radius: a.radius,
    stations: a.stations.map(({ name, lines, distance }) => ({ name, lines, distance })),
    schools: a.schools.map(unplaced),
    hospitals: a.hospitals.map(unplaced),
    shopping: a.shopping.map(unplaced),
  };
}

export function registerProjectPages(app: FastifyInstance, db: Db): void {
  portalRoute(app, {
    path: ApiPath.projectNews,
    summary: "A project's news (楼盘动态: 开盘, 加推, 交房, 价格变动), newest first, 10 a page; a page past the last is empty",
    tags: ['new-home'],
    input: projectNewsQuerySchema,
    output: projectNewsPageSchema,
    handler: (input) => newsPage(db, input.projectId, input.page),
  });

  portalRoute(app, {
    path: ApiPath.projectAround,
    summary:
      'What is within 3 km of a project (周边): subway stations, schools, hospitals and shopping, nearest first, straight-line metres',
    tags: ['new-home'],
    input: projectAroundQuerySchema,
    output: projectAroundSchema,
    handler: (input) => around(db, input.projectId),
  });
}
