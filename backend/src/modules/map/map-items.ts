import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { ListingTable } from '../listings/common';
import { textBytes, type HeldStore } from '../listings/held-store';

/**
 * The list items of a drawn area's and 通勤找房's page, as JSON text (docs/performance.md "Map", third step). A page
 * was one or two queries of its 20 homes and their names, and the check of each item against the contract, on every
 * call: most of a call's work at 16 in flight on PGlite. Now an item is checked and written once and kept by id for
 * a minute, or until a write to that channel's homes of the city commits (listings/held-store.ts, as the counts and
 * the map's aggregates are dropped), so a page of homes seen lately comes from memory and only the others from the
 * database. The items share the map's one byte budget with its aggregates (map-cache.ts).
 */

/** Where a channel's list items come from: its table (the scope a write drops), its loader and its item schema. */
export interface ItemSource {
  table: ListingTable;
  items: (db: Db, ids: number[]) => Promise<Map<number, object>>;
  itemSchema: z.ZodType;
}

interface ItemText {
  text: string;
}

/**
 * An item as kept: its text (two bytes a character: it holds Chinese), the `ItemText` around it and what V8 keeps
 * beside them (measured on the 200k data, `scripts/map-cache-memory.ts`: 1.16× the text's own count).
 */
const itemBytes = (item: ItemText) => textBytes(item.text) + 240;

/**
 * A channel's item loads, joined: the ids asked for while a load waits go together in one query. On PGlite a query's
 * own cost dwarfs its rows' (2026-11-28, 200k bench, warm: 4.4 ms of CPU for 20 homes' items and their 降价 test as
 * two queries, 1.1 ms for each 20 when the queries take 100 or 300), and 16 drawn areas in flight each queued for the
 * others' queries. Joined, 600 drawn areas at 16 in flight made 56 item loads instead of 299, and the backend's CPU
 * a call went from 2.6–3.9 to 2.0–2.2 ms. A call never joins a load already under way, so what it gets was read after
 * it asked (listings/held-store.ts keeps it only if no write came between).
 */
export function joinedLoads(load: (ids: number[]) => Promise<Map<number, object>>) {
  let waiting: { ids: number[]; done: (found: Map<number, object>) => void; failed: (err: unknown) => void }[] = [];
  let loading = false;
  async function drain() {
    loading = true;
    // PGlite answers within the caller's own turn of the event loop, so no call would ever find a load under way:
    // the first load waits for the end of this turn, and the calls whose requests came in the same turn join it.
    await new Promise(setImmediate);
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        const found = await load([...new Set(batch.flatMap((w) => w.ids))]);
        for (const w of batch) w.done(new Map(w.ids.flatMap((id) => (found.has(id) ? [[id, found.get(id)!] as const] : []))));
      } catch (err) {
        for (const w of batch) w.failed(err);
      }
    }
    loading = false;
  }
  return (ids: number[]) =>
    new Promise<Map<number, object>>((done, failed) => {
      waiting.push({ ids, done, failed });
      if (!loading) void drain();
    });
}

const loaders = new WeakMap<Db, Map<ItemSource, ReturnType<typeof joinedLoads>>>();
function loaderOf(db: Db, source: ItemSource) {
  let bySource = loaders.get(db);
  if (!bySource) loaders.set(db, (bySource = new Map()));
  let loader = bySource.get(source);
  if (!loader) bySource.set(source, (loader = joinedLoads((ids) => source.items(db, ids))));
  return loader;
}

/** The items of `ids` as JSON text, in the order of `ids`; a home gone since the ids were read is left out. */
export async function pageItems(
  store: HeldStore,
  db: Db,
  source: ItemSource,
  cityCode: string,
  ids: number[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const byId = await store.records(
    source.table,
    cityCode,
    'item',
    ids,
    async (missing) => {
      const items = await loaderOf(db, source)(missing);
      return new Map([...items].map(([id, item]) => [id, { text: JSON.stringify(source.itemSchema.parse(item)) }]));
    },
    itemBytes,
  );
  return ids.flatMap((id) => {
    const item = byId.get(id);
    return item === undefined ? [] : [item.text];
  });
}
