import { z } from 'zod';
import { id, int, INT4_MAX, text } from './fields';
import {
  CONTACT_KINDS,
  DEVICE_CHANNEL_PC,
  PROMOTION_VALUE,
  ROLLUP_KEYS_PER_KIND,
  ROLLUP_VISITORS_PER_ADDRESS,
  TRACKING_BATCH_MAX,
  TrackingEventType,
} from './tracking-constants';

/**
 * Tracking (spec §3 "Tracking event", §7, §9): the browser tells the backend what visitors look at, search and
 * contact, batched and fire-and-forget (lib/tracking). The backend stores the events append-only, partitioned by
 * day, and rolls them up per day (backend/src/modules/stats, docs/data.md "Tracking").
 */

// The constants live zod-free in ./tracking-constants.ts, so the browser imports them without the schemas.
export * from './tracking-constants';

const promotionValue = z.string().regex(PROMOTION_VALUE, 'letters, digits, _ . - (at most 64)');

/**
 * One event (spec §3). The time is the browser's (`eventTm`, ms since the epoch); the backend files it under the
 * day it arrived, so a wrong clock moves no event into a dropped partition. Identifiers are the portal's own ids.
 */
export const trackingEventSchema = z.strictObject({
  eventTm: int(0, 8_640_000_000_000_000),
  /** The page's path as the browser shows it; the backend stores its route pattern (contracts/tracking-pages.ts). */
  pagePath: text(512, { min: 1 }).refine((p) => p.startsWith('/'), 'must be a path starting with /'),
  /** The three this web sends: an event of any other type would be stored and counted nowhere. */
  eventType: z.enum(Object.values(TrackingEventType), { message: '事件类型不存在' }),
  deviceChannel: z.literal(DEVICE_CHANNEL_PC).default(DEVICE_CHANNEL_PC),
  userId: id().nullish(),
  promotion: promotionValue.nullish(),
  promoCode: promotionValue.nullish(),
  agentId: id().nullish(),
  businessId: id().nullish(),
  /** spec §9: 1 second-hand, 2 rental, 3 new, 4 shop/office, 5 community. */
  businessType: int(1, 5).nullish(),
  /** spec §9: shops and offices' second level, 1–4 (contracts/channels.ts businessTypeTwo). */
  businessTypeTwo: int(1, 4).nullish(),
  buttonTitle: text(32).nullish(),
  /** The search helper's type: the suggestion's kind label (spec §9 "sale" / "rent") or `keyword`. */
  type: text(16).nullish(),
  pageLongParam1: int(0, INT4_MAX).nullish(),
});
export type TrackingEvent = z.input<typeof trackingEventSchema>;
export type TrackingEventParsed = z.output<typeof trackingEventSchema>;

/**
 * POST behavior/view/page: a list of page views and searches. A contact has its own call and its own bounds
 * (TRACKING_EVENT_BUDGET.contact), so a batch carries none.
 */
export const trackingBatchSchema = z
  .array(
    trackingEventSchema.extend({
      eventType: z.enum([TrackingEventType.pageView, TrackingEventType.search], {
        message: `事件类型只能是 ${TrackingEventType.pageView} 或 ${TrackingEventType.search}（联系请用 behavior/opportunity）`,
      }),
    }),
  )
  .min(1)
  .max(TRACKING_BATCH_MAX);

/** POST behavior/opportunity: one contact. */
export const trackingContactSchema = trackingEventSchema.extend({
  eventType: z.literal(TrackingEventType.contact, { message: `事件类型须为 ${TrackingEventType.contact}` }),
  buttonTitle: z.enum(CONTACT_KINDS),
});
export type TrackingContactParsed = z.output<typeof trackingContactSchema>;

export const trackingAcceptedSchema = z.object({ accepted: z.number().int() });
export type TrackingAccepted = z.infer<typeof trackingAcceptedSchema>;

/** A calendar day, Asia/Shanghai (the portal's day; modules/stats files events under it). */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a day as YYYY-MM-DD');

/** The operator's report (npm run ops -- stats, /ops/stats): days inclusive, optionally one city. */
export const statsReportRequestSchema = z.strictObject({
  from: day,
  to: day,
  cityDomain: z
    .string()
    .regex(/^[a-z]{1,12}$/)
    .optional(),
  top: int(1, 100).default(10),
});
export type StatsReportRequest = z.input<typeof statsReportRequestSchema>;

/** The report page's query (GET, from a form): the same fields, days optional (the last 7 days to today). */
const calendarDay = day.refine((d) => {
  const t = new Date(`${d}T00:00:00Z`);
  return !Number.isNaN(t.getTime()) && t.toISOString().startsWith(d);
}, 'a day of the calendar');
export const statsPageQuerySchema = z.strictObject({
  from: calendarDay.optional(),
  to: calendarDay.optional(),
  cityDomain: z
    .string()
    .regex(/^[a-z]{0,12}$/, 'a city sub-domain (letters)')
    .optional(),
  top: z.coerce.number().int().min(1).max(100).default(10),
});

const countsSchema = z.object({ views: z.number(), searches: z.number(), contacts: z.number() });
const keyedCounts = countsSchema.extend({ key: z.string() });

export const statsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  cityDomain: z.string().nullable(),
  /** What the figures count, in the operator's words (STATS_COUNTING): visitors a day, not events. */
  counting: z.string(),
  /** The sum of byChannel's rows: a visitor of two channels on one day is in both. */
  totals: countsSchema,
  /** Per city and channel (business type, 0 for pages of none): views, contacts and contacts per view. */
  byChannel: z.array(countsSchema.extend({ cityDomain: z.string(), businessType: z.number(), conversion: z.number() })),
  topListings: z.array(keyedCounts),
  topAgents: z.array(keyedCounts),
  topPages: z.array(keyedCounts),
  byPromotion: z.array(keyedCounts),
});
export type StatsReport = z.infer<typeof statsReportSchema>;

/**
 * What every figure of the report counts (modules/stats/rollup.ts), shown with it: a visitor is a device (an address
 * without one), counted once a day per listing, agent, page, promotion and channel, and one address (an IPv6 visitor by
 * its /64) brings at most ROLLUP_VISITORS_PER_ADDRESS of them to one item a day; a day keeps its first
 * ROLLUP_KEYS_PER_KIND listings, agents, pages and promotions per city.
 */
export const STATS_COUNTING =
  `数字为每天的访客数：同一设备（无设备码时同一地址）一天内对同一房源、经纪人、页面、推广码或频道只算一次；` +
  `同一地址（IPv6 按 /64）一天内对同一项最多算 ${ROLLUP_VISITORS_PER_ADDRESS} 个访客；` +
  `每城每天的房源、经纪人、页面、推广码各保留前 ${ROLLUP_KEYS_PER_KIND} 项；合计为各频道之和。`;

/** The maintenance run (npm run ops -- stats rollup): partitions made and dropped, days rolled up, roll-ups dropped. */
export const statsMaintenanceSchema = z.object({
  created: z.array(z.string()),
  dropped: z.array(z.string()),
  rolledUp: z.array(z.string()),
  /** Days whose roll-ups were past TRACKING_ROLLUP_RETENTION_DAYS and are gone. */
  rollUpsDropped: z.array(z.string()),
});
export type StatsMaintenance = z.infer<typeof statsMaintenanceSchema>;
export const statsMaintenanceRequestSchema = z.strictObject({ day: day.optional() });
