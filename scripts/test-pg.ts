import { spawnSync } from 'node:child_process';
import pg from 'pg';

/**
 * `npm run test:pg`: the backend suite against a real PostgreSQL (ARCHITECTURE "Runs and tests").
 * Creates a throw-away database on the server of DATABASE_URL, runs `vitest run --project backend` with
 * DATABASE_URL pointing at it (each test file then creates its own database there), drops everything after,
 * and exits with vitest's code.
 */
const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `yj_test_${Date.now()}_${process.pid}`;

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
    env: { ...process.env, DATABASE_URL: url.toString() },
  });
  status = run.status ?? 1;
} finally {
  await admin(async (c) => {
    // Per-file databases of a crashed run are removed too.
    const { rows } = await c.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE 'yj_file_%'`,
      [name],
    );
    for (const row of rows) await c.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
  });
}
process.exit(status);
