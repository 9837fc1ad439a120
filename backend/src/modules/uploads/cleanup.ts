import { inArray, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { UPLOAD_TICKET_TTL_S, type UploadsCleanupResult } from '@contracts/upload';
import type { Db } from '../../db/client';
import { runInline, type RunAlone } from '../../db/singleton';
import { uploads } from '../../db/schema';
import type { Storage } from '../../storage';

/**
 * Objects posted with a ticket but never named in a callback (a closed tab, a failed callback, someone using
 * the ticket as free storage) are kept by nobody: no `uploads` row names them. They, and any thumbnail without
 * its row, are deleted once they are older than the ticket's lifetime plus a margin — a callback comes right
 * after its post, and the ticket (so the post) is dead after UPLOAD_TICKET_TTL_S.
 */
export const UPLOAD_ROOT = 'ub/';
export const ORPHAN_MARGIN_S = 50 * 60;
export const ORPHAN_AGE_MS = (UPLOAD_TICKET_TTL_S + ORPHAN_MARGIN_S) * 1000;
/** How often it runs, in one backend process of many (`runAlone`): two at once would delete the same objects twice. */
export const UPLOAD_CLEANUP_INTERVAL_MS = 30 * 60_000;
/** Keys looked up in one query. */
const BATCH = 500;
const SAMPLE = 20;

export async function cleanupOrphanUploads(
  db: Db,
  storage: Storage,
  options: { now?: number; olderThanMs?: number } = {},
): Promise<UploadsCleanupResult> {
  const cutoff = (options.now ?? Date.now()) - (options.olderThanMs ?? ORPHAN_AGE_MS);
  const result: UploadsCleanupResult = { scanned: 0, deleted: 0, sample: [] };
  let batch: string[] = [];
  const sweep = async () => {
    if (batch.length === 0) return;
    const keys = batch;
    batch = [];
    const rows = await db
      .select({ key: uploads.key, thumbKey: uploads.thumbKey })
      .from(uploads)
      .where(or(inArray(uploads.key, keys), inArray(uploads.thumbKey, keys)));
    const kept = new Set(rows.flatMap((r) => [r.key, r.thumbKey]));
    for (const key of keys) {
      if (kept.has(key)) continue;
      await storage.delete(key);
      result.deleted++;
      if (result.sample.length < SAMPLE) result.sample.push(key);
    }
  };
  for await (const object of storage.list(UPLOAD_ROOT)) {
    result.scanned++;
    if (object.modifiedAt.getTime() >= cutoff) continue;
    batch.push(object.key);
    if (batch.length >= BATCH) await sweep();
  }
  await sweep();
  return result;
}

/**
 * Runs the clean-up every `intervalMs` on an unref'd timer (it never keeps the process alive), through `runAlone` (the
 * process that owns the job, db/singleton.ts); returns stop.
 */
export function startUploadCleanup(
  db: Db,
  storage: Storage,
  log: FastifyBaseLogger,
  intervalMs = UPLOAD_CLEANUP_INTERVAL_MS,
  runAlone: RunAlone = runInline,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runAlone('upload-cleanup', () => cleanupOrphanUploads(db, storage))
      .then((r) => {
        if (r && r.deleted > 0) log.info({ scanned: r.scanned, deleted: r.deleted, sample: r.sample }, 'orphan uploads deleted');
      })
      .catch((err: unknown) => log.error({ err }, 'orphan upload clean-up failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
