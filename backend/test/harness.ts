import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Logger } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { configWith, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { seedDatabase } from '../src/db/seed';
import { localStorage } from '../src/storage/local-storage';
import type { Storage } from '../src/storage';

import { TEST_SEED_SIZE } from './seed-size';

export { TEST_SEED_SIZE };

export interface Harness {
  app: FastifyInstance;
  config: Config;
  database: Database;
  /** The app's object store (a folder of this harness). */
  storage: Storage;
  /** When this database was made, as it knows it: the suite's seeded template's time, or this harness's own start. */
  createdAt: number;
  close(): Promise<void>;
}

/**
 * A seeded app for one test file: in-memory PGlite by default; with DATABASE_URL (npm run test:pg) a database
 * of its own on that server, so that files stay isolated and can run in parallel.
 */
export interface HarnessOptions {
  /** Settings besides the test defaults (OPS_TOKEN …). */
  config?: Partial<Record<keyof Config, string>>;
  /** Told of every query the app sends (drizzle's Logger): tests that count queries. */
  logger?: Logger;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const startedAt = Date.now();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'yj-test-'));
  // The suite's seeded database (seeded-template.ts); absent when a file runs outside the backend project.
  const template = inject('seededTemplate');
  let dropDatabase = async () => {};
  let databaseUrl: string | undefined;
  if (process.env.DATABASE_URL) {
    // The run's own prefix (scripts/test-pg.ts), so that its clean-up never drops another run's databases on a shared server.
    const name = `${process.env.YJ_TEST_DB_PREFIX ?? 'yj_file_'}${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(
      template?.pgTemplate ? `CREATE DATABASE ${name} TEMPLATE ${template.pgTemplate}` : `CREATE DATABASE ${name}`,
    );
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const config = configWith({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // The alerts worker runs only where a test drives it (app.alerts.tick()): its cursor row would move digests.
    ALERTS_POLL_MS: '0',
    CACHE_FEED_POLL_MS: '0',
    ...options.config,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const seeded = databaseUrl ? Boolean(template?.pgTemplate) : Boolean(template?.pgliteTar);
  const database = await openDatabase(config, {
    inMemory: true,
    ...(options.logger ? { logger: options.logger } : {}),
    ...(!databaseUrl && template?.pgliteTar ? { loadDataDir: new Blob([readFileSync(template.pgliteTar)]) } : {}),
  });
  await database.migrate();
  const ossDir = path.join(dataDir, 'oss');
  const storage = localStorage(ossDir);
  if (seeded) cpSync(template!.ossDir, ossDir, { recursive: true });
  else await seedDatabase(database.db, storage, TEST_SEED_SIZE);
  const app = await buildApp({ db: database.db, config, storage });
  return {
    app,
    config,
    database,
    storage,
    createdAt: seeded ? template!.createdAt : startedAt,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface EnvelopeBody<T = unknown> {
  code: number;
  succeed: boolean;
  msg: string;
  data: T;
}

export function envelope<T = unknown>(res: LightMyRequestResponse): EnvelopeBody<T> {
  return res.json() as EnvelopeBody<T>;
}

/** The same portal call as GET (query string) and as POST (JSON body). */
export async function both(
  app: FastifyInstance,
  url: string,
  input: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const query = new URLSearchParams(
    Object.entries(input).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]),
  ).toString();
  const get = await app.inject({ method: 'GET', url: query ? `${url}?${query}` : url, headers });
  const post = await app.inject({ method: 'POST', url, payload: input, headers });
  return [get, post] as const;
}

/**
 * The data of a portal call that must succeed, asked as GET and as POST: both must answer 200 with the same
 * data.
 */
export async function answer<T>(app: FastifyInstance, url: string, input: Record<string, unknown> = {}): Promise<T> {
  const [get, post] = await both(app, url, input);
  if (get.statusCode !== 200) throw new Error(`GET ${url} ${JSON.stringify(input)}: ${get.statusCode} ${get.body}`);
  if (post.body !== get.body) throw new Error(`POST ${url} ${JSON.stringify(input)} answered otherwise than GET: ${post.body}`);
  return envelope<T>(get).data;
}

/**
 * The list itself, after checking it holds something: an assertion over `.every()` of an empty list passes
 * whatever the filter did, so each one starts here (`nonEmpty(page.list).every(…)`).
 */
export function nonEmpty<T>(list: readonly T[], what = 'list'): readonly T[] {
  if (list.length === 0) throw new Error(`${what} is empty: the assertion over its items would pass vacuously`);
  return list;
}
