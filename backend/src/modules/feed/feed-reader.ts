import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { cityTable } from '../cities/cities';
import { cityOfScope, dropCounts, scopeOf } from '../listings/common';
import { channelModule, isChannelCode } from '../listings/channels/registry';
import type { SuggestionIndex } from '../portal/suggestion-index';
import { readChanges } from '../cache/changes';

/**
 * Every backend process keeps, for up to a minute, what its lists counted (listings/common.ts), what its map
 * aggregated (map/map-cache.ts) and the suggestion index (portal/suggestion-index.ts). The process that takes a
 * write drops its own at once (`whileChangingCounts`, `index.invalidate`); the others learn of it here: each
 * process reads the change feed (changes.ts) every `intervalMs` and makes the same drops for every change it
 * finds, so a bubble's count equals the list's total on every replica within about that period, not a minute.
 *
 * - `list:{channel}:{city}`: the channel's table in the city (counts, the map's aggregates and items) and the
 *   city's suggestion index (a project's average price is in it; a publication changes its counts).
 * - `city:{city}`: every table of the city and its index.
 * - a reset (the feed cannot say what changed: a re-seed, a reader more than an hour behind): everything.
 *
 * Dropping is idempotent and costs the keys of the scopes named (the writer's own process drops twice, harmlessly).
 * Polling, not LISTEN/NOTIFY: the same on PGlite and PostgreSQL, one indexed read a period, and a reader that missed
 * a notification (a dropped connection) would still need the read to catch up.
 */
export interface FeedReaderOptions {
  intervalMs: number;
  index: Pick<SuggestionIndex, 'invalidate'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export interface FeedReader {
  /** Takes the feed's position, then reads it every `intervalMs` (0: never; tests call `read`). */
  start(): Promise<void>;
  /** Reads the feed from its position to the end and makes the drops; answers how many changes it read. */
  read(): Promise<number>;
  /**
   * Reads the feed now and answers the position up to which this process has made its drops (undefined before its
   * first read): the web asks its backend for changes only that far (changes.ts), so no page it renders for a change
   * meets a count from before it.
   */
  caughtUp(): Promise<number | undefined>;
  /** Stops the polling; waits for a read under way. */
  stop(): Promise<void>;
}

/** The drops a page of changes asks for. */
export interface Drops {
  /** Table-and-city scopes (listings/common.ts `scopeOf`) whose counts and map entries go. */
  scopes: Set<string>;
  /** Cities every scope of which goes (`city:` tags). */
  wholeCities: Set<string>;
  /** Cities whose suggestion index goes. */
  indexCities: Set<string>;
}

export const noDrops = (): Drops => ({ scopes: new Set(), wholeCities: new Set(), indexCities: new Set() });

/** Adds what `tags` make stale to `drops`, cities named by domain resolved by `codeOf`; other tags drop nothing here. */
export function addDrops(drops: Drops, tags: readonly string[], codeOf: (domain: string) => string | undefined): Drops {
  for (const tag of tags) {
    const [kind, a, b] = tag.split(':');
    if (kind === 'list' && a !== undefined && b !== undefined) {
      const cityCode = codeOf(b);
      if (cityCode === undefined) continue;
      if (isChannelCode(a)) drops.scopes.add(scopeOf(channelModule(a).table, cityCode));
      drops.indexCities.add(cityCode);
    } else if (kind === 'city' && a !== undefined && b === undefined) {
      const cityCode = codeOf(a);
      if (cityCode === undefined) continue;
      drops.wholeCities.add(cityCode);
      drops.indexCities.add(cityCode);
    }
  }
  return drops;
}

/** Makes the drops in the database's count caches and map stores and in `index`. */
export function applyDrops(db: Db, index: Pick<SuggestionIndex, 'invalidate'>, drops: Drops): void {
  if (drops.scopes.size > 0 || drops.wholeCities.size > 0) {
    dropCounts(db, (scope) => drops.scopes.has(scope) || drops.wholeCities.has(cityOfScope(scope)));
  }
  for (const cityCode of drops.indexCities) index.invalidate(cityCode);
}

export function followChangeFeed(db: Db, options: FeedReaderOptions): FeedReader {
  let after: number | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let warned = false;

  /** One read at a time: the poll and the web's asks (`caughtUp`) share them. */
  let queue: Promise<unknown> = Promise.resolve();
  const read = (): Promise<number> => {
    const next = queue.then(readOnce);
    queue = next.catch(() => undefined);
    return next;
  };

  async function readOnce(): Promise<number> {
    if (after === undefined) {
      // A process starting has nothing cached yet: it follows from the feed's end.
      after = (await readChanges(db, undefined)).latest;
      return 0;
    }
    const snapshot = await cityTable(db).snapshot();
    const codeOf = (domain: string) => snapshot.byDomain.get(domain)?.cityCode;
    let changes = 0;
    for (;;) {
      const page = await readChanges(db, after);
      if (page.reset) {
        dropCounts(db, () => true);
        for (const city of snapshot.all) options.index.invalidate(city.cityCode);
        after = page.latest;
        return changes;
      }
      if (page.changes.length === 0) {
        after = page.latest;
        return changes;
      }
      const drops = noDrops();
      for (const change of page.changes) addDrops(drops, change.tags, codeOf);
      applyDrops(db, options.index, drops);
      changes += page.changes.length;
      after = page.changes.at(-1)!.seq;
    }
  }

  const warnOnce = (err: unknown) => {
    // The database away: the caches expire by themselves meanwhile (a minute); said once per outage.
    if (!warned) options.log.warn({ err }, 'reading the change feed failed; cached counts expire by themselves');
    warned = true;
  };
  const loop = () => {
    running = read()
      .then(() => (warned = false), warnOnce)
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, options.intervalMs).unref();
      });
  };

  return {
    read,
    async caughtUp() {
      await read();
      return after;
    },
    async start() {
      // The position is taken before the app answers anything, so no count made before a change outlives it.
      await read().catch(warnOnce);
      if (options.intervalMs > 0 && !stopped) timer = setTimeout(loop, options.intervalMs).unref();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
