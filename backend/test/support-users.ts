import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ApiPath, SESSION_COOKIE } from '@contracts/paths';
import { sessions, users } from '../src/db/schema';
import type { Harness } from './harness';

/** Test users with a live session, and what the app's own OpenAPI document says about its routes. */

export interface TestUser {
  id: number;
  mobile: string;
  /** The session as a browser carries it: the HttpOnly cookie. */
  cookie: Record<string, string>;
}

let seq = 0;
export async function newTestUser(h: Harness, base = 13_600_000_000): Promise<TestUser> {
  const mobile = String(base + process.pid * 100 + ++seq).slice(0, 11);
  const [user] = await h.database.db.insert(users).values({ mobile, userName: '' }).returning({ id: users.id });
  const token = randomBytes(32).toString('base64url');
  await h.database.db.insert(sessions).values({
    tokenHash: createHash('sha256').update(token).digest('hex'),
    userId: user!.id,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return { id: user!.id, mobile, cookie: { cookie: `${SESSION_COOKIE}=${token}` } };
}

export interface Operation {
  method: string;
  /** OpenAPI path, `{id}` style. */
  path: string;
  /** Names of the request's fields: the JSON body's properties, the query's and the path's parameters. */
  fields: string[];
  summary: string;
}

interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}
/** Property names at any depth: `uploads: [{ key }]` gives `uploads` and `key`. */
const propertiesOf = (schema: JsonSchema | undefined): string[] =>
  schema
    ? [
        ...Object.keys(schema.properties ?? {}),
        ...Object.values(schema.properties ?? {}).flatMap(propertiesOf),
        ...propertiesOf(schema.items),
        ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap(propertiesOf),
      ]
    : [];

/** Every operation of `/openapi.json` (a route joins it by existing; hidden ones are the framework's own). */
export async function operationsOf(app: FastifyInstance): Promise<Operation[]> {
  const doc = (await app.inject(ApiPath.openapi)).json() as {
    paths: Record<
      string,
      Record<
        string,
        { summary?: string; parameters?: { name: string }[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }
      >
    >;
  };
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      summary: op.summary ?? '',
      fields: [
        ...new Set([
          ...(op.parameters ?? []).map((p) => p.name),
          ...Object.values(op.requestBody?.content ?? {}).flatMap((c) => propertiesOf(c.schema)),
        ]),
      ],
    })),
  );
}

/**
 * A digest of every table's rows: equal before and after means nothing in the database changed. The tracking log is
 * left out: the backend makes its day partitions on its own schedule (at start, hourly; modules/stats/partitions.ts),
 * whatever a request does, and a request's own events are the tracking tests' business (tracking.test.ts).
 */
export async function databaseDigest(h: Harness): Promise<Record<string, string>> {
  const { rows } = (await h.database.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'tracking\_events%' order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  const digest: Record<string, string> = {};
  for (const { table_name: table } of rows) {
    const r = (await h.database.db.execute(
      sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as d, count(*) as n from "${table}" t`),
    )) as unknown as { rows: { d: string; n: unknown }[] };
    digest[table] = `${r.rows[0]!.n}:${r.rows[0]!.d}`;
  }
  return digest;
}
