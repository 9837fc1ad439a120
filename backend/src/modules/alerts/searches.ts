import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ALERT_DUPLICATE,
  ALERTS_FULL,
  ALERTS_MAX,
  alertSearchAddSchema,
  alertSearchIdSchema,
  alertSearchPauseSchema,
  savedSearchListSchema,
  savedSearchSchema,
  type SavedSearch,
} from '@contracts/alerts';
import { CHANNELS, channelIsOn } from '@contracts/channels';
import type { ChannelCode } from '@contracts/constants';
import { drawnAreaPath, MAP_CHANNELS, MAP_FILTER_KEYS, roundAreaPoint, type MapChannel } from '@contracts/map-constants';
import { ApiPath } from '@contracts/paths';
import type { Db } from '../../db/client';
import { savedSearches, savedSearchMatches } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../http/errors';
import { sessionRoute } from '../../http/session-route';
import { findCity, type CityRow } from '../cities/cities';
import { requireDrawnArea } from '../map/drawn-area';
import { channelModule } from '../listings/channels/registry';
import { DRAWN_AREA } from './matcher';

/**
 * 我的订阅 (contracts/alerts.ts): a user's saved searches, each only ever read or changed by its owner — another
 * user's id answers as one that does not exist. At most ALERTS_MAX a user, counted under a lock on the user's
 * rows so that two saves at once cannot make 21.
 */

const TAGS = ['alerts'];

/** The fields of a list request that are not conditions: a saved search is the list, not a page of it. */
const NOT_CONDITIONS = ['cityCode', 'page', 'pageSize', 'sort'];

type Row = typeof savedSearches.$inferSelect;

async function listOf(db: Db, userId: number): Promise<SavedSearch[]> {
  const rows = await db
    .select({
      search: savedSearches,
      newCount: sql<number>`(select count(*) from ${savedSearchMatches} m where m.saved_search_id = ${savedSearches.id} and m.matched_at > ${savedSearches.seenAt})`,
    })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.id));
  const out: SavedSearch[] = [];
  for (const r of rows) out.push(await toSavedSearch(db, r.search, Number(r.newCount)));
  return out;
}

async function toSavedSearch(db: Db, s: Row, newCount: number): Promise<SavedSearch> {
  const city = await findCity(db, s.cityCode);
  return {
    id: s.id,
    channel: s.channel as ChannelCode,
    cityCode: s.cityCode,
    cityDomain: city?.cityDomain ?? '',
    name: s.name,
    path: s.path,
    paused: s.paused,
    newCount,
    createdAt: s.createdAt.toISOString(),
  };
}

/** The caller's own saved search, or the 404 of one that does not exist. */
async function ownSearch(db: Pick<Db, 'select'>, userId: number, id: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)));
  if (!row) throw notFound(`订阅 ${id} `);
  return row;
}

/** The query as stored: its conditions only, checked by the channel's own list schema (a 400 naming the field). */
function conditionsOf(channel: ChannelCode, cityCode: string, query: Record<string, unknown>): Record<string, unknown> {
  const conditions = Object.fromEntries(Object.entries(query).filter(([k]) => !NOT_CONDITIONS.includes(k)));
  const parsed = channelModule(channel).listQuery.safeParse({ ...conditions, cityCode });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.code === 'unrecognized_keys' ? issue.keys[0] : issue.path.join('.');
    throw badRequest(`query.${field}: 不是${channelModule(channel).name}列表的条件`);
  }
  return conditions;
}

/**
 * A drawn area's search as stored: the map's filters (one code each, as the map offers them, so its link shows the
 * very same search), the polygon under DRAWN_AREA in the query (the matcher's condition), and the map's address.
 */
async function drawnAreaSearch(
  db: Db,
  city: CityRow,
  channel: ChannelCode,
  query: Record<string, unknown>,
  area: number[][],
): Promise<{ query: Record<string, unknown>; path: string }> {
  if (!(MAP_CHANNELS as readonly string[]).includes(channel)) throw badRequest('area: 画圈区域只能订阅二手房、新房或租房');
  const mapChannel = channel as MapChannel;
  const filters: Record<string, number[]> = {};
  for (const [key, value] of Object.entries(query)) {
    if (NOT_CONDITIONS.includes(key)) continue;
    const code = Array.isArray(value) && value.length === 1 ? value[0] : value;
    if (!MAP_FILTER_KEYS[mapChannel].includes(key) || typeof code !== 'number')
      throw badRequest(`query.${key}: 不是地图找房的筛选条件`);
    filters[key] = [code];
  }
  const conditions = conditionsOf(channel, city.cityCode, filters);
  const ring = area.map(roundAreaPoint);
  await requireDrawnArea(db, city, ring);
  return { query: { ...conditions, [DRAWN_AREA]: ring }, path: drawnAreaPath(mapChannel, conditions, ring) };
}

export function registerAlertSearches(app: FastifyInstance, db: Db): void {
  sessionRoute(app, db, {
    method: 'GET and POST',
    path: ApiPath.alertSearches,
    summary: `我的订阅: the caller's saved searches (at most ${ALERTS_MAX}), each with its homes new since last seen (session)`,
    tags: TAGS,
    output: savedSearchListSchema,
    handler: async ({ user }) => ({ list: await listOf(db, user.id), max: ALERTS_MAX }),
  });

  sessionRoute(app, db, {
    method: 'POST',
    path: ApiPath.alertSearchAdd,
    summary: `订阅: save the list being viewed (its channel's list request, its path and name), or the map's drawn area with its filters; at most ${ALERTS_MAX} a user; the same list twice is 409 (session)`,
    tags: TAGS,
    input: alertSearchAddSchema,
    output: savedSearchSchema,
    limit: { scope: 'alert-search-add', max: 60, timeWindow: '1 hour' },
    handler: async ({ user, input }) => {
      const city = await findCity(db, input.cityCode);
      if (!city || !channelIsOn(city, input.channel)) throw notFound(`城市 ${input.cityCode} `);
      let query: Record<string, unknown>;
      let path: string;
      if (input.area) ({ query, path } = await drawnAreaSearch(db, city, input.channel, input.query, input.area));
      else {
        const channel = CHANNELS[input.channel];
        path = input.path!;
        if (!path.startsWith(channel.listPath) || path.startsWith(channel.detailPrefix))
          throw badRequest(`path: 不是${channelModule(input.channel).name}的列表地址`);
        query = conditionsOf(input.channel, city.cityCode, input.query);
      }
      const districtId = typeof query.districtId === 'number' ? query.districtId : null;
      const row = await db.transaction(async (tx) => {
        // The user's row locked: saves of one user count one after the other.
        await tx.execute(sql`select id from users where id = ${user.id} for update`);
        const mine = await tx
          .select({ id: savedSearches.id, path: savedSearches.path, cityCode: savedSearches.cityCode })
          .from(savedSearches)
          .where(eq(savedSearches.userId, user.id));
        if (mine.some((s) => s.path === path && s.cityCode === city.cityCode)) throw new ApiError(409, 409, ALERT_DUPLICATE);
        if (mine.length >= ALERTS_MAX) throw new ApiError(409, 409, ALERTS_FULL);
        const [inserted] = await tx
          .insert(savedSearches)
          .values({
            userId: user.id,
            channel: input.channel,
            cityCode: city.cityCode,
            districtId,
            query,
            path,
            name: input.name,
          })
          .returning();
        return inserted!;
      });
      return toSavedSearch(db, row, 0);
    },
  });

  sessionRoute(app, db, {
    method: 'POST',
    path: ApiPath.alertSearchPause,
    summary:
      "Pause (true) or resume (false) one of the caller's saved searches: paused, it gets no alerts (session); another's is 404",
    tags: TAGS,
    input: alertSearchPauseSchema,
    output: savedSearchSchema,
    handler: async ({ user, input }) => {
      await ownSearch(db, user.id, input.savedSearchId);
      const [row] = await db
        .update(savedSearches)
        .set({ paused: input.paused })
        .where(and(eq(savedSearches.id, input.savedSearchId), eq(savedSearches.userId, user.id)))
        .returning();
      if (!row) throw notFound(`订阅 ${input.savedSearchId} `);
      const [n] = await db
        .select({ n: count() })
        .from(savedSearchMatches)
        .where(and(eq(savedSearchMatches.savedSearchId, row.id), gt(savedSearchMatches.matchedAt, row.seenAt)));
      return toSavedSearch(db, row, Number(n?.n ?? 0));
    },
  });

  sessionRoute(app, db, {
    method: 'POST',
    path: ApiPath.alertSearchDelete,
    summary: "Delete one of the caller's saved searches and what it matched (session); another's is 404",
    tags: TAGS,
    input: alertSearchIdSchema,
    output: z.object({ deleted: z.boolean() }),
    handler: async ({ user, input }) => {
      const gone = await db
        .delete(savedSearches)
        .where(and(eq(savedSearches.id, input.savedSearchId), eq(savedSearches.userId, user.id)))
        .returning({ id: savedSearches.id });
      if (gone.length === 0) throw notFound(`订阅 ${input.savedSearchId} `);
      return { deleted: true };
    },
  });

  sessionRoute(app, db, {
    method: 'POST',
    path: ApiPath.alertSearchSeen,
    summary: "The caller looked at one of their saved searches' new homes: its count starts again (session); another's is 404",
    tags: TAGS,
    input: alertSearchIdSchema,
    output: savedSearchSchema,
    handler: async ({ user, input }) => {
      await ownSearch(db, user.id, input.savedSearchId);
      const [row] = await db
        .update(savedSearches)
        .set({ seenAt: new Date() })
        .where(and(eq(savedSearches.id, input.savedSearchId), eq(savedSearches.userId, user.id)))
        .returning();
      if (!row) throw notFound(`订阅 ${input.savedSearchId} `);
      return toSavedSearch(db, row, 0);
    },
  });
}
