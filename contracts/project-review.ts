import { z } from 'zod';
import { UPLOAD_MAX_FILES } from './constants';
import { CONTACT_FIELD_LABELS } from './contact-details';
import { id, int, text, withoutContactDetails } from './fields';
import { REVIEW_TEXT_FORBIDDEN, reviewTextLength, reviewVisibleLength } from './review-text';

/**
 * Buyers' reviews of a new-home project (楼盘点评): one per user and project, an overall rating (总评)
 * and five parts (地段, 交通, 配套, 环境, 性价比), each a whole number of stars 1–5, a text, and up to 9 photos: the
 * writer's own uploads under `ub/review` (contracts/upload.ts), named by their keys.
 */

/** Reviews per page, newest first. */
export const REVIEW_PAGE_SIZE = 10;
/** The highest page asked for: the 4 digits a sub-page number may have (lib/project-pages.ts subPageNumber). */
export const REVIEW_MAX_PAGE = 9999;
/** The text's length: at least `min` visible characters, at most `max` characters after trimming (./review-text.ts). */
export const REVIEW_BODY_LENGTH = { min: 10, max: 500 } as const;
/** Reviews a user may try to post per hour (every attempt counts), and deletions. */
export const REVIEW_ADD_LIMIT = 10;
export const REVIEW_DELETE_LIMIT = 30;

/** The ratings in the order the page shows them: 总评 first, then the five parts. */
export const REVIEW_RATING_KEYS = ['overall', 'location', 'transport', 'amenities', 'environment', 'value'] as const;
export type ReviewRatingKey = (typeof REVIEW_RATING_KEYS)[number];
/** The five parts (all but 总评). */
export const REVIEW_PART_KEYS = [
  'location',
  'transport',
  'amenities',
  'environment',
  'value',
] as const satisfies readonly ReviewRatingKey[];

/** The answer's message when a user reviews a project twice (HTTP 409). */
export const REVIEW_DUPLICATE_MESSAGE = '您已点评过该楼盘';
export const REVIEW_BODY_MESSAGE = `点评内容需为${REVIEW_BODY_LENGTH.min}-${REVIEW_BODY_LENGTH.max}个字`;
/** spec §5: at most 9 photos (copy.md "upload: too many files"). */
export const REVIEW_PHOTOS_MAX = UPLOAD_MAX_FILES;
export const REVIEW_PHOTOS_TOO_MANY = `文件数量不能超过${REVIEW_PHOTOS_MAX}`;
/** A key that is not one of the writer's own review uploads (someone else's, another dir, none): HTTP 400. */
export const REVIEW_PHOTOS_NOT_OWN = '照片须为本人上传';
/** The upload dir of review photos (contracts/upload.ts UPLOAD_DIRS). */
export const REVIEW_UPLOAD_DIR = 'ub/review';

/** A star rating as a JSON body carries it: an integer 1–5, never a string or a fraction. */
const stars = () => z.number().int('评分须为1-5的整数').min(1, '评分须为1-5的整数').max(5, '评分须为1-5的整数');

export const reviewRatingsInputSchema = z.strictObject({
  overall: stars(),
  location: stars(),
  transport: stars(),
  amenities: stars(),
  environment: stars(),
  value: stars(),
});
export type ReviewRatings = z.infer<typeof reviewRatingsInputSchema>;

/** POST only, a JSON body: the project, the six ratings, the text, and the upload keys of up to 9 photos in order. */
export const reviewAddRequestSchema = z.strictObject({
  projectId: id(),
  ratings: reviewRatingsInputSchema,
  // The bounds of text() are a first cut for what no form sends (2 × max covers any text of max code points);
  // review-text.ts measures what the form counts.
  body: text(REVIEW_BODY_LENGTH.max * 2)
    .refine((s) => !REVIEW_TEXT_FORBIDDEN.test(s), 'must not contain control characters or bidi overrides')
    .refine(
      (s) => reviewVisibleLength(s) >= REVIEW_BODY_LENGTH.min && reviewTextLength(s) <= REVIEW_BODY_LENGTH.max,
      REVIEW_BODY_MESSAGE,
    )
    // A review is public: no phone number, WeChat or QQ id in it (contracts/contact-details.ts).
    .refine(...withoutContactDetails(CONTACT_FIELD_LABELS.reviewBody)),
  photos: z
    .array(text(512, { min: 1 }))
    .max(REVIEW_PHOTOS_MAX, REVIEW_PHOTOS_TOO_MANY)
    .refine((keys) => new Set(keys).size === keys.length, '照片不能重复')
    .default([]),
});
export type ReviewAddRequest = z.input<typeof reviewAddRequestSchema>;
/** The request as the backend has it after checking. */
export type ReviewAddInput = z.output<typeof reviewAddRequestSchema>;

/** POST only: one of the caller's own reviews. Another user's review, or none, is the same 404. */
export const reviewDeleteRequestSchema = z.strictObject({ reviewId: id() });
export type ReviewDeleteRequest = z.input<typeof reviewDeleteRequestSchema>;

/** A project's reviews, a page at a time (GET query or POST body, like every portal call). */
export const reviewListRequestSchema = z.strictObject({
  projectId: id(),
  page: int(1, REVIEW_MAX_PAGE).default(1),
});
export type ReviewListRequest = z.input<typeof reviewListRequestSchema>;

/** The caller's own review of a project (session required). */
export const myReviewRequestSchema = z.strictObject({ projectId: id() });

const ratingsSchema = z.object({
  overall: z.number().int(),
  location: z.number().int(),
  transport: z.number().int(),
  amenities: z.number().int(),
  environment: z.number().int(),
  value: z.number().int(),
});

export const projectReviewSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  /**
   * Who wrote it: their nickname, or `优居用户_8f3a` (a tag derived from the user id) when they have none.
   * Never their mobile, not even masked: a review is public and stays on the page.
   */
  reviewer: z.string(),
  ratings: ratingsSchema,
  body: z.string(),
  /** The original (`url`, a click away) and the thumbnail the list shows (`thumbUrl`: the original when none was made). */
  photos: z.array(z.object({ url: z.string(), thumbUrl: z.string(), title: z.string() })),
  /** ISO date-time. */
  createdAt: z.string(),
});
export type ProjectReview = z.infer<typeof projectReviewSchema>;

export const reviewSummarySchema = z.object({
  count: z.number().int(),
  /** Average of each rating to one decimal; null while there is no review. */
  averages: z.object({
    overall: z.number().nullable(),
    location: z.number().nullable(),
    transport: z.number().nullable(),
    amenities: z.number().nullable(),
    environment: z.number().nullable(),
    value: z.number().nullable(),
  }),
  /** How many reviews gave each number of 总评 stars, 5 down to 1 (always five rows). */
  distribution: z.array(z.object({ stars: z.number().int(), count: z.number().int() })),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

export const reviewPageSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  summary: reviewSummarySchema,
  list: z.array(projectReviewSchema),
});
export type ReviewPage = z.infer<typeof reviewPageSchema>;

export const myReviewSchema = z.object({ review: projectReviewSchema.nullable() });
export type MyReview = z.infer<typeof myReviewSchema>;

export const reviewDeletedSchema = z.object({ reviewId: z.number().int(), projectId: z.number().int() });
export type ReviewDeleted = z.infer<typeof reviewDeletedSchema>;
