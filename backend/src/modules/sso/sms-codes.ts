import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { smsCodes } from '../../db/schema';
import { tooManyRequests } from '../../http/errors';

export const SMS_CODE_TTL_SECONDS = 300;
export const SMS_RESEND_SECONDS = 60;
/** After this many wrong tries the code is dead and a new one must be asked for. */
export const SMS_MAX_ATTEMPTS = 5;
/**
 * Codes one mobile may receive in 24 hours, whatever address asks: the per-IP limit alone would let
 * someone flood a stranger's phone from many addresses.
 */
export const SMS_DAILY_MAX = 10;

const hashCode = (mobile: string, code: string) => createHash('sha256').update(`${mobile}:${code}`).digest();

/** A new 6-digit code for the mobile, at most one per SMS_RESEND_SECONDS; only its hash is stored. */
export async function issueCode(db: Db, mobile: string): Promise<string> {
  const [last] = await db.select().from(smsCodes).where(eq(smsCodes.mobile, mobile)).orderBy(desc(smsCodes.createdAt)).limit(1);
  const now = Date.now();
  if (last) {
    const wait = Math.ceil((last.createdAt.getTime() + SMS_RESEND_SECONDS * 1000 - now) / 1000);
    if (wait > 0) throw tooManyRequests(`验证码发送过于频繁，请${wait}秒后再试`);
  }
  const [today] = await db
    .select({ n: count() })
    .from(smsCodes)
    .where(and(eq(smsCodes.mobile, mobile), gt(smsCodes.createdAt, new Date(now - 24 * 3600_000))));
  if ((today?.n ?? 0) >= SMS_DAILY_MAX) throw tooManyRequests('该手机号今日获取验证码次数已达上限，请明天再试');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.insert(smsCodes).values({
    mobile,
    codeHash: hashCode(mobile, code).toString('hex'),
    createdAt: new Date(now),
    expiresAt: new Date(now + SMS_CODE_TTL_SECONDS * 1000),
  });
  return code;
}

/** True and the code is used up when it matches the latest live code; a wrong try counts against it. */
export async function consumeCode(db: Db, mobile: string, code: string): Promise<boolean> {
  const [latest] = await db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.mobile, mobile), isNull(smsCodes.consumedAt)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  if (!latest || latest.expiresAt.getTime() <= Date.now() || latest.failedAttempts >= SMS_MAX_ATTEMPTS) return false;
  if (!timingSafeEqual(Buffer.from(latest.codeHash, 'hex'), hashCode(mobile, code))) {
    await db
      .update(smsCodes)
      .set({ failedAttempts: sql`${smsCodes.failedAttempts} + 1` })
      .where(eq(smsCodes.id, latest.id));
    return false;
  }
  // The update only wins once: two concurrent logins with the same code cannot both succeed.
  const used = await db
    .update(smsCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(smsCodes.id, latest.id), isNull(smsCodes.consumedAt)))
    .returning({ id: smsCodes.id });
  return used.length === 1;
}
