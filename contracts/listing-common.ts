import { z } from 'zod';
import { cityCodeField } from './city';
import { KEYWORD_MAX, LIST_MAX_PAGE, LIST_PAGE_SIZE } from './constants';
import { id, int, text } from './fields';
import { codeCount, isRowFilter, type ResidentialFilter, type RowFilter } from './residential';

/**
 * What every channel's listing contract shares (contracts/channels.ts): filter options and bands, places,
 * the place-and-page part of a list request, the list page answer, the path id of a detail, and the agent card and
 * community summary details show. A channel's own file adds its filters, its list item and its detail.
 */

export const optionSchema = z.object({ code: z.number().int(), label: z.string() });
/** A filter option with the range it stands for: min inclusive, max exclusive, null for open. */
export const bandSchema = optionSchema.extend({ min: z.number().nullable(), max: z.number().nullable() });
export type ConditionBand = z.infer<typeof bandSchema>;
const place = z.object({ id: z.number().int(), name: z.string() });
export const placeWithChildrenSchema = place.extend({ children: z.array(place) });

/** Accepts `[1,2]` (JSON body) or `"1,2"` / `"1"` (query string): codes 1…max, at most `length` of them. */
export const codeList = (max: number, length = max) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v === '' ? [] : v.split(',')) : typeof v === 'number' ? [v] : v),
    z.array(int(1, max)).max(length),
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
  page: int(1, LIST_MAX_PAGE).default(1),
  pageSize: int(1, 50).default(LIST_PAGE_SIZE),
};

/** The conditions answer's row of each declared filter: bands (with their ranges) or plain options. */
type RowSchemas<F extends readonly ResidentialFilter[]> = {
  [R in RowFilter<F[number]> as R['key']]: R extends { bands: unknown }
    ? z.ZodArray<typeof bandSchema>
    : z.ZodArray<typeof optionSchema>;
};
/** The list request's field of each declared filter: its codes, 1 to the filter's last. */
type FilterFields<F extends readonly ResidentialFilter[]> = {
  [R in F[number] as R['key']]: z.ZodOptional<ReturnType<typeof codeList>>;
};

/**
 * /v1/condition/{channel} of a residential channel (contracts/residential.ts): the city's places and lines, one
 * row per declared filter, in the declaration's order, and the sorts.
 */
export function conditionsSchemaOf<const F extends readonly ResidentialFilter[]>(decl: { filters: F }) {
  const rows = Object.fromEntries(
    decl.filters.filter(isRowFilter).map((f) => [f.key, z.array('bands' in f ? bandSchema : optionSchema)]),
  );
  return z.object({
    districts: z.array(placeWithChildrenSchema),
    subwayLines: z.array(placeWithChildrenSchema),
    ...(rows as RowSchemas<F>),
    sorts: z.array(optionSchema),
  });
}

/**
 * The list request of a residential channel: listQueryBase (or the channel's own base) and one code list per
 * declared filter. Strict: another channel's filter is a 400 naming it (docs/decisions.md "List requests are strict").
 */
export function listQuerySchemaOf<const F extends readonly ResidentialFilter[], B extends z.ZodRawShape>(
  decl: { filters: F },
  base: B,
) {
  // A bound (priceFrom) is one number, a row's codes as many as it has.
  const fields = Object.fromEntries(
    decl.filters.map((f) => [f.key, codeList(codeCount(f), isRowFilter(f) ? codeCount(f) : 1).optional()]),
  );
  return z.strictObject({ ...base, ...(fields as FilterFields<F>) });
}

export function listPageSchema<T extends z.ZodType>(item: T) {
  return z.object({ total: z.number().int(), page: z.number().int(), pageSize: z.number().int(), list: z.array(item) });
}

/** Where a home listing stands (二手房 and 租房 items): its city, community and region, by id and name. */
export const homePlaceShape = {
  cityCode: z.string(),
  communityId: z.number().int(),
  communityName: z.string(),
  districtName: z.string(),
  businessAreaName: z.string(),
};

/** A home's layout and build (二手房 and 租房 items). */
export const homeLayoutShape = {
  rooms: z.number().int(),
  halls: z.number().int(),
  baths: z.number().int(),
  /** 南 / 南北 / 东南 … */
  orientation: z.string(),
  /** 低楼层 / 中楼层 / 高楼层 */
  floorLevel: z.string(),
  totalFloors: z.number().int(),
  /** 精装 / 简装 / 毛坯 */
  decoration: z.string(),
};

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

/** The `:id` of a detail path (`/v1/esf/detail/12`), whatever the channel. */
export const idParamSchema = z.object({ id: id() });

/**
 * A listing's agent as every visitor's page shows it. No phone number: the page is one render for everyone (the
 * page cache), and a number is given to the visitor who asks for it (contracts/agent.ts).
 */
export const agentCardSchema = z.object({
  userId: z.number().int(),
  agentId: z.number().int(),
  agentName: z.string(),
  agentPhoto: z.string(),
  brandId: z.number().int(),
  brandName: z.string(),
  branchId: z.number().int(),
  branchName: z.string(),
  /** spec §3: 1 available, 2 left the job, 3 cannot be contacted. */
  status: z.number().int().min(1).max(3),
});
export type AgentCard = z.infer<typeof agentCardSchema>;

/** A community as the detail of a home (for sale or for rent) shows it. */
export const communitySummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  districtName: z.string(),
  businessAreaName: z.string(),
  address: z.string(),
  lat: z.number(),
  lng: z.number(),
  buildYear: z.number().int(),
  /** 板楼 / 塔楼 / 板塔结合 */
  buildingType: z.string(),
  /** 元/㎡/月 */
  propertyFee: z.number(),
  developer: z.string(),
  /** Reference average price, 元/㎡: the one the community's 小区 page shows. */
  avgPrice: z.number().int(),
  /** Listings on sale in this community. */
  onSaleCount: z.number().int(),
});
export type CommunitySummary = z.infer<typeof communitySummarySchema>;
