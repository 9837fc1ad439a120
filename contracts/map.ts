import { z } from 'zod';
import { cityCodeField } from './city';
import { esfListItemSchema, esfListQuerySchema } from './esf';
import { int } from './fields';
import { keywordField } from './listing-common';
import { newHomeListItemSchema, newHomeListQuerySchema } from './new-home';
import { MAP_CHANNELS, MAP_ZOOM } from './map-constants';
import { aroundPlaceSchema, aroundStationSchema } from './project-pages';
import { rentListItemSchema, rentListQuerySchema } from './rent';

export * from './map-constants';

/**
 * 地图找房 (/map routes, docs/web.md "Map"): the base map of a city (district outlines, subway), bubbles by zoom,
 * map suggestions that fly to a place, and the drawn-area search. Filters are each channel's own list filters
 * (contracts/residential.ts), so a bubble counts what the channel's list with the same filters and place shows.
 */

/** At most this much of the map is asked for at once, in degrees (a city is about 1–2 degrees across). */
export const MAP_BOUNDS_MAX_DEGREES = 3;
/** A drawn area: 3 to 100 corners, at most this many km² (a city's core is a few hundred). */
export const MAP_AREA_MAX_POINTS = 100;
export const MAP_AREA_MAX_KM2 = 500;

const coordinate = (min: number, max: number, what: string) =>
  z
    .number({ error: `${what}须为数字` })
    .min(min, `${what}超出范围`)
    .max(max, `${what}超出范围`);
const lng = coordinate(73, 136, '经度');
const lat = coordinate(3, 54, '纬度');

export const mapBoundsSchema = z
  .strictObject({ west: lng, south: lat, east: lng, north: lat })
  .refine((b) => b.west < b.east && b.south < b.north, '地图范围无效：西边须小于东边，南边须小于北边')
  .refine(
    (b) => b.east - b.west <= MAP_BOUNDS_MAX_DEGREES && b.north - b.south <= MAP_BOUNDS_MAX_DEGREES,
    `地图范围过大：每边不超过${MAP_BOUNDS_MAX_DEGREES}度`,
  );
export type MapBounds = z.infer<typeof mapBoundsSchema>;

const NOT_FILTERS = { cityCode: true, page: true, pageSize: true, sort: true } as const;
/** Each channel's list filters, places and keyword (its list request less city, page and sort). */
export const esfMapFiltersSchema = esfListQuerySchema.omit(NOT_FILTERS);
export const rentMapFiltersSchema = rentListQuerySchema.omit(NOT_FILTERS);
export const newMapFiltersSchema = newHomeListQuerySchema.omit(NOT_FILTERS);

const mapBase = { cityCode: cityCodeField() };
const zoom = int(MAP_ZOOM.min, MAP_ZOOM.max);

/** POST /v1/ditu/bubbles: the bubbles of a zoom (communities and projects within `bounds`, which they need). */
export const mapBubblesRequestSchema = z.discriminatedUnion('channelCode', [
  z.strictObject({
    ...mapBase,
    channelCode: z.literal('esf'),
    zoom,
    bounds: mapBoundsSchema.optional(),
    filters: esfMapFiltersSchema.default({}),
  }),
  z.strictObject({
    ...mapBase,
    channelCode: z.literal('rent'),
    zoom,
    bounds: mapBoundsSchema.optional(),
    filters: rentMapFiltersSchema.default({}),
  }),
  z.strictObject({
    ...mapBase,
    channelCode: z.literal('new'),
    zoom,
    bounds: mapBoundsSchema.optional(),
    filters: newMapFiltersSchema.default({}),
  }),
]);
export type MapBubblesRequest = z.input<typeof mapBubblesRequestSchema>;

export const mapBubbleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** Homes (二手房 在售, 租房 在租) or projects (新房) the channel's list shows there with the filters. */
  count: z.number().int(),
  /** 二手房: average 单价 元/㎡; 租房: average 月租 元; 新房: average 均价 元/㎡ (null: none priced). */
  avgPrice: z.number().int().nullable(),
  districtId: z.number().int(),
  businessAreaId: z.number().int().nullable(),
  /** A project pin's 在售/待售/售罄 (1/2/3); null on other bubbles. */
  saleStatus: z.number().int().nullable(),
});
export type MapBubble = z.infer<typeof mapBubbleSchema>;

export const mapBubblesSchema = z.object({
  level: z.enum(['district', 'area', 'community', 'project']),
  /** The sum of the counts: what the channel's list with the same filters finds in the places shown. */
  total: z.number().int(),
  list: z.array(mapBubbleSchema),
});
export type MapBubbles = z.infer<typeof mapBubblesSchema>;

/** POST /v1/ditu/basemap: the city's base layer, drawn without any tile server. */
export const mapBasemapRequestSchema = z.strictObject(mapBase);
export const mapBasemapSchema = z.object({
  centre: z.object({ lat: z.number(), lng: z.number() }),
  /** The box of the city's districts: the map does not leave it. */
  bounds: z.object({ west: z.number(), south: z.number(), east: z.number(), north: z.number() }),
  districts: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      lat: z.number(),
      lng: z.number(),
      /** GeoJSON MultiPolygon coordinates ([lng, lat]); empty when the outline is unknown. */
      polygons: z.array(z.array(z.array(z.tuple([z.number(), z.number()])))),
    }),
  ),
  /** Business areas (商圈): their names are labels of the base map at the zooms that show communities. */
  areas: z.array(z.object({ id: z.number().int(), name: z.string(), lat: z.number(), lng: z.number() })),
  lines: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      color: z.string(),
      stations: z.array(z.object({ id: z.number().int(), name: z.string(), lat: z.number(), lng: z.number() })),
    }),
  ),
});
export type MapBasemap = z.infer<typeof mapBasemapSchema>;

/** POST /v1/ditu/recommends (spec): suggestions that fly the map to a place. */
export const mapRecommendsRequestSchema = z.strictObject({
  ...mapBase,
  channelCode: z.enum(MAP_CHANNELS, { error: 'channelCode 须为 esf、new 或 rent' }),
  keyword: keywordField().pipe(z.string().min(1, '请输入关键词')),
});
export type MapRecommendsRequest = z.input<typeof mapRecommendsRequestSchema>;
export const mapSuggestionSchema = z.object({
  kind: z.enum(['district', 'area', 'community', 'project', 'line', 'station']),
  id: z.number().int(),
  name: z.string(),
  /** The channel's records there (a project: 1). */
  count: z.number().int(),
  /** `在售12套`, `在售 · 均价62000元/㎡` … as the search box's suggestions say it. */
  describe: z.string(),
  lng: z.number(),
  lat: z.number(),
  zoom: z.number().int(),
});
export type MapSuggestion = z.infer<typeof mapSuggestionSchema>;

const point = z.tuple([lng, lat]);
/** A drawn area's corners [lng, lat] (the search's, and a saved search's: contracts/alerts.ts). */
export const mapAreaPointsSchema = z
  .array(point)
  .min(3, '画圈区域至少需要3个点')
  .max(MAP_AREA_MAX_POINTS, `画圈区域最多${MAP_AREA_MAX_POINTS}个点`);
const paging = { sort: int(0, 9).optional(), page: int(1, 100).default(1), pageSize: int(1, 50).default(20) };

/** POST /v1/ditu/area: the homes (projects) inside a drawn polygon, exactly. */
export const mapAreaRequestSchema = z.discriminatedUnion('channelCode', [
  z.strictObject({
    ...mapBase,
    ...paging,
    channelCode: z.literal('esf'),
    points: mapAreaPointsSchema,
    filters: esfMapFiltersSchema.default({}),
  }),
  z.strictObject({
    ...mapBase,
    ...paging,
    channelCode: z.literal('rent'),
    points: mapAreaPointsSchema,
    filters: rentMapFiltersSchema.default({}),
  }),
  z.strictObject({
    ...mapBase,
    ...paging,
    channelCode: z.literal('new'),
    points: mapAreaPointsSchema,
    filters: newMapFiltersSchema.default({}),
  }),
]);
export type MapAreaRequest = z.input<typeof mapAreaRequestSchema>;

const areaPage = {
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  places: z.array(mapBubbleSchema),
};
export const mapAreaSchema = z.discriminatedUnion('channelCode', [
  z.object({ channelCode: z.literal('esf'), ...areaPage, list: z.array(esfListItemSchema) }),
  z.object({ channelCode: z.literal('rent'), ...areaPage, list: z.array(rentListItemSchema) }),
  z.object({ channelCode: z.literal('new'), ...areaPage, list: z.array(newHomeListItemSchema) }),
]);
export type MapArea = z.infer<typeof mapAreaSchema>;

/** POST /v1/ditu/nearby: what a detail page's map shows round its place (the 周边 query of a point). */
export const mapNearbyRequestSchema = z.strictObject({ ...mapBase, lat, lng });
export type MapNearbyRequest = z.input<typeof mapNearbyRequestSchema>;
const placed = { lat: z.number(), lng: z.number() };
export const mapNearbySchema = z.object({
  /** How far it looks, straight-line metres (AROUND_RADIUS). */
  radius: z.number().int(),
  stations: z.array(aroundStationSchema.extend(placed)),
  schools: z.array(aroundPlaceSchema.extend(placed)),
  hospitals: z.array(aroundPlaceSchema.extend(placed)),
  shopping: z.array(aroundPlaceSchema.extend(placed)),
});
export type MapNearby = z.infer<typeof mapNearbySchema>;
