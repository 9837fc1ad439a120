import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hasDigitRun } from '@contracts/account-rules';
import { hasContactDetails } from '@contracts/contact-details';
import { cacheTag } from '@contracts/cache-changes';
import { channelIsOn } from '@contracts/channels';
import { ApiPath } from '@contracts/paths';
import {
  myReviewRequestSchema,
  myReviewSchema,
  projectReviewSchema,
  REVIEW_ADD_LIMIT,
  REVIEW_DELETE_LIMIT,
  REVIEW_DUPLICATE_MESSAGE,
  REVIEW_PAGE_SIZE,
  REVIEW_PHOTOS_NOT_OWN,
  REVIEW_RATING_KEYS,
  REVIEW_UPLOAD_DIR,
  reviewAddRequestSchema,
  reviewDeletedSchema,
  reviewDeleteRequestSchema,
  reviewListRequestSchema,
  reviewPageSchema,
  type ProjectReview,
  type ReviewAddInput,
  type ReviewPage,
  type ReviewSummary,
} from '@contracts/project-review';
import type { Db } from '../../db/client';
import { newProjects, projectReviews, uploads, users, type ListingPhoto } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../http/errors';
import { portalRoute } from '../../http/portal-route';
import { recordChange } from '../cache/changes';
import { findCity } from '../cities/cities';
import { sessionRoute } from '../../http/session-route';
import type { Storage } from '../../storage';
import type { OwnerNames } from '../uploads/owner-names';
import { refreshPublication } from '../uploads/publication';
import { rowsOf } from '../../db/raw-rows';

/**
 * 楼盘点评 (contracts/project-review.ts): a project's reviews with their summary, and a logged-in user's own
 * review (write, read, delete). A write records a change of the project's pages (`detail:new:{id}`: the detail
 * page and every sub-page, lib/front/page-cache/page-tags.ts), so the cached 点评 page shows it on the next visit.
 */

const TAGS = ['new-home'];

/** A review photo as project_reviews.photos keeps it: the seed's have url and title, uploaded ones a thumbnail too. */
type ReviewPhoto = ListingPhoto & { thumb?: string };

/**
 * The name a review shows: the user's nickname, or `优居用户_8f3a`. The tag is a keyed hash of the user id
 * (owner-names.ts), so one user's reviews carry the same one, yet nobody without KEY_SECRET can compute it from an
 * id seen elsewhere (an upload key, a listing): an anonymous reviewer is not linked to their listings. It says
 * nothing of the mobile. A nickname that holds a mobile number is not used.
 */
export function reviewerName(names: Pick<OwnerNames, 'reviewerTag'>, userId: number, userName: string): string {
  const name = userName.trim();
  // A nickname with a number or a contact id in it (seeded or older than the rule, contracts/account-rules.ts)
  // is not shown.
  if (name && !hasDigitRun(name) && !hasContactDetails(name)) return name;
  return `优居用户_${names.reviewerTag(userId)}`;
}

const reviewColumns = {
  id: projectReviews.id,
  projectId: projectReviews.projectId,
  userId: projectReviews.userId,
  userName: users.userName,
  overall: projectReviews.overall,
  location: projectReviews.location,
  transport: projectReviews.transport,
  amenities: projectReviews.amenities,
  environment: projectReviews.environment,
  value: projectReviews.value,
  body: projectReviews.body,
  photos: projectReviews.photos,
  createdAt: projectReviews.createdAt,
};

function selectReviews(db: Db) {
  return db.select(reviewColumns).from(projectReviews).innerJoin(users, eq(users.id, projectReviews.userId));
}

type ReviewRow = Awaited<ReturnType<ReturnType<typeof selectReviews>['execute']>>[number];

function toReview(names: OwnerNames, r: ReviewRow): ProjectReview {
  return {
    id: r.id,
    projectId: r.projectId,
    reviewer: reviewerName(names, r.userId, r.userName),
    ratings: {
      overall: r.overall,
      location: r.location,
      transport: r.transport,
      amenities: r.amenities,
      environment: r.environment,
      value: r.value,
    },
    body: r.body,
    photos: (r.photos as ReviewPhoto[]).map(({ url, title, thumb }) => ({ url, thumbUrl: thumb || url, title })),
    createdAt: r.createdAt.toISOString(),
  };
}

/** The project, when it is one a visitor may see: it exists and its city has the 新房 channel (as its detail). */
async function requireProject(db: Db, projectId: number): Promise<void> {
  const [project] = await db.select({ cityCode: newProjects.cityCode }).from(newProjects).where(eq(newProjects.id, projectId));
  const city = project && (await findCity(db, project.cityCode));
  if (!city || !channelIsOn(city, 'new')) throw notFound(`楼盘 ${projectId} `);
}

/** Rows as either driver gives them: node-postgres and PGlite agree on float8 and int8 cast to int. */
type Row = Record<string, unknown>;

async function summaryOf(db: Db, projectId: number): Promise<ReviewSummary> {
  const avg = (column: string) => sql.raw(`round(avg(${column})::numeric, 1)::float8 as ${column}`);
  const result = await db.execute(sql`
    select count(*)::int as count,
      ${avg('overall')}, ${avg('location')}, ${avg('transport')}, ${avg('amenities')}, ${avg('environment')}, ${avg('value')},
      count(*) filter (where overall = 5)::int as s5, count(*) filter (where overall = 4)::int as s4,
      count(*) filter (where overall = 3)::int as s3, count(*) filter (where overall = 2)::int as s2,
      count(*) filter (where overall = 1)::int as s1
    from project_reviews where project_id = ${projectId}`);
  const row = rowsOf<Row>(result)[0] ?? {};
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const averages = Object.fromEntries(REVIEW_RATING_KEYS.map((k) => [k, num(row[k])])) as ReviewSummary['averages'];
  return {
    count: Number(row.count ?? 0),
    averages,
    distribution: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: Number(row[`s${stars}`] ?? 0) })),
  };
}

async function reviewPage(db: Db, names: OwnerNames, projectId: number, page: number): Promise<ReviewPage> {
  await requireProject(db, projectId);
  const [summary, rows] = await Promise.all([
    summaryOf(db, projectId),
    selectReviews(db)
      .where(eq(projectReviews.projectId, projectId))
      .orderBy(desc(projectReviews.createdAt), desc(projectReviews.id))
      .limit(REVIEW_PAGE_SIZE)
      .offset((page - 1) * REVIEW_PAGE_SIZE),
  ]);
  return { total: summary.count, page, pageSize: REVIEW_PAGE_SIZE, summary, list: rows.map((r) => toReview(names, r)) };
}

/**
 * The photos of a review from their upload keys, in the order given: every key must be one of the writer's own
 * uploads (their row in `uploads`) under ub/review, else 400 (another user's key answers exactly like an unknown one).
 */
async function reviewPhotos(db: Db, storage: Storage, userId: number, keys: readonly string[]): Promise<ReviewPhoto[]> {
  if (keys.length === 0) return [];
  if (!keys.every((k) => k.startsWith(`${REVIEW_UPLOAD_DIR}/`))) throw badRequest(`photos: ${REVIEW_PHOTOS_NOT_OWN}`);
  const rows = await db
    .select({ key: uploads.key, thumbKey: uploads.thumbKey })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), inArray(uploads.key, [...keys])));
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return keys.map((key) => {
    const row = byKey.get(key);
    if (!row) throw badRequest(`photos: ${REVIEW_PHOTOS_NOT_OWN}`);
    return { url: storage.publicUrl(row.key), thumb: storage.publicUrl(row.thumbKey || row.key), title: '' };
  });
}

async function addReview(
  db: Db,
  storage: Storage,
  names: OwnerNames,
  userId: number,
  input: ReviewAddInput,
): Promise<ProjectReview> {
  await requireProject(db, input.projectId);
  const photos = await reviewPhotos(db, storage, userId, input.photos);
  // The unique index (project, user) decides between two posts at once: the second inserts nothing. The photos are
  // public from the review on (uploads/publication.ts), in the same transaction.
  const inserted = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(projectReviews)
      .values({ projectId: input.projectId, userId, ...input.ratings, body: input.body, photos })
      .onConflictDoNothing()
      .returning({ id: projectReviews.id });
    if (row) await refreshPublication(tx, input.photos);
    return row;
  });
  if (!inserted) throw new ApiError(409, 409, REVIEW_DUPLICATE_MESSAGE);
  await recordChange(db, [cacheTag.detail('new', input.projectId)]);
  const [row] = await selectReviews(db).where(eq(projectReviews.id, inserted.id));
  return toReview(names, row!);
}

/** The upload key behind a photo URL the storage made (`publicUrl(key)`); null for the seed's pictures. */
const keyOfPhoto = (storage: Storage, url: string): string | null => {
  const base = storage.publicUrl('');
  return url.startsWith(`${base}ub/`) ? url.slice(base.length) : null;
};

export function registerProjectReviews(app: FastifyInstance, db: Db, storage: Storage, names: OwnerNames): void {
  portalRoute(app, {
    path: ApiPath.projectReviews,
    summary: "A project's reviews (点评), newest first, 10 a page, with the summary: count, average of each rating, 总评 stars",
    tags: TAGS,
    input: reviewListRequestSchema,
    output: reviewPageSchema,
    handler: (input) => reviewPage(db, names, input.projectId, input.page),
  });

  sessionRoute(app, db, {
    method: 'GET and POST',
    path: ApiPath.projectReviewMine,
    summary: "The logged-in user's review of a project, or null (401 without a session)",
    tags: TAGS,
    input: myReviewRequestSchema,
    output: myReviewSchema,
    handler: async ({ user, input }) => {
      await requireProject(db, input.projectId);
      const [row] = await selectReviews(db).where(
        and(eq(projectReviews.projectId, input.projectId), eq(projectReviews.userId, user.id)),
      );
      return { review: row ? toReview(names, row) : null };
    },
  });

  sessionRoute(app, db, {
    method: 'POST',
    path: ApiPath.projectReviewAdd,
    summary:
      "Write a review of a project (session): six ratings 1–5, 10–500 characters of text and up to 9 photos (keys of the caller's own ub/review uploads, else 400), one per user and project (409)",
    tags: TAGS,
    input: reviewAddRequestSchema,
    output: projectReviewSchema,
    limit: { scope: 'review-add', max: REVIEW_ADD_LIMIT, timeWindow: '1 hour' },
    handler: ({ user, input }) => addReview(db, storage, names, user.id, input),
  });

  sessionRoute(app, db, {
    method: 'POST',
    path: ApiPath.projectReviewDelete,
    summary: "Delete one of the caller's own reviews (session); another user's review or none is the same 404",
    tags: TAGS,
    input: reviewDeleteRequestSchema,
    output: reviewDeletedSchema,
    limit: { scope: 'review-delete', max: REVIEW_DELETE_LIMIT, timeWindow: '1 hour' },
    handler: async ({ user, input: { reviewId } }) => {
      // Its photos stop being public with it, unless another review of the user's names them too.
      const deleted = await db.transaction(async (tx) => {
        const [row] = await tx
          .delete(projectReviews)
          .where(and(eq(projectReviews.id, reviewId), eq(projectReviews.userId, user.id)))
          .returning({ projectId: projectReviews.projectId, photos: projectReviews.photos });
        if (row)
          await refreshPublication(
            tx,
            (row.photos as ReviewPhoto[]).flatMap((p) => keyOfPhoto(storage, p.url) ?? []),
          );
        return row;
      });
      if (!deleted) throw notFound(`点评 ${reviewId} `);
      await recordChange(db, [cacheTag.detail('new', deleted.projectId)]);
      return { reviewId, projectId: deleted.projectId };
    },
  });
}
