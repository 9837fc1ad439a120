import pg from 'pg';
import type { Db } from './client';

/**
 * Work that must run in one backend process of many (the alerts worker, the hourly tracking upkeep, the clean-up of
 * orphan uploads): several replicas doing it would double it, and the alerts worker's cursor could move back when two
 * wrote it. The rule: a process does a job's work only while it holds the job's PostgreSQL advisory lock, taken with
 * `pg_try_advisory_lock` on a connection of its own (not the pool's) and kept for as long as that connection lives.
 * The first process to ask for a job becomes its owner; the others skip each run and ask again on their next one, so
 * when the owner stops or its connection drops (the server releases a session lock then), another takes over at its
 * next run.
 *
 * PGlite is one process by construction (it opens its directory alone); apps sharing one in a process (tests) take
 * jobs in the order they ask, from a table per database, by the same rule.
 */
export interface Singletons {
  /** Runs `work` if this process owns the job `name` or now takes it; otherwise skips it and answers undefined. */
  runAlone<T>(name: string, work: () => Promise<T>): Promise<T | undefined>;
  /** Whether this process owns `name` now. */
  owns(name: string): boolean;
  /** Waits for work under way, then lets every job go (the app's close). */
  close(): Promise<void>;
}

/** The shape of `runAlone`, for the modules that take it. */
export type RunAlone = Singletons['runAlone'];

/** Runs every job: a caller without other processes (a script, a test driving one app). */
export const runInline: RunAlone = (_name, work) => work();

/** The lock connection's application_name, followed by the process id. */
export const SINGLETON_APPLICATION = 'youju-jobs:';

/** The lock's first key, so our locks cannot meet another application's on the same server (the second is the job's). */
export const LOCK_CLASS = 7_240_100;

/** A job's second key: a 31-bit hash of its name (FNV-1a), the same in every process. */
export function lockKeyOf(name: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    hash ^= name.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash & 0x7fffffff;
}

/** Apps over one PGlite database, per job: the one that owns it. */
const embeddedOwners = new WeakMap<Db, Map<string, object>>();

export function createSingletons(db: Db, onError: (err: unknown) => void = () => {}): Singletons {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? serverSingletons(client, onError) : embeddedSingletons(db);
}

/** Tracks work under way so that `close` can wait for it. */
function runs() {
  const under = new Set<Promise<unknown>>();
  return {
    track<T>(work: Promise<T>): Promise<T> {
      under.add(work);
      void work.finally(() => under.delete(work)).catch(() => {});
      return work;
    },
    async settled() {
      while (under.size > 0) await Promise.allSettled([...under]);
    },
  };
}

function embeddedSingletons(db: Db): Singletons {
  let owners = embeddedOwners.get(db);
  if (!owners) embeddedOwners.set(db, (owners = new Map()));
  const table = owners;
  const me = {};
  const under = runs();
  let closed = false;
  const owns = (name: string) => table.get(name) === me;
  return {
    owns,
    runAlone(name, work) {
      if (closed) return Promise.resolve(undefined);
      if (!table.has(name)) table.set(name, me);
      return owns(name) ? under.track(work()) : Promise.resolve(undefined);
    },
    async close() {
      closed = true;
      await under.settled();
      for (const [name, owner] of [...table]) if (owner === me) table.delete(name);
    },
  };
}

function serverSingletons(pool: pg.Pool, onError: (err: unknown) => void): Singletons {
  let connection: Promise<pg.Client> | undefined;
  /** The connection the locks in `held` are on. */
  let current: pg.Client | undefined;
  const held = new Set<string>();
  const under = runs();
  let closed = false;

  /** The lock connection, opened on first use and again after it was lost (its locks went with it). */
  const connect = (): Promise<pg.Client> => {
    connection ??= (async () => {
      // Named with the process id, so an operator (and the two-process test) sees in pg_stat_activity who owns a job.
      const client = new pg.Client({ ...pool.options, application_name: `${SINGLETON_APPLICATION}${process.pid}` });
      client.on('error', (err) => {
        onError(err);
        lose(client);
      });
      client.on('end', () => lose(client));
      await client.connect();
      current = client;
      return client;
    })().catch((err: unknown) => {
      connection = undefined;
      throw err;
    });
    return connection;
  };
  const lose = (client: pg.Client) => {
    if (current !== client) return;
    current = undefined;
    connection = undefined;
    held.clear();
  };

  async function take(name: string): Promise<boolean> {
    if (held.has(name)) return true;
    const client = await connect();
    const { rows } = await client.query<{ taken: boolean }>('select pg_try_advisory_lock($1, $2) as taken', [
      LOCK_CLASS,
      lockKeyOf(name),
    ]);
    if (rows[0]?.taken && current === client) held.add(name);
    return held.has(name);
  }

  return {
    owns: (name) => held.has(name),
    async runAlone(name, work) {
      if (closed) return undefined;
      let mine: boolean;
      try {
        mine = await take(name);
      } catch (err) {
        // The database away: nobody can tell who owns the job, so this process does not run it this time, and opens
        // a new lock connection next time (what this one held is lost with it).
        onError(err);
        const client = current;
        if (client) {
          lose(client);
          await client.end().catch(() => {});
        }
        return undefined;
      }
      return mine && !closed ? under.track(work()) : undefined;
    },
    async close() {
      closed = true;
      await under.settled();
      const client = await connection?.catch(() => undefined);
      held.clear();
      connection = undefined;
      current = undefined;
      // Ending the session releases its locks; the next owner takes them at its next run.
      await client?.end().catch(() => {});
    },
  };
}
