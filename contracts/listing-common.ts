import { z } from 'zod';
import { cityCodeField } from './city';
import { ESF_MAX_PAGE, ESF_PAGE_SIZE, KEYWORD_MAX } from './constants';
import { id, int, text } from './fields';

/**
 * What every channel's listing contract shares (contracts/channels.ts): filter options and bands, places,
 * the place-and-page part of a list request, and the list page answer. A channel's own file adds its filters,
 * its list item and its detail.
 */

export const optionSchema = z.object({ code: z.number().int(), label: z.string() });
/** A filter option with the range it stands for: min inclusive, max exclusive, null for open. */
export const bandSchema = optionSchema.extend({ min: z.number().nullable(), max: z.number().nullable() });
export type ConditionBand = z.infer<typeof bandSchema>;
const place = z.object({ id: z.number().int(), name: z.string() });
export const placeWithChildrenSchema = place.extend({ children: z.array(place) });

/** Accepts `[1,2]` (JSON body) or `"1,2"` / `"1"` (query string). */
export const codeList = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v === '' ? [] : v.split(',')) : typeof v === 'number' ? [v] : v),
    z.array(int(1, max)).max(max),
  );

/** A search keyword: bounded, and without control characters (nothing a visitor types has them). */
export const keywordField = () =>
  text(KEYWORD_MAX).refine((s) => !/[\u0001-\u001f\u007f]/.test(s), 'must not contain control characters');

/**
 * The part of every list request that is not a channel filter: city, places, keyword, sort and page. Each
 * channel's list request is a strict object of these and its own filters: another channel's filter (`grade`
 * on 二手房) is a 400, not silently ignored.
 */
export const listQueryBase = {
  cityCode: cityCodeField(),
  districtId: id().optional(),
  businessAreaId: id().optional(),
  lineId: id().optional(),
  stationId: id().optional(),
  estateId: id().optional(),
  keyword: keywordField().optional(),
  /** Sort code (co); 0 or absent is the default order. */
  sort: int(0, 9).optional(),
  page: int(1, ESF_MAX_PAGE).default(1),
  pageSize: int(1, 50).default(ESF_PAGE_SIZE),
};

export function listPageSchema<T extends z.ZodType>(item: T) {
  return z.object({ total: z.number().int(), page: z.number().int(), pageSize: z.number().int(), list: z.array(item) });
}

export const nearestStationSchema = z.object({
  lineName: z.string(),
  stationName: z.string(),
  /** Walking distance in metres. */
  distance: z.number().int(),
});

export const photoSchema = z.object({
  url: z.string(),
  /** 客厅 / 卧室 / 厨房 / 卫生间 / 户型图 … */
  title: z.string(),
});
