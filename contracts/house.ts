import { z } from 'zod';
import { id, int } from './fields';

/**
 * 卖房管理 / 租房管理 (/personal/house/ershoufang|zufang): an owner's homes that were published from
 * their entrusts (contracts/entrust.ts), with what the public did with them (浏览, 关注, 预约看房), a price
 * change and 下架. Every call needs a session and names the home by its entrust id; another owner's id answers as
 * an unknown one (404). A change is on the public pages at once (the change feed drops their cached copies).
 *
 * Also here, the two things a visitor does on a detail page that the owner's counts come from: the view beacon
 * (public) and 关注 (session).
 */

const businessType = () => int(1, 2).refine((n) => n === 1 || n === 2, 'businessType must be 1 (二手房) or 2 (租房)');

export const HOUSE_PAGE_SIZE = 10;
export const HOUSE_MAX_PAGE = 9999;
/** Price changes and take-downs per user and hour. */
export const HOUSE_CHANGE_LIMIT = 30;
/** View beacons per address and hour (one per detail page opened). */
export const LISTING_VIEW_LIMIT = 600;
/** One view per device (or address) and listing counts in this window; more opens of the page are not views. */
export const LISTING_VIEW_DEDUPE_MINUTES = 30;
export const LISTING_FOLLOW_LIMIT = 120;

export const HOUSE_MESSAGES = {
  notPublished: '该房源未在发布中',
  samePrice: '新价格与当前价格相同',
} as const;

/** Session: the caller's homes of one channel that were published (已发布, 已下架, 已成交), newest first. */
export const myHousesRequestSchema = z.strictObject({
  businessType: businessType(),
  page: int(1, HOUSE_MAX_PAGE).default(1),
});

/**
 * POST only, session: a new price for one's own published home: 二手房 total in 万元 (two decimals at most), 租房
 * 元/月 (whole yuan); the same bounds as the entrust form (contracts/entrust.ts entrustFormProblem).
 */
export const housePriceRequestSchema = z.strictObject({ entrustId: id(), price: z.number().positive() });

/** POST only, session: take one's own published home off the site (已发布 → 已下架). */
export const houseOfflineRequestSchema = z.strictObject({ entrustId: id() });

export const houseSchema = z.object({
  entrustId: z.number().int(),
  businessType: z.number().int(),
  /** contracts/entrust.ts ENTRUST_STATUSES: 2 已发布, 3 已下架, 4 已成交. */
  status: z.number().int(),
  statusName: z.string(),
  /** The public detail id while 已发布, else null. */
  listingId: z.number().int().nullable(),
  cityDomain: z.string(),
  title: z.string(),
  coverUrl: z.string(),
  communityName: z.string(),
  area: z.number(),
  rooms: z.number().int(),
  halls: z.number().int(),
  /** 二手房: 万元; 租房: 元/月. */
  price: z.number(),
  /** 二手房: 元/㎡; 租房: null. */
  unitPrice: z.number().int().nullable(),
  agentName: z.string().nullable(),
  /** 浏览: detail page opens. */
  views: z.number().int(),
  /** 关注: users following it. */
  followers: z.number().int(),
  /** 预约看房: bookings of it, every status. */
  viewingRequests: z.number().int(),
  publishedAt: z.string().nullable(),
});
export type House = z.infer<typeof houseSchema>;

export const housePageSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  list: z.array(houseSchema),
});
export type HousePage = z.infer<typeof housePageSchema>;

/** POST only, public: the detail page of a listing was opened (its client island sends it once per page view). */
export const listingViewRequestSchema = z.strictObject({ businessType: businessType(), listingId: id() });
/**
 * `counted`: false when this device (or, without one, this address) was already counted for the listing within
 * LISTING_VIEW_DEDUPE_MINUTES; `views`: the listing's 浏览 count after this one.
 */
export const listingViewResultSchema = z.object({ counted: z.boolean(), views: z.number().int() });
export type ListingViewResult = z.infer<typeof listingViewResultSchema>;

/** Session: whether the caller follows the listing, and how many do. */
export const followStatusRequestSchema = z.strictObject({ businessType: businessType(), listingId: id() });
/** POST only, session: follow (true) or stop following (false); repeating either changes nothing. */
export const followRequestSchema = z.strictObject({ businessType: businessType(), listingId: id(), follow: z.boolean() });
export const followStatusSchema = z.object({ followed: z.boolean(), followers: z.number().int() });
export type FollowStatus = z.infer<typeof followStatusSchema>;
