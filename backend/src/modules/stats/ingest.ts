import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { trackingEvents } from '../../db/schema';
import { dayOf, ensurePartition } from './partitions';

export type TrackingRow = typeof trackingEvents.$inferInsert & { receivedAt: Date };

export interface IngestOptions {
  /** Events held at most; past it new ones are shed (counted, logged) so a flood cannot take the memory. */
  maxBuffered?: number;
  /** Rows per INSERT: 17 columns × 1000 stays far below PostgreSQL's 65535 parameters. */
  chunk?: number;
  /** How often the buffer is written. */
  intervalMs?: number;
}

/**
 * The tracking endpoints answer before the events are written (spec: they never hold a page up): events wait here
 * and are written every `intervalMs` as multi-row INSERTs into the day's partition (one round trip per 1000
 * events rather than per event). What a crash loses is at most the last interval's events: for counts that is the
 * bargain; a contact that must not be lost (a call, a booking) is recorded by its own module besides.
 */
export function createTrackingIngest(db: Db, log: FastifyBaseLogger, options: IngestOptions = {}) {
  const maxBuffered = options.maxBuffered ?? 50_000;
  const chunk = options.chunk ?? 1000;
  let buffer: TrackingRow[] = [];
  let shed = 0;
  const madeDays = new Set<string>();
  // One write at a time: a flush waits for the one before, so rows land in the order they came.
  let writing: Promise<void> = Promise.resolve();

  async function write(rows: TrackingRow[]): Promise<void> {
    for (const day of new Set(rows.map((r) => dayOf(r.receivedAt.getTime())))) {
      if (madeDays.has(day)) continue;
      await ensurePartition(db, day);
      madeDays.add(day);
    }
    for (let i = 0; i < rows.length; i += chunk) await db.insert(trackingEvents).values(rows.slice(i, i + chunk));
  }

  function flush(): Promise<void> {
    const rows = buffer;
    buffer = [];
    writing = writing.then(async () => {
      if (rows.length === 0) return;
      try {
        await write(rows);
      } catch (err) {
        // A dropped partition (retention) or a database away: the counts lose these rows, the pages nothing.
        madeDays.clear();
        log.error({ err, rows: rows.length }, 'tracking events not written');
      }
    });
    return writing;
  }

  const timer = setInterval(() => void flush(), options.intervalMs ?? 200);
  // unref: the timer alone never keeps a process (a script, a test run) alive.
  timer.unref();

  return {
    /** Takes the rows that fit; returns how many. */
    enqueue(rows: TrackingRow[]): number {
      const room = Math.max(0, maxBuffered - buffer.length);
      const taken = rows.length <= room ? rows : rows.slice(0, room);
      if (taken.length < rows.length) {
        if (shed === 0) log.warn({ maxBuffered }, 'tracking buffer full: events shed');
        shed += rows.length - taken.length;
      }
      for (const row of taken) buffer.push(row);
      return taken.length;
    },
    /** Writes what is buffered now (the report and the tests read after it). */
    flush,
    /** Events shed since start. */
    shedCount: () => shed,
    async close(): Promise<void> {
      clearInterval(timer);
      await flush();
    },
  };
}

export type TrackingIngest = ReturnType<typeof createTrackingIngest>;
