/**
 * When this web process last heard of any change to the backend's data (the page cache's change feed, or Next's
 * own revalidateTag/revalidatePath): the page cache's clock (lib/front/page-cache/tag-clock.ts) marks it, and the
 * answer cache (lib/api/cache.ts) drops the home's data made before it. On the global object: the feed reader runs
 * outside Next's bundles and the answer cache inside them, each with its own copy of this module.
 */
const LAST_CHANGE = Symbol.for('youju.lastChangeHeard');
const lastChange: { heardAt: number } = ((globalThis as Record<symbol, unknown>)[LAST_CHANGE] ??= { heardAt: 0 }) as {
  heardAt: number;
};

export function markChangeHeard(at = Date.now()): void {
  lastChange.heardAt = at;
}

export function lastChangeHeard(): number {
  return lastChange.heardAt;
}
