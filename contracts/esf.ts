import { z } from 'zod';
import { cityCodeField } from './city';
import { ESF_MAX_PAGE, ESF_PAGE_SIZE, KEYWORD_MAX } from './constants';
import { id, int, text } from './fields';

/**
 * Second-hand (ershoufang) listings: the filter dictionary, the list query, list items and the detail.
 * Money: totalPrice in 万元 (10k CNY), unitPrice in 元/㎡; area in ㎡.
 */

const option = z.object({ code: z.number().int(), label: z.string() });
const band = option.extend({ min: z.number().nullable(), max: z.number().nullable() });
const place = z.object({ id: z.number().int(), name: z.string() });
const placeWithChildren = place.extend({ children: z.array(place) });

/** /v1/condition/esf: what the filter bar offers, per city (price bands differ between cities). */
export const esfConditionsSchema = z.object({
  districts: z.array(placeWithChildren),
  subwayLines: z.array(placeWithChildren),
  price: z.array(band),
  area: z.array(band),
  rooms: z.array(option),
  sorts: z.array(option),
});
export type EsfConditions = z.infer<typeof esfConditionsSchema>;
export type ConditionBand = z.infer<typeof band>;

export { ESF_MAX_PAGE, ESF_PAGE_SIZE };

/** Accepts `[1,2]` (JSON body) or `"1,2"` / `"1"` (query string). */
const codeList = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v === '' ? [] : v.split(',')) : typeof v === 'number' ? [v] : v),
    z.array(int(1, max)).max(max),
  );

export const esfListQuerySchema = z.object({
  cityCode: cityCodeField(),
  districtId: id().optional(),
  businessAreaId: id().optional(),
  lineId: id().optional(),
  stationId: id().optional(),
  estateId: id().optional(),
  keyword: text(KEYWORD_MAX).optional(),
  /** Price band codes (p1–p7), OR-ed. */
  price: codeList(7).optional(),
  /** Area band codes (a1–a7), OR-ed. */
  area: codeList(7).optional(),
  /** Room counts (l1–l6; 6 means 5 rooms or more), OR-ed. */
  rooms: codeList(6).optional(),
  /** Sort code (co); 0 or absent is the default order. */
  sort: int(0, 9).optional(),
  page: int(1, ESF_MAX_PAGE).default(1),
  pageSize: int(1, 50).default(ESF_PAGE_SIZE),
});
export type EsfListQuery = z.input<typeof esfListQuerySchema>;

const nearestStation = z.object({
  lineName: z.string(),
  stationName: z.string(),
  /** Walking distance in metres. */
  distance: z.number().int(),
});

export const esfListItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  cityCode: z.string(),
  communityId: z.number().int(),
  communityName: z.string(),
  districtName: z.string(),
  businessAreaName: z.string(),
  totalPrice: z.number(),
  unitPrice: z.number().int(),
  area: z.number(),
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
  buildYear: z.number().int(),
  elevator: z.boolean(),
  /** 满五唯一 / 满二 / 近地铁 / 随时看房 / VR看房 … */
  tags: z.array(z.string()),
  /** ISO date-time. */
  listedAt: z.string(),
  coverUrl: z.string(),
  nearestStation: nearestStation.nullable(),
});
export type EsfListItem = z.infer<typeof esfListItemSchema>;

export const esfListPageSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  list: z.array(esfListItemSchema),
});
export type EsfListPage = z.infer<typeof esfListPageSchema>;

/** spec §3 chat-thread target info: what an agent card shows. */
export const agentCardSchema = z.object({
  userId: z.number().int(),
  agentId: z.number().int(),
  agentName: z.string(),
  agentPhoto: z.string(),
  /** Virtual number a buyer may call. */
  mobile: z.string(),
  brandId: z.number().int(),
  brandName: z.string(),
  branchId: z.number().int(),
  branchName: z.string(),
  /** spec §3: 1 available, 2 left the job, 3 cannot be contacted. */
  status: z.number().int().min(1).max(3),
});
export type AgentCard = z.infer<typeof agentCardSchema>;

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
  /** Average listed unit price, 元/㎡. */
  avgPrice: z.number().int(),
  /** Listings on sale in this community. */
  onSaleCount: z.number().int(),
});
export type CommunitySummary = z.infer<typeof communitySummarySchema>;

export const esfPhotoSchema = z.object({
  url: z.string(),
  /** 客厅 / 卧室 / 厨房 / 卫生间 / 户型图 … */
  title: z.string(),
});

export const esfDetailSchema = esfListItemSchema.extend({
  /** Listing number shown to buyers. */
  listingNo: z.string(),
  photos: z.array(esfPhotoSchema),
  /** 普通住宅 / 公寓 … */
  propertyType: z.string(),
  /** 商品房 / 已购公房 … */
  ownership: z.string(),
  /** 一梯两户 … */
  ladderRatio: z.string(),
  heating: z.string(),
  floor: z.number().int(),
  description: z.string(),
  community: communitySummarySchema,
  agent: agentCardSchema,
});
export type EsfDetail = z.infer<typeof esfDetailSchema>;

export const idParamSchema = z.object({ id: id() });
