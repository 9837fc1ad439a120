import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMERCIAL_PATHS } from '@contracts/commercial';
import { ApiPath } from '@contracts/paths';
import type { PriceCuts, PriceHistory } from '@contracts/price-history';
import { PRICE_CUT_TAG, RECENT_CUT_DAYS } from '@contracts/residential';
import { esfListings, priceChanges, rentals } from '../src/db/schema';
import { DAY } from '../src/db/seed-homes';
import { answer, both, envelope, nonEmpty, startHarness, type Harness } from './harness';

/**
 * 调价记录 (price_changes): the seed's history agrees with the listings, the operator's repricing adds to it, and
 * GET/POST /v1/priceHistory answers it oldest first, refusing what is not a repriceable listing.
 */

const TOKEN = 'test-ops-token-0123456789';
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ config: { OPS_TOKEN: TOKEN } });
});
afterAll(async () => {
  await h?.close();
});

const history = (channelCode: string, id: number) => answer<PriceHistory>(h.app, ApiPath.priceHistory, { channelCode, id });

function reprice(channel: string, id: number, price: number) {
  return h.app.inject({
    method: 'POST',
    url: `${ApiPath.opsListing}/${channel}/${id}`,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    payload: JSON.stringify({ price }),
  });
}

describe('the seeded history', () => {
  it('gives a share of the older esfListings changes between their listing and today, chained to the price now', async () => {
    const db = h.database.db;
    const rows = await db
      .select({ change: priceChanges, listedAt: esfListings.listedAt, price: esfListings.totalPrice })
      .from(priceChanges)
      .innerJoin(esfListings, eq(esfListings.id, priceChanges.listingId))
      .where(eq(priceChanges.channel, 'esf'))
      .orderBy(asc(priceChanges.listingId), asc(priceChanges.changedAt));
    nonEmpty(rows, 'seeded 二手房 price changes');
    const byListing = new Map<number, typeof rows>();
    for (const r of rows) byListing.set(r.change.listingId, [...(byListing.get(r.change.listingId) ?? []), r]);
    const older = (await db.select({ listedAt: esfListings.listedAt }).from(esfListings)).filter(
      (l) => l.listedAt.getTime() < h.createdAt - 14 * DAY,
    ).length;
    // About 30% of the listings on the market two weeks or more.
    expect(byListing.size / older).toBeGreaterThan(0.2);
    expect(byListing.size / older).toBeLessThan(0.4);
    for (const changes of byListing.values()) {
      for (const [i, r] of changes.entries()) {
        expect(r.change.changedAt.getTime()).toBeGreaterThan(r.listedAt.getTime());
        expect(r.change.changedAt.getTime()).toBeLessThanOrEqual(h.createdAt);
        expect(r.change.oldPrice).not.toBe(r.change.newPrice);
        if (i > 0) expect(r.change.oldPrice).toBe(changes[i - 1]!.change.newPrice);
      }
      expect(changes.at(-1)!.change.newPrice).toBe(changes[0]!.price);
    }
    // Mostly cuts.
    const cuts = rows.filter((r) => r.change.newPrice < r.change.oldPrice).length;
    expect(cuts / rows.length).toBeGreaterThan(0.6);
  });

  it('covers 租房, 商铺 and 写字楼 too', async () => {
    const channels = await h.database.db.selectDistinct({ channel: priceChanges.channel }).from(priceChanges);
    expect(channels.map((c) => c.channel).sort()).toEqual([
      'esf',
      'offices_rent',
      'offices_sale',
      'rent',
      'shop_rent',
      'shop_sale',
    ]);
  });
});

describe('GET/POST /v1/priceHistory', () => {
  it('answers a seeded history oldest first, with the 挂牌 time of the detail', async () => {
    const [row] = await h.database.db.select().from(priceChanges).where(eq(priceChanges.channel, 'esf')).limit(1);
    const id = row!.listingId;
    const got = await history('esf', id);
    const detail = await answer<{ listedAt: string; totalPrice: number }>(h.app, `${ApiPath.esfDetail}/${id}`);
    expect(new Date(got.listedAt).getTime()).toBe(new Date(detail.listedAt).getTime());
    expect(got.price).toBe(detail.totalPrice);
    nonEmpty(got.changes);
    const times = got.changes.map((c) => Date.parse(c.changedAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(got.changes.at(-1)!.newPrice).toBe(detail.totalPrice);
  });

  it('records the operator’s repricing with its time, and not a "change" to the same price', async () => {
    const page = await answer<{ list: { id: number; totalPrice: number }[] }>(h.app, ApiPath.esfList, { cityCode: '110000' });
    const home = nonEmpty(page.list)[0]!;
    const before = await history('esf', home.id);
    const started = Date.now();
    expect((await reprice('esf', home.id, home.totalPrice - 10)).statusCode).toBe(200);
    expect((await reprice('esf', home.id, home.totalPrice - 10)).statusCode).toBe(200);
    const after = await history('esf', home.id);
    expect(after.changes).toHaveLength(before.changes.length + 1);
    const last = after.changes.at(-1)!;
    expect(last).toMatchObject({ oldPrice: home.totalPrice, newPrice: home.totalPrice - 10 });
    expect(Date.parse(last.changedAt)).toBeGreaterThanOrEqual(started - 1000);
    expect(after.price).toBe(home.totalPrice - 10);
  });

  it('records a rent and a shop’s rent the same way', async () => {
    const rent = nonEmpty(
      (await answer<{ list: { id: number; monthlyRent: number }[] }>(h.app, ApiPath.rentList, { cityCode: '110000' })).list,
    )[0]!;
    expect((await reprice('rent', rent.id, rent.monthlyRent + 100)).statusCode).toBe(200);
    expect((await history('rent', rent.id)).changes.at(-1)).toMatchObject({
      oldPrice: rent.monthlyRent,
      newPrice: rent.monthlyRent + 100,
    });
    const shop = nonEmpty(
      (
        await answer<{ list: { id: number; monthlyRent: number }[] }>(h.app, COMMERCIAL_PATHS.shop_rent.list, {
          cityCode: '110000',
        })
      ).list,
    )[0]!;
    expect((await reprice('shop_rent', shop.id, shop.monthlyRent + 500)).statusCode).toBe(200);
    expect((await history('shop_rent', shop.id)).changes.at(-1)).toMatchObject({ newPrice: shop.monthlyRent + 500 });
    // The same unit is no 商铺出售.
    const [get] = await both(h.app, ApiPath.priceHistory, { channelCode: 'shop_sale', id: shop.id });
    expect(get.statusCode).toBe(404);
  });

  it('GET/POST /v1/priceCuts: a community’s homes cut in price, newest first; 404 for an unknown one', async () => {
    const [cut] = await h.database.db
      .select({ communityId: esfListings.communityId })
      .from(priceChanges)
      .innerJoin(esfListings, eq(esfListings.id, priceChanges.listingId))
      .where(and(eq(priceChanges.channel, 'esf'), lt(priceChanges.newPrice, priceChanges.oldPrice)))
      .limit(1);
    const { list } = await answer<PriceCuts>(h.app, ApiPath.priceCuts, { estateId: cut!.communityId });
    nonEmpty(list);
    expect(list.length).toBeLessThanOrEqual(5);
    for (const c of list) expect(c.newPrice).toBeLessThan(c.oldPrice);
    const times = list.map((c) => Date.parse(c.changedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const [input, status] of [
      [{ estateId: 2_000_000_000 }, 404],
      [{ estateId: 0 }, 400],
      [{}, 400],
    ] as const) {
      for (const res of await both(h.app, ApiPath.priceCuts, input)) expect(res.statusCode, JSON.stringify(input)).toBe(status);
    }
  });

  it('refuses what is not a repriceable listing with a readable 4xx', async () => {
    for (const [input, status] of [
      [{ channelCode: 'new', id: 1 }, 400],
      [{ channelCode: 'estate', id: 1 }, 400],
      [{ channelCode: 'esf', id: 0 }, 400],
      [{ channelCode: 'esf', id: 'x' }, 400],
      [{ channelCode: 'esf' }, 400],
      [{ id: 1 }, 400],
      [{ channelCode: 'esf', id: 2_000_000_000 }, 404],
    ] as const) {
      for (const res of await both(h.app, ApiPath.priceHistory, input)) {
        expect(res.statusCode, JSON.stringify(input)).toBe(status);
        expect(envelope(res).msg.length).toBeGreaterThan(0);
      }
    }
  });
});

describe('the 降价 filter (jj1) and tag', () => {
  /** The ids of a city's listings of `channel` with a cut in the last 30 days, read straight from the tables. */
  async function cutIds(channel: 'esf' | 'rent', cityCode: string): Promise<number[]> {
    const table = channel === 'esf' ? esfListings : rentals;
    const since = new Date(Date.now() - RECENT_CUT_DAYS * DAY);
    const rows = await h.database.db
      .selectDistinct({ id: table.id })
      .from(priceChanges)
      .innerJoin(table, eq(table.id, priceChanges.listingId))
      .where(
        and(
          eq(priceChanges.channel, channel),
          eq(table.cityCode, cityCode),
          lt(priceChanges.newPrice, priceChanges.oldPrice),
          gte(priceChanges.changedAt, since),
        ),
      );
    return rows.map((r) => r.id).sort((a, b) => a - b);
  }

  async function allPages(path: string, input: Record<string, unknown>) {
    const ids: number[] = [];
    let tagged = 0;
    for (let page = 1; ; page++) {
      const got = await answer<{ total: number; list: { id: number; tags: string[] }[] }>(h.app, path, {
        ...input,
        page,
        pageSize: 50,
      });
      ids.push(...got.list.map((x) => x.id));
      tagged += got.list.filter((x) => x.tags[0] === PRICE_CUT_TAG).length;
      if (got.list.length < 50) return { total: got.total, ids: ids.sort((a, b) => a - b), tagged };
    }
  }

  for (const [channel, path] of [
    ['esf', ApiPath.esfList],
    ['rent', ApiPath.rentList],
  ] as const) {
    it(`${channel}: finds exactly the homes cut in price in the last 30 days, each tagged 「降价」`, async () => {
      const expected = nonEmpty(await cutIds(channel, '110000'), `${channel} homes cut lately`);
      const got = await allPages(path, { cityCode: '110000', priceCut: [1] });
      expect(got.total).toBe(expected.length);
      expect(got.ids).toEqual(expected);
      expect(got.tagged).toBe(expected.length);
      // Other homes are not tagged: the first page of the whole list tags exactly its members of the set.
      const whole = await answer<{ list: { id: number; tags: string[] }[] }>(h.app, path, { cityCode: '110000', pageSize: 50 });
      const set = new Set(expected);
      for (const x of nonEmpty(whole.list)) expect(x.tags[0] === PRICE_CUT_TAG, `${x.id}`).toBe(set.has(x.id));
    });
  }

  it('the conditions answer offers the row, and a code past it is a readable 400', async () => {
    const cond = await answer<{ priceCut: { code: number; label: string }[] }>(h.app, ApiPath.conditionEsf, {
      cityCode: '110000',
    });
    expect(cond.priceCut).toEqual([{ code: 1, label: '近30天降价' }]);
    for (const res of await both(h.app, ApiPath.esfList, { cityCode: '110000', priceCut: [2] })) {
      expect(res.statusCode).toBe(400);
      expect(envelope(res).msg.length).toBeGreaterThan(0);
    }
  });

  it('a cut by the operator puts a home among them at once; a raise does not', async () => {
    const before = await cutIds('esf', '110000');
    const page = await answer<{ list: { id: number; totalPrice: number }[] }>(h.app, ApiPath.esfList, {
      cityCode: '110000',
      sort: 2,
    });
    const home = nonEmpty(page.list).find((x) => !before.includes(x.id))!;
    expect((await reprice('esf', home.id, home.totalPrice + 5)).statusCode).toBe(200);
    expect((await allPages(ApiPath.esfList, { cityCode: '110000', priceCut: [1] })).ids).not.toContain(home.id);
    expect((await reprice('esf', home.id, home.totalPrice - 1)).statusCode).toBe(200);
    const got = await allPages(ApiPath.esfList, { cityCode: '110000', priceCut: [1] });
    expect(got.ids).toContain(home.id);
    expect(got.total).toBe(before.length + 1);
  });
});
