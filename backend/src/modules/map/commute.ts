import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mapCommuteRequestSchema, mapCommuteSchema } from '@contracts/map-commute';
import { ApiPath } from '@contracts/paths';
import type { Db } from '../../db/client';
import { listings, newProjects, rentals, subwayStations } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { portalRoute } from '../../http/portal-route';
import { requireChannelCity } from '../cities/cities';
import { listItemsByIds } from '../listings/esf-items';
import { itemsByIds as projectItemsByIds } from '../listings/new-home';
import { rentItemsByIds } from '../listings/rent';
import {
  buildCommuteGraph,
  COMMUTE,
  reachWithin,
  startsOfPoint,
  startsOfStation,
  stationsReached,
  walkLeft,
  type CommuteGraph,
} from './commute-graph';
import { CHANNEL, requireInCity, whereOf } from './map';

/**
 * 通勤找房 (contracts/map-commute.ts): the city's subway graph is built once per process from the seeded lines and
 * kept (stations do not change while it runs), so a query is a Dijkstra over a few hundred stations and one
 * query of the channel's list WHERE plus "nearest station reached, and its walk within the time left" giving the
 * page and the total together.
 */

const graphs = new Map<string, Promise<CommuteGraph>>();
export function commuteGraphOf(db: Db, cityCode: string): Promise<CommuteGraph> {
  let graph = graphs.get(cityCode);
  if (!graph) {
    graph = db
      .select({
        id: subwayStations.id,
        name: subwayStations.name,
        lineId: subwayStations.lineId,
        seq: subwayStations.seq,
        lat: subwayStations.lat,
        lng: subwayStations.lng,
      })
      .from(subwayStations)
      .where(eq(subwayStations.cityCode, cityCode))
      .orderBy(asc(subwayStations.id))
      .then(buildCommuteGraph);
    graph.catch(() => graphs.delete(cityCode));
    graphs.set(cityCode, graph);
  }
  return graph;
}

/** Each channel's walking metres from a home (project) to its nearest station. */
const STATION_DISTANCE = {
  esf: listings.stationDistance,
  rent: rentals.stationDistance,
  new: newProjects.stationDistance,
} as const;

const one = (n: number) => Math.round(n * 10) / 10;

export function registerCommute(app: FastifyInstance, db: Db): void {
  portalRoute(app, {
    path: ApiPath.mapCommute,
    summary:
      '通勤找房: from a workplace (point or station) in 15/30/45 minutes by subway and walking, the stations reached, the area and the homes whose nearest station is reached in time',
    tags: ['map'],
    input: mapCommuteRequestSchema,
    output: mapCommuteSchema,
    handler: async (input) => {
      const channel = input.channelCode;
      const city = await requireChannelCity(db, input.cityCode, channel);
      const graph = await commuteGraphOf(db, city.cityCode);
      if (graph.stations.length === 0) throw badRequest(`${city.name}暂无地铁线路，无法通勤找房`);
      let origin: { lat: number; lng: number; name: string | null };
      let starts;
      if (input.stationId !== undefined) {
        const at = graph.index.get(input.stationId);
        if (at === undefined) throw badRequest(`地铁站不在${city.name}`);
        const s = graph.stations[at]!;
        origin = { lat: s.lat, lng: s.lng, name: s.name };
        starts = startsOfStation(graph, input.stationId);
      } else {
        const at = { lat: input.lat!, lng: input.lng! };
        await requireInCity(db, city, { west: at.lng, east: at.lng, south: at.lat, north: at.lat }, '工作地点');
        origin = { ...at, name: null };
        starts = startsOfPoint(graph, at);
        if (starts.length === 0) throw badRequest(`工作地点步行${COMMUTE.maxWalkMetres / 1000}公里内没有地铁站，请换一个地点`);
      }
      const budget = input.minutes;
      // One per station: an interchange at its first platform reached, the homes of all its platforms round it.
      const reached = stationsReached(graph, reachWithin(graph, starts, budget))
        .map(({ at, minutes, platforms }) => ({
          ...graph.stations[at]!,
          minutes: one(minutes),
          radius: walkLeft(minutes, budget),
          platformIds: platforms.map((p) => graph.stations[p]!.id),
        }))
        .sort((a, b) => a.minutes - b.minutes || a.id - b.id);
      const stations = reached.map(({ id, name, lineId, lat, lng, minutes, radius }) => ({
        id,
        name,
        lineId,
        lat,
        lng,
        minutes,
        radius,
      }));

      // A home counts when its nearest station is reached and the walk to it fits in the minutes left there.
      const { table, orderBy } = CHANNEL[channel];
      const walkable = reached.filter((s) => s.radius > 0);
      // Two array parameters (the stations and their radii, as Postgres array literals of our own integers), so the
      // statement's text is the same whatever is reached and the station index still serves `= any(…)`.
      const ids = `{${walkable.flatMap((s) => s.platformIds).join(',')}}`;
      const radii = `{${walkable.flatMap((s) => s.platformIds.map(() => s.radius)).join(',')}}`;
      const inReach: SQL =
        walkable.length === 0
          ? sql`false`
          : sql`${table.stationId} = any(${ids}::int[]) and ${STATION_DISTANCE[channel]} <= (${radii}::int[])[array_position(${ids}::int[], ${table.stationId})]`;
      const where = and(whereOf(channel, city, input.filters), inReach);
      const offset = (input.page - 1) * input.pageSize;
      const order = orderBy(input.sort);
      /** The page's ids and the total in one query (the count is a window over the rows before the limit). */
      const pageWithTotal = async <T>(load: (ids: number[]) => Promise<Map<number, T>>) => {
        const rows = await db
          .select({ id: table.id, n: sql<number>`count(*) over ()` })
          .from(table)
          .where(where)
          .orderBy(...order)
          .limit(input.pageSize)
          .offset(offset);
        // A page past the last has no rows to carry the total: it is counted on its own.
        const total = rows.length > 0 ? Number(rows[0]!.n) : (await db.select({ n: count() }).from(table).where(where))[0]!.n;
        const byId = rows.length > 0 ? await load(rows.map((r) => Number(r.id))) : new Map<number, T>();
        return {
          total,
          list: rows.flatMap((r) => {
            const item = byId.get(Number(r.id));
            return item === undefined ? [] : [item];
          }),
        };
      };
      const paging = { minutes: budget, origin, stations, page: input.page, pageSize: input.pageSize };
      if (channel === 'esf') return { channelCode: channel, ...paging, ...(await pageWithTotal((p) => listItemsByIds(db, p))) };
      if (channel === 'rent') return { channelCode: channel, ...paging, ...(await pageWithTotal((p) => rentItemsByIds(db, p))) };
      return { channelCode: channel, ...paging, ...(await pageWithTotal((p) => projectItemsByIds(db, p))) };
    },
  });
}
