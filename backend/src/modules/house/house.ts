import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ENTRUST_STATUS_NAMES, entrustFormProblem, referenceBandProblem } from '@contracts/entrust';
import {
  HOUSE_CHANGE_LIMIT,
  HOUSE_MESSAGES,
  HOUSE_PAGE_SIZE,
  houseOfflineRequestSchema,
  housePageSchema,
  housePriceRequestSchema,
  houseSchema,
  myHousesRequestSchema,
  type House,
  type HousePage,
} from '@contracts/house';
import { ApiPath } from '@contracts/paths';
import type { Db } from '../../db/client';
import { agents, cities, communities, ENTRUST_STATUS, entrusts, listingFollows, listingViews, viewings } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../http/errors';
import { changeListingPrice } from '../ops/listings';
import type { SuggestionIndex } from '../portal/suggestion-index';
import { sessionRoute } from '../../http/session-route';
import { asHomeType, titleOf, unitPriceOf, type HomeBusinessType } from './compose';
import { homeChannelOf, homeDealOf } from '@contracts/channel-sections';
import { homeModuleOf } from '../listings/channels/registry';
import { endPublication } from './publish';

/**
 * 卖房管理 / 租房管理 (contracts/house.ts): an owner's published homes with what the public did with them, 改价 and
 * 下架. Every read and change is filtered by the session's user, so another owner's entrust id answers as an
 * unknown one (404). A change goes through the same paths as the operator's (ops/listings.ts changeListingPrice,
 * house/publish.ts endPublication), so the public pages show it at once.
 */

const TAGS = ['house'];
/** The homes 卖房管理 shows: published, taken down, sold (审核中 and 已撤回 are 委托管理's). */
const SHOWN = [ENTRUST_STATUS.PUBLISHED, ENTRUST_STATUS.OFFLINE, ENTRUST_STATUS.SOLD];

/**
 * The caller's homes of one channel, newest first; `entrustId` narrows to one. While published, the card shows
 * the listing as the public sees it (its price may have been changed since); otherwise the entrust's own facts.
 * The counts are of the published listing: views (the detail page's beacon), followers and viewing requests of
 * every status (viewings_listing_idx). A home no longer published has no listing, so its counts are 0.
 */
async function housesOf(
  db: Db,
  userId: number,
  businessType: HomeBusinessType,
  page: number,
  entrustId?: number,
): Promise<House[]> {
  const home = homeModuleOf(businessType);
  const t = home.table;
  const price = home.price.column;
  const listingId = entrusts.listingId;
  const rows = await db
    .select({
      e: {
        id: entrusts.id,
        businessType: entrusts.businessType,
        status: entrusts.status,
        listingId,
        rooms: entrusts.rooms,
        halls: entrusts.halls,
        orientation: entrusts.orientation,
        decoration: entrusts.decoration,
        rentType: entrusts.rentType,
        area: entrusts.area,
        price: entrusts.price,
        photos: entrusts.photos,
        publishedAt: entrusts.publishedAt,
      },
      listing: { title: t.title, coverUrl: t.coverUrl, price },
      communityName: communities.name,
      cityDomain: cities.cityDomain,
      agentName: agents.name,
      views: sql<number>`coalesce((select ${listingViews.views} from ${listingViews} where ${listingViews.businessType} = ${businessType} and ${listingViews.listingId} = ${listingId}), 0)`,
      followers: sql<number>`(select count(*) from ${listingFollows} where ${listingFollows.businessType} = ${businessType} and ${listingFollows.listingId} = ${listingId})`,
      viewingRequests: sql<number>`(select count(*) from ${viewings} where ${viewings.businessType} = ${businessType} and ${viewings.listingId} = ${listingId})`,
    })
    .from(entrusts)
    .leftJoin(t, eq(t.id, listingId))
    .innerJoin(communities, eq(communities.id, entrusts.communityId))
    .innerJoin(cities, eq(cities.cityCode, entrusts.cityCode))
    .leftJoin(agents, eq(agents.id, entrusts.agentId))
    .where(
      and(
        eq(entrusts.userId, userId),
        eq(entrusts.businessType, businessType),
        inArray(entrusts.status, SHOWN),
        entrustId === undefined ? undefined : eq(entrusts.id, entrustId),
      ),
    )
    .orderBy(desc(entrusts.createdAt), desc(entrusts.id))
    .limit(HOUSE_PAGE_SIZE)
    .offset((page - 1) * HOUSE_PAGE_SIZE);
  return rows.map(({ e, listing, communityName, cityDomain, agentName, views, followers, viewingRequests }) => {
    const published = e.status === ENTRUST_STATUS.PUBLISHED && listing?.title != null;
    const current = published && listing?.price != null ? Number(listing.price) : e.price;
    return {
      entrustId: e.id,
      businessType: e.businessType,
      status: e.status,
      statusName: ENTRUST_STATUS_NAMES[e.status] ?? '',
      listingId: published ? e.listingId : null,
      cityDomain,
      title: (published ? listing?.title : null) ?? titleOf(e, communityName),
      coverUrl: (published ? listing?.coverUrl : null) ?? e.photos[0]?.thumbUrl ?? '',
      communityName,
      area: e.area,
      rooms: e.rooms,
      halls: e.halls,
      price: current,
      // A home for sale shows its 元/㎡; a rent has none.
      unitPrice: homeDealOf(businessType) === 'sale' ? unitPriceOf(current, e.area) : null,
      agentName,
      views: Number(views),
      followers: Number(followers),
      viewingRequests: Number(viewingRequests),
      publishedAt: e.publishedAt?.toISOString() ?? null,
    };
  });
}

async function myHouses(db: Db, userId: number, businessType: HomeBusinessType, page: number): Promise<HousePage> {
  const [counted] = await db
    .select({ n: count() })
    .from(entrusts)
    .where(and(eq(entrusts.userId, userId), eq(entrusts.businessType, businessType), inArray(entrusts.status, SHOWN)));
  return {
    total: Number(counted?.n ?? 0),
    page,
    pageSize: HOUSE_PAGE_SIZE,
    list: await housesOf(db, userId, businessType, page),
  };
}

/** One of the caller's homes as 卖房管理 shows it; an entrust of someone else's is an unknown one. */
async function houseOf(db: Db, userId: number, entrustId: number): Promise<House> {
  const [row] = await db
    .select({ businessType: entrusts.businessType })
    .from(entrusts)
    .where(and(eq(entrusts.id, entrustId), eq(entrusts.userId, userId)));
  if (!row) throw notFound(`房源 ${entrustId} `);
  const [house] = await housesOf(db, userId, asHomeType(row.businessType), 1, entrustId);
  if (!house) throw new ApiError(409, 409, HOUSE_MESSAGES.notPublished);
  return house;
}

const notPublished = () => new ApiError(409, 409, HOUSE_MESSAGES.notPublished);

/**
 * 改价: the same bounds as the entrust form (contracts/entrust.ts entrustFormProblem), then the operator's own
 * repricing (ops/listings.ts changeListingPrice), which also moves the entrust's price in its transaction, only
 * while the entrust still publishes that listing (a 下架 between the two reads is a 409, not a lost update).
 */
async function changePrice(db: Db, index: SuggestionIndex, userId: number, entrustId: number, price: number): Promise<House> {
  const [e] = await db
    .select()
    .from(entrusts)
    .where(and(eq(entrusts.id, entrustId), eq(entrusts.userId, userId)));
  if (!e) throw notFound(`房源 ${entrustId} `);
  if (e.status !== ENTRUST_STATUS.PUBLISHED || e.listingId === null) throw notPublished();
  const problem = entrustFormProblem({ ...e, price, rentType: e.rentType ?? undefined, payment: e.payment ?? undefined });
  if (problem?.path === 'price') throw badRequest(`price: ${problem.message}`);
  // The band around the community's reference holds after publication too: 改价 cannot do what the form refused.
  const [reference] = await db
    .select({ avgPrice: communities.avgPrice, avgRent: communities.avgRent })
    .from(communities)
    .where(eq(communities.id, e.communityId));
  const band = reference ? referenceBandProblem({ ...e, price }, reference) : null;
  if (band) throw badRequest(`price: ${band.message}`);
  const businessType = asHomeType(e.businessType);
  const listingId = e.listingId;
  await changeListingPrice(db, index, homeChannelOf(businessType), listingId, price, {
    alsoInTx: async (tx, previous) => {
      if (previous === price) throw badRequest(`price: ${HOUSE_MESSAGES.samePrice}`);
      const [moved] = await tx
        .update(entrusts)
        .set({ price, updatedAt: new Date() })
        .where(and(eq(entrusts.id, entrustId), eq(entrusts.status, ENTRUST_STATUS.PUBLISHED), eq(entrusts.listingId, listingId)))
        .returning({ id: entrusts.id });
      if (!moved) throw notPublished();
    },
  }).catch((err: unknown) => {
    // The listing went between the two reads (taken down, sold): to the owner, no longer published.
    if (err instanceof ApiError && err.statusCode === 404) throw notPublished();
    throw err;
  });
  return houseOf(db, userId, entrustId);
}

export function registerHouse(app: FastifyInstance, db: Db, index: SuggestionIndex): void {
  sessionRoute(app, db, {
    method: 'GET and POST',
    path: ApiPath.houseMine,
    summary:
      "卖房管理 / 租房管理: the caller's published, taken-down and sold homes of one channel with views, followers and viewing requests, newest first, 10 a page (session)",
    tags: TAGS,
    input: myHousesRequestSchema,
    output: housePageSchema,
    handler: ({ user, input }) => myHouses(db, user.id, asHomeType(input.businessType), input.page),
  });

  sessionRoute(app, db, {
    method: 'POST',
    path: ApiPath.housePrice,
    summary:
      "改价: a new price for one's own published home (session), 二手房 万元 with two decimals at most, 租房 whole 元/月 within the entrust form's bounds (400); not published 409; another's or none 404",
    tags: TAGS,
    input: housePriceRequestSchema,
    output: houseSchema,
    limit: { scope: 'house-price', max: HOUSE_CHANGE_LIMIT, timeWindow: '1 hour' },
    handler: ({ user, input: { entrustId, price } }) => changePrice(db, index, user.id, entrustId, price),
  });

  sessionRoute(app, db, {
    method: 'POST',
    path: ApiPath.houseOffline,
    summary:
      "下架: take one's own published home off the site (session); its open viewings are cancelled; not published 409; another's or none 404",
    tags: TAGS,
    input: houseOfflineRequestSchema,
    output: houseSchema,
    limit: { scope: 'house-offline', max: HOUSE_CHANGE_LIMIT, timeWindow: '1 hour' },
    handler: async ({ user, input: { entrustId } }) => {
      await endPublication(db, index, entrustId, ENTRUST_STATUS.OFFLINE, notPublished, user.id);
      return houseOf(db, user.id, entrustId);
    },
  });
}
