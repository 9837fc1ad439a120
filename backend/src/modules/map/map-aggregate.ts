import { asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { mapBubbleSchema, type MapBounds, type MapBubble, type MapChannel } from '@contracts/map';
import type { Db } from '../../db/client';
import { businessAreas, communities, districts, newProjects } from '../../db/schema';
import { heldCache, type ListingTable } from '../listings/common';
import { bubbleGrid, positionsNear, type BubbleGrid } from './bubble-grid';

/**
 * The map's pre-aggregate (docs/performance.md "Map"): for a channel, a city and a filter set, ONE grouped query of
 * the channel's list WHERE by (district, business area, community) gives every bubble of every zoom; the city's
 * places (districts, business areas, communities with their points) are read once. Kept a minute and dropped when
 * a write to those listings commits, as the list's counts are (`heldCache`), so a bubble's count is the list's total
 * for that place. A viewport or a drawn area is then a filter of points in memory: no PostGIS (not in PGlite), no
 * spatial index needed; the grouped query is paid once per filter set, not per pan.
 */

/** Homes of one (district, area, community): their count, and their price's sum and how many have one. */
interface Cell {
  d: number;
  a: number | null;
  c: number | null;
  n: number;
  sum: number;
  priced: number;
}
/**
 * The channel's homes passing a filter set in a sort's order, as the list orders them: each one's id and its place
 * (its community; a 新房 project is its own place). A drawn area's page is the first homes of this order whose place
 * is inside, so the list's ORDER BY stays the one truth of the order and no per-area sort runs in the database.
 */
export interface ListOrder {
  ids: Int32Array;
  places: Int32Array;
  /** The nearest station and the walking metres to it (通勤找房), -1 where there is none. */
  stations: Int32Array;
  walks: Int32Array;
}
/** A 新房 project passing the filters. */
export interface ProjectRow {
  id: number;
  name: string;
  lat: number;
  lng: number;
  avgPrice: number | null;
  saleStatus: number;
  districtId: number;
  businessAreaId: number;
}
interface Place {
  id: number;
  name: string;
  lat: number;
  lng: number;
  districtId: number;
  businessAreaId: number | null;
}
interface CityPlaces {
  districts: Place[];
  areas: Place[];
  communities: Place[];
}
/** An aggregate's bubbles at each level; communities most homes first; 新房 project pins by id. */
interface LevelBubbles {
  district: MapBubble[];
  area: MapBubble[];
  community: MapBubble[];
  /** Where the community bubbles are (bubble-grid.ts), so a view or drawn area looks at its own cells only. */
  communityGrid: BubbleGrid;
  pins: MapBubble[];
}

/** Each bubble's JSON text, checked against the contract once, when its aggregate's bubbles are made. */
const bubbleTexts = new WeakMap<MapBubble, string>();
/** A bubble as JSON text (map.ts writes an answer of them without serialising each bubble again). */
export function bubbleText(b: MapBubble): string {
  let text = bubbleTexts.get(b);
  if (text === undefined) bubbleTexts.set(b, (text = JSON.stringify(mapBubbleSchema.parse(b))));
  return text;
}

const TTL_MS = 60_000;
const PLACES_TTL_MS = 10 * 60_000;

/**
 * A filter set of a channel's list in a city: its key in the aggregate's cache, and its list WHERE, made only when
 * the aggregate is not kept (building the WHERE is most of a kept call's own work otherwise).
 */
export interface FilterSet {
  key: string;
  where: () => SQL | undefined;
}

/** A filter set as a key: its keys in order, the unset ones left out. */
export function filtersKey(filters: Record<string, unknown>): string {
  return JSON.stringify(
    Object.keys(filters)
      .filter((k) => filters[k] !== undefined)
      .sort()
      .map((k) => [k, filters[k]]),
  );
}

const inBox = (p: { lat: number; lng: number }, b: MapBounds) =>
  p.lat >= b.south && p.lat <= b.north && p.lng >= b.west && p.lng <= b.east;
const averaged = (sum: number, priced: number) => (priced === 0 ? null : Math.round(sum / priced));

const aggregates = new WeakMap<Db, ReturnType<typeof makeAggregate>>();
/** The database's one map aggregate, shared by the map's calls and 通勤找房. */
export function mapAggregate(db: Db) {
  let agg = aggregates.get(db);
  if (!agg) aggregates.set(db, (agg = makeAggregate(db)));
  return agg;
}

function makeAggregate(db: Db) {
  const cells = heldCache<Cell[]>(db, 500, TTL_MS);
  // A city's homes in a sort's order are 16 bytes each (Beijing's 36,000: 576 kB): a few dozen filter sets and sorts.
  const orders = heldCache<ListOrder>(db, 48, TTL_MS);
  const projects = heldCache<ProjectRow[]>(db, 500, TTL_MS);
  const placesOf = new Map<string, { at: number; places: Promise<CityPlaces> }>();

  function cityPlaces(cityCode: string): Promise<CityPlaces> {
    const known = placesOf.get(cityCode);
    if (known && Date.now() - known.at < PLACES_TTL_MS) return known.places;
    const places = (async () => {
      const [ds, as, cs] = await Promise.all([
        db
          .select({ id: districts.id, name: districts.name, lat: districts.lat, lng: districts.lng, districtId: districts.id })
          .from(districts)
          .where(eq(districts.cityCode, cityCode))
          .orderBy(asc(districts.sort)),
        db
          .select({
            id: businessAreas.id,
            name: businessAreas.name,
            lat: businessAreas.lat,
            lng: businessAreas.lng,
            districtId: businessAreas.districtId,
          })
          .from(businessAreas)
          .where(eq(businessAreas.cityCode, cityCode))
          .orderBy(asc(businessAreas.id)),
        db
          .select({
            id: communities.id,
            name: communities.name,
            lat: communities.lat,
            lng: communities.lng,
            districtId: communities.districtId,
            businessAreaId: communities.businessAreaId,
          })
          .from(communities)
          .where(eq(communities.cityCode, cityCode))
          .orderBy(asc(communities.id)),
      ]);
      return {
        districts: ds.map((d) => ({ ...d, businessAreaId: null })),
        areas: as.map((a) => ({ ...a, businessAreaId: a.id })),
        communities: cs,
      };
    })();
    placesOf.set(cityCode, { at: Date.now(), places });
    places.catch(() => placesOf.delete(cityCode));
    return places;
  }

  /** The (district, area, community) cells of the channel's homes passing `where`. */
  function cellsOf(table: ListingTable, price: SQL | ListingTable['id'], cityCode: string, set: FilterSet) {
    return cells(table, cityCode, set.key, async () => {
      const rows = await db
        .select({
          d: table.districtId,
          a: table.businessAreaId,
          c: table.communityId!,
          n: count(),
          sum: sql<string | null>`sum(${price})`,
          priced: sql<number>`count(${price})::int`,
        })
        .from(table)
        .where(set.where())
        .groupBy(table.districtId, table.businessAreaId, table.communityId!);
      return rows.map((r) => ({
        d: Number(r.d),
        a: r.a === null ? null : Number(r.a),
        c: r.c === null ? null : Number(r.c),
        n: Number(r.n),
        sum: Number(r.sum ?? 0),
        priced: Number(r.priced),
      }));
    });
  }

  function projectsOf(cityCode: string, set: FilterSet): Promise<ProjectRow[]> {
    return projects(newProjects as unknown as ListingTable, cityCode, set.key, () =>
      db
        .select({
          id: newProjects.id,
          name: newProjects.name,
          lat: newProjects.lat,
          lng: newProjects.lng,
          avgPrice: newProjects.avgPrice,
          saleStatus: newProjects.saleStatus,
          districtId: newProjects.districtId,
          businessAreaId: newProjects.businessAreaId,
        })
        .from(newProjects)
        .where(set.where())
        .orderBy(asc(newProjects.id)),
    );
  }

  /** Sums of cells (or projects) by a key: count, price sum, priced. */
  function sums<T>(rows: T[], keyOf: (r: T) => number | null, n: (r: T) => number, price: (r: T) => [number, number]) {
    const by = new Map<number, { n: number; sum: number; priced: number }>();
    for (const r of rows) {
      const k = keyOf(r);
      if (k === null) continue;
      const s = by.get(k) ?? { n: 0, sum: 0, priced: 0 };
      const [sum, priced] = price(r);
      s.n += n(r);
      s.sum += sum;
      s.priced += priced;
      by.set(k, s);
    }
    return by;
  }

  const toBubble = (
    p: Place,
    s: { n: number; sum: number; priced: number },
    level: 'district' | 'area' | 'community',
  ): MapBubble => ({
    id: p.id,
    name: p.name,
    lat: p.lat,
    lng: p.lng,
    count: s.n,
    avgPrice: averaged(s.sum, s.priced),
    districtId: p.districtId,
    businessAreaId: level === 'district' ? null : p.businessAreaId,
    saleStatus: null,
  });

  /**
   * Every bubble of every zoom of one aggregate, worked out once when it is first asked for, not on every pan: at
   * 16 in flight the per-call summing of a city's thousands of cells was most of a call's own time. Kept beside
   * the aggregate (a WeakMap on its rows), so it goes when the aggregate is dropped; the places it was made with are
   * kept too, so a refresh of the city's places makes it anew.
   */
  const bubblesOf = new WeakMap<object, { places: CityPlaces; bubbles: LevelBubbles }>();
  function levelBubbles(rows: Cell[] | ProjectRow[], places: CityPlaces, isNew: boolean): LevelBubbles {
    const known = bubblesOf.get(rows);
    if (known && known.places === places) return known.bubbles;
    const level = (level: 'district' | 'area'): MapBubble[] => {
      const by = isNew
        ? sums(
            rows as ProjectRow[],
            (r) => (level === 'district' ? r.districtId : r.businessAreaId),
            () => 1,
            (r) => (r.avgPrice === null ? [0, 0] : [r.avgPrice, 1]),
          )
        : sums(
            rows as Cell[],
            (r) => (level === 'district' ? r.d : r.a),
            (r) => r.n,
            (r) => [r.sum, r.priced],
          );
      return (level === 'district' ? places.districts : places.areas).flatMap((p) => {
        const s = by.get(p.id);
        return s ? [toBubble(p, s, level)] : [];
      });
    };
    let community: MapBubble[] = [];
    if (!isNew) {
      const by = sums(
        rows as Cell[],
        (r) => r.c,
        (r) => r.n,
        (r) => [r.sum, r.priced],
      );
      community = places.communities
        .flatMap((c) => {
          const s = by.get(c.id);
          return s ? [toBubble(c, s, 'community')] : [];
        })
        .sort((a, b) => b.count - a.count || a.id - b.id);
    }
    const pins = isNew ? (rows as ProjectRow[]).map((r): MapBubble => ({ ...r, count: 1 })) : [];
    const bubbles = { district: level('district'), area: level('area'), community, communityGrid: bubbleGrid(community), pins };
    for (const b of [...bubbles.district, ...bubbles.area, ...community, ...pins]) bubbleText(b);
    bubblesOf.set(rows, { places, bubbles });
    return bubbles;
  }

  return {
    /** One bubble per district or business area with the channel's homes: as a GROUP BY of the list WHERE. */
    async placeBubbles(
      channel: MapChannel,
      table: ListingTable,
      price: SQL | ListingTable['id'],
      cityCode: string,
      set: FilterSet,
      level: 'district' | 'area',
    ): Promise<MapBubble[]> {
      const [places, rows] = await Promise.all([
        cityPlaces(cityCode),
        channel === 'new' ? projectsOf(cityCode, set) : cellsOf(table, price, cityCode, set),
      ]);
      return levelBubbles(rows, places, channel === 'new')[level];
    },

    /** Communities with the channel's homes whose point is in `box` and passes `keep`, most homes first: `limit` of them. */
    async communityBubbles(
      table: ListingTable,
      price: SQL | ListingTable['id'],
      cityCode: string,
      set: FilterSet,
      box: MapBounds,
      keep: (c: { lat: number; lng: number }) => boolean,
      limit = Infinity,
    ): Promise<MapBubble[]> {
      const [places, rows] = await Promise.all([cityPlaces(cityCode), cellsOf(table, price, cityCode, set)]);
      const { community, communityGrid } = levelBubbles(rows, places, false);
      const near = positionsNear(communityGrid, box);
      const found: MapBubble[] = [];
      for (let i = 0, n = near ? near.length : community.length; i < n && found.length < limit; i++) {
        const c = community[near ? near[i]! : i]!;
        if (inBox(c, box) && keep(c)) found.push(c);
      }
      return found;
    },

    /** The channel's homes passing `set` in the order `orderBy` (the list's ORDER BY of `sort`), with their place and station. */
    listOrder(
      table: ListingTable,
      walk: AnyPgColumn,
      cityCode: string,
      set: FilterSet,
      sort: number | undefined,
      orderBy: SQL[],
    ): Promise<ListOrder> {
      return orders(table, cityCode, `${set.key}|${sort ?? 0}`, async () => {
        const rows = await db
          .select({ id: table.id, place: table.communityId ?? table.id, station: table.stationId, walk })
          .from(table)
          .where(set.where())
          .orderBy(...orderBy);
        const n = rows.length;
        const order = {
          ids: new Int32Array(n),
          places: new Int32Array(n),
          stations: new Int32Array(n),
          walks: new Int32Array(n),
        };
        rows.forEach((r, i) => {
          order.ids[i] = Number(r.id);
          order.places[i] = Number(r.place);
          order.stations[i] = r.station === null ? -1 : Number(r.station);
          order.walks[i] = r.walk === null ? -1 : Number(r.walk);
        });
        return order;
      });
    },

    /** 新房 project pins in `box` passing `keep`, by id. */
    async projectPins(
      cityCode: string,
      set: FilterSet,
      box: MapBounds,
      keep: (c: { lat: number; lng: number }) => boolean,
    ): Promise<MapBubble[]> {
      const [places, rows] = await Promise.all([cityPlaces(cityCode), projectsOf(cityCode, set)]);
      return levelBubbles(rows, places, true).pins.filter((r) => inBox(r, box) && keep(r));
    },
  };
}
