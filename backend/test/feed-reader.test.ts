import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheTag } from '@contracts/cache-changes';
import type { ConditionBand } from '@contracts/listing-common';
import type { MapBubbles } from '@contracts/map';
import { ApiPath } from '@contracts/paths';
import type { Suggestion } from '@contracts/search';
import { esfListings, newProjects } from '../src/db/schema';
import { changesUpTo, recordChange } from '../src/modules/cache/changes';
import { addDrops, noDrops } from '../src/modules/feed/feed-reader';
import { answer, envelope, nonEmpty, startHarness, type Harness } from './harness';

/**
 * Every backend process follows the change feed (modules/feed/feed-reader.ts): a write another process took, seen
 * here only as its rows and its change (written straight to the database, as that process's transaction commits
 * them, without this process's hold), makes this process drop its kept list counts, map bubbles and suggestions
 * once it reads the feed. Before the read they are the kept ones, which is what a second replica answered for up
 * to a minute before it followed the feed.
 */

const BJ = '110000';
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

type Item = { id: number; totalPrice: number | null };
type Page = { total: number; list: Item[] };
const inBand = (v: number, b: ConditionBand) => (b.min === null || v >= b.min) && (b.max === null || v < b.max);

const count = async (band: ConditionBand) =>
  (await answer<Page>(h.app, ApiPath.esfList, { cityCode: BJ, price: [band.code] })).total;
async function bubbleTotal(band: ConditionBand): Promise<number> {
  const res = await h.app.inject({
    method: 'POST',
    url: ApiPath.mapBubbles,
    payload: { cityCode: BJ, channelCode: 'esf', zoom: 11, filters: { price: [band.code] } },
  });
  expect(res.statusCode, res.body).toBe(200);
  return envelope<MapBubbles>(res).data.total;
}

describe('the change feed in a process that did not take the write', () => {
  it('drops the list counts and the map bubbles of the changed table in the city', async () => {
    const bands = (await answer<Record<string, ConditionBand[]>>(h.app, ApiPath.conditionEsf, { cityCode: BJ })).price!;
    const item = nonEmpty((await answer<Page>(h.app, ApiPath.esfList, { cityCode: BJ, pageSize: 50 })).list).find(
      (i) => i.totalPrice !== null,
    )!;
    const from = bands.find((b) => inBand(item.totalPrice!, b))!;
    const to = bands.find((b) => b !== from && b.min !== null && b.max !== null)!;
    const before = { from: await count(from), to: await count(to), bubbles: await bubbleTotal(from) };
    expect(before.bubbles).toBe(before.from);

    // Another backend's price change: its rows and its change commit together; nothing here is told.
    const price = Math.round(((to.min! + to.max!) / 2) * 10) / 10;
    await h.database.db.transaction(async (tx) => {
      await tx.update(esfListings).set({ totalPrice: price }).where(eq(esfListings.id, item.id));
      await recordChange(tx, [cacheTag.list('esf', 'bj'), cacheTag.detail('esf', item.id)]);
    });
    // Kept: what a second replica answered until its counts expired.
    expect([await count(from), await bubbleTotal(from)]).toEqual([before.from, before.bubbles]);

    expect(await h.app.changeFeed.read()).toBe(1);
    expect([await count(from), await count(to), await bubbleTotal(from)]).toEqual([
      before.from - 1,
      before.to + 1,
      before.from - 1,
    ]);
    // Read again with nothing new: nothing more is dropped, and a second drop of the same change would be harmless.
    expect(await h.app.changeFeed.read()).toBe(0);
  });

  it('drops the city’s suggestion index: a project’s suggestion shows its new average price', async () => {
    const project = (
      await answer<{ list: { id: number; name: string; avgPrice: number | null }[] }>(h.app, ApiPath.newHomeList, {
        cityCode: BJ,
      })
    ).list.find((p) => p.avgPrice !== null)!;
    const suggest = async () =>
      (await answer<Suggestion[]>(h.app, ApiPath.recommends, { cityCode: BJ, channelCode: 'new', keyword: project.name })).find(
        (s) => s.id === project.id,
      )?.describe;
    expect(await suggest()).toMatch(/均价\d+元\/㎡$/);
    await h.database.db.transaction(async (tx) => {
      await tx.update(newProjects).set({ avgPrice: 98_700 }).where(eq(newProjects.id, project.id));
      await recordChange(tx, [cacheTag.list('new', 'bj'), cacheTag.detail('new', project.id)]);
    });
    expect(await suggest()).not.toMatch(/均价98700元/);
    expect(await h.app.changeFeed.read()).toBe(1);
    expect(await suggest()).toMatch(/ · 均价98700元\/㎡$/);
  });
});

describe('addDrops: what a change’s tags make stale', () => {
  const codeOf = (domain: string) => ({ bj: BJ, sh: '310000' })[domain];

  it('a list tag names its channel’s table in the city and the city’s index', () => {
    const drops = addDrops(noDrops(), [cacheTag.list('rent', 'bj'), cacheTag.detail('rent', 7)], codeOf);
    expect([...drops.scopes]).toEqual([JSON.stringify(['rentals', BJ])]);
    expect([...drops.indexCities]).toEqual([BJ]);
    expect(drops.wholeCities.size).toBe(0);
  });

  it('a city tag names every table of the city', () => {
    const drops = addDrops(noDrops(), [cacheTag.city('sh')], codeOf);
    expect([...drops.wholeCities]).toEqual(['310000']);
    expect([...drops.indexCities]).toEqual(['310000']);
  });

  it('tags of other pages, and cities nobody knows, drop nothing', () => {
    const drops = addDrops(
      noDrops(),
      [
        cacheTag.detail('esf', 1),
        cacheTag.agent(2),
        cacheTag.news('bj'),
        cacheTag.newsCategory('bj', 'x'),
        cacheTag.list('esf', 'zz'),
      ],
      codeOf,
    );
    expect([drops.scopes.size, drops.wholeCities.size, drops.indexCities.size]).toEqual([0, 0, 0]);
  });
});

describe('the feed as a web process reads it from its backend', () => {
  it('names a change only once this backend has dropped what it makes stale: a page rendered for it gets the new count', async () => {
    const bands = (await answer<Record<string, ConditionBand[]>>(h.app, ApiPath.conditionEsf, { cityCode: BJ })).price!;
    const item = nonEmpty((await answer<Page>(h.app, ApiPath.esfList, { cityCode: BJ, pageSize: 50 })).list).find(
      (i) => i.totalPrice !== null && inBand(i.totalPrice, bands[0]!) === false,
    )!;
    const first = bands[0]!;
    const before = await count(first);
    const changes = async (query: string) =>
      envelope<{ latest: number; changes: { tags: string[] }[] }>(
        await h.app.inject({ method: 'GET', url: `${ApiPath.cacheChanges}${query}` }),
      ).data;
    const position = (await changes('')).latest;
    await h.database.db.transaction(async (tx) => {
      const price = first.max! - 1;
      await tx.update(esfListings).set({ totalPrice: price }).where(eq(esfListings.id, item.id));
      await recordChange(tx, [cacheTag.list('esf', 'bj'), cacheTag.detail('esf', item.id)]);
    });
    // The web's poll: it hears of the change, and the count it then asks for is already the new one.
    const feed = await changes(`?after=${position}`);
    expect(feed.changes.map((c) => c.tags[0])).toEqual([cacheTag.list('esf', 'bj')]);
    expect(await count(first)).toBe(before + 1);
  });
});

describe('changesUpTo: the feed cut at what the answering process has dropped', () => {
  const change = (seq: number) => ({ seq, tags: ['list:esf:bj'], at: 0 });
  const whole = { latest: 12, changes: [change(11), change(12)], reset: false };

  it('leaves out the changes past it and reads on from it', () => {
    expect(changesUpTo(whole, 10, 11)).toEqual({ latest: 11, changes: [change(11)], reset: false });
    expect(changesUpTo({ latest: 12, changes: [], reset: false }, undefined, 11)).toEqual({
      latest: 11,
      changes: [],
      reset: false,
    });
  });

  it('answers whole without a position, to a reset, and to a reader already past it', () => {
    expect(changesUpTo(whole, 10, undefined)).toBe(whole);
    const reset = { latest: 12, changes: [], reset: true };
    expect(changesUpTo(reset, 99, 11)).toBe(reset);
    expect(changesUpTo(whole, 11.5, 11)).toBe(whole);
  });
});
