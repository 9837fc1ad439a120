import { z } from 'zod';
import { id, int, text } from './fields';
import { UPLOAD_MAX_FILES } from './constants';

/**
 * 我要卖房 / 我要出租 (issue 9): an owner entrusts a home to agencies from the personal centre. The entrust is
 * 审核中 until an operator accepts it (`npm run ops -- entrust accept <id>`, spec §6: agents cannot log in); it
 * is then published as a listing of 二手房 or 租房 with an agent of an entrusted brand, and the owner manages it
 * under 卖房管理 / 租房管理 (contracts/house.ts). Every call here needs a session and sees only the caller's
 * own entrusts: another user's id answers as an unknown one (404).
 */

/** contracts/channels.ts businessType: 1 二手房 (我要卖房), 2 租房 (我要出租). */
export const ENTRUST_BUSINESS_TYPES = [1, 2] as const;
export type EntrustBusinessType = (typeof ENTRUST_BUSINESS_TYPES)[number];

/** backend/src/db/schema.ts ENTRUST_STATUS. */
export const ENTRUST_STATUSES = { REVIEWING: 1, PUBLISHED: 2, OFFLINE: 3, SOLD: 4, WITHDRAWN: 5 } as const;
export const ENTRUST_STATUS_NAMES: Record<number, string> = { 1: '审核中', 2: '已发布', 3: '已下架', 4: '已成交', 5: '已撤回' };

/** The choices the form offers; the seed's homes use the same words. */
export const ENTRUST_ORIENTATIONS = ['南北', '南', '东南', '西南', '东', '西', '东西', '北'] as const;
export const ENTRUST_DECORATIONS = ['精装', '简装', '毛坯'] as const;
export const ENTRUST_PAYMENTS = ['押一付三', '押一付一', '押二付一', '押一付二', '半年付', '年付'] as const;
/** 1 整租, 2 合租 (rentals.rentType). */
export const ENTRUST_RENT_TYPES = [1, 2] as const;

/** Bounds of the form's numbers. */
export const ENTRUST_LIMITS = {
  areaMin: 5,
  areaMax: 2000,
  roomsMax: 9,
  floorMin: -3,
  floorMax: 99,
  /** 万元, two decimals at most. */
  sellPriceMax: 100_000,
  /** 元/月, whole yuan. */
  rentPriceMin: 100,
  rentPriceMax: 1_000_000,
  photosMin: 1,
  photosMax: UPLOAD_MAX_FILES,
  brandsMax: 5,
  addressMax: 10,
  contactMax: 20,
  descriptionMax: 500,
} as const;

export const ENTRUST_PAGE_SIZE = 10;
export const ENTRUST_MAX_PAGE = 9999;
/** Entrusts a user may submit (new or edited) per hour. */
export const ENTRUST_SUBMIT_LIMIT = 10;
export const ENTRUST_WITHDRAW_LIMIT = 30;

/** Answers' messages (HTTP 400 and 409). */
export const ENTRUST_MESSAGES = {
  duplicate: '该房屋已在委托中，请在委托管理中查看',
  notEditable: '已发布或已成交的委托不能修改',
  notWithdrawable: '只有审核中的委托可以撤回，已发布的房源请在房源管理中下架',
  community: '请选择小区',
  brands: '请选择要委托的经纪公司',
  brandNotServing: '所选经纪公司不服务该小区',
  photosMin: '请至少上传1张房源照片',
  photosNotOwn: '照片须为本人上传',
  floor: '所在楼层不能高于总楼层',
  area: `建筑面积须在${ENTRUST_LIMITS.areaMin}-${ENTRUST_LIMITS.areaMax}㎡之间`,
  sellPrice: `期望售价须大于0、不超过${ENTRUST_LIMITS.sellPriceMax}万元，最多两位小数`,
  rentPrice: `期望租金须为${ENTRUST_LIMITS.rentPriceMin}-${ENTRUST_LIMITS.rentPriceMax}元/月的整数`,
  rentFields: '出租须选择出租方式和付款方式',
  contact: `联系人须为1-${ENTRUST_LIMITS.contactMax}个字`,
  address: `楼栋、门牌须为1-${ENTRUST_LIMITS.addressMax}个字`,
} as const;

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const plain = (max: number, min: number, message: string) =>
  text(max, { min, message }).refine((s) => !CONTROL.test(s), 'must not contain control characters or bidi overrides');

const businessType = () => int(1, 2).refine((n) => n === 1 || n === 2, 'businessType must be 1 (卖房) or 2 (出租)');

/**
 * The form, for a new entrust and an edit alike. `price` is 万元 for a sale and 元/月 for a rental; `rentType`
 * and `payment` are required for a rental and refused for a sale. `photos` are upload keys of the caller's own
 * (recorded by the upload callback, dir ub/entrust); `brandIds` brands serving the community
 * (`/v1/entrust/company`).
 */
const entrustFields = {
  businessType: businessType(),
  communityId: id(),
  building: plain(ENTRUST_LIMITS.addressMax, 1, ENTRUST_MESSAGES.address),
  unit: plain(ENTRUST_LIMITS.addressMax, 0, ENTRUST_MESSAGES.address).default(''),
  room: plain(ENTRUST_LIMITS.addressMax, 1, ENTRUST_MESSAGES.address),
  area: z.number().min(ENTRUST_LIMITS.areaMin, ENTRUST_MESSAGES.area).max(ENTRUST_LIMITS.areaMax, ENTRUST_MESSAGES.area),
  rooms: int(1, ENTRUST_LIMITS.roomsMax),
  halls: int(0, ENTRUST_LIMITS.roomsMax),
  baths: int(0, ENTRUST_LIMITS.roomsMax),
  floor: int(ENTRUST_LIMITS.floorMin, ENTRUST_LIMITS.floorMax),
  totalFloors: int(1, ENTRUST_LIMITS.floorMax),
  orientation: z.enum(ENTRUST_ORIENTATIONS),
  decoration: z.enum(ENTRUST_DECORATIONS),
  price: z.number().positive(),
  rentType: int(1, 2).optional(),
  payment: z.enum(ENTRUST_PAYMENTS).optional(),
  contactName: plain(ENTRUST_LIMITS.contactMax, 1, ENTRUST_MESSAGES.contact),
  description: plain(ENTRUST_LIMITS.descriptionMax, 0, `房源描述最多${ENTRUST_LIMITS.descriptionMax}个字`).default(''),
  photos: z.array(text(512, { min: 1 })).min(ENTRUST_LIMITS.photosMin, ENTRUST_MESSAGES.photosMin).max(ENTRUST_LIMITS.photosMax),
  brandIds: z.array(id()).min(1, ENTRUST_MESSAGES.brands).max(ENTRUST_LIMITS.brandsMax),
};

/** The cross-field rules of the form (the backend and the page's own check share them). */
export function entrustFormProblem(input: { businessType: number; floor: number; totalFloors: number; price: number; rentType?: number; payment?: string }): { path: string; message: string } | null {
  if (input.floor > input.totalFloors || input.floor === 0) return { path: 'floor', message: ENTRUST_MESSAGES.floor };
  if (input.businessType === 1) {
    const cents = input.price * 100;
    if (!(input.price > 0 && input.price <= ENTRUST_LIMITS.sellPriceMax && Math.abs(cents - Math.round(cents)) < 1e-6)) return { path: 'price', message: ENTRUST_MESSAGES.sellPrice };
    if (input.rentType !== undefined || input.payment !== undefined) return { path: 'rentType', message: 'rentType and payment are for a rental only' };
  } else {
    if (!(Number.isInteger(input.price) && input.price >= ENTRUST_LIMITS.rentPriceMin && input.price <= ENTRUST_LIMITS.rentPriceMax)) return { path: 'price', message: ENTRUST_MESSAGES.rentPrice };
    if (input.rentType === undefined || input.payment === undefined) return { path: 'rentType', message: ENTRUST_MESSAGES.rentFields };
  }
  return null;
}

const withFormRules = <T extends z.ZodObject>(schema: T) =>
  schema.superRefine((value, ctx) => {
    const problem = entrustFormProblem(value as Parameters<typeof entrustFormProblem>[0]);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
  });

/** POST only, session: submit a new entrust (审核中). The same flat open twice is a 409. */
export const entrustAddRequestSchema = withFormRules(z.strictObject(entrustFields));
export type EntrustAddRequest = z.input<typeof entrustAddRequestSchema>;
export type EntrustAddInput = z.output<typeof entrustAddRequestSchema>;

/**
 * POST only, session: edit one's own entrust. 审核中 stays 审核中; 已下架 and 已撤回 are submitted again (审核中);
 * 已发布 and 已成交 are a 409 (the published price is changed under 卖房管理). The business type cannot change.
 */
export const entrustUpdateRequestSchema = withFormRules(z.strictObject({ entrustId: id(), ...entrustFields }));
export type EntrustUpdateRequest = z.input<typeof entrustUpdateRequestSchema>;
export type EntrustUpdateInput = z.output<typeof entrustUpdateRequestSchema>;

/** POST only, session: withdraw one's own entrust while 审核中 (→ 已撤回); otherwise 409. */
export const entrustWithdrawRequestSchema = z.strictObject({ entrustId: id() });

/** Session: one's own entrust, for the edit form. */
export const entrustDetailRequestSchema = z.strictObject({ entrustId: id() });

/** Session: the caller's entrusts (委托管理), newest first; all business types without `businessType`. */
export const myEntrustsRequestSchema = z.strictObject({
  businessType: businessType().optional(),
  page: int(1, ENTRUST_MAX_PAGE).default(1),
});

/** Public: the brands serving a community (its business area's branches with an agent at work). */
export const entrustCompanyRequestSchema = z.strictObject({ communityId: id() });

export const entrustPhotoSchema = z.object({ key: z.string(), url: z.string(), thumbUrl: z.string() });

export const entrustBrandSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The branch in the community's business area (望京店). */
  branchName: z.string(),
  /** Its agents at work (status 1) there. */
  agentCount: z.number().int(),
});
export type EntrustBrand = z.infer<typeof entrustBrandSchema>;
export const entrustCompanySchema = z.object({
  communityId: z.number().int(),
  communityName: z.string(),
  brands: z.array(entrustBrandSchema),
});
export type EntrustCompany = z.infer<typeof entrustCompanySchema>;

export const entrustSchema = z.object({
  id: z.number().int(),
  businessType: z.number().int(),
  status: z.number().int(),
  statusName: z.string(),
  cityCode: z.string(),
  /** The city of the home, for links to its listing on its own host. */
  cityDomain: z.string(),
  communityId: z.number().int(),
  communityName: z.string(),
  building: z.string(),
  unit: z.string(),
  room: z.string(),
  area: z.number(),
  rooms: z.number().int(),
  halls: z.number().int(),
  baths: z.number().int(),
  floor: z.number().int(),
  totalFloors: z.number().int(),
  orientation: z.string(),
  decoration: z.string(),
  price: z.number(),
  rentType: z.number().int().nullable(),
  payment: z.string().nullable(),
  contactName: z.string(),
  description: z.string(),
  photos: z.array(entrustPhotoSchema),
  brands: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The published listing (二手房 or 租房 detail id) while 已发布, else null. */
  listingId: z.number().int().nullable(),
  agentName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type Entrust = z.infer<typeof entrustSchema>;

export const entrustPageSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  list: z.array(entrustSchema),
});
export type EntrustPage = z.infer<typeof entrustPageSchema>;

/**
 * The operator's decision (`npm run ops -- entrust accept|sold <id> [brandId]`): `accept` publishes a 审核中
 * entrust with an agent of `brandId` (default: the first entrusted brand with an agent at work in the area,
 * else in the city); `sold` marks a 已发布 one 已成交 and takes its listing off the site.
 */
export const OPS_ENTRUST_ACTIONS = ['accept', 'sold'] as const;
export const opsEntrustParamsSchema = z.object({ id: id() });
export const opsEntrustChangeSchema = z.strictObject({ action: z.enum(OPS_ENTRUST_ACTIONS), brandId: id().optional() });
export type OpsEntrustChange = z.input<typeof opsEntrustChangeSchema>;
export const opsEntrustResultSchema = z.object({
  id: z.number().int(),
  status: z.number().int(),
  previousStatus: z.number().int(),
  businessType: z.number().int(),
  listingId: z.number().int().nullable(),
  cityDomain: z.string(),
  agentId: z.number().int().nullable(),
  /** The change-feed entry that tells the web caches (contracts/cache-changes.ts). */
  change: z.object({ seq: z.number().int(), tags: z.array(z.string()) }),
});
export type OpsEntrustResult = z.infer<typeof opsEntrustResultSchema>;
