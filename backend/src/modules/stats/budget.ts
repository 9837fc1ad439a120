import { LRUCache } from 'lru-cache';
import type { SharedCounters } from '../limits/shared';

/**
 * Tracking events taken per minute, per device, per address and in total (docs/security.md "Tracking storage"). A
 * rate limit counts calls; a batch holds up to 50 events, so this counts the events themselves, where they are
 * accepted. One take is all-or-part: as many of the wanted events as every bound still has room for, counted against
 * all of them at once, so a batch that only partly fits is cut rather than refused.
 *
 * The window is the clock's minute (a fixed window: at most twice a bound can pass in the 60 s across a minute's turn,
 * never more in a minute). With REDIS_URL the counts are shared by every backend process, in one Lua script so that
 * two processes cannot both take the last room; while Redis fails, each process counts in its own memory (at most N
 * times a bound with N processes, as for the rate limits: docs/security.md "Rate limits and Redis").
 */

const WINDOW_MS = 60_000;

export interface Bound {
  /** What is counted, e.g. `view:ip:203.0.113.7`: one counter per key and minute. */
  key: string;
  /** Events a minute. */
  max: number;
}

// KEYS: the counters of this minute; ARGV: wanted, the counters' life in ms, then each counter's bound.
const TAKE = `
local take = tonumber(ARGV[1])
for i = 1, #KEYS do
  local left = tonumber(ARGV[i + 2]) - tonumber(redis.call('GET', KEYS[i]) or '0')
  if left < take then take = left end
end
if take <= 0 then return 0 end
for i = 1, #KEYS do
  redis.call('INCRBY', KEYS[i], take)
  redis.call('PEXPIRE', KEYS[i], ARGV[2])
end
return take`;

export class EventBudget {
  // The total's counter is touched by every take, so it is never the least recently used one to go; a device or an
  // address pushed out early starts its minute again, which the total still bounds.
  private readonly memory = new LRUCache<string, number>({ max: 200_000, ttl: 2 * WINDOW_MS });

  constructor(private readonly counters: Pick<SharedCounters, 'redis' | 'prefix' | 'fellBack'>) {}

  /** Takes up to `wanted` events from every bound in this minute; answers how many were taken (0 to `wanted`). */
  async take(bounds: readonly Bound[], wanted: number, now = Date.now()): Promise<number> {
    if (wanted <= 0 || bounds.length === 0) return Math.max(0, wanted);
    const minute = Math.floor(now / WINDOW_MS);
    const keys = bounds.map((b) => `${this.counters.prefix}tb:${b.key}:${minute}`);
    const { redis } = this.counters;
    if (redis) {
      try {
        const taken = await redis.eval(TAKE, keys.length, ...keys, wanted, 2 * WINDOW_MS, ...bounds.map((b) => b.max));
        return Number(taken);
      } catch (err) {
        this.counters.fellBack(err);
      }
    }
    let take = wanted;
    for (const [i, key] of keys.entries()) take = Math.min(take, bounds[i]!.max - (this.memory.get(key) ?? 0));
    if (take <= 0) return 0;
    for (const key of keys) this.memory.set(key, (this.memory.get(key) ?? 0) + take);
    return take;
  }
}
