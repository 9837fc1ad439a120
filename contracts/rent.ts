import { z } from 'zod';
import {
  agentCardSchema,
  communitySummarySchema,
  conditionsSchemaOf,
  homeLayoutShape,
  homePlaceShape,
  listPageSchema,
  listQuerySchemaOf,
  nearestStationSchema,
  photoSchema,
  listQueryBase,
} from './listing-common';
import { RENT } from './residential';
import { int } from './fields';

/**
 * Rentals (租房): the filter dictionary, the list query, list items and the detail.
 * Money: monthlyRent in 元/月; area in ㎡. The filters and sorts are the declaration's (contracts/residential.ts RENT).
 */

/** /v1/condition/rent: what the filter bar offers, per city (rent bands differ between cities). */
export const rentConditionsSchema = conditionsSchemaOf(RENT);
export type RentConditions = z.infer<typeof rentConditionsSchema>;

/** The list request: places, keyword, sort, page, and the declared filters (rentType rt, rent rp, area a, rooms l …). */
export const rentListQuerySchema = listQuerySchemaOf(RENT, listQueryBase);
export type RentListQuery = z.input<typeof rentListQuerySchema>;

export const rentListItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  ...homePlaceShape,
  /** 1 整租, 2 合租. */
  rentType: int(1, 2),
  /** 元/月; for 合租 the rent of the one room. */
  monthlyRent: z.number().int(),
  /** ㎡; for 合租 the room's own area. */
  area: z.number(),
  ...homeLayoutShape,
  elevator: z.boolean(),
  /** 近地铁 / 随时看房 / 押一付一 / 独立卫生间 … */
  tags: z.array(z.string()),
  /** ISO date-time. */
  listedAt: z.string(),
  coverUrl: z.string(),
  nearestStation: nearestStationSchema.nullable(),
});
export type RentListItem = z.infer<typeof rentListItemSchema>;

export const rentListPageSchema = listPageSchema(rentListItemSchema);
export type RentListPage = z.infer<typeof rentListPageSchema>;

/** 相似房源 of a rental: up to six of the same community or business area, of a like rent and layout. */
export const rentSimilarSchema = z.object({ list: z.array(rentListItemSchema) });
export type RentSimilar = z.infer<typeof rentSimilarSchema>;

export const rentDetailSchema = rentListItemSchema.extend({
  /** Listing number shown to tenants. */
  listingNo: z.string(),
  photos: z.array(photoSchema),
  floor: z.number().int(),
  /** 押一付三 / 押一付一 / 押二付三 / 半年付 / 年付 */
  payment: z.string(),
  /** 押金 in 元. */
  deposit: z.number().int(),
  /** 随时入住, or a date `2026-12-01`. */
  checkIn: z.string(),
  /** 一年起租 / 半年起租 / 可短租 (1–6个月) … */
  leaseTerm: z.string(),
  /** 随时看房 / 需提前预约 / 仅周末可看 */
  viewing: z.string(),
  /** 用水 民水 / 商水; 用电 民电 / 商电. */
  utilities: z.string(),
  /** Every facility the portal lists, each with whether this home has it (洗衣机, 空调, 冰箱, 热水器, 宽带 …). */
  facilities: z.array(z.object({ name: z.string(), has: z.boolean() })),
  description: z.string(),
  community: communitySummarySchema,
  agent: agentCardSchema,
});
export type RentDetail = z.infer<typeof rentDetailSchema>;
