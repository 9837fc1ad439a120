import { randomInt } from 'node:crypto';
import { and, eq, gt, lte, not, sql } from 'drizzle-orm';
import { PHONE_BINDING_DAYS, type VirtualNumber } from '@contracts/virtual-number';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { agentPhoneBindings } from '../../db/schema';
import { ApiError } from '../../http/errors';

/**
 * Virtual numbers (拨打电话, contracts/agent.ts): an agent's mobile is in no answer. A visitor is given the portal's
 * 400 line and an extension bound to that agent and that visitor's device for 30 days; the telephony provider routes
 * a call on the line to the extension's agent (docs/operations.md "Virtual numbers"). The same device asking again
 * within the 30 days gets the same extension; after them, a new one. A live extension names exactly one agent.
 */

export const BINDING_MS = PHONE_BINDING_DAYS * 24 * 3600 * 1000;

/** The line and the extensions' width (VIRTUAL_LINE, VIRTUAL_EXTENSION_DIGITS). */
export interface VirtualLine {
  line: string;
  digits: number;
}

export const virtualLineOf = (config: Pick<Config, 'VIRTUAL_LINE' | 'VIRTUAL_EXTENSION_DIGITS'>): VirtualLine => ({
  line: config.VIRTUAL_LINE,
  digits: config.VIRTUAL_EXTENSION_DIGITS,
});

export interface Binding {
  extension: number;
  expiresAt: Date;
}

/** Whose the binding is besides the agent: a device code, an address for a visitor without one, a chat user. */
export const deviceKeyOf = (deviceCode: string | null, ip: string) => (deviceCode ? `d:${deviceCode}` : `ip:${ip}`);
export const chatUserKey = (userId: number) => `u:${userId}`;

/** Every extension has the full width and no leading 0 (an IVR may read a leading 0 as "operator"): 1000–9999 for 4. */
const rangeOf = (digits: number) => ({ lo: 10 ** (digits - 1), hi: 10 ** digits - 1 });

export const toVirtualNumber = (line: VirtualLine, b: Binding): VirtualNumber => ({
  line: line.line,
  extension: String(b.extension),
  expiresAt: b.expiresAt.toISOString(),
});

/** All extensions are live: the line cannot take another binding until one expires (docs/operations.md sizing). */
export const LINE_BUSY = '电话线路繁忙，请稍后再试';

/** A Postgres error (or one wrapping it, as drizzle does) of a unique index. */
const isUniqueViolation = (err: unknown): boolean => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

const pairOf = (agentId: number, deviceKey: string) =>
  and(eq(agentPhoneBindings.agentId, agentId), eq(agentPhoneBindings.deviceKey, deviceKey));

/** The pair's binding while it lives (its row may outlive it, expired, until the pair or its extension is bound again). */
export async function liveBinding(db: Db, agentId: number, deviceKey: string, now: Date): Promise<Binding | null> {
  const [row] = await db
    .select({ extension: agentPhoneBindings.extension, expiresAt: agentPhoneBindings.expiresAt })
    .from(agentPhoneBindings)
    .where(and(pairOf(agentId, deviceKey), gt(agentPhoneBindings.expiresAt, now)));
  return row ?? null;
}

/** Random picks before asking the database which extensions are free: with the line under half full, one or two do. */
const RANDOM_TRIES = 12;

/**
 * The pair's live binding, or a new one: a free extension (none live; not the pair's previous one, so an expired
 * number stops reaching the agent from that device) bound for BINDING_MS from `now`. The unique indexes decide
 * races: another request taking the same extension is a unique violation (another try); another request binding
 * the same pair first leaves the upsert nothing to change (its binding is answered).
 */
export async function bindingFor(db: Db, line: VirtualLine, agentId: number, deviceKey: string, now: Date): Promise<Binding> {
  const [current] = await db
    .select({ extension: agentPhoneBindings.extension, expiresAt: agentPhoneBindings.expiresAt })
    .from(agentPhoneBindings)
    .where(pairOf(agentId, deviceKey));
  if (current && current.expiresAt > now) return current;
  const previous = current?.extension ?? 0;
  const { lo, hi } = rangeOf(line.digits);
  const expiresAt = new Date(now.getTime() + BINDING_MS);

  for (let attempt = 0; attempt < RANDOM_TRIES + 4; attempt++) {
    let extension: number | undefined;
    if (attempt < RANDOM_TRIES) extension = randomInt(lo, hi + 1);
    else {
      // Random picks keep meeting live extensions: the line is nearly full, so ask which are free.
      const free = (await db.execute(sql`
        select e from generate_series(${lo}::int, ${hi}::int) as e
        where e <> ${previous}
          and not exists (select 1 from ${agentPhoneBindings} b where b.extension = e and b.expires_at > ${now.toISOString()}::timestamptz)
        order by random() limit 1`)) as unknown as { rows: { e: number }[] };
      extension = free.rows[0] === undefined ? undefined : Number(free.rows[0].e);
      if (extension === undefined) break;
    }
    if (extension === previous) continue;
    // An expired binding of another pair holding this extension gives it up.
    await db
      .delete(agentPhoneBindings)
      .where(
        and(
          eq(agentPhoneBindings.extension, extension),
          lte(agentPhoneBindings.expiresAt, now),
          not(pairOf(agentId, deviceKey)!),
        ),
      );
    try {
      const [bound] = await db
        .insert(agentPhoneBindings)
        .values({ extension, agentId, deviceKey, boundAt: now, expiresAt })
        .onConflictDoUpdate({
          target: [agentPhoneBindings.agentId, agentPhoneBindings.deviceKey],
          set: { extension, boundAt: now, expiresAt },
          setWhere: lte(agentPhoneBindings.expiresAt, now),
        })
        .returning({ extension: agentPhoneBindings.extension, expiresAt: agentPhoneBindings.expiresAt });
      if (bound) return bound;
      // The pair was bound by a request running beside this one: the same device gets that same extension.
      const live = await liveBinding(db, agentId, deviceKey, now);
      if (live) return live;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // The extension is live for another pair: another pick.
    }
  }
  throw new ApiError(503, 503, LINE_BUSY);
}
