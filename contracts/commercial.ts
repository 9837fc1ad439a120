import { z } from 'zod';
import { CHANNELS } from './channels';
import { OFFICES_RENT, OFFICES_SALE, SHOP_RENT, SHOP_SALE, type CommercialFilterKey } from './commercial-filters';
import {
  agentCardSchema,
  bandSchema,
  listPageSchema,
  listQuerySchemaOf,
  nearestStationSchema,
  optionSchema,
  photoSchema,
  placeWithChildrenSchema,
  listQueryBase,
} from './listing-common';
import { ApiPath } from './paths';

/**
 * 商铺 and 写字楼, each for sale and for rent (CHANNELS.shop_sale, shop_rent, offices_sale, offices_rent): one
 * contract for the four. A unit is a shop or an office (its `kind` facts) and is for sale or for rent (its
 * `deal` price fields). Money: totalPrice 万元, unitPrice 元/㎡; monthlyRent 元/月, dailyRent 元/㎡·天; area ㎡.
 */

export const COMMERCIAL_CHANNELS = ['shop_sale', 'shop_rent', 'offices_sale', 'offices_rent'] as const;
export type CommercialChannel = (typeof COMMERCIAL_CHANNELS)[number];

export function isCommercialChannel(code: string): code is CommercialChannel {
  return (COMMERCIAL_CHANNELS as readonly string[]).includes(code);
}

/** 商铺 or 写字楼: the header menu the channel sits under says which (spec §2 Header). */
export type CommercialKind = 'shop' | 'office';
export const commercialKindOf = (code: CommercialChannel): CommercialKind =>
  CHANNELS[code].menuCode === 'sp' ? 'shop' : 'office';
/** The channel of a unit: its kind and its deal. */
export const commercialChannelOf = (unit: { kind: CommercialKind; deal: 'sale' | 'rent' }): CommercialChannel =>
  COMMERCIAL_CHANNELS.find((code) => commercialKindOf(code) === unit.kind && CHANNELS[code].deal === unit.deal)!;

/** The calls of each channel (contracts/paths.ts). */
export const COMMERCIAL_PATHS: Record<CommercialChannel, { conditions: string; list: string; detail: string; similar: string }> =
  {
    shop_sale: {
      conditions: ApiPath.conditionShopSale,
      list: ApiPath.shopSaleList,
      detail: ApiPath.shopSaleDetail,
      similar: ApiPath.shopSaleSimilar,
    },
    shop_rent: {
      conditions: ApiPath.conditionShopRent,
      list: ApiPath.shopRentList,
      detail: ApiPath.shopRentDetail,
      similar: ApiPath.shopRentSimilar,
    },
    offices_sale: {
      conditions: ApiPath.conditionOfficesSale,
      list: ApiPath.officesSaleList,
      detail: ApiPath.officesSaleDetail,
      similar: ApiPath.officesSaleSimilar,
    },
    offices_rent: {
      conditions: ApiPath.conditionOfficesRent,
      list: ApiPath.officesRentList,
      detail: ApiPath.officesRentDetail,
      similar: ApiPath.officesRentSimilar,
    },
  };

/**
 * /v1/condition/{channel}: what the filter bar offers, per city. Each channel answers the rows of its own
 * filters (CHANNELS[code].filters keys): shopType or grade, totalPrice or dailyPrice, and area.
 */
export const commercialConditionsSchema = z.object({
  districts: z.array(placeWithChildrenSchema),
  subwayLines: z.array(placeWithChildrenSchema),
  /** 商铺: 住宅底商, 商业街, 购物中心, 临街门面, 写字楼配套 (lx1–lx5). */
  shopType: z.array(optionSchema).optional(),
  /** 写字楼: 甲级, 乙级, 丙级 (jb1–jb3). */
  grade: z.array(optionSchema).optional(),
  /** For sale: total-price bands in 万元 (tp1–tp7), by city tier. */
  totalPrice: z.array(bandSchema).optional(),
  /** For rent: bands of rent per ㎡ per day, 元/㎡·天 (dp1–dp7), by city tier. */
  dailyPrice: z.array(bandSchema).optional(),
  /** Area bands in ㎡ (a1–a7); shops and offices have their own scales. */
  area: z.array(bandSchema),
  sorts: z.array(optionSchema),
});
export type CommercialConditions = z.infer<typeof commercialConditionsSchema>;

/**
 * The list request of any of the four: places, keyword, sort, page, and every filter field the four declare
 * (contracts/commercial-filters.ts: shopType, grade, totalPrice, dailyPrice, area, each its codes OR-ed). A field has
 * as many codes on every channel that declares it (a backend test checks); each channel takes only its own (below).
 */
export const commercialListQuerySchema = listQuerySchemaOf(
  {
    filters: [...SHOP_SALE.filters, ...SHOP_RENT.filters, ...OFFICES_SALE.filters, ...OFFICES_RENT.filters],
  },
  listQueryBase,
);
type FilterField = CommercialFilterKey;
export type CommercialListQuery = z.input<typeof commercialListQuerySchema>;

/**
 * The list request of one channel, from its registry entry: a filter of another of the four (grade on a shop
 * list) is a 400, not a silent no-op.
 */
export function commercialListQueryOf(code: CommercialChannel) {
  const own = new Set<string>(CHANNELS[code].filters.map((f) => f.key));
  const others = COMMERCIAL_CHANNELS.flatMap((c) => CHANNELS[c].filters.map((f): FilterField => f.key)).filter(
    (k) => !own.has(k),
  );
  return commercialListQuerySchema.superRefine((query, ctx) => {
    for (const key of others)
      if (query[key] !== undefined) ctx.addIssue({ code: 'custom', path: [key], message: `not a filter of ${code}` });
  });
}

/** What a list item of any of the four shows. */
const itemBase = {
  id: z.number().int(),
  title: z.string(),
  cityCode: z.string(),
  /** The mall, shopping street or tower: 望京SOHO. */
  projectName: z.string(),
  districtName: z.string(),
  businessAreaName: z.string(),
  address: z.string(),
  area: z.number(),
  /** Storey of the unit; negative below ground (-1: 地下1层). */
  floor: z.number().int(),
  totalFloors: z.number().int(),
  /** 精装 / 简装 / 毛坯 */
  decoration: z.string(),
  /** 近地铁 / 临街 / 可明火 / 可注册 / 带租约 … */
  tags: z.array(z.string()),
  /** ISO date-time. */
  listedAt: z.string(),
  coverUrl: z.string(),
  nearestStation: nearestStationSchema.nullable(),
};

/** A shop: its type. */
const shopKind = {
  kind: z.literal('shop'),
  /** 1 住宅底商, 2 商业街, 3 购物中心, 4 临街门面, 5 写字楼配套 */
  shopType: z.number().int().min(1).max(5),
  /** The type's name, as the filter bar says it. */
  typeName: z.string(),
};
/** An office: its grade, and how many desks it holds (what a tenant sizes an office by). */
const officeKind = {
  kind: z.literal('office'),
  /** 1 甲级, 2 乙级, 3 丙级 */
  grade: z.number().int().min(1).max(3),
  /** 甲级 / 乙级 / 丙级 */
  typeName: z.string(),
  workstations: z.number().int(),
};

/** The price fields of a unit for sale. */
export const salePriceFields = {
  deal: z.literal('sale'),
  /** 万元 */
  totalPrice: z.number(),
  /** 元/㎡ */
  unitPrice: z.number().int(),
};
/** The price fields of a unit for rent. */
export const rentPriceFields = {
  deal: z.literal('rent'),
  /** 元/月 */
  monthlyRent: z.number().int(),
  /** 元/㎡·天 */
  dailyRent: z.number(),
};

/** What a detail adds for any unit: photos, description, where it is exactly, the agent. */
const detailBase = {
  listingNo: z.string(),
  photos: z.array(photoSchema),
  description: z.string(),
  lat: z.number(),
  lng: z.number(),
  agent: agentCardSchema,
};
/** A shop's facts on its detail page. */
const shopDetail = {
  /** 面宽, 进深 and 层高 in metres. */
  frontage: z.number(),
  depth: z.number(),
  floorHeight: z.number(),
  /** 适合经营: 餐饮, 零售, 美容美发 … */
  suitableTrades: z.array(z.string()),
  /** 转让费 in 万元; null when none is asked (always for a sale). */
  transferFee: z.number().nullable(),
  /** 营业中 / 空置中 */
  operatingStatus: z.string(),
};
/** An office's facts on its detail page. */
const officeDetail = {
  /** 物业费, 元/㎡·月 */
  propertyFee: z.number(),
  /** 可分割 */
  divisible: z.boolean(),
  propertyCompany: z.string(),
};

const channelSchemas = <I extends z.ZodRawShape, D extends z.ZodRawShape>(item: I, detail: D) => {
  const itemSchema = z.object(item);
  return {
    item: itemSchema,
    page: listPageSchema(itemSchema),
    detail: itemSchema.extend({ ...detailBase, ...detail }),
    /** 相似房源 of a unit: up to six of the same deal in its district, of a like price and area. */
    similar: z.object({ list: z.array(itemSchema) }),
  };
};

/** Item, list page and detail schemas of each channel. */
export const COMMERCIAL_SCHEMAS = {
  shop_sale: channelSchemas({ ...itemBase, ...shopKind, ...salePriceFields }, shopDetail),
  shop_rent: channelSchemas({ ...itemBase, ...shopKind, ...rentPriceFields }, shopDetail),
  offices_sale: channelSchemas({ ...itemBase, ...officeKind, ...salePriceFields }, officeDetail),
  offices_rent: channelSchemas({ ...itemBase, ...officeKind, ...rentPriceFields }, officeDetail),
};

type Schemas = typeof COMMERCIAL_SCHEMAS;
export type CommercialListItemOf<C extends CommercialChannel> = z.infer<Schemas[C]['item']>;
export type CommercialListPageOf<C extends CommercialChannel> = z.infer<Schemas[C]['page']>;
export type CommercialDetailOf<C extends CommercialChannel> = z.infer<Schemas[C]['detail']>;
/** A list item of any of the four: `kind` and `deal` say which facts and prices it has. */
export type CommercialListItem = CommercialListItemOf<CommercialChannel>;
export type CommercialListPage = { total: number; page: number; pageSize: number; list: CommercialListItem[] };
export type CommercialDetail = CommercialDetailOf<CommercialChannel>;
