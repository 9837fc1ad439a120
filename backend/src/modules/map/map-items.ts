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

/** The items of `ids` as JSON text, in the order of `ids`; a home gone since the ids were read is left out. */
export async function pageItems(db: Db, source: ItemSource, cityCode: string, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  let records = caches.get(db);
  if (!records) caches.set(db, (records = heldRecords<ItemText>(db, ITEMS_MAX_BYTES, ITEMS_TTL_MS, (v) => v.text.length * 2)));
  const byId = await records(source.table, cityCode, ids, async (missing) => {
    const items = await source.items(db, missing);
    return new Map([...items].map(([id, item]) => [id, { text: JSON.stringify(source.itemSchema.parse(item)) }]));
  });
  return ids.flatMap((id) => {
    const item = byId.get(id);
    return item === undefined ? [] : [item.text];
  });
}
