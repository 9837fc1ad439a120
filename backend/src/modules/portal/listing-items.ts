import { eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { EsfListItem } from '../../../../contracts/esf';
import type { Db } from '../../db/client';
import { businessAreas, communities, districts, listings, subwayLines, subwayStations } from '../../db/schema';

const line = alias(subwayLines, 'near_line');
const station = alias(subwayStations, 'near_station');

/** The list-item columns with the names a list item shows; used by the list, the home page and the detail. */
export function selectListItems(db: Db) {
  return db
    .select({
      listing: listings,
      communityName: communities.name,
      buildYear: communities.buildYear,
      districtName: districts.name,
      businessAreaName: businessAreas.name,
      lineName: line.name,
      stationName: station.name,
    })
    .from(listings)
    .innerJoin(communities, eq(communities.id, listings.communityId))
    .innerJoin(districts, eq(districts.id, listings.districtId))
    .innerJoin(businessAreas, eq(businessAreas.id, listings.businessAreaId))
    .leftJoin(station, eq(station.id, listings.stationId))
    .leftJoin(line, eq(line.id, listings.lineId));
}

export type ListItemRow = Awaited<ReturnType<ReturnType<typeof selectListItems>['execute']>>[number];

export function toListItem(row: ListItemRow): EsfListItem {
  const l = row.listing;
  return {
    id: l.id,
    title: l.title,
    cityCode: l.cityCode,
    communityId: l.communityId,
    communityName: row.communityName,
    districtName: row.districtName,
    businessAreaName: row.businessAreaName,
    totalPrice: l.totalPrice,
    unitPrice: l.unitPrice,
    area: l.area,
    rooms: l.rooms,
    halls: l.halls,
    baths: l.baths,
    orientation: l.orientation,
    floorLevel: l.floorLevel,
    totalFloors: l.totalFloors,
    decoration: l.decoration,
    buildYear: row.buildYear,
    elevator: l.elevator,
    tags: l.tags,
    listedAt: l.listedAt.toISOString(),
    coverUrl: l.coverUrl,
    nearestStation:
      row.lineName && row.stationName && l.stationDistance !== null
        ? { lineName: row.lineName, stationName: row.stationName, distance: l.stationDistance }
        : null,
  };
}

/**
 * A page of list items: the page's ids first, from the listings table alone (an index scan in the sort's
 * order), then the names for those few rows. Joining first makes the planner join the whole city.
 */
export async function listItemsPage(db: Db, where: SQL | undefined, orderBy: SQL[], limit: number, offset: number): Promise<EsfListItem[]> {
  const page = await db.select({ id: listings.id }).from(listings).where(where).orderBy(...orderBy).limit(limit).offset(offset);
  if (page.length === 0) return [];
  const rows = await selectListItems(db).where(inArray(listings.id, page.map((p) => p.id)));
  const byId = new Map(rows.map((r) => [r.listing.id, r]));
  return page.flatMap((p) => {
    const row = byId.get(p.id);
    return row ? [toListItem(row)] : [];
  });
}
