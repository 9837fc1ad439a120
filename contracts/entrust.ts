import { z } from 'zod';
import { CONTACT_FIELD_LABELS } from './contact-details';
import { id, int, text, withoutContactDetails } from './fields';
import {
  ENTRUST_DECORATIONS,
  ENTRUST_LIMITS,
  ENTRUST_MESSAGES,
  ENTRUST_MAX_PAGE,
  ENTRUST_ORIENTATIONS,
  ENTRUST_PAYMENTS,
  entrustFormProblem,
  RENT_FACILITIES,
} from './entrust-rules';

export * from './entrust-rules';

/**
 * 我要卖房 / 我要出租: an owner entrusts a home to agencies from the personal centre. The entrust is
 * 审核中 until an operator accepts it (`npm run ops -- entrust accept <id>`, spec §6: agents cannot log in); it
 * is then published as a listing of 二手房 or 租房 with an agent of an entrusted brand, and the owner manages it
 * under 卖房管理 / 租房管理 (contracts/house.ts). Every call here needs a session and sees only the caller's
 * own entrusts: another user's id answers as an unknown one (404).
 */

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/**
 * Invisible format characters (zero-width spaces and joiners, bidi marks and overrides, BOM, soft hyphen): a
 * building `1` and `1\u200b` would be two flats to the one-open-entrust rule and one to a reader. A text may keep
 * the zero-width joiner inside emoji only where `emoji` is true (the description).
 */
const INVISIBLE = /\p{Cf}/u;
const INVISIBLE_BUT_ZWJ = /(?!\u200d)\p{Cf}/u;
const plain = (max: number, min: number, message: string, { emoji = false } = {}) =>
  text(max, { min, message }).refine(
    (s) => !CONTROL.test(s) && !(emoji ? INVISIBLE_BUT_ZWJ : INVISIBLE).test(s),
    'must not contain control or invisible format characters',
  );

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
  /** Rent only: 配套设施 the home has (RENT_FACILITIES); checked by entrustFormProblem. */
  facilities: z
    .array(text(10))
    .max(RENT_FACILITIES.length * 2)
    .default([]),
  // The description is the listing's text on its public page and the contact name the agent reads out: no phone
  // number, WeChat or QQ id in either (contracts/contact-details.ts); the owner is reached through the agent.
  contactName: plain(ENTRUST_LIMITS.contactMax, 1, ENTRUST_MESSAGES.contact).refine(
    ...withoutContactDetails(CONTACT_FIELD_LABELS.contactName),
  ),
  description: plain(ENTRUST_LIMITS.descriptionMax, 0, `房源描述最多${ENTRUST_LIMITS.descriptionMax}个字`, { emoji: true })
    .refine(...withoutContactDetails(CONTACT_FIELD_LABELS.description))
    .default(''),
  photos: z
    .array(text(512, { min: 1 }))
    .min(ENTRUST_LIMITS.photosMin, ENTRUST_MESSAGES.photosMin)
    .max(ENTRUST_LIMITS.photosMax),
  brandIds: z.array(id()).min(1, ENTRUST_MESSAGES.brands).max(ENTRUST_LIMITS.brandsMax),
};

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
  facilities: z.array(z.string()),
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
/** The operator's reason for publishing past the bounds (`--override "<reason>"`), kept in entrust_overrides. */
export const OPS_OVERRIDE_REASON_LENGTH = { min: 4, max: 200 } as const;
export const OPS_OVERRIDE_REASON_MESSAGE = `覆盖原因须为${OPS_OVERRIDE_REASON_LENGTH.min}-${OPS_OVERRIDE_REASON_LENGTH.max}个字`;
export const opsEntrustChangeSchema = z.strictObject({
  action: z.enum(OPS_ENTRUST_ACTIONS),
  brandId: id().optional(),
  /**
   * accept only: publish although the entrust is outside the bounds (area, price, price per ㎡, the community's
   * band), for this reason; without it such an entrust is a 409 naming what is out of bounds.
   */
  override: text(OPS_OVERRIDE_REASON_LENGTH.max, { min: OPS_OVERRIDE_REASON_LENGTH.min, message: OPS_OVERRIDE_REASON_MESSAGE })
    .refine((s) => !CONTROL.test(s), OPS_OVERRIDE_REASON_MESSAGE)
    .optional(),
});
export type OpsEntrustChange = z.input<typeof opsEntrustChangeSchema>;
export const opsEntrustResultSchema = z.object({
  id: z.number().int(),
  status: z.number().int(),
  previousStatus: z.number().int(),
  businessType: z.number().int(),
  listingId: z.number().int().nullable(),
  cityDomain: z.string(),
  agentId: z.number().int().nullable(),
  /** accept: the bounds the operator overrode and why (recorded in entrust_overrides); null when none was. */
  override: z.object({ reason: z.string(), problems: z.array(z.string()) }).nullable(),
  /** The change-feed entry that tells the web caches (contracts/cache-changes.ts). */
  change: z.object({ seq: z.number().int(), tags: z.array(z.string()) }),
});
export type OpsEntrustResult = z.infer<typeof opsEntrustResultSchema>;
