import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mapCommuteRequestSchema, mapCommuteSchema } from '@contracts/map-commute';
import { ApiPath } from '@contracts/paths';
import type { Db } from '../../db/client';
import { subwayStations } from '../../db/schema';
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
import { requireInCity } from './drawn-area';
import { CHANNEL, inOrder, whereOf } from './map';
import { filtersKey, mapAggregate, type FilterSet } from './map-aggregate';

/**
 * 通勤找房 (contracts/map-commute.ts): the city's subway graph is built once per process from the seeded lines and
 * kept (stations do not change while it runs), so a query is a Dijkstra over a few hundred stations, a walk over the
 * channel's list in its own order kept in memory ("nearest station reached, and its walk within the time left" gives
 * the page and the total together), and one query for the page's items.
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

      // A home counts when its nearest station is reached and the walk to it fits in the minutes left there. The
      // homes are walked in the list's own order kept in memory (map-aggregate.ts listOrder): the total is every one
      // that counts, the page the ones at its offset; then one query for the page's items.
      const { table, orderBy, walk } = CHANNEL[channel];
      // Every platform (row) of a station reached counts with that station's walk left (stations.ts: one station, any line).
      const radiusOf = new Map(
        reached.filter((s) => s.radius > 0).flatMap((s) => s.platformIds.map((id) => [id, s.radius] as const)),
      );
      const set: FilterSet = { key: filtersKey(input.filters), where: () => whereOf(channel, city, input.filters) };
      const order = await mapAggregate(db).listOrder(table, walk, city.cityCode, set, input.sort, orderBy(input.sort));
      const offset = (input.page - 1) * input.pageSize;
      const pageIds: number[] = [];
      let total = 0;
      for (let i = 0; i < order.ids.length; i++) {
        const radius = radiusOf.get(order.stations[i]!);
        const metres = order.walks[i]!;
        if (radius === undefined || metres < 0 || metres > radius) continue;
        if (total >= offset && pageIds.length < input.pageSize) pageIds.push(order.ids[i]!);
        total++;
      }
      const paging = { minutes: budget, origin, stations, page: input.page, pageSize: input.pageSize, total };
      if (channel === 'esf')
        return { channelCode: channel, ...paging, list: await inOrder(pageIds, (p) => listItemsByIds(db, p)) };
      if (channel === 'rent')
        return { channelCode: channel, ...paging, list: await inOrder(pageIds, (p) => rentItemsByIds(db, p)) };
      return { channelCode: channel, ...paging, list: await inOrder(pageIds, (p) => projectItemsByIds(db, p)) };
    },
  });
}
