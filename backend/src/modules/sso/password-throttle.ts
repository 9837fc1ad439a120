import { LRUCache } from 'lru-cache';
import type { Redis } from 'ioredis';
import { tooManyRequests } from '../../http/errors';
import type { SharedCounters } from '../limits/shared';

/**
 * Wrong passwords per mobile. The per-IP login limit alone does not stop guessing one account's password
 * from many addresses (or behind a forged X-Forwarded-For), so each account also locks for a while after
 * PASSWORD_MAX_FAILURES wrong tries; SMS login stays open. With REDIS_URL the count is in Redis, shared by
 * every backend process like the per-IP limits (limits/shared.ts); without it, or while Redis fails, in this
 * process's memory.
 */
export const PASSWORD_MAX_FAILURES = 5;
export const PASSWORD_LOCK_MINUTES = 15;
const LOCK_MS = PASSWORD_LOCK_MINUTES * 60_000;

interface Failures {
  count: number;
  /** Milliseconds until the window (started by the first failure) ends. */
  ttlMs: number;
}

// The window starts at the first failure and is not extended by later ones.
const RECORD_FAILURE = `
local n = redis.call('INCR', KEYS[1])
if n == 1 or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

export class PasswordThrottle {
  private readonly memory = new LRUCache<string, { count: number; since: number }>({ max: 100_000, ttl: LOCK_MS });
  private readonly redis: Redis | null;
  private readonly prefix: string;

  constructor(private readonly counters?: SharedCounters) {
    this.redis = counters?.redis ?? null;
    this.prefix = `${counters?.prefix ?? ''}pw:`;
  }

  /** Throws a 429 while the mobile is locked. */
  async check(mobile: string): Promise<void> {
    const f = await this.failures(mobile);
    if (f && f.count >= PASSWORD_MAX_FAILURES) {
      const minutes = Math.max(1, Math.ceil(f.ttlMs / 60_000));
      throw tooManyRequests(`密码错误次数过多，请${minutes}分钟后再试，或使用验证码登录`);
    }
  }

  async recordFailure(mobile: string): Promise<void> {
    if (this.redis) {
      try {
        await this.redis.eval(RECORD_FAILURE, 1, this.prefix + mobile, LOCK_MS);
        return;
      } catch (err) {
        this.counters?.fellBack(err);
      }
    }
    const f = this.memory.get(mobile);
    if (f) this.memory.set(mobile, { count: f.count + 1, since: f.since }, { noUpdateTTL: true });
    else this.memory.set(mobile, { count: 1, since: Date.now() });
  }

  async recordSuccess(mobile: string): Promise<void> {
    this.memory.delete(mobile);
    if (this.redis) {
      try {
        await this.redis.del(this.prefix + mobile);
      } catch (err) {
        this.counters?.fellBack(err);
      }
    }
  }

  /** Redis's count when it answers, this process's otherwise (the larger of both: a fallback count survives). */
  private async failures(mobile: string): Promise<Failures | null> {
    const m = this.memory.get(mobile);
    const local: Failures | null = m ? { count: m.count, ttlMs: m.since + LOCK_MS - Date.now() } : null;
    if (!this.redis) return local;
    try {
      const [[, count], [, ttl]] = ((await this.redis
        .multi()
        .get(this.prefix + mobile)
        .pttl(this.prefix + mobile)
        .exec()) ?? []) as [[Error | null, string | null], [Error | null, number]];
      const shared: Failures | null = count ? { count: Number(count), ttlMs: Math.max(0, ttl) } : null;
      if (!shared) return local;
      return !local || shared.count >= local.count ? shared : local;
    } catch (err) {
      this.counters?.fellBack(err);
      return local;
    }
  }
}
