import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MapArea, MapBubbles } from '@contracts/map';
import { ApiPath } from '@contracts/paths';
import { esfListings } from '../src/db/schema';
import { whileChangingCounts } from '../src/modules/listings/common';
import { requireChannelCity } from '../src/modules/cities/cities';
import { mapChannel, whereOf } from '../src/modules/map/map';
import { bubbleText, type FilterSet } from '../src/modules/map/map-aggregate';
import { MAP_CACHE_TTL_MS } from '../src/modules/map/map-cache';
import { envelope, nonEmpty, startHarness, type Harness } from './harness';

/**
 * The map's memory (docs/security.md "The map's aggregates"): every filter set's aggregate, list order and the list
 * items in one byte budget (MAP_CACHE_MB, here 1 MB), evicted by use; an expired aggregate released with its bubbles
 * and their texts; a new filter set built once however many calls ask for it at once, also while a write to its
 * homes is under way. Grouped queries are counted with the harness's query logger.
 */

const BUDGET_MB = 1;
const queries: string[] = [];
let h: Harness;
beforeAll(async () => {
  // The store's sweep and its clock are Vitest's from the start (the app makes the store): a test moves them.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
  // The fake clock starts at 0, which lru-cache reads as "kept without a time to live".
  vi.advanceTimersByTime(1000);
  h = await startHarness({
    // One build at a time: a test holds the turn to have calls meet while a build waits (PGlite answers a request
    // within its own turn of the event loop, so calls sent together would otherwise not overlap).
    config: { MAP_CACHE_MB: String(BUDGET_MB), MAP_BUILDS: '1', MAP_BUILDS_WAITING: '8' },
    logger: { logQuery: (query) => void queries.push(query) },
  });
});
afterAll(async () => {
  await h?.close();
  vi.useRealTimers();
});

const BJ = '110000';
/** 二手房's grouped query (the bubbles of a filter set) and its list order (drawn areas, 通勤找房). */
const grouped = () => queries.filter((q) => /string_agg\(g\.d .*from "esf_listings".*group by/s.test(q)).length;
const ordered = () => queries.filter((q) => /string_agg\("esf_listings"\."id"/.test(q)).length;

async function bubbles(filters: Record<string, unknown>, zoom = 11): Promise<MapBubbles> {
  const res = await h.app.inject({
    method: 'POST',
    url: ApiPath.mapBubbles,
    payload: { cityCode: BJ, channelCode: 'esf', zoom, filters },
  });
  if (res.statusCode !== 200) throw new Error(`bubbles ${JSON.stringify(filters)}: ${res.statusCode} ${res.body}`);
  return envelope<MapBubbles>(res).data;
}
/** How many grouped queries `ask` made. */
async function groupedBy(ask: () => Promise<unknown>): Promise<number> {
  const before = grouped();
  await ask();
  return grouped() - before;
}

describe('one byte budget for every filter set', () => {
  it('keeps the aggregates of all filter sets within MAP_CACHE_MB, evicting the least recently used', async () => {
    // One filter set's aggregate, to know how many fill the budget three times over.
    expect(await groupedBy(() => bubbles({ priceFrom: [1] }))).toBe(1);
    const one = h.app.mapCache.stats().bytes;
    expect(one).toBeGreaterThan(10_000);
    const sets = Math.ceil((3 * BUDGET_MB * 1024 * 1024) / one);
    for (let i = 2; i <= sets; i++) {
      await bubbles({ priceFrom: [i] });
      // The first set is asked for again now and then, as a visitor keeps panning: it is used, so it stays.
      if (i % 10 === 0) expect(await groupedBy(() => bubbles({ priceFrom: [1] }))).toBe(0);
      expect(h.app.mapCache.stats().bytes).toBeLessThanOrEqual(BUDGET_MB * 1024 * 1024);
    }
    const kept = h.app.mapCache.stats();
    expect(kept.entries).toBeLessThan(sets / 2);
    expect(kept.bytes).toBeGreaterThan(BUDGET_MB * 1024 * 1024 * 0.8);
    // Used lately: still kept. Not used since it was built, long ago: built again.
    expect(await groupedBy(() => bubbles({ priceFrom: [1] }))).toBe(0);
    expect(await groupedBy(() => bubbles({ priceFrom: [2] }))).toBe(1);
    expect(await groupedBy(() => bubbles({ priceFrom: [sets] }))).toBe(0);
  });

  it('counts the list orders and the drawn areas’ list items in the same budget', async () => {
    const square = [
      [116.3, 39.85],
      [116.5, 39.85],
      [116.5, 39.98],
      [116.3, 39.98],
    ];
    for (let i = 1; i <= 60; i++) {
      const res = await h.app.inject({
        method: 'POST',
        url: ApiPath.mapArea,
        payload: { cityCode: BJ, channelCode: 'esf', points: square, filters: { areaFrom: [i] } },
      });
      expect(res.statusCode).toBe(200);
      expect(nonEmpty<unknown>(envelope<MapArea>(res).data.list).length).toBeGreaterThan(0);
      expect(h.app.mapCache.stats().bytes).toBeLessThanOrEqual(BUDGET_MB * 1024 * 1024);
    }
  });
});

describe('released with their aggregate', () => {
  /** A full collection, as `node --expose-gc` gives it. */
  const collect = (() => {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as () => void;
  })();

  /** Weak references to the bubbles of a new filter set's aggregate, taken from the map's own aggregate and shown. */
  async function bubblesOfNewSet(key: string): Promise<WeakRef<object>[]> {
    const city = await requireChannelCity(h.database.db, BJ, 'esf');
    const set: FilterSet = { key, where: () => whereOf('esf', city, {}), admit: (build) => build() };
    const { table, price } = mapChannel('esf');
    const found = await h.app.mapCache.aggregate.placeBubbles('esf', table, price, city.cityCode, set, 'area');
    // Their texts made, as an answer showing them makes them (map.ts).
    return nonEmpty(found).map((b) => (bubbleText(b), new WeakRef(b)));
  }
  const alive = (refs: WeakRef<object>[]) => refs.filter((r) => r.deref() !== undefined).length;

  it('drops an expired aggregate with its bubbles and their texts: none stays reachable once its minute is over', async () => {
    const refs = await bubblesOfNewSet('expiry-a');
    const texts = h.app.mapCache.stats().bubbleTexts;
    expect(texts).toBeGreaterThan(refs.length);
    // A new job, so that the references taken above no longer hold their targets.
    await new Promise((resolve) => setImmediate(resolve));
    collect();
    expect(alive(refs)).toBe(refs.length);
    // The minute, and the sweep after it: nobody asks for the aggregate again.
    await vi.advanceTimersByTimeAsync(MAP_CACHE_TTL_MS + MAP_CACHE_TTL_MS / 4 + 1);
    expect(h.app.mapCache.stats()).toEqual({ bytes: 0, entries: 0, bubbleTexts: 0 });
    await new Promise((resolve) => setImmediate(resolve));
    collect();
    expect(alive(refs)).toBe(0);
  });

  it('holds the bubble texts of the aggregates kept, never more: they go when their aggregate is evicted', async () => {
    const first = await bubblesOfNewSet('evicted-first');
    const perSet = h.app.mapCache.stats().bubbleTexts;
    expect(perSet).toBeGreaterThan(0);
    // Far more sets than the budget holds: the first is evicted with its texts.
    for (let i = 1; i <= 120; i++) await bubbles({ areaTo: [10_000 - i] });
    const { entries, bubbleTexts } = h.app.mapCache.stats();
    expect(bubbleTexts).toBeLessThanOrEqual(entries * perSet);
    expect(bubbleTexts).toBeLessThan(121 * perSet * 0.5);
    await new Promise((resolve) => setImmediate(resolve));
    collect();
    expect(alive(first)).toBe(0);
  });
});

describe('built once per filter set', () => {
  /** Waits, a turn of the event loop at a time, until `ready` holds (a bound only catches a hang). */
  async function until(ready: () => boolean): Promise<void> {
    for (let turns = 0; !ready(); turns++) {
      if (turns > 100_000) throw new Error('the condition never held');
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  /**
   * 8 calls at once: the process's one build turn is held by another build while they come, so the first call's
   * build waits and the 7 others find it under way (or build their own, where nothing is shared). Then the turn is
   * given back.
   */
  async function eightAtOnce<T>(ask: () => Promise<T>): Promise<T[]> {
    const { builds } = h.app.mapCache.limits;
    let open = () => {};
    const other = builds.run(null, () => new Promise<void>((resolve) => (open = resolve)));
    await until(() => builds.load.running === 1);
    const calls = Promise.all(Array.from({ length: 8 }, ask));
    await until(() => builds.load.waiting >= 1 && h.app.mapCache.store.sharing + builds.load.waiting >= 8);
    open();
    await other;
    return calls;
  }

  it('answers 8 calls at once for a new filter set with one grouped query', async () => {
    const before = grouped();
    const answers = await eightAtOnce(() => bubbles({ rooms: [2], priceFrom: [3] }));
    expect(grouped() - before).toBe(1);
    expect(new Set(answers.map((a) => a.total)).size).toBe(1);
  });

  it('answers 8 drawn areas at once for a new filter set with one grouped query and one list order', async () => {
    await bubbles({ rooms: [3], areaFrom: [7] });
    const [g, o] = [grouped(), ordered()];
    const square = [
      [116.36, 39.88],
      [116.46, 39.88],
      [116.46, 39.95],
      [116.36, 39.95],
    ];
    const answers = await eightAtOnce(() =>
      h.app.inject({
        method: 'POST',
        url: ApiPath.mapArea,
        payload: { cityCode: BJ, channelCode: 'esf', points: square, filters: { rooms: [3], areaFrom: [8] } },
      }),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect([grouped() - g, ordered() - o]).toEqual([1, 1]);
  });

  it('also while a write to the city’s homes is under way: one query for the 8 calls, answered and not kept', async () => {
    const filters = { rooms: [1], priceFrom: [4] };
    let during = 0;
    await whileChangingCounts(h.database.db, esfListings, BJ, async () => {
      const before = grouped();
      await eightAtOnce(() => bubbles(filters));
      during = grouped() - before;
    });
    expect(during).toBe(1);
    // Made while the write was under way, so not kept: the next call builds it afresh, once.
    expect(await groupedBy(() => bubbles(filters))).toBe(1);
    expect(await groupedBy(() => bubbles(filters))).toBe(0);
  });
});
