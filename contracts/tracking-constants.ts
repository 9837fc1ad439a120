/**
 * Tracking's constants, without zod: the browser's beacons (lib/client/tracking.ts) and the search box import them from
 * here, on every page's first load; contracts/tracking.ts re-exports them with the schemas. (Importing the schemas'
 * module from the browser had put all of zod, ≈32 kB gzip, on every page: docs/performance.md "First-load JavaScript".)
 */

/** spec §9: device channel code 4 is the PC web, the only client that sends from here. */
export const DEVICE_CHANNEL_PC = 4;

/** The event types this web sends. `event_search` is the spec's name (§7 event-tracking helper). */
export const TrackingEventType = {
  pageView: 'page_view',
  search: 'event_search',
  contact: 'event_opportunity',
} as const;

/** spec §2/§7: the three ways a visitor makes contact, as the opportunity event's buttonTitle. */
export const CONTACT_KINDS = ['拨打电话', '在线咨询', '预约看房'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

/** Events in one page-view call: the browser flushes at 20, so 50 leaves room and bounds a call's work. */
export const TRACKING_BATCH_MAX = 50;
/** Calls per address per minute: a busy reader sends a few; a script sending more is refused with a 429. */
export const TRACKING_VIEW_LIMIT = 240;
export const TRACKING_CONTACT_LIMIT = 60;

/**
 * Events taken per minute and per device, per address (an IPv6 visitor by its /64), counted where the backend takes
 * them; the totals across all addresses are settings (TRACKING_EVENTS_PER_MINUTE, TRACKING_CONTACTS_PER_MINUTE). Past
 * a bound the events are dropped and the answer's `accepted` says how many were kept (docs/security.md "Tracking
 * storage"). What a person sends (lib/client/tracking.ts): one page view per page shown and one search per search or
 * suggestion chosen, which opens a page, so at most two events a page; a fast reader flicking through filters opens
 * a page every few seconds. 60 a minute (one a second, all minute) is several times that; an address holds five such
 * devices, or a hundred people behind one NAT reading a few pages a minute. A contact is a click that opens a dialog,
 * a chat or a booking: 10 a minute from one device is already more than anyone clicks.
 */
export const TRACKING_EVENT_BUDGET = {
  view: { device: 60, address: 300 },
  contact: { device: 10, address: 30 },
} as const;

/**
 * The daily roll-up's bounds (backend modules/stats/rollup.ts; the report states them, STATS_COUNTING): one address
 * brings at most this many visitors to one listing, agent, page, promotion or channel a day (a family, an office
 * behind one NAT; a script rotating device codes counts as this many people at most), and a day keeps this many
 * listings, agents, pages and promotions per city, by contacts then views (the report shows 100 at most).
 */
export const ROLLUP_VISITORS_PER_ADDRESS = 20;
export const ROLLUP_KEYS_PER_KIND = 200;

/** Promotion cookies (spec §9): `_pc` the promotion code, `_f` where the visitor came from; kept until 2100. */
export const PROMO_CODE_COOKIE = '_pc';
export const PROMOTION_COOKIE = '_f';
export const PROMOTION_COOKIE_EXPIRES = '2100-01-01T00:00:00Z';
/** A promotion value as the landing URL may carry it: short, letters, digits, `_ . -`. */
export const PROMOTION_VALUE = /^[\w.-]{1,64}$/;
