import { and, asc, between, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { pageByIds, type HomeTable, type ListingTable } from './common';

/** How many records a detail page's 相似房源 shows. */
export const SIMILAR_COUNT = 6;
/** A like price is within this share of the record's, either way. */
const PRICE_SPREAD = 0.25;

const float = (n: number) => sql`${n}::float8`;

/** What makes another record of the table like this one. */
export interface Likeness {
  /** The record itself: left out. */
  id: number;
  cityCode: string;
  /** Where a like record may be (the home's community or business area; a project's district). */
  near: SQL;
  /** The nearest of those (the same community; the same business area), shown first. */
  closest: SQL;
  /** The price column and this record's price; a record without a price (价格待定) is compared by place alone. */
  price: { column: AnyPgColumn; value: number | null };
  /** What else must hold: a room more or less, the same deal, 整租 or 合租 … */
  also?: (SQL | undefined)[];
}

/**
 * 相似房源 of a detail page: up to six other records of the place around it priced within a quarter of it, the
 * closest place's first, then the nearest price. Read from the listing table alone (the place's index bounds it),
 * names for the few found only (`load`, as a list page does).
 */
export function similarListings<T>(
  db: Db,
  table: ListingTable,
  like: Likeness,
  load: (ids: number[]) => Promise<Map<number, T>>,
): Promise<T[]> {
  const { column, value } = like.price;
  const where = and(
    eq(table.cityCode, like.cityCode),
    ne(table.id, like.id),
    like.near,
    // Bounds as float8: a quarter of an integer rent (元/月) is no integer, which PostgreSQL would refuse for the column.
    value === null ? undefined : between(column, float(value * (1 - PRICE_SPREAD)), float(value * (1 + PRICE_SPREAD))),
    ...(like.also ?? []),
  );
  const orderBy = [sql`(${like.closest}) desc`, ...(value === null ? [] : [sql`abs(${column} - ${value})`]), asc(table.id)];
  return pageByIds(db, table, where, orderBy, SIMILAR_COUNT, 0, load);
}

/** A home (二手房, 租房) as its likeness: its community first, then its business area; a room more or less. */
export function homeLikeness(
  table: HomeTable & { rooms: AnyPgColumn },
  home: { id: number; cityCode: string; communityId: number; businessAreaId: number; rooms: number },
  price: { column: AnyPgColumn; value: number },
  also: SQL[] = [],
): Likeness {
  const sameCommunity = eq(table.communityId, home.communityId);
  return {
    id: home.id,
    cityCode: home.cityCode,
    near: or(sameCommunity, eq(table.businessAreaId, home.businessAreaId))!,
    closest: sameCommunity,
    price,
    also: [between(table.rooms, home.rooms - 1, home.rooms + 1), ...also],
  };
}

/** A place-bound record (小区, 楼盘, 商铺, 写字楼) as its likeness: its district, its business area first. */
export function placeLikeness(
  table: ListingTable,
  record: { id: number; cityCode: string; districtId: number; businessAreaId: number },
  price: { column: AnyPgColumn; value: number | null },
  also: (SQL | undefined)[] = [],
): Likeness {
  return {
    id: record.id,
    cityCode: record.cityCode,
    near: eq(table.districtId, record.districtId),
    closest: eq(table.businessAreaId, record.businessAreaId),
    price,
    also,
  };
}
