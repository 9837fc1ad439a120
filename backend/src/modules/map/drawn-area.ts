import { eq } from 'drizzle-orm';
import { MAP_AREA_MAX_KM2 } from '@contracts/map';
import type { Db } from '../../db/client';
import { outlineOf } from '../../db/district-outlines';
import { districts } from '../../db/schema';
import { boundsOf, insidePolygon, ringAreaKm2, selfIntersects, type Bounds, type LngLat } from '../../domain/geo';
import { badRequest } from '../../http/errors';
import type { CityRow } from '../cities/cities';

/**
 * A place of the city and a drawn area (画圈找房), one rule for every caller: POST /v1/ditu/area searches the area,
 * 订阅 saves it (backend/src/modules/alerts/searches.ts) and the alerts matcher tests a home against it; all three
 * refuse the same polygons and count the same points inside.
 */

/** How far outside its districts' box a view may reach and still be the city's. */
const CITY_MARGIN = 0.3;

const extents = new Map<string, Bounds>();
/** The box of the city's districts (their outlines, else their points). */
export async function cityExtent(db: Db, cityCode: string): Promise<Bounds> {
  const known = extents.get(cityCode);
  if (known) return known;
  const rows = await db
    .select({ name: districts.name, lat: districts.lat, lng: districts.lng })
    .from(districts)
    .where(eq(districts.cityCode, cityCode));
  const points: LngLat[] = rows.flatMap((d) => {
    const outline = outlineOf(cityCode, d.name);
    return outline ? outline.polygons.flatMap((p) => p[0] ?? []) : [[d.lng, d.lat] as LngLat];
  });
  const b = boundsOf(points);
  extents.set(cityCode, b);
  return b;
}

export async function requireInCity(db: Db, city: CityRow, b: Bounds, what: string): Promise<void> {
  const c = await cityExtent(db, city.cityCode);
  const apart =
    b.east < c.west - CITY_MARGIN ||
    b.west > c.east + CITY_MARGIN ||
    b.north < c.south - CITY_MARGIN ||
    b.south > c.north + CITY_MARGIN;
  if (apart) throw badRequest(`${what}不在${city.name}范围内`);
}

/**
 * A drawn area the search takes (its 3–100 corners in range are the schema's, contracts/map.ts): inside the city,
 * at most MAP_AREA_MAX_KM2, its edges not crossing; else the 400 saying which.
 */
export async function requireDrawnArea(db: Db, city: CityRow, ring: LngLat[]): Promise<void> {
  await requireInCity(db, city, boundsOf(ring), '画圈区域');
  if (ringAreaKm2(ring) > MAP_AREA_MAX_KM2) throw badRequest(`画圈区域过大：不超过${MAP_AREA_MAX_KM2}平方公里`);
  if (selfIntersects(ring)) throw badRequest('画圈区域的边不能相互交叉');
}

/** Whether a place (a community's or a project's point) is in the drawn area: in its box and inside its ring. */
export function insideDrawnArea(ring: LngLat[]): { box: Bounds; inside: (p: { lat: number; lng: number }) => boolean } {
  const box = boundsOf(ring);
  return {
    box,
    inside: (p) =>
      p.lat >= box.south && p.lat <= box.north && p.lng >= box.west && p.lng <= box.east && insidePolygon([p.lng, p.lat], [ring]),
  };
}
