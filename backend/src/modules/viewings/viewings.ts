import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { ok } from '@contracts/envelope';
import { envelopeSchema } from '@contracts/envelope-schema';
import { maskMobile } from '@contracts/mobile';
import { ApiPath } from '@contracts/paths';
import {
  myViewingsRequestSchema,
  opsViewingChangeSchema,
  opsViewingParamsSchema,
  opsViewingResultSchema,
  VIEWING_BOOK_LIMIT,
  VIEWING_CANCEL_LIMIT,
  VIEWING_DATE_MESSAGE,
  VIEWING_DUPLICATE_MESSAGE,
  VIEWING_LISTING_GONE,
  VIEWING_NO_MOBILE_MESSAGE,
  VIEWING_NOT_CANCELLABLE_MESSAGE,
  VIEWING_PAGE_SIZE,
  viewingBookRequestSchema,
  viewingCancelRequestSchema,
  viewingPageSchema,
  viewingSchema,
  type OpsViewingResult,
  type Viewing,
  type ViewingBookInput,
  type ViewingPage,
  type ViewingSlot,
} from '@contracts/viewing';
import { isBookableDay } from '@contracts/viewing-dates';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { agents, cities, communities, ENTRUST_STATUS, entrusts, VIEWING_STATUS, viewings } from '../../db/schema';
import { homeModuleOf } from '../listings/channels/registry';
import { ApiError, badRequest, notFound } from '../../http/errors';
import { requireListing } from '../listings/visible-listing';
import { opsGuard } from '../../http/ops-guard';
import { sessionRoute } from '../../http/session-route';

/**
 * 预约看房 and 看房记录 (contracts/viewing.ts). Bookings are the user's own: every read and change is filtered by
 * the session's user, so another user's id answers as an unknown one (404). The partial unique index
 * `viewings_open_idx` keeps one open booking (pending or confirmed) per user and home, also between two posts
 * at once. Nothing here changes a public page, so no cache tag is recorded.
 */

const TAGS = ['viewings'];
const OPEN = [VIEWING_STATUS.PENDING, VIEWING_STATUS.CONFIRMED];

async function book(db: Db, user: { id: number; mobile: string }, input: ViewingBookInput): Promise<Viewing> {
  if (!isBookableDay(input.date)) throw badRequest(`date: ${VIEWING_DATE_MESSAGE}`);
  const mobile = input.mobile ?? user.mobile;
  if (!mobile) throw badRequest(`mobile: ${VIEWING_NO_MOBILE_MESSAGE}`);
  const businessType = input.businessType as 1 | 2;
  const { agentId } = await requireListing(db, businessType, input.listingId);
  // The partial unique index decides between two posts at once: the second inserts nothing.
  const [inserted] = await db
    .insert(viewings)
    .values({
      userId: user.id,
      businessType,
      listingId: input.listingId,
      agentId,
      date: input.date,
      // The request schema admits only VIEWING_SLOTS.
      slot: input.slot as ViewingSlot,
      contactName: input.contactName,
      mobile,
      status: VIEWING_STATUS.PENDING,
    })
    .onConflictDoNothing()
    .returning({ id: viewings.id });
  if (!inserted) throw new ApiError(409, 409, VIEWING_DUPLICATE_MESSAGE);
  const [viewing] = await viewingsOf(db, user.id, businessType, [inserted.id]);
  return viewing!;
}

/** The user's bookings of a channel with their homes and agents; `ids` narrows to those. */
async function viewingsOf(db: Db, userId: number, businessType: 1 | 2, ids?: number[], page = 1): Promise<Viewing[]> {
  const home = homeModuleOf(businessType);
  const t = home.table;
  const price = home.price.column;
  const where = and(
    eq(viewings.userId, userId),
    eq(viewings.businessType, businessType),
    ids ? inArray(viewings.id, ids) : undefined,
  );
  const rows = await db
    .select({
      id: viewings.id,
      businessType: viewings.businessType,
      listingId: viewings.listingId,
      title: t.title,
      gone: sql<{
        rooms: number;
        halls: number;
        area: number;
      } | null>`case when ${entrusts.id} is null then null else json_build_object('rooms', ${entrusts.rooms}, 'halls', ${entrusts.halls}, 'area', ${entrusts.area}) end`,
      coverUrl: t.coverUrl,
      price,
      communityName: communities.name,
      cityDomain: cities.cityDomain,
      agentName: agents.name,
      date: viewings.date,
      slot: viewings.slot,
      contactName: viewings.contactName,
      mobile: viewings.mobile,
      status: viewings.status,
      createdAt: viewings.createdAt,
    })
    .from(viewings)
    // Left joins: a home taken off the site (下架, 已成交: its row is deleted) keeps its bookings in 看房记录.
    .leftJoin(t, eq(t.id, viewings.listingId))
    // An owner's home keeps its listing id on the entrust after 下架: the booking can still say which flat it was.
    // Only while it stays 已下架 or 已成交: an entrust edited since (审核中 again) may describe a flat the booker never saw.
    .leftJoin(
      entrusts,
      and(
        eq(entrusts.businessType, viewings.businessType),
        eq(entrusts.listingId, viewings.listingId),
        inArray(entrusts.status, [ENTRUST_STATUS.OFFLINE, ENTRUST_STATUS.SOLD]),
      ),
    )
    .leftJoin(communities, eq(communities.id, sql`coalesce(${t.communityId}, ${entrusts.communityId})`))
    .leftJoin(cities, eq(cities.cityCode, t.cityCode))
    .innerJoin(agents, eq(agents.id, viewings.agentId))
    .where(where)
    .orderBy(desc(viewings.createdAt), desc(viewings.id))
    .limit(VIEWING_PAGE_SIZE)
    .offset((page - 1) * VIEWING_PAGE_SIZE);
  return rows.map(({ gone: entrusted, ...r }) => {
    const gone = r.title === null;
    // A taken-down owner's home is named as the owner entrusted it; any other gone listing generically.
    const goneTitle =
      entrusted && r.communityName
        ? `${r.communityName} ${entrusted.rooms}室${entrusted.halls}厅 ${entrusted.area}㎡`
        : VIEWING_LISTING_GONE;
    return {
      ...r,
      title: r.title ?? goneTitle,
      coverUrl: r.coverUrl ?? '',
      price: gone ? 0 : Number(r.price),
      communityName: gone ? '' : (r.communityName ?? ''),
      cityDomain: r.cityDomain ?? '',
      mobile: maskMobile(r.mobile),
      createdAt: r.createdAt.toISOString(),
      listingGone: gone,
    };
  });
}

async function myViewings(db: Db, userId: number, businessType: 1 | 2, page: number): Promise<ViewingPage> {
  const [counted] = await db
    .select({ n: count() })
    .from(viewings)
    .where(and(eq(viewings.userId, userId), eq(viewings.businessType, businessType)));
  const list = await viewingsOf(db, userId, businessType, undefined, page);
  return { total: Number(counted?.n ?? 0), page, pageSize: VIEWING_PAGE_SIZE, list };
}

async function cancel(db: Db, userId: number, viewingId: number): Promise<Viewing> {
  const [row] = await db
    .select({ status: viewings.status, businessType: viewings.businessType })
    .from(viewings)
    .where(and(eq(viewings.id, viewingId), eq(viewings.userId, userId)));
  if (!row) throw notFound(`预约 ${viewingId} `);
  const [changed] = await db
    .update(viewings)
    .set({ status: VIEWING_STATUS.CANCELLED, cancelledAt: new Date() })
    .where(and(eq(viewings.id, viewingId), eq(viewings.userId, userId), inArray(viewings.status, OPEN)))
    .returning({ id: viewings.id });
  if (!changed) throw new ApiError(409, 409, VIEWING_NOT_CANCELLABLE_MESSAGE);
  const [viewing] = await viewingsOf(db, userId, row.businessType as 1 | 2, [viewingId]);
  return viewing!;
}

/** What an operator's action moves a booking from, and to. */
const OPS_MOVES = {
  confirm: { from: [VIEWING_STATUS.PENDING], to: VIEWING_STATUS.CONFIRMED, name: '确认' },
  done: { from: OPEN, to: VIEWING_STATUS.DONE, name: '完成' },
} as const;

export async function changeViewingStatus(db: Db, viewingId: number, action: keyof typeof OPS_MOVES): Promise<OpsViewingResult> {
  const move = OPS_MOVES[action];
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ status: viewings.status }).from(viewings).where(eq(viewings.id, viewingId)).for('update');
    if (!row) throw notFound(`预约 ${viewingId} `);
    if (!(move.from as readonly number[]).includes(row.status))
      throw new ApiError(409, 409, `预约 ${viewingId} 的状态为 ${row.status}，不能${move.name}`);
    await tx.update(viewings).set({ status: move.to }).where(eq(viewings.id, viewingId));
    return { id: viewingId, status: move.to, previousStatus: row.status };
  });
}

export function registerViewings(app: FastifyInstance, db: Db, config: Pick<Config, 'OPS_TOKEN'>): void {
  sessionRoute(app, db, {
    method: 'POST',
    path: ApiPath.viewingBook,
    summary:
      'Book a viewing of a second-hand home (1) or a rental (2) (session): a day from today to today + 30 (Asia/Shanghai), slot 1–3, contact name, mobile (default the user’s); one open booking per user and home (409)',
    tags: TAGS,
    input: viewingBookRequestSchema,
    output: viewingSchema,
    limit: { scope: 'viewing-book', max: VIEWING_BOOK_LIMIT, timeWindow: '1 hour' },
    handler: ({ user, input }) => book(db, user, input),
  });

  // GET and POST like every portal call (a read); answers with a session are private, no-store.
  sessionRoute(app, db, {
    method: 'GET and POST',
    path: ApiPath.viewingMine,
    summary: "The caller's bookings of one channel (看房记录), newest first, 10 a page (session)",
    tags: TAGS,
    input: myViewingsRequestSchema,
    output: viewingPageSchema,
    handler: ({ user, input }) => myViewings(db, user.id, input.businessType as 1 | 2, input.page),
  });

  sessionRoute(app, db, {
    method: 'POST',
    path: ApiPath.viewingCancel,
    summary:
      "Cancel one of the caller's own bookings (session): another user's or none is the same 404; only 待确认/已确认 can be cancelled (409)",
    tags: TAGS,
    input: viewingCancelRequestSchema,
    output: viewingSchema,
    limit: { scope: 'viewing-cancel', max: VIEWING_CANCEL_LIMIT, timeWindow: '1 hour' },
    handler: ({ user, input }) => cancel(db, user.id, input.viewingId),
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    `${ApiPath.opsViewing}/:id`,
    {
      onRequest: opsGuard(config),
      schema: {
        summary: 'Operator: confirm (待确认 → 已确认) or complete (→ 已完成) a viewing (Authorization: Bearer <OPS_TOKEN>)',
        tags: ['ops'],
        params: opsViewingParamsSchema,
        body: opsViewingChangeSchema,
        response: { 200: envelopeSchema(opsViewingResultSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { action } = request.body;
      return ok(await changeViewingStatus(db, id, action));
    },
  );
}
