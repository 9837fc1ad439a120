import { PORTAL_API } from '@contracts/paths';
import type { TagClock } from './tag-clock';

/** The backend's list of what changed (contracts/cache-changes.ts), read by every web process. */
export const CHANGES_PATH = `${PORTAL_API}/v1/cache/changes`;

/** How often a web process asks: a change made through the API shows within about this long. */
export const POLL_INTERVAL_MS = 1000;

interface Change {
  seq: number;
  tags: string[];
  at: number;
}

interface ChangesAnswer {
  latest: number;
  changes: Change[];
  reset: boolean;
}

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

async function readChanges(backendUrl: string, after: number): Promise<ChangesAnswer> {
  const res = await fetch(`${backendUrl}${CHANGES_PATH}?after=${after}`, { signal: AbortSignal.timeout(3000) });
  const body = (await res.json()) as { code?: number; data?: ChangesAnswer };
  if (!res.ok || body.code !== 200 || !body.data) throw new Error(`change feed answered ${res.status}`);
  return body.data;
}
