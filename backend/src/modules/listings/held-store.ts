import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import { followCountChanges, scopeOf, type ListingTable } from './common';

/**
 * What a table's records in a city add up to, kept in memory under ONE byte budget (the map's aggregates of every
 * filter set and its list items, modules/map/map-cache.ts), held and dropped by writes as the list's counts are
 * (`whileChangingCounts`, common.ts), so a bubble is never older than the list's total it must equal.
 *
 * - **Bounded in bytes, evicted by use.** One LRU for every kind of entry and every filter set, sized by what each
 *   entry's maker estimates it holds (its typed arrays' bytes, its texts at two bytes a character …): the budget is
 *   the memory a flood of new filter sets can make the process keep, whatever the count of sets. An entry larger than
 *   the whole budget is answered and not kept.
 * - **Expired entries released.** An entry lives `ttl` ms; the LRU alone only forgets an expired entry when it is
 *   asked for again or pushed out, so a sweep every `ttl / 4` drops them (lru-cache's per-entry timers,
 *   `ttlAutopurge`, cost a timer per entry).
 * - **Made once.** Callers asking at once for what is not kept share one making, also while a write to its scope is
 *   under way (then the value is answered and not kept: it may predate the write's commit).
 * - **A write drops its scope.** Its keys are known per scope, so a release deletes exactly those (no scan of the
 *   budget's other entries); a making that began before the release is neither kept nor joined after it.
 */
/**
 * A string as V8 keeps it, for the makers' estimates: two bytes a character (a text holding Chinese is two-byte
 * throughout) and about a hundred besides for a JSON text (its header and what JSON.stringify leaves; measured on the
 * map's bubble texts, docs/performance.md "Map").
 */
export const textBytes = (s: string) => 96 + s.length * 2;

export interface HeldStoreOptions {
  maxBytes: number;
  ttl: number;
}

interface Kept {
  scope: string;
  value: object;
  bytes: number;
}

/**
 * What keeping an entry costs besides its value: its key twice (the LRU's and the scope's set, two bytes a character
 * as the filter JSON may hold Chinese keywords), the `Kept` record, the LRU's slots and the set's entry.
 */
const entryBytes = (key: string) => key.length * 4 + 160;

export class HeldStore {
  private readonly kept: LRUCache<string, Kept>;
  /** The keys kept of each scope: what a write to it drops. */
  private readonly keysOf = new Map<string, Set<string>>();
  /** Writes under way per scope. */
  private readonly held = new Map<string, number>();
  /** Bumped by every release of a scope: a making that began before a change and ends after it is not kept. */
  private readonly generations = new Map<string, number>();
  /** Makings under way, and how many callers besides the one making wait for each. */
  private readonly running = new Map<string, { work: Promise<object>; joined: number }>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly unfollow: () => void;

  constructor(
    db: Db,
    readonly options: HeldStoreOptions,
  ) {
    this.kept = new LRUCache<string, Kept>({
      maxSize: options.maxBytes,
      sizeCalculation: (e) => e.bytes,
      ttl: options.ttl,
      // Read at each use, so that a test's fake clock (Vitest replaces the global `performance`) moves it, and not
      // cached between reads (lru-cache's default keeps a reading for 1 ms): an entry's minute is the clock's.
      perf: { now: () => performance.now() },
      ttlResolution: 0,
      dispose: (e, key, reason) => {
        // 'set' replaces the value under the same key: the key stays the scope's.
        if (reason !== 'set') this.keysOf.get(e.scope)?.delete(key);
      },
    });
    this.unfollow = followCountChanges(db, {
      hold: (scope) => void this.held.set(scope, (this.held.get(scope) ?? 0) + 1),
      release: (scope) => this.release(scope),
      drop: (which) => this.drop(which),
    });
    this.sweeper = setInterval(() => this.kept.purgeStale(), Math.max(1000, options.ttl / 4));
    this.sweeper.unref();
  }

  /** Bytes kept, by the makers' estimates; at most `maxBytes`. */
  get bytes(): number {
    return this.kept.calculatedSize;
  }

  /** Entries kept (expired ones included until the next sweep). */
  get size(): number {
    return this.kept.size;
  }

  /** Callers waiting for a making another caller started (tests, the log): each of them made no query. */
  get sharing(): number {
    let n = 0;
    for (const r of this.running.values()) n += r.joined;
    return n;
  }

  /** Every kept value that has not expired, most recently used first. */
  *values(): IterableIterator<object> {
    for (const e of this.kept.values()) yield e.value;
  }

  /**
   * The value `kind`/`key` of the table's records in the city: kept, or being made, or made now by `make` (once for
   * every caller asking meanwhile) and kept at `sizeOf` bytes if no write to the scope came between.
   */
  async value<V extends object>(
    table: ListingTable,
    cityCode: string,
    kind: string,
    key: string,
    make: () => Promise<V>,
    sizeOf: (v: V) => number,
  ): Promise<V> {
    const scope = scopeOf(table, cityCode);
    const full = `${scope}|${kind}|${key}`;
    if (!this.held.has(scope)) {
      const cached = this.kept.get(full);
      if (cached) return cached.value as V;
    }
    const pending = this.running.get(full);
    if (pending) {
      pending.joined++;
      try {
        return (await pending.work) as V;
      } finally {
        pending.joined--;
      }
    }
    const generation = this.generations.get(scope) ?? 0;
    const making = { work: make(), joined: 0 };
    this.running.set(full, making);
    try {
      const value = (await making.work) as V;
      // Kept before the making is forgotten: a caller coming in between finds one or the other, never neither.
      if (this.keeps(scope, generation)) this.keep(scope, full, value, sizeOf(value));
      return value;
    } finally {
      if (this.running.get(full) === making) this.running.delete(full);
    }
  }

  /**
   * Single records of the table in the city by id (`kind` names what they are): kept ones as kept, the others from
   * `load` (only those), then kept at `sizeOf` bytes each if no write to the scope came between.
   */
  async records<V extends object>(
    table: ListingTable,
    cityCode: string,
    kind: string,
    ids: number[],
    load: (ids: number[]) => Promise<Map<number, V>>,
    sizeOf: (v: V) => number,
  ): Promise<Map<number, V>> {
    const scope = scopeOf(table, cityCode);
    if (this.held.has(scope)) return load(ids);
    const generation = this.generations.get(scope) ?? 0;
    const found = new Map<number, V>();
    const missing: number[] = [];
    for (const id of ids) {
      const e = this.kept.get(`${scope}|${kind}|${id}`);
      if (e) found.set(id, e.value as V);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const loaded = await load(missing);
    // A load that began before a change and ended after it is answered but not kept.
    const keep = this.keeps(scope, generation);
    for (const [id, value] of loaded) {
      found.set(id, value);
      if (keep) this.keep(scope, `${scope}|${kind}|${id}`, value, sizeOf(value));
    }
    return found;
  }

  /** Stops the sweep and the following of writes (the app's close). */
  close(): void {
    clearInterval(this.sweeper);
    this.unfollow();
    this.kept.clear();
  }

  private keeps(scope: string, generation: number): boolean {
    return !this.held.has(scope) && (this.generations.get(scope) ?? 0) === generation;
  }

  private keep(scope: string, key: string, value: object, bytes: number): void {
    // Larger than the whole budget: answered, never kept (lru-cache would refuse it too).
    if (bytes + entryBytes(key) > this.options.maxBytes) return;
    let keys = this.keysOf.get(scope);
    if (!keys) this.keysOf.set(scope, (keys = new Set()));
    keys.add(key);
    this.kept.set(key, { scope, value, bytes: Math.ceil(bytes) + entryBytes(key) });
  }

  private release(scope: string): void {
    this.forget(scope);
    const n = (this.held.get(scope) ?? 1) - 1;
    if (n > 0) this.held.set(scope, n);
    else this.held.delete(scope);
  }

  /** Drops the scopes `which` names: their keys are known, so nothing else kept is scanned. */
  private drop(which: (scope: string) => boolean): void {
    const scopes = new Set([...this.keysOf.keys(), ...this.generations.keys()]);
    for (const key of this.running.keys()) scopes.add(key.slice(0, key.indexOf('|')));
    for (const scope of scopes) if (which(scope)) this.forget(scope);
  }

  private forget(scope: string): void {
    const keys = this.keysOf.get(scope);
    if (keys) for (const key of [...keys]) this.kept.delete(key);
    this.keysOf.delete(scope);
    for (const key of [...this.running.keys()]) if (key.startsWith(`${scope}|`)) this.running.delete(key);
    this.generations.set(scope, (this.generations.get(scope) ?? 0) + 1);
  }
}
