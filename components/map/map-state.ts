import {
  COMMUTE_MINUTES,
  formatDrawnArea,
  MAP_CHANNELS,
  MAP_FILTER_KEYS,
  MAP_TYPE_OF,
  MAP_ZOOM,
  parseDrawnArea,
  type AreaPoint,
  type MapChannel,
} from '@contracts/map-constants';

export { MAP_FILTER_KEYS };

/**
 * The client state mapSearchInfo (spec "Client-held state") in the URL, so a map view can be shared, reloaded and
 * gone back to: `?type=0&lng=116.40&lat=39.90&z=12&c=123&pg=2&rooms=2&price=3`. `type` is the spec's /map query
 * (0 二手房, 1 新房, 2 租房); `c` the chosen community (新房: project); filters by the channel's own keys
 * (contracts/residential.ts), one code each. Subway: `line` (a line id) and `st` (a station id) narrow bubbles and list to
 * the homes whose nearest station it is. 通勤找房: `cm` (15/30/45 minutes) with the workplace, `cst` (a station) or
 * `clng`/`clat` (a point); `cm` alone is the search open and waiting for a workplace. 画圈找房: `drawn` the drawn
 * polygon's corners (`lng,lat;lng,lat;…`), its homes listed beside the map (and 订阅 offered for it).
 */
export interface MapSearchInfo {
  channel: MapChannel;
  centre: { lat: number; lng: number } | null;
  zoom: number | null;
  /** The chosen community (新房: project) whose list is open beside the map. */
  selected: number | null;
  page: number;
  filters: Record<string, number>;
  /** The chosen subway line, and a station of it (both ids), or null. */
  line: number | null;
  station: number | null;
  commute: MapCommuteInfo | null;
  /** The drawn area searched (画圈找房), its corners [lng, lat]; null when none. */
  area: AreaPoint[] | null;
}

export type CommuteMinutes = (typeof COMMUTE_MINUTES)[number];
export interface MapCommuteInfo {
  minutes: CommuteMinutes;
  /** The workplace: a station, or a point; neither while one is being chosen. */
  stationId: number | null;
  at: { lat: number; lng: number } | null;
}

/** The spec's `type` numbers, in MAP_CHANNELS order by their meaning. */
export const TYPE_OF = MAP_TYPE_OF;
const CHANNEL_OF_TYPE: Record<string, MapChannel> = { '0': 'esf', '1': 'new', '2': 'rent' };

const number = (s: string | null, min: number, max: number): number | null => {
  if (s === null || !/^-?\d+(\.\d+)?$/.test(s)) return null;
  const n = Number(s);
  return n >= min && n <= max ? n : null;
};

export function parseMapSearch(search: string, allowed: readonly MapChannel[] = MAP_CHANNELS): MapSearchInfo {
  const q = new URLSearchParams(search);
  const asked = CHANNEL_OF_TYPE[q.get('type') ?? ''];
  const channel = asked && allowed.includes(asked) ? asked : allowed[0]!;
  const lat = number(q.get('lat'), 3, 54);
  const lng = number(q.get('lng'), 73, 136);
  const zoom = number(q.get('z'), MAP_ZOOM.min, MAP_ZOOM.max);
  const filters: Record<string, number> = {};
  for (const key of MAP_FILTER_KEYS[channel]) {
    const code = number(q.get(key), 1, 20);
    if (code !== null && Number.isInteger(code)) filters[key] = code;
  }
  const ID_MAX = 2_147_483_647;
  const id = (key: string) => {
    const n = number(q.get(key), 1, ID_MAX);
    return n !== null && Number.isInteger(n) ? n : null;
  };
  const minutes = COMMUTE_MINUTES.find((m) => String(m) === q.get('cm'));
  const cLat = number(q.get('clat'), 3, 54);
  const cLng = number(q.get('clng'), 73, 136);
  const commuteStation = id('cst');
  const line = id('line');
  return {
    channel,
    line,
    station: line === null ? null : id('st'),
    commute: minutes
      ? {
          minutes,
          stationId: commuteStation,
          at: commuteStation === null && cLat !== null && cLng !== null ? { lat: cLat, lng: cLng } : null,
        }
      : null,
    area: parseDrawnArea(q.get('drawn')),
    centre: lat !== null && lng !== null ? { lat, lng } : null,
    zoom: zoom === null ? null : Math.round(zoom),
    selected: number(q.get('c'), 1, 2_147_483_647),
    page: number(q.get('pg'), 1, 100) ?? 1,
    filters,
  };
}

export function formatMapSearch(info: MapSearchInfo): string {
  const q = new URLSearchParams();
  q.set('type', String(TYPE_OF[info.channel]));
  if (info.centre) {
    q.set('lng', info.centre.lng.toFixed(5));
    q.set('lat', info.centre.lat.toFixed(5));
  }
  if (info.zoom !== null) q.set('z', String(info.zoom));
  for (const key of MAP_FILTER_KEYS[info.channel]) {
    const code = info.filters[key];
    if (code !== undefined) q.set(key, String(code));
  }
  if (info.selected !== null) q.set('c', String(info.selected));
  if (info.line !== null) {
    q.set('line', String(info.line));
    if (info.station !== null) q.set('st', String(info.station));
  }
  if (info.commute) {
    q.set('cm', String(info.commute.minutes));
    if (info.commute.stationId !== null) q.set('cst', String(info.commute.stationId));
    else if (info.commute.at) {
      q.set('clng', info.commute.at.lng.toFixed(5));
      q.set('clat', info.commute.at.lat.toFixed(5));
    }
  }
  if (info.page > 1) q.set('pg', String(info.page));
  // Commas and semicolons as they are: the address stays readable (URLSearchParams would escape them).
  return `?${q.toString()}${info.area ? `&drawn=${formatDrawnArea(info.area)}` : ''}`;
}
