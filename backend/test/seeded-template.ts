import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { configWith } from '../src/config';
import { openDatabase } from '../src/db/client';
import { seedDatabase } from '../src/db/seed';
import { localStorage } from '../src/storage/local-storage';
import { TEST_SEED_SIZE } from './seed-size';

/**
 * Vitest's global set-up for the backend suite: one database is migrated and seeded once, and every test file
 * starts from a copy of it (harness.ts): a PGlite data directory loaded from a tarball, or on PostgreSQL
 * (DATABASE_URL) a `CREATE DATABASE … TEMPLATE`. Seeding was most of each file's time (about 45 files, each
 * seeding the same deterministic data). The seeded objects (images) are copied from one folder the same way.
 */
export interface SeededTemplate {
  /** When the template's database was made (before its migrations): the time every copy was made, as far as it knows. */
  createdAt: number;
  /** The seeded store's folder, copied into each file's own. */
  ossDir: string;
  /** PGlite: the seeded data directory as an uncompressed tarball. */
  pgliteTar?: string;
  /** PostgreSQL: the database to create each file's from. */
  pgTemplate?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    seededTemplate: SeededTemplate;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'yj-template-'));
  const ossDir = path.join(dir, 'oss');
  const storage = localStorage(ossDir);
  const serverUrl = process.env.DATABASE_URL;
  let teardown = async () => {};
  const template: SeededTemplate = { ossDir, createdAt: Date.now() };

  if (serverUrl) {
    // The files' own prefix (harness.ts), so that test:pg's clean-up also removes one a crashed run left.
    const name = `${process.env.YJ_TEST_DB_PREFIX ?? 'yj_file_'}template_${process.pid}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase(configWith({ DATA_DIR: dir, LOG_LEVEL: 'silent', DATABASE_URL: url.toString() }));
    await database.migrate();
    await seedDatabase(database.db, storage, TEST_SEED_SIZE);
    // A template may have no open connection while it is copied.
    await database.close();
    template.pgTemplate = name;
    teardown = () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } else {
    const database = await openDatabase(configWith({ DATA_DIR: dir, LOG_LEVEL: 'silent' }), { inMemory: true });
    await database.migrate();
    await seedDatabase(database.db, storage, TEST_SEED_SIZE);
    const tar = await database.dumpDataDir!();
    await database.close();
    template.pgliteTar = path.join(dir, 'pglite.tar');
    writeFileSync(template.pgliteTar, Buffer.from(await tar.arrayBuffer()));
  }

  project.provide('seededTemplate', template);
  return async () => {
    await teardown();
    rmSync(dir, { recursive: true, force: true });
  };
}
