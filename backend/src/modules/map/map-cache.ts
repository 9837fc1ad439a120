import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { HeldStore } from '../listings/held-store';
import { bubbleTextsOf, createMapAggregate, filtersKey, type FilterSet, type MapAggregate } from './map-aggregate';
import { mapBuildLimits, mapLimits, type MapLimits } from './map-limits';

/**
 * The map's memory and its limits, one per app (docs/security.md "The map's aggregates"): every filter set's
 * aggregate (bubbles with their texts, 新房 pins, the list's orders) and the list items of drawn areas and 通勤找房
 * in ONE store of MAP_CACHE_MB (listings/held-store.ts), kept a minute and evicted by use; builds under the limits
 * per address and in total (map-limits.ts). The map's routes and 通勤找房 share it.
 */
export interface MapCache {
  store: HeldStore;
  aggregate: MapAggregate;
  limits: MapLimits;
  /** The filter set of a map call: its key, its list WHERE (made only for a build) and the call's admission. */
  filterSet(request: FastifyRequest, filters: Record<string, unknown>, where: () => SQL | undefined): FilterSet;
  /** What the store holds now: bytes by its estimates, entries, and the bubble texts of the aggregates kept. */
  stats(): { bytes: number; entries: number; bubbleTexts: number };
}

/** An aggregate, an order and an item are kept a minute: a bubble a minute old is fine for 共找到 N 套 too. */
export const MAP_CACHE_TTL_MS = 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The map's store and limits (app.ts): tests read what it holds. */
    mapCache: MapCache;
  }
}

export function createMapCache(
  app: FastifyInstance,
  db: Db,
  config: Pick<Config, 'MAP_CACHE_MB' | 'MAP_BUILDS' | 'MAP_BUILDS_WAITING' | 'MAP_BUILD_WAIT_MS'>,
): MapCache {
  const store = new HeldStore(db, { maxBytes: config.MAP_CACHE_MB * 1024 * 1024, ttl: MAP_CACHE_TTL_MS });
  app.addHook('onClose', async () => store.close());
  const limits = mapLimits(app, mapBuildLimits(config));
  const cache: MapCache = {
    store,
    aggregate: createMapAggregate(db, store),
    limits,
    filterSet: (request, filters, where) => ({ key: filtersKey(filters), where, admit: limits.admitFor(request) }),
    stats() {
      let bubbleTexts = 0;
      for (const value of store.values()) bubbleTexts += bubbleTextsOf(value);
      return { bytes: store.bytes, entries: store.size, bubbleTexts };
    },
  };
  app.decorate('mapCache', cache);
  return cache;
}
