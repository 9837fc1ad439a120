import { sql } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { CACHE_CHANGES_LIMIT, cacheChangesRequestSchema, cacheChangesSchema, type CacheChanges } from '@contracts/cache-changes';
import { ok } from '@contracts/envelope';
import { envelopeSchema } from '@contracts/envelope-schema';
import { ApiPath } from '@contracts/paths';
import type { Db } from '../../db/client';
import { cacheChanges } from '../../db/schema';
import { rowsOf } from '../../db/raw-rows';

/**
 * The change feed (contracts/cache-changes.ts): a write through the API records the cache tags it makes
 * stale, and every web process polls for the changes after the last one it saw. The table holds an hour of
 * changes; a reader further behind is told to drop everything (`reset`), as is one whose position belongs to
 * another database (re-seeded: each database's feed starts at its creation time, migration 0005).
 */

/** Changes are kept this long; a reader that has not asked for longer starts again. */
export const CHANGES_KEPT_MS = 60 * 60_000;
/** A write prunes at most this often per process: pruning is a scan of the (small) table. */
const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * Writers take this transaction lock before their row takes its number, so rows commit in `seq` order and a
 * reader never sees seq 11 before seq 10 has committed (it would then skip 10 for good). Writes are rare.
 */
const FEED_LOCK = 7_240_005;

const lastPrune = new WeakMap<Db, number>();

type Writer = Pick<Db, 'execute' | 'insert' | 'transaction'>;

/**
 * Records that the cached pages tagged `tags` are stale; returns the change's position. Inside a caller's
 * transaction (a listing updated and its change recorded together) the change commits with the update.
 */
export async function recordChange(db: Writer, tags: readonly string[]): Promise<number> {
  const unique = [...new Set(tags)];
  if (unique.length === 0) throw new Error('a change names at least one cache tag');
  const seq = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FEED_LOCK})`);
    const [row] = await tx.insert(cacheChanges).values({ tags: unique }).returning({ seq: cacheChanges.seq });
    return row!.seq;
  });
  const now = Date.now();
  const key = db as Db;
  if (now - (lastPrune.get(key) ?? 0) >= PRUNE_EVERY_MS) {
    lastPrune.set(key, now);
    await pruneChanges(db);
  }
  return seq;
}

/** Deletes the changes older than `keptMs`, except the newest: the feed's position is never lost. */
export async function pruneChanges(db: Pick<Db, 'execute'>, keptMs = CHANGES_KEPT_MS): Promise<void> {
  await db.execute(
    sql`delete from cache_changes where at < now() - make_interval(secs => ${keptMs / 1000}) and seq < (select max(seq) from cache_changes)`,
  );
}

/** A sequence number as either driver gives it: node-postgres has bigint as text, PGlite as a number or a bigint. */
const seqOf = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/**
 * The changes after `after` (see cacheChangesSchema). One statement, so the bounds and the changes are of one
 * snapshot: a prune between two queries could otherwise hide changes from a reader told it is in range.
 */
export async function readChanges(db: Pick<Db, 'execute'>, after: number | undefined): Promise<CacheChanges> {
  if (after === undefined) {
    const [bounds] = rowsOf(await db.execute(sql`select max(seq) as latest from cache_changes`));
    return { latest: seqOf(bounds?.latest) ?? 0, changes: [], reset: false };
  }
  const rows = rowsOf(
    await db.execute(sql`
      with bounds as (select min(seq) as oldest, max(seq) as latest from cache_changes)
      select bounds.oldest, bounds.latest, c.seq, c.tags, c.at_ms
      from bounds left join lateral (
        select seq, tags, (extract(epoch from at) * 1000)::bigint as at_ms from cache_changes where seq > ${after} order by seq limit ${CACHE_CHANGES_LIMIT}
      ) c on true
      order by c.seq`),
  );
  const oldest = seqOf(rows[0]?.oldest);
  const latest = seqOf(rows[0]?.latest) ?? 0;
  // Nothing between `after` and the oldest kept row may be missing: after = oldest - 1 has seen all before it.
  // 0 is a reader with nothing cached yet (a web process starting): it wants what is kept, nothing to drop.
  const reset = after > latest || (after !== 0 && oldest !== null && after < oldest - 1);
  if (reset) return { latest, changes: [], reset };
  const changes = rows
    .filter((r) => r.seq !== null && r.seq !== undefined)
    .map((r) => ({ seq: Number(r.seq), tags: r.tags as string[], at: Number(r.at_ms) }));
  return { latest, changes, reset };
}

/**
 * The answer cut at `upTo`, the position up to which the answering process has dropped what the changes make stale:
 * a web process told of a change re-renders at once, and must then get counts from after it. A reader already past
 * `upTo` (its backend behind a balancer was another) gets the whole answer rather than being sent back.
 */
export function changesUpTo(answer: CacheChanges, after: number | undefined, upTo: number | undefined): CacheChanges {
  if (upTo === undefined || answer.reset || (after !== undefined && after > upTo)) return answer;
  return { latest: Math.min(answer.latest, upTo), changes: answer.changes.filter((c) => c.seq <= upTo), reset: false };
}

/**
 * `caughtUp`: this process's feed reader (feed-reader.ts), run before answering; without it the feed is answered as
 * it stands.
 */
export function registerCacheChanges(app: FastifyInstance, db: Db, caughtUp?: () => Promise<number | undefined>): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    ApiPath.cacheChanges,
    {
      schema: {
        summary: "The change feed: cache tags of what changed through the API after a position (the web's page cache polls it)",
        tags: ['cache'],
        querystring: cacheChangesRequestSchema,
        response: { 200: envelopeSchema(cacheChangesSchema) },
      },
    },
    async (request, reply) => {
      // A feed read from a cache would hide the changes it exists to announce.
      reply.header('cache-control', 'no-store');
      const { after } = request.query;
      // A failed read of this process's own leaves the answer whole: the caches then expire by themselves.
      const upTo = caughtUp ? await caughtUp().catch(() => undefined) : undefined;
      return ok(changesUpTo(await readChanges(db, after), after, upTo));
    },
  );
}
