/**
 * Plane geometry on lng/lat: enough for a city, where a degree of longitude is cos(lat) of a degree of latitude.
 * Shared by the seed (places inside their district) and the map endpoints (bubbles, drawn areas). No PostGIS:
 * it is not in PGlite, and every question we ask is a point in a polygon of at most a few hundred points.
 */
export type LngLat = [number, number];
/** Rings of one polygon: the outer one first, then holes. */
export type Polygon = LngLat[][];

/** Even-odd ray casting over every ring, so holes count as outside. */
export function insidePolygon(pt: LngLat, polygon: Polygon): boolean {
  let inside = false;
  for (const ring of polygon) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi > pt[1] !== yj > pt[1] && pt[0] < ((xj - xi) * (pt[1] - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

export const insideAny = (pt: LngLat, polygons: readonly Polygon[]) => polygons.some((p) => insidePolygon(pt, p));

export interface Bounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

export function boundsOf(points: Iterable<LngLat>): Bounds {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const [x, y] of points) {
    if (x < west) west = x;
    if (x > east) east = x;
    if (y < south) south = y;
    if (y > north) north = y;
  }
  return { west, south, east, north };
}

/** The drawn area's km² is the browser's too (its 订阅 name): one function, in the contracts. */
export { ringAreaKm2 } from '@contracts/map-constants';

/** Whether two segments cross (touching ends do not count): a drawn ring that crosses itself is refused. */
function crosses(a: LngLat, b: LngLat, c: LngLat, d: LngLat): boolean {
  const o = (p: LngLat, q: LngLat, r: LngLat) => Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
  return o(a, b, c) * o(a, b, d) < 0 && o(c, d, a) * o(c, d, b) < 0;
}

export function selfIntersects(ring: readonly LngLat[]): boolean {
  const n = ring.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue;
      if (crosses(ring[i]!, ring[(i + 1) % n]!, ring[j]!, ring[(j + 1) % n]!)) return true;
    }
  }
  return false;
}
