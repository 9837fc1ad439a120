import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { commuteHeadSchema, mapCommuteRequestSchema, mapCommuteSchema } from '@contracts/map-commute';
import { ApiPath } from '@contracts/paths';
import type { Db } from '../../db/client';
import { subwayStations } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { portalRoute } from '../../http/portal-route';
import { requireChannelCity } from '../cities/cities';
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
import { requireInCity } from './drawn-area';
import { JsonText } from '../../http/json-text';
import { mapChannel, whereOf } from './map';
import type { MapCache } from './map-cache';
import { pageItems } from './map-items';

/**
 * 通勤找房 (contracts/map-commute.ts): the city's subway graph is built once per process from the seeded lines and
 * kept (stations do not change while it runs), so a query is a Dijkstra over a few hundred stations, a walk over the
 * channel's list in its own order kept in memory ("nearest station reached, and its walk within the time left" gives
 * the page and the total together), and the page's items, kept by id (map-items.ts).
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

const one = (n: number) => Math.round(n * 10) / 10;

export function registerCommute(app: FastifyInstance, db: Db, cache: MapCache): void {
  portalRoute(app, {
    path: ApiPath.mapCommute,
    summary:
      '通勤找房: from a workplace (point or station) in 15/30/45 minutes by subway and walking, the stations reached, the area and the homes whose nearest station is reached in time',
    tags: ['map'],
    // One count with the map's other calls per address (map-limits.ts).
    options: { onRequest: cache.limits.calls },
    input: mapCommuteRequestSchema,
    output: mapCommuteSchema,
    handler: async (input, request) => {
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

      // A home counts when its nearest station is reached and the walk to it fits in the minutes left there. The
      // homes are walked in the list's own order kept in memory (map-aggregate.ts listOrder): the total is every one
      // that counts, the page the ones at its offset; then the page's items.
      const source = mapChannel(channel);
      const { table, orderBy, walk } = source;
      // Every platform (row) of a station reached counts with that station's walk left (stations.ts: one station, any
      // line), indexed by the platform's id: the walk below reads it once per home of the city.
      const radii = new Int32Array(Math.max(0, ...reached.flatMap((s) => s.platformIds)) + 1).fill(-1);
      for (const s of reached) if (s.radius > 0) for (const id of s.platformIds) radii[id] = s.radius;
      const set = cache.filterSet(request, input.filters, () => whereOf(channel, city, input.filters));
      const order = await cache.aggregate.listOrder(table, walk, city.cityCode, set, input.sort, orderBy(input.sort));
      const offset = (input.page - 1) * input.pageSize;
      const pageIds: number[] = [];
      let total = 0;
      const { ids, stations: nearest, walks } = order;
      for (let i = 0; i < ids.length; i++) {
        const station = nearest[i]!;
        const metres = walks[i]!;
        if (station < 0 || station >= radii.length || metres < 0 || metres > radii[station]!) continue;
        if (total >= offset && pageIds.length < input.pageSize) pageIds.push(ids[i]!);
        total++;
      }
      const list = await pageItems(cache.store, db, source, city.cityCode, pageIds);
      // The items are JSON text checked when made (map-items.ts); the rest is checked here.
      const head = JSON.stringify({
        channelCode: channel,
        ...commuteHeadSchema.parse({ minutes: budget, origin, stations, page: input.page, pageSize: input.pageSize, total }),
      });
      return new JsonText(`${head.slice(0, -1)},"list":[${list.join(',')}]}`);
    },
  });
}
