/**
 * 通勤找房's subway graph (pure: no database): stations are nodes (one per line a station is on, as the table keeps
 * them), neighbours along a line are joined by the ride between them, and rows of one name are an interchange
 * joined by a transfer. Times are minutes; a query is Dijkstra from the workplace's stations with a budget, and
 * its answer one station per name (stationsReached), as a visitor sees stations (listings/stations.ts).
 */

/** The commute's figures: what a rider of Beijing's or Shanghai's subway sees on a weekday. */
export const COMMUTE = {
  /** Walking pace, metres a minute. */
  walkPerMinute: 80,
  /** No one walks further than this to or from a station (the seed's nearest station is within it too). */
  maxWalkMetres: 1500,
  /** Average running speed between stations (35 km/h), metres a minute. */
  ridePerMinute: 35_000 / 60,
  /** Stopping at each station on the way (doors, acceleration). */
  dwellMinutes: 0.5,
  /** Waiting for the first train. */
  boardMinutes: 3,
  /** Changing lines at an interchange: the walk between platforms and the wait for the other line. */
  transferMinutes: 5,
} as const;

export interface GraphStation {
  id: number;
  name: string;
  lineId: number;
  seq: number;
  lat: number;
  lng: number;
}

export interface CommuteGraph {
  stations: GraphStation[];
  /** Station id → index in `stations`. */
  index: Map<number, number>;
  /** Per station index: the neighbours and the minutes to each. */
  edges: { to: number; minutes: number }[][];
  /** Station name → the indexes of its rows: its platforms, one per line (an interchange has several). */
  platforms: Map<string, number[]>;
}

/** Straight-line metres on a city's scale (equirectangular). */
export function metresBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = (a.lat - b.lat) * 111_000;
  const dLng = (a.lng - b.lng) * 111_000 * Math.cos((a.lat * Math.PI) / 180);
  return Math.hypot(dLat, dLng);
}

/** Walking metres, as the seed measures a home's walk to its nearest station (seed-homes.ts walkingMetres): streets are not straight. */
export const walkingMetres = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) =>
  Math.round(metresBetween(a, b) * 1.3);

/** Minutes of a ride between neighbouring stations: the track is a little longer than the straight line. */
export const rideMinutes = (a: GraphStation, b: GraphStation) =>
  (metresBetween(a, b) * 1.15) / COMMUTE.ridePerMinute + COMMUTE.dwellMinutes;

export function buildCommuteGraph(stations: readonly GraphStation[]): CommuteGraph {
  const list = [...stations];
  const index = new Map(list.map((s, i) => [s.id, i]));
  const edges: CommuteGraph['edges'] = list.map(() => []);
  const join = (i: number, j: number, minutes: number) => {
    edges[i]!.push({ to: j, minutes });
    edges[j]!.push({ to: i, minutes });
  };
  const byLine = new Map<number, number[]>();
  const byName = new Map<string, number[]>();
  list.forEach((s, i) => {
    byLine.set(s.lineId, [...(byLine.get(s.lineId) ?? []), i]);
    byName.set(s.name, [...(byName.get(s.name) ?? []), i]);
  });
  for (const ids of byLine.values()) {
    ids.sort((a, b) => list[a]!.seq - list[b]!.seq);
    for (let k = 1; k < ids.length; k++) join(ids[k - 1]!, ids[k]!, rideMinutes(list[ids[k - 1]!]!, list[ids[k]!]!));
  }
  for (const ids of byName.values()) {
    for (let a = 0; a < ids.length; a++) {
      for (let b = a + 1; b < ids.length; b++) {
        // A loop line lists its first station again at the end: the same platform, no transfer.
        const sameLine = list[ids[a]!]!.lineId === list[ids[b]!]!.lineId;
        join(ids[a]!, ids[b]!, sameLine ? 0 : COMMUTE.transferMinutes);
      }
    }
  }
  return { stations: list, index, edges, platforms: byName };
}

/** Where a journey starts: a station index and the minutes spent before its platform. */
export interface Start {
  at: number;
  minutes: number;
}

/** From a point: every station within walking reach, the walk and the first wait. */
export function startsOfPoint(graph: CommuteGraph, at: { lat: number; lng: number }): Start[] {
  return graph.stations.flatMap((s, i) => {
    const walk = walkingMetres(at, s);
    return walk <= COMMUTE.maxWalkMetres ? [{ at: i, minutes: walk / COMMUTE.walkPerMinute + COMMUTE.boardMinutes }] : [];
  });
}

/** From a station: its platforms on every line it is on, after the first wait. */
export function startsOfStation(graph: CommuteGraph, stationId: number): Start[] {
  const i = graph.index.get(stationId);
  if (i === undefined) return [];
  const name = graph.stations[i]!.name;
  return graph.stations.flatMap((s, j) => (s.name === name ? [{ at: j, minutes: COMMUTE.boardMinutes }] : []));
}

/** Dijkstra within `budget` minutes: station index → the least minutes to reach it (only those within the budget). */
export function reachWithin(graph: CommuteGraph, starts: readonly Start[], budget: number): Map<number, number> {
  const best = new Float64Array(graph.stations.length).fill(Infinity);
  const done = new Uint8Array(graph.stations.length);
  for (const s of starts) if (s.minutes < best[s.at]!) best[s.at] = s.minutes;
  // A few hundred stations a city: a scan for the nearest open one is quicker than keeping a heap.
  for (;;) {
    let u = -1;
    for (let i = 0; i < best.length; i++) if (!done[i] && best[i]! <= budget && (u < 0 || best[i]! < best[u]!)) u = i;
    if (u < 0) break;
    done[u] = 1;
    for (const e of graph.edges[u]!) {
      const t = best[u]! + e.minutes;
      if (t < best[e.to]!) best[e.to] = t;
    }
  }
  const reached = new Map<number, number>();
  done.forEach((d, i) => d && reached.set(i, best[i]!));
  return reached;
}

/** A station reached: at its first platform reached (`at`, a station index), and every platform of it. */
export interface StationReached {
  at: number;
  minutes: number;
  /** Indexes of all its rows: a home seeded against any of them is at this station (listings/stations.ts). */
  platforms: number[];
}

/**
 * The stations of `reached` (station index → minutes), one per name: a rider who comes in on one line is at the
 * station and walks out of it without changing to another line's platform, so an interchange is reached when its
 * first platform is, and the homes of all its rows walk from it with the time left then. Ordered by minutes.
 */
export function stationsReached(graph: CommuteGraph, reached: Map<number, number>): StationReached[] {
  const first = new Map<string, { at: number; minutes: number }>();
  for (const [i, minutes] of reached) {
    const name = graph.stations[i]!.name;
    const seen = first.get(name);
    const earlier =
      !seen || minutes < seen.minutes || (minutes === seen.minutes && graph.stations[i]!.id < graph.stations[seen.at]!.id);
    if (earlier) first.set(name, { at: i, minutes });
  }
  return [...first].map(([name, s]) => ({ ...s, platforms: graph.platforms.get(name)! }));
}

/** Metres one may still walk from a station reached at `minutes` within `budget`: the circle of the area reached. */
export const walkLeft = (minutes: number, budget: number) =>
  Math.max(0, Math.min(COMMUTE.maxWalkMetres, Math.floor((budget - minutes) * COMMUTE.walkPerMinute)));
