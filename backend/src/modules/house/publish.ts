import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import {
  ENTRUST_STATUS_NAMES,
  entrustBoundsProblem,
  opsEntrustChangeSchema,
  opsEntrustParamsSchema,
  opsEntrustResultSchema,
  referenceBandProblem,
  type CommunityReference,
  type OpsEntrustResult,
  type EntrustStatus,
} from '@contracts/entrust';
import { ok } from '@contracts/envelope';
import { envelopeSchema } from '@contracts/envelope-schema';
import { ApiPath } from '@contracts/paths';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import {
  agents,
  branches,
  communities,
  ENTRUST_STATUS,
  entrustOverrides,
  entrusts,
  esfListings,
  rentals,
  VIEWING_STATUS,
  viewings,
} from '../../db/schema';
import { homeModuleOf } from '../listings/channels/registry';
import { ApiError, badRequest, notFound } from '../../http/errors';
import { recordChange } from '../cache/changes';
import { whileChangingCounts } from '../listings/common';
import { opsGuard } from '../../http/ops-guard';
import { refreshPublication } from '../uploads/publication';
import { requireCity } from '../cities/cities';
import type { SuggestionIndex } from '../portal/suggestion-index';
import { asHomeType, esfListingOf, homeTags, listingNoOf, rentalOf, type EntrustRow, type HomeBusinessType } from './compose';

/**
 * Publishing (spec §6: agents cannot log in here, so an operator decides): `accept` turns a 审核中
 * entrust into a listing of 二手房 or 租房 with an agent of an entrusted brand; `sold` marks a 已发布 one 已成交
 * and takes its listing off the site. The owner's 下架 (house/house.ts) takes a home off the same way.
 * Each is one transaction with its change on the feed, so the cached lists, the detail page, the community's
 * page and the agent's pages drop at once; the channel's cached counts in the city are held meanwhile, and the
 * city's suggestion index (which shows homes per place) is read again after.
 */

const statusWords = (status: number) => ENTRUST_STATUS_NAMES[status] ?? String(status);

/**
 * The agent who takes the home on: at work (status 1), of the chosen brand or else of the first entrusted brand
 * that has one, in that brand's branch of the community's business area (望京店), else anywhere in the city.
 */
async function agentFor(
  tx: Tx,
  e: EntrustRow,
  businessAreaId: number,
  brandId: number | undefined,
): Promise<{ agentId: number; brandId: number }> {
  const brands = brandId !== undefined ? [brandId] : e.brandIds;
  const find = async (brand: number, inArea: boolean) => {
    const [row] = await tx
      .select({ id: agents.id })
      .from(agents)
      .innerJoin(branches, eq(branches.id, agents.branchId))
      .where(
        and(
          eq(branches.brandId, brand),
          eq(agents.cityCode, e.cityCode),
          eq(agents.status, 1),
          inArea ? eq(branches.businessAreaId, businessAreaId) : undefined,
        ),
      )
      .orderBy(asc(agents.id))
      .limit(1);
    return row?.id;
  };
  for (const inArea of [true, false]) {
    for (const brand of brands) {
      const agentId = await find(brand, inArea);
      if (agentId !== undefined) return { agentId, brandId: brand };
    }
  }
  throw new ApiError(409, 409, `委托 ${e.id} 的经纪公司在该城市没有在职的经纪人，无法发布`);
}

/** The entrust, locked for the decision; 404 when there is none. */
async function lockEntrust(tx: Tx, id: number, userId?: number): Promise<EntrustRow> {
  const [row] = await tx
    .select()
    .from(entrusts)
    .where(and(eq(entrusts.id, id), userId === undefined ? undefined : eq(entrusts.userId, userId)))
    .for('update');
  if (!row) throw notFound(`委托 ${id} `);
  return row;
}

/** A home's table and city, read before the change: the counts to hold are that table's in that city. */
async function heldCounts<T>(db: Db, businessType: HomeBusinessType, cityCode: string, change: () => Promise<T>): Promise<T> {
  return whileChangingCounts(db, homeModuleOf(businessType).table, cityCode, change);
}

/** Where an entrust is, read outside the transaction (an entrust never changes city or business type). */
async function locate(db: Db, id: number, userId?: number): Promise<{ businessType: HomeBusinessType; cityCode: string }> {
  const [row] = await db
    .select({ businessType: entrusts.businessType, cityCode: entrusts.cityCode })
    .from(entrusts)
    .where(and(eq(entrusts.id, id), userId === undefined ? undefined : eq(entrusts.userId, userId)));
  if (!row) throw notFound(`委托 ${id} `);
  return { businessType: asHomeType(row.businessType), cityCode: row.cityCode };
}

/**
 * What would make the entrust an absurd listing, in the owner's form's words: area, price and price per ㎡ on
 * their own, and the price per ㎡ against the community's reference (contracts/entrust-rules.ts). The form
 * refuses these at submission; an entrust stored before the bounds, or a reference that moved since, meets them
 * here.
 */
export function publishProblems(
  e: Pick<EntrustRow, 'businessType' | 'area' | 'price' | 'rentType'>,
  reference: CommunityReference,
): string[] {
  return [entrustBoundsProblem(e), referenceBandProblem(e, reference)]
    .filter((p) => p !== null)
    .map((p) => `${p.path}: ${p.message}`);
}

export async function acceptEntrust(
  db: Db,
  index: SuggestionIndex,
  id: number,
  brandId?: number,
  override?: string,
): Promise<OpsEntrustResult> {
  const where = await locate(db, id);
  const city = await requireCity(db, where.cityCode);
  const result = await heldCounts(db, where.businessType, city.cityCode, () =>
    db.transaction(async (tx) => {
      const e = await lockEntrust(tx, id);
      if (e.status !== ENTRUST_STATUS.REVIEWING)
        throw new ApiError(409, 409, `委托 ${id} 的状态为${statusWords(e.status)}，只有审核中的委托可以发布`);
      if (brandId !== undefined && !e.brandIds.includes(brandId))
        throw badRequest(`brandId: 经纪公司 ${brandId} 不在委托 ${id} 所委托的经纪公司中`);
      const [community] = await tx
        .select({
          id: communities.id,
          name: communities.name,
          districtId: communities.districtId,
          businessAreaId: communities.businessAreaId,
          stationId: communities.stationId,
          lineId: communities.lineId,
          stationDistance: communities.stationDistance,
          buildYear: communities.buildYear,
          avgPrice: communities.avgPrice,
          avgRent: communities.avgRent,
        })
        .from(communities)
        .where(eq(communities.id, e.communityId));
      if (!community) throw new ApiError(409, 409, `委托 ${id} 的小区 ${e.communityId} 已不存在`);
      // Out of bounds publishes only on the operator's word, and the word is kept (entrust_overrides).
      const problems = publishProblems(e, community);
      if (problems.length > 0 && override === undefined) {
        throw new ApiError(409, 409, `委托 ${id} 超出发布范围：${problems.join('；')}。确认无误请加 --override "<原因>" 发布`);
      }
      const chosen = await agentFor(tx, e, community.businessAreaId, brandId);
      const now = new Date();
      const businessType = where.businessType;
      const { table, code } = homeModuleOf(businessType);
      // Each table's row is its own shape: a home for sale or a rental, by the entrust's channel.
      const [inserted] =
        code === 'esf'
          ? await tx
              .insert(esfListings)
              .values(esfListingOf(e, community, chosen.agentId, now))
              .returning({ id: esfListings.id })
          : await tx
              .insert(rentals)
              .values(rentalOf(e, community, chosen.agentId, now))
              .returning({ id: rentals.id });
      const listingId = inserted!.id;
      await tx
        .update(table)
        .set({ listingNo: listingNoOf(businessType, city.cityDomain, listingId) })
        .where(eq(table.id, listingId));
      await tx
        .update(entrusts)
        .set({
          status: ENTRUST_STATUS.PUBLISHED,
          listingId,
          agentId: chosen.agentId,
          brandId: chosen.brandId,
          publishedAt: now,
          updatedAt: now,
        })
        .where(eq(entrusts.id, id));
      const overridden = problems.length > 0 && override !== undefined ? { reason: override, problems } : null;
      if (overridden)
        await tx
          .insert(entrustOverrides)
          .values({ entrustId: id, action: 'accept', ...overridden, listingId, area: e.area, price: e.price });
      // Its photos were private while 审核中; on the site they are public (uploads/publication.ts).
      await refreshPublication(
        tx,
        e.photos.map((p) => p.key),
      );
      const tags = homeTags(businessType, listingId, city.cityDomain, community.id, chosen.agentId);
      const seq = await recordChange(tx, tags);
      return { previousStatus: e.status, listingId, agentId: chosen.agentId, override: overridden, change: { seq, tags } };
    }),
  );
  index.invalidate(city.cityCode);
  return { id, status: ENTRUST_STATUS.PUBLISHED, businessType: where.businessType, cityDomain: city.cityDomain, ...result };
}

/**
 * Takes a published home off the site inside the caller's transaction: its listing row goes, its open viewings
 * are cancelled (nobody will show a home that is gone), the entrust moves to `to` and keeps the listing's id: the
 * owner's counts (浏览, 关注, 预约看房) and the bookings in 看房记录 still find the home through it.
 * Answers the tags of the pages it was on.
 */
export async function takeDown(tx: Tx, e: EntrustRow, to: EntrustStatus, cityDomain: string): Promise<string[]> {
  const businessType = asHomeType(e.businessType);
  const listingId = e.listingId!;
  const { table } = homeModuleOf(businessType);
  const [gone] = await tx
    .delete(table)
    .where(eq(table.id, listingId))
    .returning({ communityId: table.communityId, agentId: table.agentId });
  const now = new Date();
  await tx
    .update(viewings)
    .set({ status: VIEWING_STATUS.CANCELLED, cancelledAt: now })
    .where(
      and(
        eq(viewings.businessType, businessType),
        eq(viewings.listingId, listingId),
        inArray(viewings.status, [VIEWING_STATUS.PENDING, VIEWING_STATUS.CONFIRMED]),
      ),
    );
  await tx.update(entrusts).set({ status: to, updatedAt: now }).where(eq(entrusts.id, e.id));
  // Off the site, its photos are the owner's again: no longer served to anyone else (uploads/publication.ts).
  await refreshPublication(
    tx,
    e.photos.map((p) => p.key),
  );
  return homeTags(businessType, listingId, cityDomain, gone?.communityId ?? e.communityId, gone?.agentId ?? e.agentId);
}

/**
 * Moves a 已发布 entrust to `to` (已下架 by its owner, 已成交 by an operator) and takes its listing off the site,
 * announced like a publication. `userId` narrows to an owner's own entrusts (another's is an unknown id).
 */
export async function endPublication(
  db: Db,
  index: SuggestionIndex,
  id: number,
  to: typeof ENTRUST_STATUS.OFFLINE | typeof ENTRUST_STATUS.SOLD,
  notPublished: (e: EntrustRow) => ApiError,
  userId?: number,
): Promise<OpsEntrustResult> {
  const where = await locate(db, id, userId);
  const city = await requireCity(db, where.cityCode);
  const result = await heldCounts(db, where.businessType, city.cityCode, () =>
    db.transaction(async (tx) => {
      const e = await lockEntrust(tx, id, userId);
      if (e.status !== ENTRUST_STATUS.PUBLISHED || e.listingId === null) throw notPublished(e);
      const tags = await takeDown(tx, e, to, city.cityDomain);
      const seq = await recordChange(tx, tags);
      return { previousStatus: e.status, agentId: e.agentId, change: { seq, tags } };
    }),
  );
  index.invalidate(city.cityCode);
  return {
    id,
    status: to,
    businessType: where.businessType,
    cityDomain: city.cityDomain,
    listingId: null,
    override: null,
    ...result,
  };
}

export function registerOpsEntrusts(
  app: FastifyInstance,
  db: Db,
  config: Pick<Config, 'OPS_TOKEN'>,
  index: SuggestionIndex,
): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    `${ApiPath.opsEntrust}/:id`,
    {
      onRequest: opsGuard(config),
      schema: {
        summary:
          'Operator: accept a 审核中 entrust (publish it as a 二手房 or 租房 listing with an agent of brandId, default the first entrusted brand with one; outside the area/price/price-per-㎡ bounds a 409 unless `override` gives the reason, which is recorded) or mark a 已发布 one sold (its listing leaves the site) (Authorization: Bearer <OPS_TOKEN>); announced on the change feed',
        tags: ['ops'],
        params: opsEntrustParamsSchema,
        body: opsEntrustChangeSchema,
        response: { 200: envelopeSchema(opsEntrustResultSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { action, brandId, override } = request.body;
      if (action === 'accept') return ok(await acceptEntrust(db, index, id, brandId, override));
      if (brandId !== undefined) throw badRequest('brandId: 只有发布（accept）时可以指定经纪公司');
      if (override !== undefined) throw badRequest('override: 只有发布（accept）时可以覆盖发布范围');
      return ok(
        await endPublication(
          db,
          index,
          id,
          ENTRUST_STATUS.SOLD,
          (e) => new ApiError(409, 409, `委托 ${id} 的状态为${statusWords(e.status)}，只有已发布的委托可以标记成交`),
        ),
      );
    },
  );
}
