import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { mapBubbleSchema, type MapBounds, type MapBubble, type MapChannel } from '@contracts/map';
import type { Db } from '../../db/client';
import { businessAreas, communities, districts, newProjects } from '../../db/schema';
import type { ListingTable } from '../listings/common';
import { textBytes, type HeldStore } from '../listings/held-store';
import { bubbleGrid, positionsNear, type BubbleGrid } from './bubble-grid';
import type { Admit } from './map-limits';
import { rowsOf } from '../../db/raw-rows';

/**
 * The map's pre-aggregate (docs/performance.md "Map"): for a channel, a city and a filter set, ONE grouped query of
 * the channel's list WHERE by (district, business area, community) gives every bubble of every zoom; the city's
 * places (districts, business areas, communities with their points) are read once. Kept a minute and dropped when
 * a write to those listings commits, as the list's counts are, so a bubble's count is the list's total for that
 * place. A viewport or a drawn area is then a filter of points in memory: no PostGIS (not in PGlite), no spatial
 * index needed; the grouped query is paid once per filter set, not per pan.
 *
 * Every aggregate of every filter set, with its bubbles and their texts, is one entry of the map's store
 * (listings/held-store.ts, modules/map/map-cache.ts): one byte budget for all of them, evicted by use, expired ones
 * released, each entry's size estimated from what it holds (`*Bytes` below). A build runs under the limits of the call
 * that needs it (`FilterSet.admit`, map-limits.ts) and once for every caller asking meanwhile.
 */

/**
 * The grouped query's cells, one per (district, business area, community) with homes: six numbers each (CELL), its
 * district, area (-1: none), community (-1: none), homes, their price's sum and how many have one.
 */
type Cells = Float64Array;
const CELL = 6;
/** A place's homes, price sum and priced homes, summed over its cells or projects. */
interface Sum {
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

/**
 * A bubble and, once an answer has shown it, its JSON text, checked against the contract when made (bubbleText): an
 * answer is these texts joined (map.ts). The text lives in the bubble, so it goes when its aggregate does; no table
 * of every text ever made outlives them (a module-wide WeakMap of them was re-organised by V8 on every insert under a
 * flood). Made on first use, not at the build: a view shows at most 600 of a city's thousands of communities, and a
 * flood's filter sets are each shown once (making all 6,000 texts of a 北京 aggregate was most of a build's time).
 */
export type KeptBubble = MapBubble & { text: string | undefined };

/** The bubble's JSON text, made and checked against the contract the first time an answer shows it. */
export function bubbleText(b: KeptBubble): string {
  // The contract's object drops `text` itself (z.object strips what it does not name).
  return (b.text ??= JSON.stringify(mapBubbleSchema.parse(b)));
}

/**
 * An aggregate: its bubbles at each level; communities most homes first; 新房 project pins by id. Made from the
 * grouped query's rows (or the projects) and the city's places at its build; the rows themselves are not kept.
 */
export interface LevelBubbles {
  district: KeptBubble[];
  area: KeptBubble[];
  community: KeptBubble[];
  /** Where the community bubbles are (bubble-grid.ts), so a view or drawn area looks at its own cells only. */
  communityGrid: BubbleGrid;
  pins: KeptBubble[];
}

/**
 * Bytes a kept bubble holds besides its text (V8, 64-bit): the object with its ten fields, its latitude and longitude
 * boxed as heap numbers, its slot in its level's array. The name is the city's place's (shared) except a pin's,
 * counted apart. Measured on the 200k data: 540 bytes a bubble with its text of 144 characters, of which the object
 * 140 (`scripts/map-cache-memory.ts` compares the store's count with the heap).
 */
const BUBBLE_BYTES = 160;
/**
 * A bubble's text is counted before it is made, as the most it will be (the store's budget holds once every text of
 * an aggregate is made): the fields' names and punctuation (about 110 characters), the name, and up to 17 characters
 * for each of latitude and longitude and 10 for each other number.
 */
const bubbleTextBytes = (b: MapBubble) => textBytes('') + (110 + b.name.length + 2 * 17 + 6 * 10) * 2;
/** The grid: a map entry per cell with its array (≈ 80) and a slot per community bubble. */
const gridBytes = (grid: BubbleGrid) => grid.size * 80 + [...grid.values()].reduce((n, cell) => n + cell.length * 8, 0);

/** What an aggregate holds once every text of it is made, as the store counts it against the map's budget. */
export function levelBubblesBytes(b: LevelBubbles): number {
  let bytes = 256 + gridBytes(b.communityGrid);
  for (const level of [b.district, b.area, b.community]) for (const x of level) bytes += BUBBLE_BYTES + bubbleTextBytes(x);
  for (const x of b.pins) bytes += BUBBLE_BYTES + bubbleTextBytes(x) + textBytes(x.name);
  return bytes;
}

/** A list order: its four arrays' bytes, and the arrays and their buffers themselves. */
export const listOrderBytes = (o: ListOrder) =>
  o.ids.byteLength + o.places.byteLength + o.stations.byteLength + o.walks.byteLength + 4 * 160;

const PLACES_TTL_MS = 10 * 60_000;

/**
 * A filter set of a channel's list in a city: its key in the aggregate's store, its list WHERE, made only when the
 * aggregate is not kept (building the WHERE is most of a kept call's own work otherwise), and the admission of the
 * builds it causes (the limits of the call asking, map-limits.ts).
 */
export interface FilterSet {
  key: string;
  where: () => SQL | undefined;
  admit: Admit;
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
/**
 * A bubble to keep, its text not made yet. Written field by field: an object made by spreading another (`{ ...b }`)
 * is kept by V8 as a dictionary, 900 bytes a bubble with its text on the 200k data against 540.
 */
const kept = (b: MapBubble): KeptBubble => ({
  id: b.id,
  name: b.name,
  lat: b.lat,
  lng: b.lng,
  count: b.count,
  avgPrice: b.avgPrice,
  districtId: b.districtId,
  businessAreaId: b.businessAreaId,
  saleStatus: b.saleStatus,
  text: undefined,
});

/** The map's aggregates of a database, kept in `store` (map-cache.ts makes one per app, shared with 通勤找房). */
export type MapAggregate = ReturnType<typeof createMapAggregate>;

export function createMapAggregate(db: Db, store: HeldStore) {
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

  /** The cells' homes, price sums and priced homes by their district (0), area (1) or community (2). */
  function cellSums(cells: Cells, field: 0 | 1 | 2): Map<number, Sum> {
    const by = new Map<number, Sum>();
    for (let i = 0; i < cells.length; i += CELL) {
      const key = cells[i + field]!;
      if (key < 0) continue;
      let s = by.get(key);
      if (!s) by.set(key, (s = { n: 0, sum: 0, priced: 0 }));
      s.n += cells[i + 3]!;
      s.sum += cells[i + 4]!;
      s.priced += cells[i + 5]!;
    }
    return by;
  }

  /** The projects by their district or business area: one home each, their 均价 summed where they have one. */
  function projectSums(rows: ProjectRow[], level: 'district' | 'area'): Map<number, Sum> {
    const by = new Map<number, Sum>();
    for (const r of rows) {
      const key = level === 'district' ? r.districtId : r.businessAreaId;
      let s = by.get(key);
      if (!s) by.set(key, (s = { n: 0, sum: 0, priced: 0 }));
      s.n++;
      if (r.avgPrice !== null) {
        s.sum += r.avgPrice;
        s.priced++;
      }
    }
    return by;
  }

  const toBubble = (p: Place, s: Sum, level: 'district' | 'area' | 'community'): KeptBubble =>
    kept({
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
  const placed = (places: Place[], by: Map<number, Sum>, level: 'district' | 'area' | 'community') =>
    places.flatMap((p) => {
      const s = by.get(p.id);
      return s ? [toBubble(p, s, level)] : [];
    });

  /**
   * Every bubble of every zoom of one aggregate, made at its build, not on every pan: at 16 in flight the per-call
   * summing of a city's thousands of cells was most of a call's own time.
   */
  function cellBubbles(cells: Cells, places: CityPlaces): LevelBubbles {
    const community = placed(places.communities, cellSums(cells, 2), 'community').sort(
      (a, b) => b.count - a.count || a.id - b.id,
    );
    return {
      district: placed(places.districts, cellSums(cells, 0), 'district'),
      area: placed(places.areas, cellSums(cells, 1), 'area'),
      community,
      communityGrid: bubbleGrid(community),
      pins: [],
    };
  }

  function projectBubbles(rows: ProjectRow[], places: CityPlaces): LevelBubbles {
    return {
      district: placed(places.districts, projectSums(rows, 'district'), 'district'),
      area: placed(places.areas, projectSums(rows, 'area'), 'area'),
      community: [],
      communityGrid: bubbleGrid([]),
      pins: rows.map((r) => kept({ ...r, count: 1 })),
    };
  }

  /**
   * The bubbles of the channel's homes passing the filter set: its (district, area, community) cells, grouped, as one
   * row of text read straight into numbers (a row per cell made the driver and drizzle build two objects a cell).
   */
  function cellsOf(table: ListingTable, price: SQL | ListingTable['id'], cityCode: string, set: FilterSet) {
    return store.value(
      table,
      cityCode,
      'cells',
      set.key,
      () =>
        set.admit(async () => {
          const where = set.where();
          const [places, result] = await Promise.all([
            cityPlaces(cityCode),
            db.execute(sql`
              select count(*)::int as n,
                coalesce(string_agg(g.d || ',' || g.a || ',' || g.c || ',' || g.n || ',' || g.s || ',' || g.p, ';'), '') as cells
              from (
                select ${table.districtId} as d, coalesce(${table.businessAreaId}, -1) as a,
                  coalesce(${table.communityId!}, -1) as c, count(*) as n, coalesce(sum(${price}), 0) as s,
                  count(${price}) as p
                from ${table}${where ? sql` where ${where}` : sql``}
                group by ${table.districtId}, ${table.businessAreaId}, ${table.communityId!}
              ) g`),
          ]);
          const row = rowsOf<{ n: number; cells: string }>(result)[0] ?? { n: 0, cells: '' };
          const cells = new Float64Array(row.n * CELL);
          readRows(row.cells, [cells]);
          return cellBubbles(cells, places);
        }),
      levelBubblesBytes,
    );
  }

  /** The bubbles and pins of the 新房 projects passing the filter set. */
  function projectsOf(cityCode: string, set: FilterSet): Promise<LevelBubbles> {
    return store.value(
      newProjects,
      cityCode,
      'projects',
      set.key,
      () =>
        set.admit(async () => {
          const [places, rows] = await Promise.all([
            cityPlaces(cityCode),
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
          ]);
          return projectBubbles(rows, places);
        }),
      levelBubblesBytes,
    );
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
    ): Promise<KeptBubble[]> {
      const bubbles = channel === 'new' ? await projectsOf(cityCode, set) : await cellsOf(table, price, cityCode, set);
      return bubbles[level];
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
    ): Promise<KeptBubble[]> {
      const { community, communityGrid } = await cellsOf(table, price, cityCode, set);
      const near = positionsNear(communityGrid, box);
      const found: KeptBubble[] = [];
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
      return store.value(
        table,
        cityCode,
        'order',
        `${set.key}|${sort ?? 0}`,
        () =>
          set.admit(async () => {
            // One row: every home's id, place, station and walk as text in the list's order, read straight into the
            // arrays. A row per home (36,000 for 北京's 二手房) made the driver and drizzle build two objects a home,
            // most of a build's time on the backend's one thread (docs/performance.md "Map", the byte budget).
            const where = set.where();
            const home = sql`${table.id} || ',' || ${table.communityId ?? table.id} || ',' || coalesce(${table.stationId}, -1) || ',' || coalesce(${walk}, -1)`;
            const result = await db.execute(sql`
              select count(*)::int as n, coalesce(string_agg(${home}, ';' order by ${sql.join(orderBy, sql`, `)}), '') as homes
              from ${table}${where ? sql` where ${where}` : sql``}`);
            const { n, homes } = rowsOf<{ n: number; homes: string }>(result)[0] ?? { n: 0, homes: '' };
            const order = {
              ids: new Int32Array(n),
              places: new Int32Array(n),
              stations: new Int32Array(n),
              walks: new Int32Array(n),
            };
            readRows(homes, [order.ids, order.places, order.stations, order.walks]);
            return order;
          }),
        listOrderBytes,
      );
    },

    /** 新房 project pins in `box` passing `keep`, by id. */
    async projectPins(
      cityCode: string,
      set: FilterSet,
      box: MapBounds,
      keep: (c: { lat: number; lng: number }) => boolean,
    ): Promise<KeptBubble[]> {
      return (await projectsOf(cityCode, set)).pins.filter((r) => inBox(r, box) && keep(r));
    },
  };
}

/**
 * The numbers of `text` (`1,2,-1,40;3,…`: fields by commas, rows by semicolons, as the map's queries write them) into
 * `into`, field k of each row into array k: one pass over the characters, no string or array made per number. A
 * number may be negative (-1: none) and have decimals (a sum of a numeric column).
 */
export function readRows(text: string, into: (Int32Array | Float64Array)[]): void {
  if (text.length === 0) return;
  const width = into.length;
  let whole = 0;
  let fraction = 0;
  let scale = 0;
  let negative = false;
  let k = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 59;
    if (c >= 48 && c <= 57) {
      if (scale === 0) whole = whole * 10 + (c - 48);
      else {
        fraction += (c - 48) / scale;
        scale *= 10;
      }
    } else if (c === 45) negative = true;
    else if (c === 46) scale = 10;
    else {
      const value = whole + fraction;
      into[k % width]![Math.floor(k / width)] = negative ? -value : value;
      k++;
      whole = fraction = scale = 0;
      negative = false;
    }
  }
}

/** The bubble texts an aggregate holds now (map-cache.ts `stats`: none outlives its aggregate). */
export function bubbleTextsOf(value: object): number {
  if (!('communityGrid' in value)) return 0;
  const b = value as LevelBubbles;
  let made = 0;
  for (const level of [b.district, b.area, b.community, b.pins]) for (const x of level) if (x.text !== undefined) made++;
  return made;
}
