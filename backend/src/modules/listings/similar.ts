import { and, asc, between, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { pageByIds, type HomeTable } from './common';

/** How many homes a detail page's 相似房源 shows. */
export const SIMILAR_COUNT = 6;
/** A similar price is within this share of the home's, either way. */
const PRICE_SPREAD = 0.25;

/** The facts of a home that make another like it. */
export interface HomeLikeness {
  id: number;
  cityCode: string;
  communityId: number;
  businessAreaId: number;
  rooms: number;
  price: number;
}

/**
 * 相似房源 (issue: the detail page's block): other homes of the same community or business area, priced within a
 * quarter of this one and with a room more or less; the community's own first, then the nearest price. Read from
 * the table alone (the business area's index bounds it to that area's homes), names for the few found only.
 */
export function similarHomes<T>(
  db: Db,
  table: HomeTable,
  { price, rooms }: { price: AnyPgColumn; rooms: AnyPgColumn },
  home: HomeLikeness,
  load: (ids: number[]) => Promise<Map<number, T>>,
  /** What else must be the same (a rental's 整租 or 合租). */
  alsoSame?: SQL,
): Promise<T[]> {
  const where = and(
    alsoSame,
    eq(table.cityCode, home.cityCode),
    ne(table.id, home.id),
    or(eq(table.communityId, home.communityId), eq(table.businessAreaId, home.businessAreaId)),
    between(price, home.price * (1 - PRICE_SPREAD), home.price * (1 + PRICE_SPREAD)),
    between(rooms, home.rooms - 1, home.rooms + 1),
  );
  const orderBy = [sql`(${table.communityId} = ${home.communityId}) desc`, sql`abs(${price} - ${home.price})`, asc(table.id)];
  return pageByIds(db, table, where, orderBy, SIMILAR_COUNT, 0, load);
}
