import { and, count, eq, sql } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { ok } from '@contracts/envelope';
import { envelopeSchema } from '@contracts/envelope-schema';
import {
  followRequestSchema,
  followStatusRequestSchema,
  followStatusSchema,
  LISTING_FOLLOW_LIMIT,
  LISTING_VIEW_DEDUPE_MINUTES,
  LISTING_VIEW_LIMIT,
  listingViewRequestSchema,
  listingViewResultSchema,
  type FollowStatus,
  type ListingViewResult,
} from '@contracts/house';
import { ApiPath } from '@contracts/paths';
import type { Db } from '../../db/client';
import { listingFollows, listingViews } from '../../db/schema';
import { deviceCodeOf } from '../../http/device';
import { addressKey, clientBlock } from '../../http/client-block';
import { sessionRoute } from '../../http/session-route';
import { requireListing } from '../listings/visible-listing';

/**
 * What a visitor does on a second-hand or rental detail page that its owner's counts come from (卖房管理 /
 * 租房管理, contracts/house.ts): 浏览, a beacon the page's client island sends once per page view, and 关注.
 * Neither changes a public page, so no cache tag is recorded.
 */

const TAGS = ['listing'];
type BusinessType = 1 | 2;

/** Who a view is counted for: the device (http/device.ts), else the address. */
export function viewerOf(request: FastifyRequest): string {
  const device = deviceCodeOf(request);
  return device ? `d:${device}` : `a:${clientBlock(request)}`;
}

/**
 * The views counted lately, in this process: one per viewer and listing per LISTING_VIEW_DEDUPE_MINUTES. An
 * in-process LRU on purpose (docs/api.md): a second backend instance may count the same viewer once more, which
 * a 浏览 count can bear; the address limit (LISTING_VIEW_LIMIT an hour) bounds what made-up device codes add.
 */
export function createViewDedupe(max = 200_000) {
  const seen = new LRUCache<string, true>({ max, ttl: LISTING_VIEW_DEDUPE_MINUTES * 60_000 });
  return {
    /** True the first time within the window (and the viewer is remembered), false after. */
    firstView(viewer: string, businessType: BusinessType, listingId: number): boolean {
      const key = `${businessType}:${listingId}:${viewer}`;
      if (seen.has(key)) return false;
      seen.set(key, true);
      return true;
    },
  };
}

async function recordView(
  db: Db,
  dedupe: ReturnType<typeof createViewDedupe>,
  viewer: string,
  businessType: BusinessType,
  listingId: number,
): Promise<ListingViewResult> {
  await requireListing(db, businessType, listingId);
  if (!dedupe.firstView(viewer, businessType, listingId)) {
    const [row] = await db
      .select({ views: listingViews.views })
      .from(listingViews)
      .where(and(eq(listingViews.businessType, businessType), eq(listingViews.listingId, listingId)));
    return { counted: false, views: row?.views ?? 0 };
  }
  // One statement: two views at once both count (the unique index listing_views_pk is the conflict target).
  const [row] = await db
    .insert(listingViews)
    .values({ businessType, listingId, views: 1 })
    .onConflictDoUpdate({
      target: [listingViews.businessType, listingViews.listingId],
      set: { views: sql`${listingViews.views} + 1`, updatedAt: new Date() },
    })
    .returning({ views: listingViews.views });
  return { counted: true, views: row!.views };
}

async function followStatus(db: Db, userId: number, businessType: BusinessType, listingId: number): Promise<FollowStatus> {
  const ofListing = and(eq(listingFollows.businessType, businessType), eq(listingFollows.listingId, listingId));
  const [[mine], [all]] = await Promise.all([
    db
      .select({ userId: listingFollows.userId })
      .from(listingFollows)
      .where(and(ofListing, eq(listingFollows.userId, userId))),
    db.select({ n: count() }).from(listingFollows).where(ofListing),
  ]);
  return { followed: mine !== undefined, followers: Number(all?.n ?? 0) };
}

async function setFollow(
  db: Db,
  userId: number,
  businessType: BusinessType,
  listingId: number,
  follow: boolean,
): Promise<FollowStatus> {
  // Repeating either changes nothing: the unique index (user, listing) absorbs a second follow, also two at once.
  if (follow) await db.insert(listingFollows).values({ userId, businessType, listingId }).onConflictDoNothing();
  else
    await db
      .delete(listingFollows)
      .where(
        and(
          eq(listingFollows.userId, userId),
          eq(listingFollows.businessType, businessType),
          eq(listingFollows.listingId, listingId),
        ),
      );
  return followStatus(db, userId, businessType, listingId);
}

export function registerEngagement(app: FastifyInstance, db: Db): void {
  const dedupe = createViewDedupe();

  app.withTypeProvider<ZodTypeProvider>().post(
    ApiPath.listingView,
    {
      config: {
        rateLimit: {
          max: LISTING_VIEW_LIMIT,
          timeWindow: '1 hour',
          keyGenerator: (request: FastifyRequest) => addressKey('listing-view', request),
        },
      },
      schema: {
        summary: `A second-hand home (1) or rental (2) detail page was opened (public): counted once per device (or address) and listing in ${LISTING_VIEW_DEDUPE_MINUTES} min; unknown or hidden listing 404`,
        tags: TAGS,
        body: listingViewRequestSchema,
        response: { 200: envelopeSchema(listingViewResultSchema) },
      },
    },
    async (request) => {
      const { businessType, listingId } = request.body;
      return ok(await recordView(db, dedupe, viewerOf(request), businessType as BusinessType, listingId));
    },
  );

  sessionRoute(app, db, {
    method: 'GET and POST',
    path: ApiPath.listingFollowStatus,
    summary:
      'Whether the caller follows a second-hand home (1) or rental (2), and how many do (session); unknown or hidden listing 404',
    tags: TAGS,
    input: followStatusRequestSchema,
    output: followStatusSchema,
    handler: async ({ user, input }) => {
      await requireListing(db, input.businessType as BusinessType, input.listingId);
      return followStatus(db, user.id, input.businessType as BusinessType, input.listingId);
    },
  });

  sessionRoute(app, db, {
    method: 'POST',
    path: ApiPath.listingFollow,
    summary:
      'Follow (true) or stop following (false) a second-hand home (1) or rental (2) (session); idempotent; unknown or hidden listing 404',
    tags: TAGS,
    input: followRequestSchema,
    output: followStatusSchema,
    limit: { scope: 'listing-follow', max: LISTING_FOLLOW_LIMIT, timeWindow: '1 hour' },
    handler: async ({ user, input }) => {
      await requireListing(db, input.businessType as BusinessType, input.listingId);
      return setFollow(db, user.id, input.businessType as BusinessType, input.listingId, input.follow);
    },
  });
}
