import { z } from 'zod';
import { ESF_MAX_PAGE, ESF_PAGE_SIZE } from './constants';
import { id } from './fields';
import {
  bandSchema,
  codeList,
  listPageSchema,
  listQueryBase,
  nearestStationSchema,
  optionSchema,
  photoSchema,
  placeWithChildrenSchema,
  type ConditionBand,
} from './listing-common';

/**
 * Second-hand (ershoufang) listings: the filter dictionary, the list query, list items and the detail.
 * Money: totalPrice in 万元 (10k CNY), unitPrice in 元/㎡; area in ㎡.
 */

/** /v1/condition/esf: what the filter bar offers, per city (price bands differ between cities). */
export const esfConditionsSchema = z.object({
  districts: z.array(placeWithChildrenSchema),
  subwayLines: z.array(placeWithChildrenSchema),
  price: z.array(bandSchema),
  area: z.array(bandSchema),
  rooms: z.array(optionSchema),
  sorts: z.array(optionSchema),
});
export type EsfConditions = z.infer<typeof esfConditionsSchema>;
export type { ConditionBand };

export { ESF_MAX_PAGE, ESF_PAGE_SIZE };

export const esfListQuerySchema = z.strictObject({
  ...listQueryBase,
  /** Price band codes (p1–p7), OR-ed. */
  price: codeList(7).optional(),
  /** Area band codes (a1–a7), OR-ed. */
  area: codeList(7).optional(),
  /** Room counts (l1–l6; 6 means 5 rooms or more), OR-ed. */
  rooms: codeList(6).optional(),
});
export type EsfListQuery = z.input<typeof esfListQuerySchema>;

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
  nearestStation: nearestStationSchema.nullable(),
});
export type EsfListItem = z.infer<typeof esfListItemSchema>;

export const esfListPageSchema = listPageSchema(esfListItemSchema);
export type EsfListPage = z.infer<typeof esfListPageSchema>;

/** spec §3 chat-thread target info: what an agent card shows. */
/**
 * A listing's agent as every visitor's page shows it. No phone number: the page is one render for everyone (the
 * page cache, issue 7), and a number is given to the visitor who asks for it (contracts/agent.ts).
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

export const esfPhotoSchema = photoSchema;

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
