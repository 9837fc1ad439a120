import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { createSingletons, lockKeyOf, type Singletons } from '../src/db/singleton';
import { startHarness, type Harness } from './harness';

/**
 * The leader rule (db/singleton.ts): of the processes asking to run a job, the first takes it and the others skip
 * it; when the owner goes (closes, or its lock connection drops), the next to ask takes it over. On PGlite between
 * apps of one process, on PostgreSQL between connections (each one a process's), when a server answers.
 */

const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function postgresAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 5432) });
    socket.setTimeout(2000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(false));
  });
}
const hasPostgres = await postgresAnswers(PG_URL);
if (!hasPostgres) console.warn(`singleton.test.ts: no PostgreSQL at ${PG_URL}; its PostgreSQL part is skipped`);

/** What each run saw: the job ran (true) or was skipped (false). */
const ran = async (s: Singletons, name: string) => (await s.runAlone(name, async () => 'done')) === 'done';

describe('over the app’s database (PGlite; PostgreSQL in the backend suite on PostgreSQL)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('runs a job in the first app that asks, skips it in the other until the first closes', async () => {
    const a = createSingletons(h.database.db);
    const b = createSingletons(h.database.db);
    expect([await ran(a, 'job'), await ran(b, 'job'), await ran(a, 'job'), await ran(b, 'job')]).toEqual([
      true,
      false,
      true,
      false,
    ]);
    // Another job is another lock: b may own it.
    expect([await ran(b, 'other'), await ran(a, 'other')]).toEqual([true, false]);
    await a.close();
    expect([await ran(b, 'job'), b.owns('job'), await ran(a, 'job')]).toEqual([true, true, false]);
    await b.close();
  });

  it('the app’s own jobs take that rule: the alerts worker of a second app over the same database does not run', async () => {
    expect(await ran(h.app.singletons, 'alerts')).toBe(true);
    const second = createSingletons(h.database.db);
    expect(await ran(second, 'alerts')).toBe(false);
    await second.close();
  });
});

describe.skipIf(!hasPostgres)('on PostgreSQL', () => {
  const pools: pg.Pool[] = [];
  const open = () => {
    const pool = new pg.Pool({ connectionString: PG_URL, max: 2 });
    pools.push(pool);
    return createSingletons(drizzle(pool) as unknown as Db);
  };
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.end()));
  });

  it('one of two processes runs the job; the other takes it over once the owner closes', async () => {
    const name = `test-${randomUUID()}`;
    const [a, b] = [open(), open()];
    expect([await ran(a, name), await ran(b, name), await ran(a, name)]).toEqual([true, false, true]);
    await a.close();
    expect([await ran(b, name), b.owns(name)]).toEqual([true, true]);
    await b.close();
  });

  it('a lost lock connection gives the job to the next to ask, and its old owner skips from then on', async () => {
    const name = `test-${randomUUID()}`;
    const [a, b] = [open(), open()];
    expect(await ran(a, name)).toBe(true);
    // The server ends the owner's lock connection (a restart, a network cut): the lock goes with the session.
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    const { rows } = await admin.query<{ pid: number }>(
      `select pid from pg_locks where locktype = 'advisory' and objid = $1 and granted`,
      [lockKeyOf(name)],
    );
    expect(rows).toHaveLength(1);
    await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
    await admin.end();
    // Told of the end by its connection's events, or by its next query's failure: either way it owns nothing.
    for (let tries = 0; tries < 100 && a.owns(name); tries++) {
      await ran(a, `${name}-probe`);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(a.owns(name)).toBe(false);
    expect([await ran(b, name), await ran(a, name)]).toEqual([true, false]);
    await Promise.all([a.close(), b.close()]);
  });
});
