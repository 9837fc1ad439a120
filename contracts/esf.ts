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
  type ConditionBand,
  listQueryBase,
} from './listing-common';
import { ESF } from './residential';

/**
 * Second-hand (ershoufang) listings: the filter dictionary and the list query (both from the declaration,
 * contracts/residential.ts ESF), list items and the detail.
 * Money: totalPrice in 万元 (10k CNY), unitPrice in 元/㎡; area in ㎡.
 */

/** /v1/condition/esf: what the filter bar offers, per city (price bands differ between cities). */
export const esfConditionsSchema = conditionsSchemaOf(ESF);
export type EsfConditions = z.infer<typeof esfConditionsSchema>;
export type { ConditionBand };

/** The list request: places, keyword, sort, page, and the declared filters (price p, area a, rooms l). */
export const esfListQuerySchema = listQuerySchemaOf(ESF, listQueryBase);
export type EsfListQuery = z.input<typeof esfListQuerySchema>;

export const esfListItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  ...homePlaceShape,
  totalPrice: z.number(),
  unitPrice: z.number().int(),
  area: z.number(),
  ...homeLayoutShape,
  buildYear: z.number().int(),
  elevator: z.boolean(),
  /** 满五唯一 / 满二 / 近地铁 / 随时看房 / 新上 */
  tags: z.array(z.string()),
  /** ISO date-time. */
  listedAt: z.string(),
  coverUrl: z.string(),
  nearestStation: nearestStationSchema.nullable(),
});
export type EsfListItem = z.infer<typeof esfListItemSchema>;

export const esfListPageSchema = listPageSchema(esfListItemSchema);
export type EsfListPage = z.infer<typeof esfListPageSchema>;

/** 相似房源 of a home: up to six of the same community or business area, of a like price and layout. */
export const esfSimilarSchema = z.object({ list: z.array(esfListItemSchema) });
export type EsfSimilar = z.infer<typeof esfSimilarSchema>;

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
