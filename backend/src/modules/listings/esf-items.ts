import { inArray, type SQL } from 'drizzle-orm';
import type { EsfListItem } from '@contracts/esf';
import type { Db } from '../../db/client';
import { communities, esfListings } from '../../db/schema';
import {
  homeItemColumns,
  homeItemsByIds,
  listItemBase,
  pageByIds,
  selectWithPlaceNames,
  type HomeRow,
  type PlaceNames,
} from './common';

/** A whole listing row with the names its list item shows: the detail's. */
export function selectListingWithNames(db: Db) {
  return selectWithPlaceNames(db, esfListings, { listing: esfListings, buildYear: communities.buildYear });
}

export interface ListItemRow extends PlaceNames {
  listing: HomeRow & Pick<typeof esfListings.$inferSelect, 'totalPrice' | 'unitPrice'>;
  buildYear: number;
}

export function toListItem(row: ListItemRow): EsfListItem {
  const l = row.listing;
  return { ...listItemBase(l, row), totalPrice: l.totalPrice, unitPrice: l.unitPrice, buildYear: row.buildYear };
}

/** List items by id, with their names; a home cut in price lately is tagged 「降价」 (common.ts homeItemsByIds). */
export function listItemsByIds(db: Db, ids: number[]): Promise<Map<number, EsfListItem>> {
  const columns = { ...homeItemColumns(esfListings), totalPrice: esfListings.totalPrice, unitPrice: esfListings.unitPrice };
  const rows = db.select(columns).from(esfListings).where(inArray(esfListings.id, ids));
  return homeItemsByIds(db, 'esf', ids, rows, (r, names) => toListItem({ listing: r, ...names }));
}

/** A page of list items in the sort's order (common.ts pageByIds: ids first, names for those rows only). */
export function listItemsPage(
  db: Db,
  where: SQL | undefined,
  orderBy: SQL[],
  limit: number,
  offset: number,
): Promise<EsfListItem[]> {
  return pageByIds(db, esfListings, where, orderBy, limit, offset, (ids) => listItemsByIds(db, ids));
}
