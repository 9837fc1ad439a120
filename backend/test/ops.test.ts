import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheChangesSchema, cacheTag, type CacheChanges } from '@contracts/cache-changes';
import { COMMERCIAL_PATHS } from '@contracts/commercial';
import type { EstateDetail } from '@contracts/estate';
import type { HomeData } from '@contracts/home';
import type { ConditionBand } from '@contracts/listing-common';
import { OPS_LISTING_CHANNELS, type OpsListingResult } from '@contracts/ops';
import { ApiPath } from '@contracts/paths';
import type { Suggestion } from '@contracts/search';
import { buildApp } from '../src/app';
import { localStorage } from '../src/storage/local-storage';
import { answer, envelope, startHarness, type Harness } from './harness';

/**
 * The operator API (a change shows on cached pages at once): POST /internal.api/v1/ops/listings/{channel}/{id} with a bearer token changes a
 * listing's headline price; what the list, detail, home and suggestion calls answer changes at once (no count
 * kept from before), and the change is announced on the change feed with the tags of the pages it is on.
 */

const TOKEN = 'test-ops-token-0123456789';
let h: Harness;
/** The same database, served by an app whose OPS_TOKEN is unset. */
let closed: FastifyInstance;
beforeAll(async () => {
  h = await startHarness({ config: { OPS_TOKEN: TOKEN } });
  closed = await buildApp({
    db: h.database.db,
    config: { ...h.config, OPS_TOKEN: undefined },
    storage: localStorage(path.join(h.config.DATA_DIR, 'oss')),
  });
});
afterAll(async () => {
  await closed?.close();
  await h?.close();
});

type Item = {
  id: number;
  area: number;
  communityId?: number;
  totalPrice?: number | null;
  monthlyRent?: number;
  avgPrice?: number | null;
  dailyRent?: number;
  deposit?: number;
};
type Page = { total: number; list: Item[] };

function ops(
  channel: string,
  id: number | string,
  body: unknown,
  authorization: string | null = `Bearer ${TOKEN}`,
  app: FastifyInstance = h.app,
) {
  return app.inject({
    method: 'POST',
    url: `${ApiPath.opsListing}/${channel}/${id}`,
    headers: { 'content-type': 'application/json', ...(authorization === null ? {} : { authorization }) },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function feed(after?: number): Promise<CacheChanges> {
  const res = await h.app.inject(`${ApiPath.cacheChanges}${after === undefined ? '' : `?after=${after}`}`);
  return cacheChangesSchema.parse(envelope(res).data);
}

/** Some esf listing of 北京, for the refusals below. */
async function someEsf(): Promise<Item> {
  const page = await answer<Page>(h.app, ApiPath.esfList, { cityCode: '110000' });
  expect(page.list.length).toBeGreaterThan(0);
  return page.list[0]!;
}

describe('guarded', () => {
  it('answers 403 on every call while OPS_TOKEN is unset, whatever the token and the body', async () => {
    const home = await someEsf();
    for (const [body, auth] of [
      [{ price: 500 }, `Bearer ${TOKEN}`],
      [{ price: 500 }, null],
      [{ price: -1 }, 'Bearer whatever'],
      ['{', null],
    ] as const) {
      const res = await ops('esf', home.id, body, auth, closed);
      expect(res.statusCode).toBe(403);
      expect(envelope(res)).toEqual({ code: 403, succeed: false, msg: '运维接口未开启：后端没有设置 OPS_TOKEN', data: null });
    }
    // Nothing changed, nothing announced.
    expect((await answer<Item>(h.app, `${ApiPath.esfDetail}/${home.id}`)).totalPrice).toBe(home.totalPrice);
  });

  it('answers 401 without the bearer token or with another one, in constant time (hashes compared)', async () => {
    const home = await someEsf();
    const before = await feed();
    for (const auth of [
      null,
      '',
      'Bearer',
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      'Bearer a',
      `Bearer ${TOKEN.toUpperCase()}`,
      `${TOKEN}`,
    ]) {
      const res = await ops('esf', home.id, { price: 500 }, auth);
      expect(res.statusCode, String(auth)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="ops"');
      expect(envelope(res), String(auth)).toMatchObject({
        code: 4010011002,
        succeed: false,
        data: null,
        msg: expect.stringMatching(/^(缺少运维令牌|运维令牌不正确)/),
      });
    }
    expect((await answer<Item>(h.app, `${ApiPath.esfDetail}/${home.id}`)).totalPrice).toBe(home.totalPrice);
    expect(await feed()).toEqual(before);
  });

  it('is not a portal call: no GET, and the web does not forward its prefix', async () => {
    const res = await h.app.inject(`${ApiPath.opsListing}/esf/1`);
    expect(res.statusCode).toBe(405);
    expect(ApiPath.opsListing.startsWith('/yjyz.web.api/')).toBe(false);
  });
});

describe('refused input', () => {
  it('answers 404 for an unknown channel, 小区, an unknown id and a unit of the other deal', async () => {
    const home = await someEsf();
    const shopToLet = (await answer<Page>(h.app, COMMERCIAL_PATHS.shop_rent.list, { cityCode: '110000' })).list[0]!;
    for (const [channel, id, msg] of [
      ['villa', home.id, '房源频道 villa 不存在'],
      ['estate', home.communityId!, '房源频道 estate 不存在'],
      ['esf', 2_000_000_000, '房源 2000000000 不存在'],
      ['shop_sale', shopToLet.id, `房源 ${shopToLet.id} 不存在`],
    ] as const) {
      const res = await ops(channel, id, { price: 500 });
      expect(res.statusCode, `${channel} ${id}`).toBe(404);
      expect(envelope(res)).toEqual({ code: 4000000, succeed: false, msg, data: null });
    }
    expect(OPS_LISTING_CHANNELS).not.toContain('estate');
  });

  it('answers 400 with the rule for a bad price, a missing one, another field or a bad id', async () => {
    const home = await someEsf();
    const rental = (await answer<Page>(h.app, ApiPath.rentList, { cityCode: '110000' })).list[0]!;
    const cases: [string, number | string, unknown, RegExp][] = [
      ['esf', home.id, { price: 0 }, /^price: 二手房总价以万元计，须大于 0、不超过 100000，最多 2 位小数$/],
      ['esf', home.id, { price: -5 }, /^price: 二手房总价/],
      ['esf', home.id, { price: 100_001 }, /^price: 二手房总价/],
      ['esf', home.id, { price: 512.345 }, /^price: 二手房总价/],
      // Exactly two decimals, no tolerance: 1e-9 万元 would show as 0万 and sort first.
      ['esf', home.id, { price: 1e-9 }, /^price: 二手房总价/],
      ['rent', rental.id, { price: 4500.0000001 }, /^price: 租金/],
      ['rent', rental.id, { price: 4500.5 }, /^price: 租金以元\/月计，须大于 0、不超过 1000000，整数$/],
      ['esf', home.id, { price: '500' }, /^price: /],
      ['esf', home.id, { price: null }, /^price: /],
      ['esf', home.id, {}, /^price: is required$/],
      ['esf', home.id, { price: 500, status: 'off' }, /status/],
      ['esf', home.id, '{"price": 1e309}', /^price: /],
      ['esf', home.id, '{"price":', /^body: malformed JSON$/],
      ['esf', 'abc', { price: 500 }, /^id: /],
      ['esf', 0, { price: 500 }, /^id: /],
    ];
    for (const [channel, id, body, msg] of cases) {
      const res = await ops(channel, id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(envelope(res), JSON.stringify(body)).toMatchObject({
        code: 400,
        succeed: false,
        data: null,
        msg: expect.stringMatching(msg),
      });
    }
    expect((await answer<Item>(h.app, `${ApiPath.esfDetail}/${home.id}`)).totalPrice).toBe(home.totalPrice);
  });
});

/** What the test knows of a channel: its calls, its band filter and how its price moves the banded value. */
interface ChannelCase {
  paths: { conditions: string; list: string; detail: string };
  /** The list request field and conditions row of the price bands. */
  bandKey: string;
  /** The value the bands compare (the rent per ㎡ per day for shops and offices to let). */
  bandValue: (item: Item) => number | null | undefined;
  /** The headline price the operator sets. */
  price: (item: Item) => number | null | undefined;
  /** A headline price that puts the banded value at `target`. */
  priceFor: (target: number, item: Item) => number;
}

const round1 = (v: number) => Math.round(v * 10) / 10;
const CASES: Record<(typeof OPS_LISTING_CHANNELS)[number], ChannelCase> = {
  esf: {
    paths: { conditions: ApiPath.conditionEsf, list: ApiPath.esfList, detail: ApiPath.esfDetail },
    bandKey: 'price',
    bandValue: (i) => i.totalPrice,
    price: (i) => i.totalPrice,
    priceFor: round1,
  },
  rent: {
    paths: { conditions: ApiPath.conditionRent, list: ApiPath.rentList, detail: ApiPath.rentDetail },
    bandKey: 'rent',
    bandValue: (i) => i.monthlyRent,
    price: (i) => i.monthlyRent,
    priceFor: Math.round,
  },
  new: {
    paths: { conditions: ApiPath.conditionNewHome, list: ApiPath.newHomeList, detail: ApiPath.newHomeDetail },
    bandKey: 'unitPrice',
    bandValue: (i) => i.avgPrice,
    price: (i) => i.avgPrice,
    priceFor: Math.round,
  },
  shop_sale: {
    paths: COMMERCIAL_PATHS.shop_sale,
    bandKey: 'totalPrice',
    bandValue: (i) => i.totalPrice,
    price: (i) => i.totalPrice,
    priceFor: round1,
  },
  offices_sale: {
    paths: COMMERCIAL_PATHS.offices_sale,
    bandKey: 'totalPrice',
    bandValue: (i) => i.totalPrice,
    price: (i) => i.totalPrice,
    priceFor: round1,
  },
  shop_rent: {
    paths: COMMERCIAL_PATHS.shop_rent,
    bandKey: 'dailyPrice',
    bandValue: (i) => i.dailyRent,
    price: (i) => i.monthlyRent,
    priceFor: (daily, i) => Math.round(daily * i.area * 30),
  },
  offices_rent: {
    paths: COMMERCIAL_PATHS.offices_rent,
    bandKey: 'dailyPrice',
    bandValue: (i) => i.dailyRent,
    price: (i) => i.monthlyRent,
    priceFor: (daily, i) => Math.round(daily * i.area * 30),
  },
};
const inBand = (v: number, b: ConditionBand) => (b.min === null || v >= b.min) && (b.max === null || v < b.max);

describe('a price changed through the API', () => {
  for (const channel of OPS_LISTING_CHANNELS) {
    it(`${channel}: list counts, list and detail answer the new price at once, and the feed names the pages`, async () => {
      const c = CASES[channel];
      const bands = (await answer<Record<string, ConditionBand[]>>(h.app, c.paths.conditions, { cityCode: '110000' }))[
        c.bandKey
      ]!;
      const first = await answer<Page>(h.app, c.paths.list, { cityCode: '110000', pageSize: 50 });
      // The newest priced record: it is also on the home page and its community's page (esf, rent).
      const item = first.list.find((i) => typeof c.bandValue(i) === 'number')!;
      expect(item, channel).toBeDefined();
      const from = bands.find((b) => inBand(c.bandValue(item)!, b))!;
      const to = bands.find((b) => b !== from && b.min !== null && b.max !== null)!;
      const price = c.priceFor((to.min! + to.max!) / 2, item);
      const count = async (band?: ConditionBand) =>
        (await answer<Page>(h.app, c.paths.list, { cityCode: '110000', ...(band ? { [c.bandKey]: [band.code] } : {}) })).total;
      // Counted once before the change, so the counts are kept (a minute) when it comes.
      const [inFrom, inTo, total] = [await count(from), await count(to), await count()];
      const { latest: position } = await feed();

      const res = await ops(channel, item.id, { price });
      expect(res.statusCode, res.body).toBe(200);
      const result = envelope<OpsListingResult>(res).data;
      const tags = [
        cacheTag.list(channel, 'bj'),
        cacheTag.detail(channel, item.id),
        ...(item.communityId ? [cacheTag.detail('estate', item.communityId)] : []),
      ];
      expect(result).toMatchObject({
        channel,
        id: item.id,
        cityCode: '110000',
        cityDomain: 'bj',
        price,
        previousPrice: c.price(item),
        change: { tags },
      });

      expect([await count(from), await count(to), await count()]).toEqual([inFrom - 1, inTo + 1, total]);
      const detail = await answer<Item>(h.app, `${c.paths.detail}/${item.id}`);
      expect(c.price(detail)).toBe(price);
      expect(inBand(c.bandValue(detail)!, to)).toBe(true);
      const listed = (await answer<Page>(h.app, c.paths.list, { cityCode: '110000', pageSize: 50 })).list.find(
        (i) => i.id === item.id,
      )!;
      expect(c.price(listed)).toBe(price);

      const changes = await feed(position);
      expect(changes).toEqual({
        latest: result.change.seq,
        reset: false,
        changes: [{ seq: result.change.seq, tags, at: expect.any(Number) as number }],
      });
    });
  }

  it('esf: the unit price follows the total, on the home page and the community page too', async () => {
    const [item] = (await answer<Page>(h.app, ApiPath.esfList, { cityCode: '110000' })).list;
    const res = await ops('esf', item!.id, { price: 777.7 });
    expect(res.statusCode).toBe(200);
    const detail = await answer<Item & { unitPrice: number }>(h.app, `${ApiPath.esfDetail}/${item!.id}`);
    expect(detail.unitPrice).toBe(Math.round((777.7 * 10_000) / detail.area));
    const home = await answer<HomeData>(h.app, ApiPath.index, { cityCode: '110000' });
    expect(home.esfHot.find((l) => l.id === item!.id)).toMatchObject({ totalPrice: 777.7, unitPrice: detail.unitPrice });
    const community = await answer<EstateDetail>(h.app, `${ApiPath.estateDetail}/${item!.communityId}`);
    expect(community.forSale.find((l) => l.id === item!.id)).toMatchObject({ totalPrice: 777.7 });
  });

  it('rent: the deposit keeps its months at the new rent', async () => {
    const [item] = (await answer<Page>(h.app, ApiPath.rentList, { cityCode: '110000' })).list;
    const before = await answer<Item & { deposit: number }>(h.app, `${ApiPath.rentDetail}/${item!.id}`);
    const months = Math.round(before.deposit / before.monthlyRent!);
    expect(months).toBeGreaterThanOrEqual(1);
    expect((await ops('rent', item!.id, { price: 8800 })).statusCode).toBe(200);
    expect(await answer<Item>(h.app, `${ApiPath.rentDetail}/${item!.id}`)).toMatchObject({
      monthlyRent: 8800,
      deposit: 8800 * months,
    });
  });

  it('new: the project’s suggestion shows its new average price at once', async () => {
    const project = (
      await answer<{ list: (Item & { name: string })[] }>(h.app, ApiPath.newHomeList, { cityCode: '110000' })
    ).list.find((p) => p.avgPrice !== null)!;
    const suggest = () =>
      answer<Suggestion[]>(h.app, ApiPath.recommends, { cityCode: '110000', channelCode: 'new', keyword: project.name });
    expect((await suggest()).find((s) => s.id === project.id)?.describe).toMatch(/均价\d+元\/㎡$/);
    expect((await ops('new', project.id, { price: 123_400 })).statusCode).toBe(200);
    expect((await suggest()).find((s) => s.id === project.id)?.describe).toMatch(/ · 均价123400元\/㎡$/);
  });
});
