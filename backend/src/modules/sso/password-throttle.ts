import { LRUCache } from 'lru-cache';
import { tooManyRequests } from '../../http/errors';

/**
 * Wrong passwords per mobile. The per-IP login limit alone does not stop guessing one account's password
 * from many addresses (or behind a forged X-Forwarded-For), so each account also locks for a while after
 * PASSWORD_MAX_FAILURES wrong tries; SMS login stays open. Kept in this process's memory like the per-IP
 * limits; with several backend replicas both move to Redis (docs/deploy.md).
 */
export const PASSWORD_MAX_FAILURES = 5;
export const PASSWORD_LOCK_MINUTES = 15;

interface Failures {
  count: number;
  since: number;
}

export class PasswordThrottle {
  private readonly failures = new LRUCache<string, Failures>({ max: 100_000, ttl: PASSWORD_LOCK_MINUTES * 60_000 });

  /** Throws a 429 while the mobile is locked. */
  check(mobile: string): void {
    const f = this.failures.get(mobile);
    if (f && f.count >= PASSWORD_MAX_FAILURES) {
      const minutes = Math.max(1, Math.ceil((f.since + PASSWORD_LOCK_MINUTES * 60_000 - Date.now()) / 60_000));
      throw tooManyRequests(`密码错误次数过多，请${minutes}分钟后再试，或使用验证码登录`);
    }
  }

  recordFailure(mobile: string): void {
    const f = this.failures.get(mobile);
    // The window starts at the first failure and is not extended by later ones (noUpdateTTL).
    if (f) this.failures.set(mobile, { count: f.count + 1, since: f.since }, { noUpdateTTL: true });
    else this.failures.set(mobile, { count: 1, since: Date.now() });
  }

  recordSuccess(mobile: string): void {
    this.failures.delete(mobile);
  }
}
