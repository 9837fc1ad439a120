import { z } from 'zod';
import { cityCodeField } from './city';
import { esfListItemSchema } from './esf';
import { id, int } from './fields';
import { esfMapFiltersSchema, newMapFiltersSchema, rentMapFiltersSchema } from './map';
import { COMMUTE_MINUTES } from './map-constants';
import { newHomeListItemSchema } from './new-home';
import { rentListItemSchema } from './rent';

/**
 * 通勤找房 (POST /v1/ditu/commute, docs/api.md "Map"): from a workplace (a point or a subway station) and a time of
 * 15, 30 or 45 minutes, the stations reached by subway plus walking, the area reached (a circle round each station
 * of the walk left) and the channel's homes whose nearest station is reached in time, walk to it included.
 */

/** A decimal degree: a JSON number, or the decimal digits a query string carries. */
const degree = (min: number, max: number, what: string) =>
  z
    .union([z.number({ error: `${what}须为数字` }), z.string().regex(/^-?\d+(\.\d+)?$/, `${what}须为数字`)])
    .pipe(z.coerce.number<string | number>().min(min, `${what}超出范围`).max(max, `${what}超出范围`));

const MINUTES_MESSAGE = '通勤时间只能选择15、30或45分钟';
const minutes = z
  .union([z.number({ error: MINUTES_MESSAGE }), z.string().regex(/^\d+$/, MINUTES_MESSAGE)], { error: MINUTES_MESSAGE })
  .pipe(z.coerce.number<string | number>())
  .refine((n) => (COMMUTE_MINUTES as readonly number[]).includes(n), MINUTES_MESSAGE);

const commuteBase = {
  cityCode: cityCodeField(),
  minutes,
  /** The workplace: a point (lng and lat together) or a station, exactly one of them. */
  lng: degree(73, 136, '经度').optional(),
  lat: degree(3, 54, '纬度').optional(),
  stationId: id().optional(),
  sort: int(0, 9).optional(),
  page: int(1, 100).default(1),
  pageSize: int(1, 50).default(20),
};
const oneWorkplace = (r: { lng?: number; lat?: number; stationId?: number }) =>
  r.stationId !== undefined ? r.lng === undefined && r.lat === undefined : r.lng !== undefined && r.lat !== undefined;
const WORKPLACE_MESSAGE = '请选择工作地点：地铁站，或地图上的一个点（经纬度），二者选一';

export const mapCommuteRequestSchema = z
  .discriminatedUnion('channelCode', [
    z.strictObject({ ...commuteBase, channelCode: z.literal('esf'), filters: esfMapFiltersSchema.default({}) }),
    z.strictObject({ ...commuteBase, channelCode: z.literal('rent'), filters: rentMapFiltersSchema.default({}) }),
    z.strictObject({ ...commuteBase, channelCode: z.literal('new'), filters: newMapFiltersSchema.default({}) }),
  ])
  .refine(oneWorkplace, WORKPLACE_MESSAGE);
export type MapCommuteRequest = z.input<typeof mapCommuteRequestSchema>;

export const commuteStationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  lineId: z.number().int(),
  lat: z.number(),
  lng: z.number(),
  /** Minutes from the workplace to this station (walk, wait, ride, transfers), one decimal: an interchange once, at its first platform reached, with the homes of all its lines' rows. */
  minutes: z.number(),
  /** Metres one may still walk from it within the time (at most the walking cap): the circle drawn. */
  radius: z.number().int(),
});
export type CommuteStation = z.infer<typeof commuteStationSchema>;

const commutePage = {
  minutes: z.number().int(),
  origin: z.object({ lat: z.number(), lng: z.number(), name: z.string().nullable() }),
  stations: z.array(commuteStationSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
};
/** The answer without its channel and list: checked on its own where the list is JSON text already. */
export const commuteHeadSchema = z.object(commutePage);
export const mapCommuteSchema = z.discriminatedUnion('channelCode', [
  z.object({ channelCode: z.literal('esf'), ...commutePage, list: z.array(esfListItemSchema) }),
  z.object({ channelCode: z.literal('rent'), ...commutePage, list: z.array(rentListItemSchema) }),
  z.object({ channelCode: z.literal('new'), ...commutePage, list: z.array(newHomeListItemSchema) }),
]);
export type MapCommute = z.infer<typeof mapCommuteSchema>;
