import { z } from 'zod';
import { CHANNEL_CODES } from './constants';
import { id, text } from './fields';
import { mapAreaPointsSchema } from './map';

/**
 * 订阅 and 优居找房助手 (docs/behaviour.md "Alerts"): a logged-in user saves the list they are on (a channel's list
 * request in a city) and gets, in the chat, one digest an hour at most of the homes that came into it; a followed
 * home's price change, sale or take-down is a message of its own. Everything here is the caller's own.
 */

// The constants live zod-free in ./alerts-constants.ts, so the browser imports them without the schemas.
export * from './alerts-constants';

/** A list address of the portal: its path only, lower-case codec tokens (lib/search-path.ts). */
const listPath = z
  .string()
  .max(300, '列表地址过长')
  .regex(/^\/[a-z]+(\/[a-z]+)?\/([a-z0-9%-]+\/)*$/, '不是列表地址');

/**
 * POST alertSearchAdd: the list being viewed, as the list call asked for it (query without page and sort); or the
 * map's drawn area (画圈找房) with the map's filters, whose address the backend makes (contracts/map-constants.ts
 * drawnAreaPath): `area` instead of `path`.
 */
export const alertSearchAddSchema = z
  .strictObject({
    cityCode: text(20, { min: 1, message: '城市不能为空' }),
    channel: z.enum(CHANNEL_CODES, { message: '频道不存在' }),
    /** The channel's list request fields (districtId, totalPrice …); checked against that channel's list schema. */
    query: z.record(z.string().max(40), z.unknown()).refine((q) => Object.keys(q).length <= 40, '条件过多'),
    path: listPath.optional(),
    /** The drawn area's corners [lng, lat]: checked as POST /v1/ditu/area checks them (3–100, in the city …). */
    area: mapAreaPointsSchema.optional(),
    /** Made from the conditions by the page (城市 + 频道 + 条件): `北京二手房 · 朝阳 · 300-500万`. */
    name: text(80, { min: 1, message: '订阅名称须为1-80个字' }),
  })
  .refine((s) => (s.path === undefined) !== (s.area === undefined), {
    message: '须给出列表地址 path 或画圈区域 area 之一',
    path: ['path'],
  });
export type AlertSearchAdd = z.input<typeof alertSearchAddSchema>;

export const alertSearchPauseSchema = z.strictObject({ savedSearchId: id(), paused: z.boolean() });
export const alertSearchIdSchema = z.strictObject({ savedSearchId: id() });

export const savedSearchSchema = z.object({
  id: z.number().int(),
  channel: z.enum(CHANNEL_CODES),
  cityCode: z.string(),
  /** The city's domain: the list is `http://{cityDomain}.{root}{path}`. */
  cityDomain: z.string(),
  name: z.string(),
  /** The list's address; a drawn area's is the map's with the area (`/map?type=0&area=…`). */
  path: z.string(),
  paused: z.boolean(),
  /** Homes that came in since the user last looked (alertSearchSeen). */
  newCount: z.number().int(),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;
export const savedSearchListSchema = z.object({ list: z.array(savedSearchSchema), max: z.number().int() });
export type SavedSearchList = z.infer<typeof savedSearchListSchema>;
