import type { z } from 'zod';
import type { Db } from '../../db/client';
import { heldRecords, type ListingTable } from '../listings/common';

/**
 * The list items of a drawn area's and 通勤找房's page, as JSON text (docs/performance.md "Map", third step). A page
 * was one or two queries of its 20 homes and their names, and the check of each item against the contract, on every
 * call: most of a call's work at 16 in flight on PGlite. Now an item is checked and written once and kept by id for
 * a minute, or until a write to that channel's homes of the city commits (listings/common.ts heldRecords, as the
 * counts and the map's aggregate are dropped), so a page of homes seen lately comes from memory and only the others
 * from the database.
 */

/** Where a channel's list items come from: its table (the scope a write drops), its loader and its item schema. */
export interface ItemSource {
  table: ListingTable;
  items: (db: Db, ids: number[]) => Promise<Map<number, object>>;
  itemSchema: z.ZodType;
}

const ITEMS_TTL_MS = 60_000;
/** ≈ 30,000 items of ≈ 1 kB of text each (two bytes a character once the text holds Chinese). */
const ITEMS_MAX_BYTES = 32 * 1024 * 1024;

interface ItemText {
  text: string;
}

const caches = new WeakMap<Db, ReturnType<typeof heldRecords<ItemText>>>();

/**
 * A channel's item loads, joined: the ids asked for while a load waits go together in one query. On PGlite a query's
 * own cost dwarfs its rows' (2026-11-28, 200k bench, warm: 4.4 ms of CPU for 20 homes' items and their 降价 test as
 * two queries, 1.1 ms for each 20 when the queries take 100 or 300), and 16 drawn areas in flight each queued for the
 * others' queries. Joined, 600 drawn areas at 16 in flight made 56 item loads instead of 299, and the backend's CPU
 * a call went from 2.6–3.9 to 2.0–2.2 ms. A call never joins a load already under way, so what it gets was read after
 * it asked (listings/common.ts heldRecords keeps it only if no write came between).
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
export async function pageItems(db: Db, source: ItemSource, cityCode: string, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  let records = caches.get(db);
  if (!records) caches.set(db, (records = heldRecords<ItemText>(db, ITEMS_MAX_BYTES, ITEMS_TTL_MS, (v) => v.text.length * 2)));
  const byId = await records(source.table, cityCode, ids, async (missing) => {
    const items = await loaderOf(db, source)(missing);
    return new Map([...items].map(([id, item]) => [id, { text: JSON.stringify(source.itemSchema.parse(item)) }]));
  });
  return ids.flatMap((id) => {
    const item = byId.get(id);
    return item === undefined ? [] : [item.text];
  });
}
