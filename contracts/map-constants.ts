/** 地图找房's constants without zod, for the browser (contracts/map.ts has the schemas). */

/** The map's channels and the spec's `/map?type=`: 0 二手房, 1 新房, 2 租房. */
export const MAP_CHANNELS = ['esf', 'new', 'rent'] as const;
export type MapChannel = (typeof MAP_CHANNELS)[number];

/** Zoom levels (Web Mercator, as Leaflet counts them) where the bubbles change from one kind of place to the next. */
export const MAP_ZOOM = { min: 9, max: 18, area: 13, community: 15 } as const;
export type BubbleLevel = 'district' | 'area' | 'community' | 'project';

/** What a zoom shows: districts up to 12, business areas 13–14, then communities (projects on 新房). */
export function bubbleLevelOf(channel: MapChannel, zoom: number): BubbleLevel {
  if (zoom < MAP_ZOOM.area) return 'district';
  if (zoom < MAP_ZOOM.community) return 'area';
  return channel === 'new' ? 'project' : 'community';
}

/** The largest box of the map the browser asks bubbles for, degrees a side (contracts/map.ts refuses more than 3). */
export const MAP_BOUNDS_MAX_DEGREES_CLIENT = 2.8;

/** 通勤找房's times (minutes by subway plus walking), contracts/map-commute.ts. */
export const COMMUTE_MINUTES = [15, 30, 45] as const;

/** The filters the map offers per channel: price, layout and area rows of the list (contracts/residential.ts). */
export const MAP_FILTER_KEYS: Record<MapChannel, readonly string[]> = {
  esf: ['price', 'rooms', 'area'],
  rent: ['rent', 'rooms', 'area'],
  new: ['unitPrice', 'totalPrice'],
};

/** A drawn area's corner: [lng, lat]. */
export type AreaPoint = [number, number];

/**
 * A drawn area in the map's URL (`drawn=116.40123,39.90123;116.41,39.91;…`): 5 decimals (about a metre), so the
 * address, the search and a saved search (订阅) hold the very same polygon.
 */
export const roundAreaPoint = ([lng, lat]: readonly number[]): AreaPoint => [
  Math.round(lng! * 1e5) / 1e5,
  Math.round(lat! * 1e5) / 1e5,
];
export const formatDrawnArea = (points: readonly (readonly number[])[]) =>
  points
    .map((p) =>
      roundAreaPoint(p)
        .map((n) => n.toFixed(5))
        .join(','),
    )
    .join(';');
/** The corners of a `drawn=` value, or null when it is no list of lng,lat pairs (the API checks the polygon itself). */
export function parseDrawnArea(value: string | null): AreaPoint[] | null {
  if (!value) return null;
  const points = value.split(';').map((pair) => pair.split(',').map((s) => (/^-?\d+(\.\d+)?$/.test(s) ? Number(s) : NaN)));
  if (points.length < 3 || points.some((p) => p.length !== 2 || p.some(Number.isNaN))) return null;
  return points.map(roundAreaPoint);
}

/** Area of a simple ring in km² (shoelace on an equirectangular projection at the ring's latitude). */
export function ringAreaKm2(ring: readonly (readonly number[])[]): number {
  if (ring.length < 3) return 0;
  const lat0 = ring.reduce((s, p) => s + p[1]!, 0) / ring.length;
  const kx = 111.32 * Math.cos((lat0 * Math.PI) / 180);
  const ky = 110.57;
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    sum += ring[j]![0]! * kx * (ring[i]![1]! * ky) - ring[i]![0]! * kx * (ring[j]![1]! * ky);
  }
  return Math.abs(sum) / 2;
}

/** The spec's `/map?type=`: 0 二手房, 1 新房, 2 租房. */
export const MAP_TYPE_OF: Record<MapChannel, number> = { esf: 0, new: 1, rent: 2 };

/**
 * The map's address of a drawn-area search (a saved one's link, 订阅): the channel, its map filters (one code each)
 * and the polygon; the map opens with the area drawn and its homes listed.
 */
export function drawnAreaPath(channel: MapChannel, filters: Record<string, unknown>, points: readonly (readonly number[])[]) {
  const q = new URLSearchParams();
  q.set('type', String(MAP_TYPE_OF[channel]));
  for (const key of MAP_FILTER_KEYS[channel]) {
    const v = filters[key];
    const code = Array.isArray(v) ? v[0] : v;
    if (typeof code === 'number') q.set(key, String(code));
  }
  // Commas and semicolons as they are: the address stays readable (URLSearchParams would escape them).
  return `/map?${q.toString()}&drawn=${formatDrawnArea(points)}`;
}
