import { sql, type SQL } from 'drizzle-orm';
import { subwayStations } from '../../db/schema';

/**
 * What a station is to a visitor: a place, not a row. subway_stations keeps one row per line a station
 * is on (an interchange such as 西直门 has three), and a home was seeded against one of them, the nearest (at one
 * point: the first line's). So every row of a city with the same name is the same station: a station id in a URL,
 * a suggestion, the map's subway view or 通勤找房 stands for all of them. The names are the seed's real names, and
 * two stations of one city never share one (the coordinates of an interchange's rows may differ by a few hundred
 * metres, interpolated per line, so the name is the key, not the point).
 */

/**
 * The ids of every row of the station that row `stationId` is in, as a subquery (ORDER-free, at most a few rows:
 * `in (…)` of it is served by the station index). With `lineId`, only if the station is on that line: the filter
 * bar's and the suggestions' URLs name the line they came through (sl{line}/ss{station}/), any of the station's.
 */
export function stationRowsOf(cityCode: string, stationId: number, lineId?: number): SQL {
  const onLine =
    lineId === undefined
      ? sql``
      : sql` and exists (select 1 from ${subwayStations} l where l.city_code = me.city_code and l.name = me.name and l.line_id = ${lineId})`;
  return sql`(select g.id from ${subwayStations} g join ${subwayStations} me on me.city_code = g.city_code and me.name = g.name where me.id = ${stationId} and me.city_code = ${cityCode}${onLine})`;
}

/** Rows grouped into stations: name → its rows, in the order given (the first is the station's own). */
export function stationsOf<T extends { name: string }>(rows: readonly T[]): Map<string, T[]> {
  const byName = new Map<string, T[]>();
  for (const r of rows) {
    const same = byName.get(r.name);
    if (same) same.push(r);
    else byName.set(r.name, [r]);
  }
  return byName;
}

/**
 * The ids of every row of every station on line `lineId`, as a subquery: a line's homes are those near its stations,
 * whichever line's row of an interchange they were seeded against (望京's homes, seeded on 14号线, are 15号线's too).
 */
export function lineStationRowsOf(cityCode: string, lineId: number): SQL {
  return sql`(select g.id from ${subwayStations} g join ${subwayStations} me on me.city_code = g.city_code and me.name = g.name where me.line_id = ${lineId} and me.city_code = ${cityCode})`;
}
