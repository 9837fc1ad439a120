import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_CHANGES_LIMIT, cacheChangesSchema, cacheTag, type CacheChanges } from '@contracts/cache-changes';
import { ApiPath } from '@contracts/paths';
import { pruneChanges, recordChange } from '../src/modules/cache/changes';
import { envelope, startHarness, type Harness } from './harness';

/** The change feed (how cached pages learn of a changed listing): GET /internal.api/v1/cache/changes, as every web process polls it. */

let h: Harness;
let createdFrom = 0;
beforeAll(async () => {
  h = await startHarness();
  createdFrom = h.createdAt;
});
afterAll(() => h?.close());

async function feed(query = ''): Promise<CacheChanges> {
  const res = await h.app.inject(`${ApiPath.cacheChanges}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  const body = envelope<CacheChanges>(res);
  expect(body).toMatchObject({ code: 200, succeed: true });
  // What the web parses with the contract's schema.
  const parsed = cacheChangesSchema.parse(body.data);
  // When each was recorded: after the database was made.
  for (const change of parsed.changes) expect(change.at).toBeGreaterThanOrEqual(createdFrom - 1000);
  for (const change of parsed.changes) expect(change.at).toBeLessThanOrEqual(Date.now() + 1000);
  return { ...parsed, changes: parsed.changes.map(({ seq, tags }) => ({ seq, tags }) as CacheChanges['changes'][number]) };
}

describe('the change feed', () => {
  it('answers only the position without `after`: a fresh feed starts at the time its database was created', async () => {
    const { latest, changes, reset } = await feed();
    expect(changes).toEqual([]);
    expect(reset).toBe(false);
    // Migration 0005: milliseconds since 1970 when the database was made, before the seed.
    expect(latest).toBeGreaterThanOrEqual(createdFrom);
    expect(latest).toBeLessThanOrEqual(Date.now());
    // Nothing changed yet: from the position, an empty list, no reset.
    expect(await feed(`?after=${latest}`)).toEqual({ latest, changes: [], reset: false });
  });

  it('answers the changes after a position, oldest first, with their tags', async () => {
    const { latest: start } = await feed();
    const a = await recordChange(h.database.db, [cacheTag.list('esf', 'bj'), cacheTag.detail('esf', 12)]);
    const b = await recordChange(h.database.db, [cacheTag.city('sh')]);
    const c = await recordChange(h.database.db, [cacheTag.list('shop_rent', 'gz'), cacheTag.list('shop_rent', 'gz')]);
    expect(a).toBeGreaterThan(start);
    expect(b).toBeGreaterThan(a);
    expect(c).toBeGreaterThan(b);
    expect(await feed(`?after=${start}`)).toEqual({
      latest: c,
      reset: false,
      changes: [
        { seq: a, tags: ['list:esf:bj', 'detail:esf:12'] },
        { seq: b, tags: ['city:sh'] },
        // A tag named twice is recorded once.
        { seq: c, tags: ['list:shop_rent:gz'] },
      ],
    });
    expect((await feed(`?after=${b}`)).changes).toEqual([{ seq: c, tags: ['list:shop_rent:gz'] }]);
    expect(await feed(`?after=${c}`)).toEqual({ latest: c, changes: [], reset: false });
    expect(await feed()).toEqual({ latest: c, changes: [], reset: false });
  });

  it(`answers at most ${CACHE_CHANGES_LIMIT} changes at a time; the reader goes on from the last one`, async () => {
    const { latest: start } = await feed();
    const recorded: number[] = [];
    for (let i = 0; i < CACHE_CHANGES_LIMIT + 3; i++)
      recorded.push(await recordChange(h.database.db, [cacheTag.detail('rent', i + 1)]));
    const first = await feed(`?after=${start}`);
    expect(first.changes.map((ch) => ch.seq)).toEqual(recorded.slice(0, CACHE_CHANGES_LIMIT));
    expect(first.latest).toBe(recorded.at(-1));
    expect(first.reset).toBe(false);
    const rest = await feed(`?after=${first.changes.at(-1)!.seq}`);
    expect(rest.changes.map((ch) => ch.tags[0])).toEqual(['detail:rent:501', 'detail:rent:502', 'detail:rent:503']);
  });

  it('keeps the order of concurrent writers: every change gets its own position, none is lost', async () => {
    const { latest: start } = await feed();
    const seqs = await Promise.all(
      Array.from({ length: 12 }, (_, i) => recordChange(h.database.db, [cacheTag.detail('esf', 1000 + i)])),
    );
    expect(new Set(seqs).size).toBe(12);
    const { changes } = await feed(`?after=${start}`);
    expect(changes.map((ch) => ch.seq)).toEqual([...seqs].sort((x, y) => x - y));
    expect(changes.map((ch) => ch.tags[0]).sort()).toEqual(Array.from({ length: 12 }, (_, i) => `detail:esf:${1000 + i}`).sort());
  });

  it('tells a reader past the newest position to start again (another, re-seeded database)', async () => {
    const { latest } = await feed();
    expect(await feed(`?after=${latest + 1}`)).toEqual({ latest, changes: [], reset: true });
    expect(await feed(`?after=999999999999999`)).toEqual({ latest, changes: [], reset: true });
  });

  it('keeps an hour of changes: a reader further behind starts again, one in range does not', async () => {
    const db = h.database.db;
    const { latest: before } = await feed();
    const kept = await recordChange(db, [cacheTag.list('new', 'bj')]);
    // Everything recorded so far (the first position included) is made two hours old, then pruned.
    await db.execute(sql`update cache_changes set at = now() - interval '2 hours' where seq <= ${before}`);
    await pruneChanges(db);
    const { rows } = (await db.execute(sql`select min(seq) as oldest from cache_changes`)) as { rows: { oldest: unknown }[] };
    expect(Number(rows[0]!.oldest)).toBe(kept);
    // `before` is the last pruned one: its reader has seen everything up to `kept`.
    expect(await feed(`?after=${before}`)).toEqual({
      latest: kept,
      changes: [{ seq: kept, tags: ['list:new:bj'] }],
      reset: false,
    });
    expect(await feed(`?after=${before - 1}`)).toEqual({ latest: kept, changes: [], reset: true });
    // A reader that has seen nothing (a web process starting) gets what is kept, and nothing to drop.
    expect(await feed('?after=0')).toEqual({ latest: kept, changes: [{ seq: kept, tags: ['list:new:bj'] }], reset: false });

    // The newest change is never pruned, however old: the feed keeps its position.
    await db.execute(sql`update cache_changes set at = now() - interval '2 hours'`);
    await pruneChanges(db);
    expect(await feed()).toEqual({ latest: kept, changes: [], reset: false });
    expect(await feed(`?after=${kept}`)).toEqual({ latest: kept, changes: [], reset: false });
  });

  it('refuses a position that is not a non-negative integer, and unknown parameters, with a readable 400', async () => {
    for (const query of [
      '?after=-1',
      '?after=abc',
      '?after=1.5',
      '?after=1e3',
      '?after=0x10',
      '?after=',
      '?after=%20',
      '?after=1234567890123456',
      '?after=1&after=2',
    ]) {
      const res = await h.app.inject(`${ApiPath.cacheChanges}${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(envelope(res), query).toMatchObject({
        code: 400,
        succeed: false,
        data: null,
        msg: expect.stringContaining('after'),
      });
    }
    const extra = await h.app.inject(`${ApiPath.cacheChanges}?after=1&cityCode=110000`);
    expect(extra.statusCode).toBe(400);
    expect(envelope(extra).msg).toContain('cityCode');
    // A read: no other method.
    const post = await h.app.inject({ method: 'POST', url: ApiPath.cacheChanges, payload: {} });
    expect(post.statusCode).toBe(405);
  });
});
