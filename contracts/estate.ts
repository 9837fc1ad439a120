import { z } from 'zod';
import { esfListItemSchema } from './esf';
import {
  conditionsSchemaOf,
  listPageSchema,
  listQuerySchemaOf,
  nearestStationSchema,
  photoSchema,
  listQueryBase,
} from './listing-common';
import { ESTATE } from './residential';
import { rentListItemSchema } from './rent';

/**
 * Communities (小区): the filter dictionary, the list query, list items and the detail.
 * Money: avgPrice is the reference average price in 元/㎡. The filters and sorts are the declaration's
 * (contracts/residential.ts ESTATE).
 */

/**
 * /v1/condition/estate: what the filter bar offers, per city (price bands differ between cities). Build-age bands
 * (5年以内 … 20年以上) carry build years: min inclusive, max exclusive.
 */
export const estateConditionsSchema = conditionsSchemaOf(ESTATE);
export type EstateConditions = z.infer<typeof estateConditionsSchema>;

/** The list request: places, keyword, sort, page, and the declared filters (avgPrice up, buildAge y). */
export const estateListQuerySchema = listQuerySchemaOf(ESTATE, listQueryBase);
export type EstateListQuery = z.input<typeof estateListQuerySchema>;

export const estateListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  cityCode: z.string(),
  districtName: z.string(),
  businessAreaName: z.string(),
  buildYear: z.number().int(),
  /** 板楼 / 塔楼 / 板塔结合 */
  buildingType: z.string(),
  /** Reference average price, 元/㎡ (the last month of the detail's trend). */
  avgPrice: z.number().int(),
  /** Homes for sale in the community now (二手房 list filtered by e{id}). */
  onSaleCount: z.number().int(),
  /** Homes for rent in the community now (租房 list filtered by e{id}); 0 where the city has no rentals. */
  onRentCount: z.number().int(),
  coverUrl: z.string(),
  nearestStation: nearestStationSchema.nullable(),
});

/** 相似小区 of a community: up to six of its district, its business area first, of a like reference price. */
export const estateSimilarSchema = z.object({ list: z.array(estateListItemSchema) });
export type EstateSimilar = z.infer<typeof estateSimilarSchema>;
export type EstateListItem = z.infer<typeof estateListItemSchema>;

export const estateListPageSchema = listPageSchema(estateListItemSchema);
export type EstateListPage = z.infer<typeof estateListPageSchema>;

export const estateDetailSchema = estateListItemSchema.extend({
  /** For the breadcrumb's links into the district's and the business area's communities. */
  districtId: z.number().int(),
  businessAreaId: z.number().int(),
  address: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** 元/㎡/月 */
  propertyFee: z.number(),
  developer: z.string(),
  propertyCompany: z.string(),
  buildingCount: z.number().int(),
  households: z.number().int(),
  /** 容积率, e.g. 2.35. */
  plotRatio: z.number(),
  /** 绿化率 as a share: 0.35 is 35%. */
  greenRatio: z.number(),
  /** The reference price of the last 12 months, oldest first; the last is the current month and equals avgPrice. */
  priceTrend: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), price: z.number().int() })),
  /** 小区外景, 小区入口, 楼栋外观, 园林景观 … */
  photos: z.array(photoSchema),
  description: z.string(),
  /** A few homes for sale in the community, newest first. */
  forSale: z.array(esfListItemSchema),
  /** A few homes for rent in the community, newest first. */
  forRent: z.array(rentListItemSchema),
});
export type EstateDetail = z.infer<typeof estateDetailSchema>;
