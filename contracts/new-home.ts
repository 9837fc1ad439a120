import { z } from 'zod';
import { int } from './fields';
import {
  agentCardSchema,
  conditionsSchemaOf,
  listPageSchema,
  listQueryBase,
  listQuerySchemaOf,
  nearestStationSchema,
} from './listing-common';
import { NEW_HOME } from './residential';

/**
 * 新房 (楼盘, CHANNELS.new): the filter dictionary, the list query, list items and the detail of a project.
 * Money: avgPrice in 元/㎡, total prices in 万元 (10k CNY); area in ㎡. A price of null is 价格待定.
 * The filters and sorts are the declaration's (contracts/residential.ts NEW_HOME).
 */

/** A list page of projects holds fewer, bigger cards than a page of homes (Beike and Anjuke show 10). */
export const NEW_HOME_PAGE_SIZE = 10;

/**
 * new_projects.sale_status and project_layouts.sale_status: 1 在售, 2 待售, 3 售罄 (the `zt` filter); the words are
 * lib/messages.ts saleStatus.
 */
export const SALE_STATUS = { ON_SALE: 1, COMING: 2, SOLD_OUT: 3 } as const;
export type SaleStatus = (typeof SALE_STATUS)[keyof typeof SALE_STATUS];

/**
 * The kinds of a project's album, in the order the detail page and 相册 show them (交通图 and 配套图 came with the
 * project sub-pages: 相册 and 周边).
 */
export const PROJECT_PHOTO_KINDS = ['效果图', '实景图', '样板间', '户型图', '交通图', '配套图'] as const;

/** /v1/condition/loupan: what the filter bar offers, per city (price bands differ between cities). */
export const newHomeConditionsSchema = conditionsSchemaOf(NEW_HOME);
export type NewHomeConditions = z.infer<typeof newHomeConditionsSchema>;

/**
 * The list request: places, keyword, sort, page (10 a page), and the declared filters (unitPrice up, totalPrice tp,
 * saleStatus zt, propertyType wy).
 */
export const newHomeListQuerySchema = listQuerySchemaOf(NEW_HOME, {
  ...listQueryBase,
  pageSize: int(1, 50).default(NEW_HOME_PAGE_SIZE),
});
export type NewHomeListQuery = z.input<typeof newHomeListQuerySchema>;

export const newHomeListItemSchema = z.object({
  id: z.number().int(),
  /** Marketing name: 万科·翡翠公园. */
  name: z.string(),
  /** Registered name (案名/备案名) when it differs, else ''. */
  alias: z.string(),
  cityCode: z.string(),
  districtId: z.number().int(),
  districtName: z.string(),
  businessAreaId: z.number().int(),
  businessAreaName: z.string(),
  address: z.string(),
  /** 元/㎡; null: 价格待定. */
  avgPrice: z.number().int().nullable(),
  /** 万元 a home, cheapest and dearest layout; null: 价格待定. */
  totalPriceMin: z.number().nullable(),
  totalPriceMax: z.number().nullable(),
  /** 1 在售, 2 待售, 3 售罄. */
  saleStatus: int(1, 3),
  /** Main type, the `wy` filter: 1 住宅, 2 别墅, 3 商住, 4 写字楼, 5 商铺. */
  propertyType: int(1, 5),
  /** Every type the project sells, main first: 住宅, 商铺. */
  propertyTypes: z.array(z.string()),
  /** 精装 / 毛坯 */
  decoration: z.string(),
  /** `2026-05-18`, or a month `2027-06` while only planned. */
  openingDate: z.string(),
  /** 近地铁 / 品牌房企 / 低总价 / 现房 … */
  tags: z.array(z.string()),
  coverUrl: z.string(),
  /** The room counts of its layouts, ascending, each once (0: 开间 / 整层, offices and shops). */
  layoutRooms: z.array(z.number().int()),
  /** 建筑面积 range of its layouts, ㎡. */
  areaMin: z.number(),
  areaMax: z.number(),
  nearestStation: nearestStationSchema.nullable(),
  /** ISO date-time of the project's last news (开盘, 加推 …). */
  updatedAt: z.string(),
});

/** 相似楼盘 of a project: up to six of its district and property type, its business area first, of a like price. */
export const newHomeSimilarSchema = z.object({ list: z.array(newHomeListItemSchema) });
export type NewHomeSimilar = z.infer<typeof newHomeSimilarSchema>;
export type NewHomeListItem = z.infer<typeof newHomeListItemSchema>;

export const newHomeListPageSchema = listPageSchema(newHomeListItemSchema);
export type NewHomeListPage = z.infer<typeof newHomeListPageSchema>;

export const projectLayoutSchema = z.object({
  id: z.number().int(),
  /** `A户型` */
  name: z.string(),
  rooms: z.number().int(),
  halls: z.number().int(),
  baths: z.number().int(),
  /** 建筑面积 ㎡ */
  area: z.number(),
  orientation: z.string(),
  /** 万元; null: 价格待定. */
  totalPrice: z.number().nullable(),
  /** 1 在售, 2 待售, 3 售罄. */
  saleStatus: int(1, 3),
  planUrl: z.string(),
  /** 南北通透 / 双卫 / 主卧套房 … */
  tags: z.array(z.string()),
});
export type ProjectLayout = z.infer<typeof projectLayoutSchema>;

/** One kind of the album (PROJECT_PHOTO_KINDS), with its photos; kinds without photos are left out. */
export const photoGroupSchema = z.object({
  kind: z.string(),
  photos: z.array(z.object({ url: z.string(), title: z.string() })),
});
export type PhotoGroup = z.infer<typeof photoGroupSchema>;

/** A pre-sale permit (预售许可证): its number, date of issue (`2026-03-18`) and the buildings it covers. */
export const projectPermitSchema = z.object({ number: z.string(), issuedAt: z.string(), buildings: z.string() });
export type ProjectPermit = z.infer<typeof projectPermitSchema>;

export const newHomeDetailSchema = newHomeListItemSchema.extend({
  lat: z.number(),
  lng: z.number(),
  /** `2028-06`: planned delivery (交房) month. */
  deliveryDate: z.string(),
  developer: z.string(),
  propertyCompany: z.string(),
  /** 容积率, e.g. 2.5 */
  plotRatio: z.number(),
  /** 绿化率 as a fraction, 0.35 = 35% */
  greenRatio: z.number(),
  /** 规划户数 */
  households: z.number().int(),
  /** 车位数 */
  parkingSpaces: z.number().int(),
  /** 产权年限: 70, 50 or 40. */
  rightsYears: z.number().int(),
  /** 高层 / 小高层 / 洋房 / 联排别墅 … */
  buildingType: z.string(),
  description: z.string(),
  /** 售楼处地址 (楼盘信息). */
  salesOffice: z.string(),
  /** 物业费, 元/㎡·月. */
  propertyFee: z.number(),
  /** 供暖方式: 集中供暖 / 自采暖 / 无. */
  heating: z.string(),
  /** 预售许可证, oldest first; none before pre-sale (待售). */
  permits: z.array(projectPermitSchema),
  layouts: z.array(projectLayoutSchema),
  photoGroups: z.array(photoGroupSchema),
  /** The project's sales consultant (置业顾问). */
  agent: agentCardSchema,
});
export type NewHomeDetail = z.infer<typeof newHomeDetailSchema>;
