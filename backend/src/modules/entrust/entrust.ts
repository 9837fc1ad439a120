import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { homeChannelOf } from '@contracts/channel-sections';
import { channelIsOn } from '@contracts/channels';
import {
  ENTRUST_MESSAGES,
  ENTRUST_PAGE_SIZE,
  ENTRUST_STATUS_NAMES,
  ENTRUST_SUBMIT_LIMIT,
  ENTRUST_WITHDRAW_LIMIT,
  entrustAddRequestSchema,
  entrustCompanyRequestSchema,
  entrustCompanySchema,
  entrustDetailRequestSchema,
  entrustPageSchema,
  entrustSchema,
  entrustUpdateRequestSchema,
  entrustWithdrawRequestSchema,
  myEntrustsRequestSchema,
  referenceBandProblem,
  type Entrust,
  type EntrustAddInput,
  type EntrustBrand,
  type EntrustCompany,
  type EntrustPage,
  type EntrustUpdateInput,
  RENT_FACILITIES,
  type EntrustStatus,
} from '@contracts/entrust';
import { ApiPath } from '@contracts/paths';
import type { Db } from '../../db/client';
import {
  agents,
  branches,
  brands,
  cities,
  communities,
  ENTRUST_STATUS,
  entrusts,
  uploads,
  type EntrustPhoto,
} from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../http/errors';
import { portalRoute } from '../../http/portal-route';
import { sessionRoute, sharedSessionLimit } from '../../http/session-route';
import type { Storage } from '../../storage';

const ENTRUST_UPLOAD_DIR = 'ub/entrust';

/**
 * 我要卖房 / 我要出租 and 委托管理 (contracts/entrust.ts). An entrust is the owner's own: every read and change is
 * filtered by the session's user, so another user's id answers as an unknown one (404). The partial unique index
 * `entrusts_open_idx` keeps one open entrust (审核中 or 已发布) per owner and flat, also between posts at once.
 * Nothing here changes a public page until an operator publishes an entrust, so no cache tag is recorded.
 */

const TAGS = ['entrust'];
/** What an edit may start from: 已下架 and 已撤回 are submitted again. */
const EDITABLE: EntrustStatus[] = [ENTRUST_STATUS.REVIEWING, ENTRUST_STATUS.OFFLINE, ENTRUST_STATUS.WITHDRAWN];

const unknownEntrust = (id: number) => notFound(`委托 ${id} `);
const conflict = (msg: string) => new ApiError(409, 409, msg);

/** A community an owner may entrust a home of: it exists and its city has the channel of the business type on. */
async function requireCommunity(db: Db, communityId: number, businessType: 1 | 2) {
  const [row] = await db
    .select({
      id: communities.id,
      name: communities.name,
      cityCode: communities.cityCode,
      businessAreaId: communities.businessAreaId,
      avgPrice: communities.avgPrice,
      avgRent: communities.avgRent,
      city: cities,
    })
    .from(communities)
    .innerJoin(cities, eq(cities.cityCode, communities.cityCode))
    .where(eq(communities.id, communityId));
  if (!row || !channelIsOn(row.city, homeChannelOf(businessType))) throw notFound(`小区 ${communityId} `);
  return row;
}

/** The brands with a branch in the community's business area and an agent at work (status 1) there. */
async function servingBrands(db: Db, community: { cityCode: string; businessAreaId: number }): Promise<EntrustBrand[]> {
  const rows = await db
    .select({ id: brands.id, name: brands.name, branchName: sql<string>`min(${branches.name})`, agentCount: count(agents.id) })
    .from(branches)
    .innerJoin(brands, eq(brands.id, branches.brandId))
    .innerJoin(agents, and(eq(agents.branchId, branches.id), eq(agents.status, 1)))
    .where(and(eq(branches.cityCode, community.cityCode), eq(branches.businessAreaId, community.businessAreaId)))
    .groupBy(brands.id, brands.name)
    .orderBy(desc(count(agents.id)), brands.id);
  return rows.map((r) => ({ ...r, agentCount: Number(r.agentCount) }));
}

async function company(db: Db, communityId: number): Promise<EntrustCompany> {
  const [row] = await db
    .select({
      id: communities.id,
      name: communities.name,
      cityCode: communities.cityCode,
      businessAreaId: communities.businessAreaId,
    })
    .from(communities)
    .where(eq(communities.id, communityId));
  if (!row) throw notFound(`小区 ${communityId} `);
  return { communityId: row.id, communityName: row.name, brands: await servingBrands(db, row) };
}

/** The form's references checked against the database: community, brands, the caller's own photos. */
async function checkForm(db: Db, storage: Storage, userId: number, input: EntrustAddInput) {
  const businessType = input.businessType as 1 | 2;
  const community = await requireCommunity(db, input.communityId, businessType);
  // The price per ㎡ against the community's reference (contracts/entrust-rules.ts ENTRUST_PRICE_BAND): the
  // schema has checked area, price and price per ㎡ on their own.
  const band = referenceBandProblem(input, community);
  if (band) throw badRequest(`${band.path}: ${band.message}`);
  const serving = new Set((await servingBrands(db, community)).map((b) => b.id));
  const brandIds = [...new Set(input.brandIds)];
  if (!brandIds.every((id) => serving.has(id))) throw badRequest(`brandIds: ${ENTRUST_MESSAGES.brandNotServing}`);
  const keys = [...new Set(input.photos)];
  // Uploaded for an entrust (ub/entrust), as review photos are for a review: an avatar or another form's picture
  // does not become a listing's photo by its key being named. Whose it is, the upload's row says (below).
  if (!keys.every((k) => k.startsWith(`${ENTRUST_UPLOAD_DIR}/`))) throw badRequest(`photos: ${ENTRUST_MESSAGES.photosNotOwn}`);
  const own = await db
    .select({ key: uploads.key, thumbKey: uploads.thumbKey })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), inArray(uploads.key, keys)));
  if (own.length !== keys.length) throw badRequest(`photos: ${ENTRUST_MESSAGES.photosNotOwn}`);
  const byKey = new Map(own.map((u) => [u.key, u]));
  // Built as the upload callback builds them (uploads/routes.ts), in the owner's order.
  const photos: EntrustPhoto[] = keys.map((key) => ({
    key,
    url: storage.publicUrl(key),
    thumbUrl: storage.publicUrl(byKey.get(key)!.thumbKey || key),
  }));
  return {
    businessType,
    cityCode: community.cityCode,
    communityId: community.id,
    building: input.building,
    unit: input.unit,
    room: input.room,
    area: input.area,
    rooms: input.rooms,
    halls: input.halls,
    baths: input.baths,
    floor: input.floor,
    totalFloors: input.totalFloors,
    orientation: input.orientation,
    decoration: input.decoration,
    price: input.price,
    rentType: input.rentType ?? null,
    payment: input.payment ?? null,
    // In the order the detail page lists them, whatever order they were ticked in.
    facilities: RENT_FACILITIES.filter((f) => input.facilities.includes(f)),
    contactName: input.contactName,
    description: input.description,
    photos,
    brandIds,
  };
}

/** The caller's entrusts with their community, city, brands and agent; `ids` narrows to those. */
async function entrustsOf(
  db: Db,
  userId: number,
  where: { ids?: number[]; businessType?: 1 | 2; page?: number },
): Promise<Entrust[]> {
  const page = where.page ?? 1;
  const rows = await db
    .select({ e: entrusts, communityName: communities.name, cityDomain: cities.cityDomain, agentName: agents.name })
    .from(entrusts)
    .innerJoin(communities, eq(communities.id, entrusts.communityId))
    .innerJoin(cities, eq(cities.cityCode, entrusts.cityCode))
    .leftJoin(agents, eq(agents.id, entrusts.agentId))
    .where(
      and(
        eq(entrusts.userId, userId),
        where.ids ? inArray(entrusts.id, where.ids) : undefined,
        where.businessType ? eq(entrusts.businessType, where.businessType) : undefined,
      ),
    )
    .orderBy(desc(entrusts.createdAt), desc(entrusts.id))
    .limit(ENTRUST_PAGE_SIZE)
    .offset((page - 1) * ENTRUST_PAGE_SIZE);
  const brandIds = [...new Set(rows.flatMap((r) => r.e.brandIds))];
  const names = new Map(
    brandIds.length
      ? (await db.select({ id: brands.id, name: brands.name }).from(brands).where(inArray(brands.id, brandIds))).map((b) => [
          b.id,
          b.name,
        ])
      : [],
  );
  return rows.map(({ e, communityName, cityDomain, agentName }) => ({
    id: e.id,
    businessType: e.businessType,
    status: e.status,
    statusName: ENTRUST_STATUS_NAMES[e.status] ?? '',
    cityCode: e.cityCode,
    cityDomain,
    communityId: e.communityId,
    communityName,
    building: e.building,
    unit: e.unit,
    room: e.room,
    area: e.area,
    rooms: e.rooms,
    halls: e.halls,
    baths: e.baths,
    floor: e.floor,
    totalFloors: e.totalFloors,
    orientation: e.orientation,
    decoration: e.decoration,
    price: e.price,
    rentType: e.rentType,
    payment: e.payment,
    facilities: e.facilities,
    contactName: e.contactName,
    description: e.description,
    photos: e.photos,
    brands: e.brandIds.map((id) => ({ id, name: names.get(id) ?? '' })),
    listingId: e.status === ENTRUST_STATUS.PUBLISHED ? e.listingId : null,
    agentName: e.agentId === null ? null : agentName,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
    publishedAt: e.publishedAt ? e.publishedAt.toISOString() : null,
  }));
}

async function oneOf(db: Db, userId: number, entrustId: number): Promise<Entrust> {
  const [entrust] = await entrustsOf(db, userId, { ids: [entrustId] });
  if (!entrust) throw unknownEntrust(entrustId);
  return entrust;
}

async function add(db: Db, storage: Storage, userId: number, input: EntrustAddInput): Promise<Entrust> {
  const values = await checkForm(db, storage, userId, input);
  // The partial unique index decides between two posts at once: the second inserts nothing.
  const [inserted] = await db
    .insert(entrusts)
    .values({ ...values, userId, status: ENTRUST_STATUS.REVIEWING })
    .onConflictDoNothing()
    .returning({ id: entrusts.id });
  if (!inserted) throw conflict(ENTRUST_MESSAGES.duplicate);
  return oneOf(db, userId, inserted.id);
}

/** Postgres' unique_violation: an edit that makes the flat the same as another open entrust's. */
const isUniqueViolation = (err: unknown): boolean => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

async function update(db: Db, storage: Storage, userId: number, input: EntrustUpdateInput): Promise<Entrust> {
  const { entrustId, ...form } = input;
  const [row] = await db
    .select({ status: entrusts.status, businessType: entrusts.businessType })
    .from(entrusts)
    .where(and(eq(entrusts.id, entrustId), eq(entrusts.userId, userId)));
  if (!row) throw unknownEntrust(entrustId);
  if (row.businessType !== form.businessType) throw badRequest('businessType: 委托的类型（卖房/出租）不能修改');
  if (!EDITABLE.includes(row.status)) throw conflict(ENTRUST_MESSAGES.notEditable);
  const values = await checkForm(db, storage, userId, form);
  try {
    const [changed] = await db
      .update(entrusts)
      .set({ ...values, status: ENTRUST_STATUS.REVIEWING, updatedAt: new Date() })
      .where(and(eq(entrusts.id, entrustId), eq(entrusts.userId, userId), inArray(entrusts.status, EDITABLE)))
      .returning({ id: entrusts.id });
    // Published meanwhile by an operator.
    if (!changed) throw conflict(ENTRUST_MESSAGES.notEditable);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(ENTRUST_MESSAGES.duplicate);
    throw err;
  }
  return oneOf(db, userId, entrustId);
}

async function withdraw(db: Db, userId: number, entrustId: number): Promise<Entrust> {
  const [row] = await db
    .select({ id: entrusts.id })
    .from(entrusts)
    .where(and(eq(entrusts.id, entrustId), eq(entrusts.userId, userId)));
  if (!row) throw unknownEntrust(entrustId);
  const [changed] = await db
    .update(entrusts)
    .set({ status: ENTRUST_STATUS.WITHDRAWN, updatedAt: new Date() })
    .where(and(eq(entrusts.id, entrustId), eq(entrusts.userId, userId), eq(entrusts.status, ENTRUST_STATUS.REVIEWING)))
    .returning({ id: entrusts.id });
  if (!changed) throw conflict(ENTRUST_MESSAGES.notWithdrawable);
  return oneOf(db, userId, entrustId);
}

async function mine(db: Db, userId: number, businessType: 1 | 2 | undefined, page: number): Promise<EntrustPage> {
  const [counted] = await db
    .select({ n: count() })
    .from(entrusts)
    .where(and(eq(entrusts.userId, userId), businessType ? eq(entrusts.businessType, businessType) : undefined));
  const list = await entrustsOf(db, userId, { businessType, page });
  return { total: Number(counted?.n ?? 0), page, pageSize: ENTRUST_PAGE_SIZE, list };
}

export function registerEntrust(app: FastifyInstance, db: Db, storage: Storage): void {
  // One count for new and edited entrusts together (a route's own limit would count each route apart).
  const submitLimit = sharedSessionLimit(app, db, { scope: 'entrust-submit', max: ENTRUST_SUBMIT_LIMIT, timeWindow: '1 hour' });

  sessionRoute(app, db, {
    method: 'POST',
    path: ApiPath.entrustAdd,
    summary:
      '我要卖房 (1) / 我要出租 (2), session: a community of a city with the channel on, brands serving it, 1–9 photos of the caller’s own uploads; 审核中; the same flat open twice is a 409',
    tags: TAGS,
    input: entrustAddRequestSchema,
    output: entrustSchema,
    limit: submitLimit,
    handler: ({ user, input }) => add(db, storage, user.id, input),
  });

  sessionRoute(app, db, {
    method: 'POST',
    path: ApiPath.entrustUpdate,
    summary:
      "Edit one's own entrust (session): 审核中 stays, 已下架/已撤回 are submitted again; 已发布/已成交 are a 409; another user's id is a 404",
    tags: TAGS,
    input: entrustUpdateRequestSchema,
    output: entrustSchema,
    limit: submitLimit,
    handler: ({ user, input }) => update(db, storage, user.id, input),
  });

  sessionRoute(app, db, {
    method: 'POST',
    path: ApiPath.entrustWithdraw,
    summary: "Withdraw one's own entrust while 审核中 (session; → 已撤回), otherwise 409; another user's id is a 404",
    tags: TAGS,
    input: entrustWithdrawRequestSchema,
    output: entrustSchema,
    limit: { scope: 'entrust-withdraw', max: ENTRUST_WITHDRAW_LIMIT, timeWindow: '1 hour' },
    handler: ({ user, input }) => withdraw(db, user.id, input.entrustId),
  });

  // Reads answer GET and POST like every portal call; answers with a session are private, no-store.
  sessionRoute(app, db, {
    method: 'GET and POST',
    path: ApiPath.entrustDetail,
    summary: "One of the caller's own entrusts, for the edit form (session); another user's id is a 404",
    tags: TAGS,
    input: entrustDetailRequestSchema,
    output: entrustSchema,
    handler: ({ user, input }) => oneOf(db, user.id, input.entrustId),
  });

  sessionRoute(app, db, {
    method: 'GET and POST',
    path: ApiPath.entrustMine,
    summary: "委托管理: the caller's entrusts, newest first, 10 a page, of one business type or both (session)",
    tags: TAGS,
    input: myEntrustsRequestSchema,
    output: entrustPageSchema,
    handler: ({ user, input }) => mine(db, user.id, input.businessType as 1 | 2 | undefined, input.page),
  });

  portalRoute(app, {
    path: ApiPath.entrustCompany,
    summary: 'The brands serving a community (a branch in its business area with agents at work), to entrust a home to (public)',
    tags: TAGS,
    input: entrustCompanyRequestSchema,
    output: entrustCompanySchema,
    handler: (input) => company(db, input.communityId),
  });
}
