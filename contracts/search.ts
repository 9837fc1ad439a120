import { z } from 'zod';

/** spec §7 recommends: the channels a keyword search can run in. */
export const CHANNEL_CODES = ['esf', 'new', 'rent', 'estate', 'shop_sale', 'shop_rent', 'offices_sale', 'offices_rent'] as const;
export type ChannelCode = (typeof CHANNEL_CODES)[number];

/**
 * Suggestion kinds (spec §3 "angle 1-6"), and the search-result path each leads to (spec §2):
 *   1 estate (小区)            → e{id}/
 *   2 district (区域)          → dc{id}/key{name}/
 *   3 business area (商圈)     → dc{parentId}/ta{id}/key{name}/
 *   4 subway line (地铁线)     → sl{id}/key{name}/
 *   5 subway station (地铁站)  → sl{parentId}/ss{id}/key{name}/
 *   6 new-home project (楼盘)  → e{id}/ on the loupan list
 */
export const Angle = {
  ESTATE: 1,
  DISTRICT: 2,
  BUSINESS_AREA: 3,
  SUBWAY_LINE: 4,
  SUBWAY_STATION: 5,
  NEW_HOME: 6,
} as const;
export type Angle = (typeof Angle)[keyof typeof Angle];

export const suggestionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  angle: z.number().int().min(1).max(6),
  /** 小区 / 区域 / 商圈 / 地铁线 / 地铁站 / 楼盘 */
  angleName: z.string(),
  /** District of a business area, line of a station; 0 otherwise. */
  parentId: z.number().int(),
  /** Where it is, e.g. 朝阳-望京. */
  address: z.string(),
  /** A short line for the dropdown, e.g. 在售23套. */
  describe: z.string(),
  propertyTypeName: z.string(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

export const KEYWORD_MAX = 50;

export const recommendsRequestSchema = z.object({
  cityCode: z.string().min(1).max(12),
  channelCode: z.enum(CHANNEL_CODES),
  // spec §5: blank keywords are never sent; the backend rejects them too.
  keyword: z.string().trim().min(1, 'keyword must not be blank').max(KEYWORD_MAX),
});
export type RecommendsRequest = z.input<typeof recommendsRequestSchema>;
