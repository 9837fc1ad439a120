import type { Db } from '../../db/client';
import { businessAreas, communities, districts, subwayLines, subwayStations } from '../../db/schema';

/**
 * The names a list item shows of where a home is (its district, business area, community with its build year,
 * nearest station and that station's line) by id, for every city at once. A page of list items then reads its own
 * rows only: joining the five tables for 20 rows cost PGlite nearly three times the rows' own read (the planning of a
 * six-table join on every page; docs/performance.md "Map", third step). Read again after a minute, and at once when a
 * row names a place not known yet (one added since).
 */

const TTL_MS = 60_000;

export interface PlaceNameBook {
  district: Map<number, string>;
  area: Map<number, string>;
  community: Map<number, { name: string; buildYear: number }>;
  station: Map<number, string>;
  line: Map<number, string>;
}

/** Where a row is, by id, as the listing tables hold it. */
export interface PlacedRow {
  districtId: number;
  businessAreaId: number;
  communityId?: number;
  stationId: number | null;
  lineId: number | null;
}

/** The names of one row's places; undefined where its district, area or community is unknown (an inner join's miss). */
export interface RowPlaceNames {
  districtName: string;
  businessAreaName: string;
  communityName: string;
  buildYear: number;
  stationName: string | null;
  lineName: string | null;
}

async function readBook(db: Db): Promise<PlaceNameBook> {
  const [d, a, c, s, l] = await Promise.all([
    db.select({ id: districts.id, name: districts.name }).from(districts),
    db.select({ id: businessAreas.id, name: businessAreas.name }).from(businessAreas),
    db.select({ id: communities.id, name: communities.name, buildYear: communities.buildYear }).from(communities),
    db.select({ id: subwayStations.id, name: subwayStations.name }).from(subwayStations),
    db.select({ id: subwayLines.id, name: subwayLines.name }).from(subwayLines),
  ]);
  return {
    district: new Map(d.map((r) => [r.id, r.name])),
    area: new Map(a.map((r) => [r.id, r.name])),
    community: new Map(c.map((r) => [r.id, { name: r.name, buildYear: r.buildYear }])),
    station: new Map(s.map((r) => [r.id, r.name])),
    line: new Map(l.map((r) => [r.id, r.name])),
  };
}

const books = new WeakMap<Db, { at: number; book: Promise<PlaceNameBook> }>();

function bookOf(db: Db, fresh: boolean): Promise<PlaceNameBook> {
  const known = books.get(db);
  if (!fresh && known && Date.now() - known.at < TTL_MS) return known.book;
  const book = readBook(db);
  books.set(db, { at: Date.now(), book });
  book.catch(() => books.delete(db));
  return book;
}

const knows = (book: PlaceNameBook, r: PlacedRow) =>
  book.district.has(r.districtId) &&
  book.area.has(r.businessAreaId) &&
  (r.communityId === undefined || book.community.has(r.communityId)) &&
  (r.stationId === null || book.station.has(r.stationId)) &&
  (r.lineId === null || book.line.has(r.lineId));

/** The names of `rows`' places: a function of a row, undefined for a row whose district, area or community is gone. */
export async function placeNamesOf(db: Db, rows: PlacedRow[]): Promise<(r: PlacedRow) => RowPlaceNames | undefined> {
  let book = await bookOf(db, false);
  if (!rows.every((r) => knows(book, r))) book = await bookOf(db, true);
  return (r) => {
    const districtName = book.district.get(r.districtId);
    const businessAreaName = book.area.get(r.businessAreaId);
    const community = r.communityId === undefined ? { name: '', buildYear: 0 } : book.community.get(r.communityId);
    if (districtName === undefined || businessAreaName === undefined || community === undefined) return undefined;
    return {
      districtName,
      businessAreaName,
      communityName: community.name,
      buildYear: community.buildYear,
      stationName: r.stationId === null ? null : (book.station.get(r.stationId) ?? null),
      lineName: r.lineId === null ? null : (book.line.get(r.lineId) ?? null),
    };
  };
}
