import type { ChannelCode } from './constants';

/**
 * 订阅 and 优居找房助手's constants and message shapes, without zod: the browser's list button, 我的订阅 and the chat
 * import them from here; contracts/alerts.ts re-exports them with the schemas.
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
