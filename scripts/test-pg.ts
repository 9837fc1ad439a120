import { spawnSync } from 'node:child_process';
import pg from 'pg';

/**
 * `npm run test:pg`: the backend suite against a real PostgreSQL (ARCHITECTURE "Runs and tests").
 * Creates a throw-away database on the server of DATABASE_URL, runs `vitest run --project backend` with
 * DATABASE_URL pointing at it (each test file then creates its own database there), drops everything after,
 * and exits with vitest's code.
 */
const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const run = `${Date.now().toString(36)}_${process.pid}`;
const name = `yj_test_${run}`;
/**
 * The per-file databases (backend/test/harness.ts) and the seeded template of this run carry its own prefix: several
 * checkouts may run this at once against one server, and the clean-up must not drop another run's databases under it.
 */
const filePrefix = `yj_file_${run}_`;

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

await admin((c) => c.query(`CREATE DATABASE ${name}`));
const url = new URL(serverUrl);
url.pathname = `/${name}`;
let status = 1;
try {
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'backend', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: url.toString(), YJ_TEST_DB_PREFIX: filePrefix },
  });
  status = run.status ?? 1;
} finally {
  await admin(async (c) => {
    // This run's per-file databases, also those of a file that crashed before its own clean-up.
    const { rows } = await c.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname = $1 OR starts_with(datname, $2)`,
      [name, filePrefix],
    );
    for (const row of rows) await c.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
  });
}
process.exit(status);
