import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Config } from '../config';
import * as schema from './schema';

/** Both drivers give the same query builder over the same schema (ARCHITECTURE "Data": one dialect). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction of the database: what `db.transaction(async (tx) => …)` hands its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball, to start other databases from (tests). */
  dumpDataDir?: () => Promise<Blob>;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * PostgreSQL when DATABASE_URL is set; otherwise PGlite under `${DATA_DIR}/pglite`, or in memory when asked
 * (tests: each file gets its own throw-away database).
 */
export interface OpenOptions {
  /** A throw-away database in memory (PGlite only; tests). */
  inMemory?: boolean;
  /** Told of every query the app's database object sends (tests count them; drizzle's Logger). */
  logger?: Logger;
  /**
   * PGlite only: start from this data directory (a `dumpDataDir` tarball) instead of an empty one. Tests seed one
   * database once and start each file from it, since seeding is most of a file's time.
   */
  loadDataDir?: Blob;
}

export async function openDatabase(config: Config, options: OpenOptions = {}): Promise<Database> {
  const logger = options.logger ?? false;
  if (config.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: config.DATABASE_POOL_MAX });
    // The server may end an idle connection (restart, failover, an administrator); node-postgres then emits
    // 'error' on the pool, which would crash the process without a listener. The pool opens a new one.
    pool.on('error', (err) => console.error(`PostgreSQL closed an idle connection: ${err.message}`));
    const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  let dataDir: string | undefined;
  if (!options.inMemory) {
    dataDir = path.resolve(config.DATA_DIR, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create(dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}
