import { inArray, type SQL } from 'drizzle-orm';
import type { EsfListItem } from '@contracts/esf';
import type { Db } from '../../db/client';
import { communities, listings } from '../../db/schema';
import { listItemBase, pageByIds, selectWithPlaceNames } from './common';

/** The list-item columns with the names a list item shows; used by the list, the home page and the detail. */
export function selectListItems(db: Db) {
  return selectWithPlaceNames(db, listings, { listing: listings, buildYear: communities.buildYear });
}

export type ListItemRow = Awaited<ReturnType<ReturnType<typeof selectListItems>['execute']>>[number];

export function toListItem(row: ListItemRow): EsfListItem {
  const l = row.listing;
  return { ...listItemBase(l, row), totalPrice: l.totalPrice, unitPrice: l.unitPrice, buildYear: row.buildYear };
}

/** List items by id, with their names. */
export async function listItemsByIds(db: Db, ids: number[]): Promise<Map<number, EsfListItem>> {
  const rows = await selectListItems(db).where(inArray(listings.id, ids));
  return new Map(rows.map((r) => [r.listing.id, toListItem(r)]));
}

/** A page of list items in the sort's order (common.ts pageByIds: ids first, names for those rows only). */
export function listItemsPage(
  db: Db,
  where: SQL | undefined,
  orderBy: SQL[],
  limit: number,
  offset: number,
): Promise<EsfListItem[]> {
  return pageByIds(db, listings, where, orderBy, limit, offset, (ids) => listItemsByIds(db, ids));
}
