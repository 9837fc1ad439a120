import { asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { mapBubbleSchema, type MapBounds, type MapBubble, type MapChannel } from '@contracts/map';
import type { Db } from '../../db/client';
import { businessAreas, communities, districts, newProjects } from '../../db/schema';
import type { ListingTable } from '../listings/common';
import { textBytes, type HeldStore } from '../listings/held-store';
import { bubbleGrid, positionsNear, type BubbleGrid } from './bubble-grid';
import type { Admit } from './map-limits';

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

/**
 * A bubble with its JSON text, checked against the contract once, when its aggregate is built: an answer is these
 * texts joined (map.ts). The text lives in the bubble, so it goes when the aggregate does; no table of every text
 * ever made outlives them (a module-wide WeakMap of them was re-organised by V8 on every insert under a flood).
 */
export type KeptBubble = MapBubble & { readonly text: string };

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
 * counted apart. Measured on the 200k data: 540 bytes a bubble with a text of 144 characters, of which the object 140
 * (`scripts/map-cache-memory.ts` compares the store's count with the heap).
 */
const BUBBLE_BYTES = 160;
/** The grid: a map entry per cell with its array (≈ 80) and a slot per community bubble. */
const gridBytes = (grid: BubbleGrid) => grid.size * 80 + [...grid.values()].reduce((n, cell) => n + cell.length * 8, 0);

/** What an aggregate holds, as the store counts it against the map's budget. */
export function levelBubblesBytes(b: LevelBubbles): number {
  let bytes = 256 + gridBytes(b.communityGrid);
  for (const level of [b.district, b.area, b.community]) for (const x of level) bytes += BUBBLE_BYTES + textBytes(x.text);
  for (const x of b.pins) bytes += BUBBLE_BYTES + textBytes(x.text) + textBytes(x.name);
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
 * The bubble with its text, checked against the contract. Written field by field: an object made by spreading
 * another (`{ ...b, text }`) is kept by V8 as a dictionary, 900 bytes a bubble on the 200k data against 540.
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
  text: JSON.stringify(mapBubbleSchema.parse(b)),
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
  ): KeptBubble =>
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

  /**
   * Every bubble of every zoom of one aggregate, made at its build, not on every pan: at 16 in flight the per-call
   * summing of a city's thousands of cells was most of a call's own time.
   */
  function levelBubbles(rows: Cell[] | ProjectRow[], places: CityPlaces, isNew: boolean): LevelBubbles {
    const level = (level: 'district' | 'area'): KeptBubble[] => {
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
    let community: KeptBubble[] = [];
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
    const pins = isNew ? (rows as ProjectRow[]).map((r) => kept({ ...r, count: 1 })) : [];
    return { district: level('district'), area: level('area'), community, communityGrid: bubbleGrid(community), pins };
  }

  /** The bubbles of the channel's homes passing the filter set: its (district, area, community) cells, grouped. */
  function cellsOf(table: ListingTable, price: SQL | ListingTable['id'], cityCode: string, set: FilterSet) {
    return store.value(
      table,
      cityCode,
      'cells',
      set.key,
      () =>
        set.admit(async () => {
          const [places, rows] = await Promise.all([
            cityPlaces(cityCode),
            db
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
              .groupBy(table.districtId, table.businessAreaId, table.communityId!),
          ]);
          const cells = rows.map((r): Cell => ({
            d: Number(r.d),
            a: r.a === null ? null : Number(r.a),
            c: r.c === null ? null : Number(r.c),
            n: Number(r.n),
            sum: Number(r.sum ?? 0),
            priced: Number(r.priced),
          }));
          return levelBubbles(cells, places, false);
        }),
      levelBubblesBytes,
    );
  }

  /** The bubbles and pins of the 新房 projects passing the filter set. */
  function projectsOf(cityCode: string, set: FilterSet): Promise<LevelBubbles> {
    return store.value(
      newProjects as unknown as ListingTable,
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
          return levelBubbles(rows, places, true);
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
            const result = (await db.execute(sql`
              select count(*)::int as n, coalesce(string_agg(${home}, ';' order by ${sql.join(orderBy, sql`, `)}), '') as homes
              from ${table}${where ? sql` where ${where}` : sql``}`)) as unknown as { rows: { n: number; homes: string }[] };
            const { n, homes } = result.rows[0] ?? { n: 0, homes: '' };
            const order = {
              ids: new Int32Array(n),
              places: new Int32Array(n),
              stations: new Int32Array(n),
              walks: new Int32Array(n),
            };
            readHomes(homes, [order.ids, order.places, order.stations, order.walks]);
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
 * The integers of `text` (`id,place,station,walk;…`, as the list order's query writes them) into `into`, a home at a
 * time: one pass over the characters, no string or array made per number.
 */
export function readHomes(text: string, into: Int32Array[]): void {
  const width = into.length;
  let value = 0;
  let negative = false;
  let k = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 59;
    if (c >= 48 && c <= 57) value = value * 10 + (c - 48);
    else if (c === 45) negative = true;
    else {
      if (i === 0 && text.length === 0) return;
      into[k % width]![Math.floor(k / width)] = negative ? -value : value;
      k++;
      value = 0;
      negative = false;
    }
  }
}

/** The bubble texts an aggregate holds (map-cache.ts `stats`: none outlives its aggregate). */
export function bubbleTextsOf(value: object): number {
  if (!('communityGrid' in value)) return 0;
  const b = value as LevelBubbles;
  return b.district.length + b.area.length + b.community.length + b.pins.length;
}
