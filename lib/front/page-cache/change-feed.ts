import { cacheChangesSchema, type CacheChanges } from '@contracts/cache-changes';
import { ApiPath } from '@contracts/paths';
import type { TagClock } from './tag-clock';

/** How often a web process asks: a change made through the API shows within about this long. */
export const POLL_INTERVAL_MS = 1000;

/**
 * Follows the backend's change feed and tells the tag clock. The first read takes every change the backend
 * still keeps (the last hour) at the time it was made, so a web process that starts next to a shared cache
 * does not serve what others already know is out of date; after that, changes count from when this process
 * hears of them (clocks of different machines need not agree). A backend that is down is asked again on the
 * next tick; the cache serves what it has meanwhile.
 */
export function followChanges(backendUrl: string, clock: TagClock): () => void {
  let after: number | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const tick = async () => {
    try {
      const first = after === undefined;
      const answer = await readChanges(backendUrl, after ?? 0);
      const now = Date.now();
      if (answer.reset && !first) clock.changeEverything(now);
      for (const change of answer.changes) clock.change(change.tags, first ? Math.min(change.at, now) : now);
      after = answer.changes.at(-1)?.seq ?? answer.latest;
    } catch {
      // The backend is away: ask again next tick.
    }
    if (!stopped) timer = setTimeout(() => void tick(), POLL_INTERVAL_MS).unref();
  };
  void tick();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** One read of the feed, on the backend's own address (the feed is not among the prefixes the web forwards). */
async function readChanges(backendUrl: string, after: number): Promise<CacheChanges> {
  const res = await fetch(`${backendUrl}${ApiPath.cacheChanges}?after=${after}`, { signal: AbortSignal.timeout(3000) });
  const body = (await res.json()) as { code?: number; data?: unknown };
  if (!res.ok || body.code !== 200) throw new Error(`change feed answered ${res.status}`);
  return cacheChangesSchema.parse(body.data);
}
