import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * The day partitions of tracking_events (schema/tracking.ts trackingEvents). A day is the portal's day, Asia/Shanghai
 * (UTC+8 all year, no summer time), so a partition covers [day 00:00+08, next day 00:00+08).
 */

const SHANGHAI_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;
const PARTITION = /^tracking_events_(\d{8})$/;

/** The portal's day of an instant, `YYYY-MM-DD`. */
export function dayOf(ms: number): string {
  return new Date(ms + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

/** `day` moved by `n` days. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

const partitionName = (day: string) => `tracking_events_${day.replaceAll('-', '')}`;

/**
 * Makes the partition of `day` unless it is there. The name and bounds come from a checked `YYYY-MM-DD` only,
 * so the identifiers written into the statement are ours. Two backends making the same day at once: the loser's
 * CREATE fails on the name and the partition is there all the same, so that error is let go.
 */
export async function ensurePartition(db: Db, day: string): Promise<void> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`not a day: ${day}`);
  const name = partitionName(day);
  try {
    await db.execute(
      sql.raw(
        `CREATE TABLE IF NOT EXISTS ${name} PARTITION OF tracking_events FOR VALUES FROM ('${day} 00:00:00+08') TO ('${addDays(day, 1)} 00:00:00+08')`,
      ),
    );
  } catch (err) {
    if (!(await partitionDays(db)).includes(day)) throw err;
  }
}

/** The days that have a partition, oldest first. */
export async function partitionDays(db: Db): Promise<string[]> {
  const result = (await db.execute(sql`
    select c.relname as name from pg_inherits i
    join pg_class c on c.oid = i.inhrelid
    join pg_class p on p.oid = i.inhparent
    where p.relname = 'tracking_events'`)) as unknown as { rows: { name: string }[] };
  return result.rows
    .map((r) => PARTITION.exec(r.name)?.[1])
    .filter((d): d is string => d !== undefined)
    .map((d) => `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`)
    .sort();
}

/** Drops the partitions of the days before `today - retentionDays + 1` (the retention keeps `retentionDays` days). */
export async function dropExpired(db: Db, today: string, retentionDays: number): Promise<string[]> {
  const oldestKept = addDays(today, -(retentionDays - 1));
  const expired = (await partitionDays(db)).filter((d) => d < oldestKept);
  for (const day of expired) await db.execute(sql.raw(`DROP TABLE IF EXISTS ${partitionName(day)}`));
  return expired;
}
