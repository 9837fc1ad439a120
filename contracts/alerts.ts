import { z } from 'zod';
import { CHANNEL_CODES, type ChannelCode } from './constants';
import { id, text } from './fields';

/**
 * 订阅 and 优居找房助手 (docs/behaviour.md "Alerts"): a logged-in user saves the list they are on (a channel's list
 * request in a city) and gets, in the chat, one digest an hour at most of the homes that came into it; a followed
 * home's price change, sale or take-down is a message of its own. Everything here is the caller's own.
 */

/** Saved searches a user may have. */
export const ALERTS_MAX = 20;
/** At most one digest per saved search in this time. */
export const ALERT_DIGEST_INTERVAL_MS = 3_600_000;
/** Homes a digest card lists (the newest); the rest are counted. */
export const ALERT_DIGEST_ITEMS = 5;

export const ALERTS_FULL = `最多保存${ALERTS_MAX}个订阅，请先删除不需要的订阅`;
export const ALERT_DUPLICATE = '已订阅过这个搜索';
export const ALERT_NOT_FOUND = '订阅不存在';

/** A list address of the portal: its path only, lower-case codec tokens (lib/search-path.ts). */
const listPath = z
  .string()
  .max(300, 'path: 列表地址过长')
  .regex(/^\/[a-z]+(\/[a-z]+)?\/([a-z0-9%-]+\/)*$/, 'path: 不是列表地址');

/** POST alertSearchAdd: the list being viewed, as the list call asked for it (query without page and sort). */
export const alertSearchAddSchema = z.strictObject({
  cityCode: text(20, { min: 1, message: 'cityCode: 城市不能为空' }),
  channel: z.enum(CHANNEL_CODES, { message: 'channel: 频道不存在' }),
  /** The channel's list request fields (districtId, totalPrice …); checked against that channel's list schema. */
  query: z.record(z.string().max(40), z.unknown()).refine((q) => Object.keys(q).length <= 40, 'query: 条件过多'),
  path: listPath,
  /** Made from the conditions by the page (城市 + 频道 + 条件): `北京二手房 · 朝阳 · 300-500万`. */
  name: text(80, { min: 1, message: 'name: 订阅名称须为1-80个字' }),
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
  path: z.string(),
  paused: z.boolean(),
  /** Homes that came in since the user last looked (alertSearchSeen). */
  newCount: z.number().int(),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;
export const savedSearchListSchema = z.object({ list: z.array(savedSearchSchema), max: z.number().int() });
export type SavedSearchList = z.infer<typeof savedSearchListSchema>;

/** One home of a digest card, as it was when the card was sent. */
export interface AlertHome {
  listingId: number;
  title: string;
  coverUrl: string;
  /** `3室2厅 89㎡`, or the area alone where a record has no rooms. */
  layoutText: string;
  /** `520万`, `6500元/月`, `58000元/㎡`. */
  priceText: string;
  /** Its detail page's path on the city's host. */
  pcUrl: string;
}

/** layoutDetail of an ALERT_DIGEST (301) message. */
export interface AlertDigest {
  savedSearchId: number;
  name: string;
  channel: ChannelCode;
  cityDomain: string;
  /** The list's path on the city's host. */
  path: string;
  homes: AlertHome[];
  /** How many came in altogether (homes lists the newest ALERT_DIGEST_ITEMS). */
  total: number;
}

/** What happened to a followed home. */
export type AlertFollowEvent = 'price_down' | 'price_up' | 'sold' | 'offline';

/** layoutDetail of an ALERT_FOLLOW (302) message. */
export interface AlertFollow {
  event: AlertFollowEvent;
  businessType: 1 | 2;
  listingId: number;
  title: string;
  cityDomain: string;
  pcUrl: string;
  /** Prices with their unit: `520万`; null where the event is no price change. */
  oldPriceText: string | null;
  newPriceText: string | null;
  /** The change in %, one decimal, signed: -3.8. */
  percent: number | null;
}

/** Every assistant message says why it came (copy): the reason line under the card. */
export const alertDigestReason = (name: string) => `您订阅了「${name}」，有新房源符合条件`;
export const alertFollowReason = (title: string) => `您关注了「${title}」`;
export const ALERT_EVENT_WORDS: Record<AlertFollowEvent, string> = {
  price_down: '降价',
  price_up: '涨价',
  sold: '已成交',
  offline: '已下架',
};
