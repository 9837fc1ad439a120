import { z } from 'zod';
import { id, int, text } from './fields';
import { MOBILE_PATTERN } from './constants';
import { isCalendarDay, VIEWING_MAX_DAYS_AHEAD } from './viewing-dates';

/**
 * 预约看房: a logged-in user books a viewing of a second-hand home or a rental from its detail page —
 * a day (today to today + 30, Asia/Shanghai), a slot, a contact name and a mobile — and sees their bookings
 * under 看房记录 (/personal/record/ershoufang|zufang), where a pending or confirmed one can be cancelled.
 * Agents cannot log in (spec §6): an operator confirms or completes a viewing (`npm run ops -- viewing …`).
 */

/** contracts/channels.ts businessType of the two channels that take bookings: 1 二手房, 2 租房. */
export const VIEWING_BUSINESS_TYPES = [1, 2] as const;
export type ViewingBusinessType = (typeof VIEWING_BUSINESS_TYPES)[number];

/**
 * viewings.status: 1 待确认, 2 已确认, 3 已完成, 4 已取消. The one list of them: the backend's schema types the column
 * with it and builds its one-open-booking index from VIEWING_OPEN_STATUSES.
 */
export const VIEWING_STATUSES = { PENDING: 1, CONFIRMED: 2, DONE: 3, CANCELLED: 4 } as const;
export type ViewingStatus = (typeof VIEWING_STATUSES)[keyof typeof VIEWING_STATUSES];
/** A booking that still stands (it can be cancelled, and a second one of the same home is refused). */
export const VIEWING_OPEN_STATUSES = [VIEWING_STATUSES.PENDING, VIEWING_STATUSES.CONFIRMED] as const;
/** The slots of a day (viewings.slot): 1 上午, 2 下午, 3 晚上. */
export const VIEWING_SLOTS = [1, 2, 3] as const;
export type ViewingSlot = (typeof VIEWING_SLOTS)[number];

export const VIEWING_PAGE_SIZE = 10;
export const VIEWING_MAX_PAGE = 9999;
/** Bookings a user may try per hour (every attempt counts), and cancellations. */
export const VIEWING_BOOK_LIMIT = 20;
export const VIEWING_CANCEL_LIMIT = 30;
export const VIEWING_CONTACT_MAX = 20;

/** Answers' messages (HTTP 409 and 400). */
export const VIEWING_DUPLICATE_MESSAGE = '您已预约过该房源，请在看房记录中查看';
export const VIEWING_NOT_CANCELLABLE_MESSAGE = '该预约已完成或已取消，不能再取消';
export const VIEWING_DATE_MESSAGE = `看房日期须在今天起${VIEWING_MAX_DAYS_AHEAD}天内`;
export const VIEWING_SLOT_MESSAGE = '请选择看房时段：1 上午、2 下午、3 晚上';
export const VIEWING_CONTACT_MESSAGE = `联系人须为1-${VIEWING_CONTACT_MAX}个字`;
export const VIEWING_MOBILE_MESSAGE = '请输入正确的11位手机号';
export const VIEWING_NO_MOBILE_MESSAGE = '请填写联系手机号';

const businessType = () => int(1, 2).refine((n) => n === 1 || n === 2, 'businessType must be 1 (二手房) or 2 (租房)');

/**
 * POST only, session: book a viewing. `mobile` may be left out: the user's own number is used. The listing's
 * agent is taken from the listing. A second open booking (pending or confirmed) of the same home is a 409.
 */
export const viewingBookRequestSchema = z.strictObject({
  businessType: businessType(),
  listingId: id(),
  date: z.string().refine(isCalendarDay, 'date must be a day written YYYY-MM-DD'),
  slot: z.number().int(VIEWING_SLOT_MESSAGE).min(1, VIEWING_SLOT_MESSAGE).max(3, VIEWING_SLOT_MESSAGE),
  contactName: text(VIEWING_CONTACT_MAX, { min: 1, message: VIEWING_CONTACT_MESSAGE }).refine(
    (s) => !/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/.test(s),
    'contactName must not contain control characters or bidi overrides',
  ),
  mobile: z.string().trim().regex(MOBILE_PATTERN, VIEWING_MOBILE_MESSAGE).optional(),
});
export type ViewingBookRequest = z.input<typeof viewingBookRequestSchema>;
export type ViewingBookInput = z.output<typeof viewingBookRequestSchema>;

/** The caller's bookings of one channel, newest first, a page at a time (GET query or POST body). */
export const myViewingsRequestSchema = z.strictObject({
  businessType: businessType(),
  page: int(1, VIEWING_MAX_PAGE).default(1),
});
export type MyViewingsRequest = z.input<typeof myViewingsRequestSchema>;

/** POST only, session: one of the caller's own bookings. Another user's, or none, is the same 404. */
export const viewingCancelRequestSchema = z.strictObject({ viewingId: id() });
export type ViewingCancelRequest = z.input<typeof viewingCancelRequestSchema>;

/** The title of a booked home that is no longer on the site. */
export const VIEWING_LISTING_GONE = '该房源已下架';

export const viewingSchema = z.object({
  id: z.number().int(),
  businessType: z.number().int(),
  listingId: z.number().int(),
  /** The home as its card shows it; once the home is off the site (下架, 已成交) VIEWING_LISTING_GONE and no cover. */
  title: z.string(),
  coverUrl: z.string(),
  /** 二手房: total in 万元; 租房: 元/月. */
  price: z.number(),
  communityName: z.string(),
  /** The city of the home, for a link to its detail page on its own host. */
  cityDomain: z.string(),
  agentName: z.string(),
  date: z.string(),
  slot: z.number().int(),
  contactName: z.string(),
  /** Masked as spec §3 shows a mobile (`138***8000`). */
  mobile: z.string(),
  status: z.number().int(),
  createdAt: z.string(),
  /** The home was taken off the site after the booking: the record stays, shown without a link (房源已下架). */
  listingGone: z.boolean(),
});
export type Viewing = z.infer<typeof viewingSchema>;

export const viewingPageSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  list: z.array(viewingSchema),
});
export type ViewingPage = z.infer<typeof viewingPageSchema>;

/** The operator's change of a booking: `confirm` (待确认 → 已确认) or `done` (待确认/已确认 → 已完成). */
export const OPS_VIEWING_ACTIONS = ['confirm', 'done'] as const;
export const opsViewingParamsSchema = z.object({ id: id() });
export const opsViewingChangeSchema = z.strictObject({ action: z.enum(OPS_VIEWING_ACTIONS) });
export type OpsViewingChange = z.input<typeof opsViewingChangeSchema>;
export const opsViewingResultSchema = z.object({
  id: z.number().int(),
  status: z.number().int(),
  previousStatus: z.number().int(),
});
export type OpsViewingResult = z.infer<typeof opsViewingResultSchema>;
