import { inArray, type SQL } from 'drizzle-orm';
import type { EsfListItem } from '@contracts/esf';
import { PRICE_CUT_TAG, RECENT_CUT_DAYS } from '@contracts/residential';
import type { Db } from '../../db/client';
import { communities, listings } from '../../db/schema';
import { homeItemColumns, listItemBase, pageByIds, selectWithPlaceNames, type HomeRow, type PlaceNames } from './common';
import { placeNamesOf } from './place-names';
import { recentlyCut } from './price-history';

/**
 * A list item's columns of a listing (not its photos and description), where it is by id: read from the one table, the
 * names from memory (place-names.ts).
 */
function itemColumns() {
  return {
    ...homeItemColumns(listings),
    totalPrice: listings.totalPrice,
    unitPrice: listings.unitPrice,
    districtId: listings.districtId,
    businessAreaId: listings.businessAreaId,
    stationId: listings.stationId,
    lineId: listings.lineId,
  };
}

/** A whole listing row with the names its list item shows: the detail's. */
export function selectListingWithNames(db: Db) {
  return selectWithPlaceNames(db, listings, { listing: listings, buildYear: communities.buildYear });
}

export interface ListItemRow extends PlaceNames {
  listing: HomeRow & Pick<typeof listings.$inferSelect, 'totalPrice' | 'unitPrice'>;
  buildYear: number;
}

export function toListItem(row: ListItemRow): EsfListItem {
  const l = row.listing;
  return { ...listItemBase(l, row), totalPrice: l.totalPrice, unitPrice: l.unitPrice, buildYear: row.buildYear };
}

/** List items by id, with their names; a home cut in price lately is tagged 「降价」 (the 降价 filter's rule). */
export async function listItemsByIds(db: Db, ids: number[]): Promise<Map<number, EsfListItem>> {
  const [rows, cut] = await Promise.all([
    db.select(itemColumns()).from(listings).where(inArray(listings.id, ids)),
    recentlyCut(db, 'esf', RECENT_CUT_DAYS, ids),
  ]);
  const namesOf = await placeNamesOf(db, rows);
  return new Map(
    rows.flatMap((r) => {
      const names = namesOf(r);
      if (!names) return [];
      const item = toListItem({ listing: r, ...names });
      return [[r.id, cut.has(r.id) ? { ...item, tags: [PRICE_CUT_TAG, ...item.tags] } : item]];
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
