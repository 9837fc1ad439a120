import { inArray, type SQL } from 'drizzle-orm';
import type { EsfListItem } from '@contracts/esf';
import { PRICE_CUT_TAG, RECENT_CUT_DAYS } from '@contracts/residential';
import type { Db } from '../../db/client';
import { communities, listings } from '../../db/schema';
import { homeItemColumns, listItemBase, pageByIds, selectWithPlaceNames } from './common';
import { cutLately } from './price-history';

/** The list-item columns with the names a list item shows; used by the list, the home page and the map. */
export function selectListItems(db: Db) {
  const listing = { ...homeItemColumns(listings), totalPrice: listings.totalPrice, unitPrice: listings.unitPrice };
  const cut = cutLately('esf', RECENT_CUT_DAYS, listings.id);
  return selectWithPlaceNames(db, listings, { listing, buildYear: communities.buildYear, cut });
}

/** A whole listing row with the names its list item shows: the detail's. */
export function selectListingWithNames(db: Db) {
  return selectWithPlaceNames(db, listings, { listing: listings, buildYear: communities.buildYear });
}

export type ListItemRow = Awaited<ReturnType<ReturnType<typeof selectListItems>['execute']>>[number];

export function toListItem(row: Omit<ListItemRow, 'cut'>): EsfListItem {
  const l = row.listing;
  return { ...listItemBase(l, row), totalPrice: l.totalPrice, unitPrice: l.unitPrice, buildYear: row.buildYear };
}

/** List items by id, with their names; a home cut in price lately is tagged 「降价」 (the 降价 filter's rule). */
export async function listItemsByIds(db: Db, ids: number[]): Promise<Map<number, EsfListItem>> {
  const rows = await selectListItems(db).where(inArray(listings.id, ids));
  return new Map(
    rows.map((r) => {
      const item = toListItem(r);
      return [r.listing.id, r.cut ? { ...item, tags: [PRICE_CUT_TAG, ...item.tags] } : item];
    }),
  );
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
