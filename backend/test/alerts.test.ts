import fc from 'fast-check';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALERT_DIGEST_INTERVAL_MS,
  ALERT_DUPLICATE,
  ALERT_EVENT_WORDS,
  ALERTS_FULL,
  ALERTS_MAX,
  type AlertDigest,
  type AlertFollow,
  type SavedSearch,
  type SavedSearchList,
} from '@contracts/alerts';
import { cacheTag } from '@contracts/cache-changes';
import { CHANNELS, channelIsOn } from '@contracts/channels';
import { COMMERCIAL_PATHS } from '@contracts/commercial';
import type { ChannelCode } from '@contracts/constants';
import { IM_ASSISTANT_USER_ID, IM_LAYOUT, type ImMessage, type ImThreadList } from '@contracts/im';
import { MAP_FILTER_KEYS } from '@contracts/map-constants';
import { ApiPath } from '@contracts/paths';
import type { OpsEntrustResult } from '@contracts/entrust';
import {
  agents,
  branches,
  cities,
  communities,
  ENTRUST_STATUS,
  entrusts,
  imConversations,
  listingFollows,
  esfListings,
  newProjects,
  savedSearches,
  users,
} from '../src/db/schema';
import { recordChange } from '../src/modules/cache/changes';
import { channelModule } from '../src/modules/listings/channels/registry';
import { DRAWN_AREA, searchesShowing, testRecord } from '../src/modules/alerts/matcher';
import { createAlertsWorker } from '../src/modules/alerts/worker';
import { envelope, nonEmpty, startHarness, type Harness } from './harness';
import { newTestUser, type TestUser } from './support-users';

/**
 * 订阅 and 优居找房助手 (modules/alerts): the saved searches' routes (own rows only, at most 20, Chinese 400s),
 * matching equal to the list (property test: a record matches a saved search exactly when the channel's list call
 * with that search shows it, tested alone and among the stored searches as the worker matches), digests at most once an hour per search on a clock the test moves, pause and delete,
 * and a followed home's price change as a message of the assistant in the chat, once.
 */

const TOKEN = 'alerts-ops-token-0123456789';
let h: Harness;
let bj: { cityCode: string; priceTier: number };

beforeAll(async () => {
  h = await startHarness({ config: { OPS_TOKEN: TOKEN } });
  const [city] = await h.database.db.select().from(cities).where(eq(cities.cityDomain, 'bj'));
  bj = { cityCode: city!.cityCode, priceTier: city!.priceTier };
});
afterAll(() => h?.close());

function call(path: string, payload: Record<string, unknown>, user?: TestUser) {
  return h.app.inject({
    method: 'POST',
    url: path,
    payload,
    headers: { 'content-type': 'application/json', ...(user?.cookie ?? {}) },
  });
}

const esfSearch = (query: Record<string, unknown>, path = '/ershoufang/') => ({
  cityCode: bj.cityCode,
  channel: 'esf',
  query,
  path,
  name: '北京二手房',
});

describe('saved search routes', () => {
  it('saves, lists, pauses and deletes one’s own; a visitor is 401', async () => {
    const user = await newTestUser(h, 13_300_000_000);
    expect((await call(ApiPath.alertSearchAdd, esfSearch({ price: [3] }, '/ershoufang/p3/'))).statusCode).toBe(401);
    const added = await call(ApiPath.alertSearchAdd, esfSearch({ price: [3], page: 2, sort: 1 }, '/ershoufang/p3/'), user);
    expect(added.statusCode, added.body).toBe(200);
    const saved = envelope<SavedSearch>(added).data;
    expect(saved).toMatchObject({ channel: 'esf', path: '/ershoufang/p3/', paused: false, newCount: 0, cityDomain: 'bj' });
    // Page and sort are no conditions: not stored.
    const [row] = await h.database.db.select().from(savedSearches).where(eq(savedSearches.id, saved.id));
    expect(row!.query).toEqual({ price: [3] });
    const again = await call(ApiPath.alertSearchAdd, esfSearch({ price: [3] }, '/ershoufang/p3/'), user);
    expect(again.statusCode).toBe(409);
    expect(envelope(again).msg).toBe(ALERT_DUPLICATE);
    const list = envelope<SavedSearchList>(await call(ApiPath.alertSearches, {}, user)).data;
    expect(list.max).toBe(ALERTS_MAX);
    expect(list.list.map((s) => s.id)).toEqual([saved.id]);
    const paused = await call(ApiPath.alertSearchPause, { savedSearchId: saved.id, paused: true }, user);
    expect(envelope<SavedSearch>(paused).data.paused).toBe(true);
    const deleted = await call(ApiPath.alertSearchDelete, { savedSearchId: saved.id }, user);
    expect(deleted.statusCode).toBe(200);
    expect(envelope<SavedSearchList>(await call(ApiPath.alertSearches, {}, user)).data.list).toEqual([]);
    expect((await call(ApiPath.alertSearchDelete, { savedSearchId: saved.id }, user)).statusCode).toBe(404);
  });

  it('refuses what is no list of the channel, in Chinese', async () => {
    const user = await newTestUser(h, 13_300_000_000);
    const cases: [Record<string, unknown>, RegExp][] = [
      [esfSearch({ grade: [1] }), /^query\.grade: 不是二手房列表的条件$/],
      [esfSearch({ price: [99] }), /^query\.price\.0: 不是二手房列表的条件$/],
      [esfSearch({}, '/zufang/'), /^path: 不是二手房的列表地址$/],
      [esfSearch({}, '/ershoufang/xiangqing/1/'), /^path: /],
      [esfSearch({}, 'https://evil.example/'), /^path: 不是列表地址$/],
      [{ ...esfSearch({}), channel: 'villa' }, /^channel: 频道不存在$/],
      [{ ...esfSearch({}), name: '' }, /^name: 订阅名称须为1-80个字$/],
    ];
    for (const [payload, message] of cases) {
      const res = await call(ApiPath.alertSearchAdd, payload, user);
      expect(res.statusCode, res.body).toBe(400);
      expect(envelope(res).msg).toMatch(message);
    }
    expect((await call(ApiPath.alertSearchAdd, { ...esfSearch({}), cityCode: '999999' }, user)).statusCode).toBe(404);
  });

  it(`keeps at most ${ALERTS_MAX} a user, also when saved at once`, async () => {
    const user = await newTestUser(h, 13_300_000_000);
    const tries = Array.from({ length: ALERTS_MAX + 3 }, (_, i) =>
      call(
        ApiPath.alertSearchAdd,
        esfSearch(
          { area: [1 + (i % 7)], rooms: [1 + Math.floor(i / 7)] },
          `/ershoufang/a${1 + (i % 7)}l${1 + Math.floor(i / 7)}/`,
        ),
        user,
      ),
    );
    const answers = await Promise.all(tries);
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(ALERTS_MAX);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(3);
    for (const r of refused) expect(envelope(r).msg).toBe(ALERTS_FULL);
  });

  it('never shows or changes another user’s search: 404 as for none', async () => {
    const a = await newTestUser(h, 13_300_000_000);
    const b = await newTestUser(h, 13_300_000_000);
    const saved = envelope<SavedSearch>(await call(ApiPath.alertSearchAdd, esfSearch({ rooms: [2] }, '/ershoufang/l2/'), a)).data;
    for (const [path, extra] of [
      [ApiPath.alertSearchPause, { paused: true }],
      [ApiPath.alertSearchDelete, {}],
      [ApiPath.alertSearchSeen, {}],
    ] as const) {
      const theirs = await call(path, { savedSearchId: saved.id, ...extra }, b);
      const none = await call(path, { savedSearchId: 2_000_000_000, ...extra }, b);
      expect(theirs.statusCode).toBe(404);
      expect(envelope(theirs).msg.replace(String(saved.id), '#')).toBe(envelope(none).msg.replace('2000000000', '#'));
    }
    expect(envelope<SavedSearchList>(await call(ApiPath.alertSearches, {}, b)).data.list).toEqual([]);
    const [row] = await h.database.db.select().from(savedSearches).where(eq(savedSearches.id, saved.id));
    expect(row!.paused).toBe(false);
  });
});

const LIST_PATH: Record<ChannelCode, string> = {
  esf: ApiPath.esfList,
  rent: ApiPath.rentList,
  new: ApiPath.newHomeList,
  estate: ApiPath.estateList,
  shop_sale: COMMERCIAL_PATHS.shop_sale.list,
  shop_rent: COMMERCIAL_PATHS.shop_rent.list,
  offices_sale: COMMERCIAL_PATHS.offices_sale.list,
  offices_rent: COMMERCIAL_PATHS.offices_rent.list,
};

/** The ids a paged call lists for `body` (up to `pages` pages of 50), or null when it refuses it. */
async function pagedIds(url: string, body: Record<string, unknown>, pages: number) {
  const ids: number[] = [];
  let total = 0;
  for (let page = 1; page <= pages; page++) {
    const res = await h.app.inject({ method: 'POST', url, payload: { ...body, page, pageSize: 50 } });
    if (res.statusCode !== 200) return null;
    const data = envelope<{ total: number; list: { id: number }[] }>(res).data;
    total = data.total;
    ids.push(...data.list.map((i) => i.id));
    if (ids.length >= total) break;
  }
  return { ids, total };
}

const listIds = (channel: ChannelCode, cityCode: string, query: Record<string, unknown>, pages: number) =>
  pagedIds(LIST_PATH[channel], { ...query, cityCode }, pages);

describe('matching equals the list', () => {
  const channels = Object.keys(CHANNELS) as ChannelCode[];
  for (const channel of channels) {
    it(`${channel}: a record matches a random saved search exactly when the list with it shows the record`, async () => {
      const db = h.database.db;
      const [city] = (await db.select().from(cities)).filter((c) => channelIsOn(c, channel) && c.cityCode === bj.cityCode);
      expect(city, `bj has ${channel}`).toBeDefined();
      const t = channelModule(channel).table;
      const records = nonEmpty(
        (await db.select({ id: t.id, districtId: t.districtId }).from(t).where(eq(t.cityCode, city!.cityCode)).orderBy(t.id)) as {
          id: number;
          districtId: number;
        }[],
        `${channel} records of bj`,
      );
      const filters = CHANNELS[channel].filters.filter((f) => !f.bound);
      const owner = await newTestUser(h, 13_300_000_000);
      const queryArb = fc.record({
        district: fc.option(fc.constantFrom(...records.map((r) => r.districtId)), { nil: undefined }),
        chosen: fc.array(
          fc.record({
            f: fc.integer({ min: 0, max: filters.length - 1 }),
            codes: fc.uniqueArray(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 2 }),
          }),
          { maxLength: 3 },
        ),
      });
      let shownChecked = 0;
      let hiddenChecked = 0;
      await fc.assert(
        fc.asyncProperty(queryArb, fc.array(fc.nat(records.length - 1), { minLength: 4, maxLength: 4 }), async (q, picks) => {
          const query: Record<string, unknown> = {};
          if (q.district !== undefined) query.districtId = q.district;
          for (const { f, codes } of q.chosen) {
            const filter = filters[f]!;
            query[filter.key] = codes.filter((c) => c <= filter.max);
            if ((query[filter.key] as number[]).length === 0) delete query[filter.key];
          }
          const listed = await listIds(channel, city!.cityCode, query, 6);
          if (!listed) return; // a combination the list refuses is no list to save
          const complete = listed.ids.length >= listed.total;
          // The query as a saved search of its own, matched as the worker does (searchesShowing: its candidates and
          // their parts in one statement); and testRecord with it as the only candidate: both must say the list's word.
          const [saved] = await db
            .insert(savedSearches)
            .values({
              userId: owner.id,
              channel,
              cityCode: city!.cityCode,
              districtId: (query.districtId as number | undefined) ?? null,
              query,
              path: CHANNELS[channel].listPath,
              name: 'property',
            })
            .returning({ id: savedSearches.id });
          const test = async (id: number) => {
            const alone = (await testRecord(db, channel, id, city!.cityCode, [{ id: 1, query }])).length === 1;
            const among = (await searchesShowing(db, channel, id)).includes(saved!.id);
            expect(among, `${channel} ${JSON.stringify(query)} record ${id} among the searches`).toBe(alone);
            return alone;
          };
          try {
            // Everything the list shows matches (the first page of it).
            for (const id of listed.ids.slice(0, 5)) {
              expect(await test(id), `${channel} ${JSON.stringify(query)} shows ${id}`).toBe(true);
              shownChecked++;
            }
            // Records of the city: match exactly when in the (complete) list.
            if (!complete) return;
            const shown = new Set(listed.ids);
            for (const p of picks) {
              const id = records[p]!.id;
              expect(await test(id), `${channel} ${JSON.stringify(query)} record ${id}`).toBe(shown.has(id));
              if (!shown.has(id)) hiddenChecked++;
            }
          } finally {
            await db.delete(savedSearches).where(eq(savedSearches.id, saved!.id));
          }
        }),
        { numRuns: 12, seed: 20261127 },
      );
      // Not vacuous: both directions were checked.
      expect(shownChecked).toBeGreaterThan(0);
      expect(hiddenChecked).toBeGreaterThan(0);
    }, 120_000);
  }
});

/** A new 二手房 record of bj in the district, listed now, announced on the change feed as a publication is. */
async function publishHome(districtId: number, totalPrice: number): Promise<number> {
  const db = h.database.db;
  const [model] = await db
    .select()
    .from(esfListings)
    .where(and(eq(esfListings.cityCode, bj.cityCode), eq(esfListings.districtId, districtId)))
    .limit(1);
  const rest: Partial<typeof esfListings.$inferSelect> & typeof esfListings.$inferInsert = { ...model! };
  delete rest.id;
  const [row] = await db
    .insert(esfListings)
    .values({
      ...rest,
      totalPrice,
      unitPrice: Math.round((totalPrice * 10_000) / rest.area),
      listedAt: new Date(),
      listingNo: `T${Date.now()}`,
    })
    .returning({ id: esfListings.id });
  await recordChange(db, [cacheTag.list('esf', 'bj'), cacheTag.detail('esf', row!.id)]);
  return row!.id;
}

async function assistantMessages(user: TestUser): Promise<ImMessage[]> {
  const res = await h.app.inject({
    method: 'GET',
    url: `${ApiPath.imHistory}?targetId=${IM_ASSISTANT_USER_ID}&limit=100`,
    headers: user.cookie,
  });
  expect(res.statusCode, res.body).toBe(200);
  return envelope<{ list: ImMessage[] }>(res).data.list;
}

/** A simple ring round a point: corners at sorted angles (a star-shaped polygon never crosses itself), 5 decimals. */
function ringAround(lng: number, lat: number, radii: number[], turn: number): [number, number][] {
  return radii.map((r, i) => {
    const a = turn + (2 * Math.PI * i) / radii.length;
    return [Math.round((lng + r * Math.cos(a)) * 1e5) / 1e5, Math.round((lat + r * Math.sin(a)) * 1e5) / 1e5];
  });
}

/** The ids POST /v1/ditu/area lists for a polygon and filters (every page), or null when it refuses them. */
const areaIds = (channel: 'esf' | 'rent' | 'new', cityCode: string, points: number[][], filters: Record<string, unknown>) =>
  pagedIds(ApiPath.mapArea, { cityCode, channelCode: channel, points, filters }, 20);

describe('a drawn area (画圈找房) as a saved search', () => {
  const areaSearch = (area: unknown, query: Record<string, unknown> = {}, channel = 'esf') => ({
    cityCode: bj.cityCode,
    channel,
    query,
    area,
    name: '北京二手房 · 画圈区域 · 约4平方公里',
  });
  let centre: { lng: number; lat: number };
  beforeAll(async () => {
    const [city] = await h.database.db.select().from(cities).where(eq(cities.cityCode, bj.cityCode));
    centre = { lng: city!.lng, lat: city!.lat };
  });

  it('stores the polygon with the map’s filters and makes the map’s address with the area drawn', async () => {
    const user = await newTestUser(h, 13_300_000_000);
    const ring = ringAround(centre.lng, centre.lat, [0.01, 0.012, 0.01, 0.012], 0.3);
    expect((await call(ApiPath.alertSearchAdd, areaSearch(ring, { price: 3 }))).statusCode).toBe(401);
    const added = await call(ApiPath.alertSearchAdd, areaSearch(ring, { price: 3, page: 2 }), user);
    expect(added.statusCode, added.body).toBe(200);
    const saved = envelope<SavedSearch>(added).data;
    const corners = ring.map(([x, y]) => `${x.toFixed(5)},${y.toFixed(5)}`).join(';');
    expect(saved.path).toBe(`/map?type=0&price=3&drawn=${corners}`);
    expect(saved.name).toBe('北京二手房 · 画圈区域 · 约4平方公里');
    const [row] = await h.database.db.select().from(savedSearches).where(eq(savedSearches.id, saved.id));
    expect(row!.query).toEqual({ price: [3], [DRAWN_AREA]: ring });
    expect(row!.districtId).toBeNull();
    // The same area and filters again: the same search (more decimals than the map keeps make no other one).
    const finer = ring.map(([x, y]) => [x + 0.000001, y - 0.000001]);
    const again = await call(ApiPath.alertSearchAdd, areaSearch(finer, { price: [3] }), user);
    expect(again.statusCode).toBe(409);
    expect(envelope(again).msg).toBe(ALERT_DUPLICATE);
    // Another user's: not in their list, not theirs to pause or delete, and no duplicate of theirs.
    const other = await newTestUser(h, 13_300_000_000);
    expect(envelope<SavedSearchList>(await call(ApiPath.alertSearches, {}, other)).data.list).toEqual([]);
    expect((await call(ApiPath.alertSearchPause, { savedSearchId: saved.id, paused: true }, other)).statusCode).toBe(404);
    expect((await call(ApiPath.alertSearchDelete, { savedSearchId: saved.id }, other)).statusCode).toBe(404);
    expect((await call(ApiPath.alertSearchAdd, areaSearch(ring, { price: 3 }), other)).statusCode).toBe(200);
    const [still] = await h.database.db.select().from(savedSearches).where(eq(savedSearches.id, saved.id));
    expect(still!.paused).toBe(false);
  });

  it('refuses a polygon as the area search refuses it (one rule), and what the map cannot draw, in Chinese', async () => {
    const user = await newTestUser(h, 13_300_000_000);
    const { lng, lat } = centre;
    const polygons: number[][][] = [
      [
        [lng, lat],
        [lng + 0.01, lat],
      ],
      Array.from({ length: 101 }, (_, i) => [lng + 0.01 * Math.cos(i / 16), lat + 0.01 * Math.sin(i / 16)]),
      ringAround(lng + 20, lat, [0.01, 0.01, 0.01], 0),
      ringAround(lng, lat, [0.3, 0.3, 0.3, 0.3], 0),
      [
        [lng, lat],
        [lng + 0.02, lat + 0.02],
        [lng + 0.02, lat],
        [lng, lat + 0.02],
      ],
      [
        [lng, lat],
        [lng + 0.01, lat],
        ['x', lat],
      ] as unknown as number[][],
    ];
    for (const points of polygons) {
      const searched = await h.app.inject({
        method: 'POST',
        url: ApiPath.mapArea,
        payload: { cityCode: bj.cityCode, channelCode: 'esf', points },
      });
      const saved = await call(ApiPath.alertSearchAdd, areaSearch(points), user);
      expect(searched.statusCode, searched.body).toBe(400);
      expect(saved.statusCode, saved.body).toBe(400);
      // The same words, whichever field names it (`points` there, `area` here).
      expect(envelope(saved).msg.replace(/\barea\b/g, '')).toBe(envelope(searched).msg.replace(/\bpoints\b/g, ''));
    }
    const ring = ringAround(lng, lat, [0.01, 0.01, 0.01], 0);
    const cases: [Record<string, unknown>, RegExp][] = [
      [areaSearch(ring, { districtId: 1 }), /^query\.districtId: 不是地图找房的筛选条件$/],
      [areaSearch(ring, { price: [3, 4] }), /^query\.price: 不是地图找房的筛选条件$/],
      [areaSearch(ring, { price: 99 }), /^query\.price\.0: 不是二手房列表的条件$/],
      [areaSearch(ring, {}, 'estate'), /^area: 画圈区域只能订阅二手房、新房或租房$/],
      [{ ...areaSearch(ring), path: '/ershoufang/' }, /^path: 须给出列表地址 path 或画圈区域 area 之一$/],
      [{ ...esfSearch({}), path: undefined }, /^path: 须给出列表地址 path 或画圈区域 area 之一$/],
    ];
    for (const [payload, message] of cases) {
      const res = await call(ApiPath.alertSearchAdd, payload, user);
      expect(res.statusCode, res.body).toBe(400);
      expect(envelope(res).msg).toMatch(message);
    }
    expect(envelope<SavedSearchList>(await call(ApiPath.alertSearches, {}, user)).data.list).toEqual([]);
  });

  for (const channel of ['esf', 'rent', 'new'] as const) {
    it(`${channel}: a record matches a drawn area exactly when the area search with its filters lists it`, async () => {
      const db = h.database.db;
      const t = channelModule(channel).table;
      const records = nonEmpty(
        (await db.select({ id: t.id }).from(t).where(eq(t.cityCode, bj.cityCode)).orderBy(t.id)) as { id: number }[],
        `${channel} records of bj`,
      );
      // Areas round places that have homes (communities; 新房: projects), so that most lists are not empty.
      const places = nonEmpty(
        channel === 'new'
          ? await db
              .select({ lng: newProjects.lng, lat: newProjects.lat })
              .from(newProjects)
              .where(eq(newProjects.cityCode, bj.cityCode))
          : await db
              .selectDistinct({ lng: communities.lng, lat: communities.lat })
              .from(t)
              .innerJoin(communities, eq(communities.id, t.communityId!))
              .where(eq(t.cityCode, bj.cityCode)),
        `${channel} places of bj`,
      );
      const keys = MAP_FILTER_KEYS[channel];
      const arb = fc.record({
        place: fc.nat(places.length - 1),
        radii: fc.array(fc.integer({ min: 200, max: 4000 }), { minLength: 3, maxLength: 9 }),
        turn: fc.integer({ min: 0, max: 628 }),
        filters: fc.array(fc.record({ k: fc.nat(keys.length - 1), code: fc.integer({ min: 1, max: 6 }) }), { maxLength: 2 }),
        picks: fc.array(fc.nat(records.length - 1), { minLength: 4, maxLength: 4 }),
      });
      let shownChecked = 0;
      let hiddenChecked = 0;
      await fc.assert(
        fc.asyncProperty(arb, async (x) => {
          const at = places[x.place]!;
          const ring = ringAround(
            at.lng,
            at.lat,
            x.radii.map((r) => r / 100_000),
            x.turn / 100,
          );
          const filters: Record<string, number[]> = {};
          for (const f of x.filters) filters[keys[f.k]!] = [f.code];
          const listed = await areaIds(channel, bj.cityCode, ring, filters);
          if (!listed) return; // an area or a filter the search refuses is no search to save
          const query = { ...filters, [DRAWN_AREA]: ring };
          const test = async (id: number) => (await testRecord(db, channel, id, bj.cityCode, [{ id: 1, query }])).length === 1;
          for (const id of listed.ids.slice(0, 5)) {
            expect(await test(id), `${channel} ${JSON.stringify(query)} lists ${id}`).toBe(true);
            shownChecked++;
          }
          if (listed.ids.length < listed.total) return;
          const shown = new Set(listed.ids);
          // Records of the city, and the neighbours of a listed one (near the edge, in or out).
          const near = listed.ids.slice(0, 2).flatMap((id) => [id - 1, id + 1]);
          for (const id of [...x.picks.map((p) => records[p]!.id), ...near]) {
            expect(await test(id), `${channel} ${JSON.stringify(query)} record ${id}`).toBe(shown.has(id));
            if (!shown.has(id)) hiddenChecked++;
          }
        }),
        { numRuns: 12, seed: 20261128 },
      );
      expect(shownChecked).toBeGreaterThan(0);
      expect(hiddenChecked).toBeGreaterThan(0);
    }, 120_000);
  }
});

describe('digests and followed homes', () => {
  it('delivers a digest of new homes at most once an hour per search, none while paused, none after delete', async () => {
    const db = h.database.db;
    let now = Date.now();
    const worker = createAlertsWorker(db, h.app.im, h.app.log, { now: () => now });
    await worker.tick(); // the worker's feed position starts at the feed's end
    const user = await newTestUser(h, 13_300_000_000);
    const [home] = await db
      .select({ districtId: esfListings.districtId })
      .from(esfListings)
      .where(eq(esfListings.cityCode, bj.cityCode))
      .limit(1);
    const districtId = home!.districtId;
    const saved = envelope<SavedSearch>(
      await call(
        ApiPath.alertSearchAdd,
        { ...esfSearch({ districtId }, `/ershoufang/d${districtId}/`), name: '北京二手房 · 测试区' },
        user,
      ),
    ).data;
    // Another district's home is not for this search (its index range is not even read).
    const [other] = await db
      .select({ districtId: esfListings.districtId })
      .from(esfListings)
      .where(and(eq(esfListings.cityCode, bj.cityCode), sql`${esfListings.districtId} <> ${districtId}`))
      .limit(1);
    await publishHome(other!.districtId, 300);
    const first = await publishHome(districtId, 300);
    await worker.tick();
    let messages = await assistantMessages(user);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.layout).toBe(IM_LAYOUT.ALERT_DIGEST);
    const digest = messages[0]!.content.layoutDetail as AlertDigest;
    expect(digest.homes.map((x) => x.listingId)).toEqual([first]);
    expect(digest.homes[0]).toMatchObject({ priceText: '300万', pcUrl: `/ershoufang/xiangqing/${first}` });
    expect(messages[0]!.content.reason).toBe('您订阅了「北京二手房 · 测试区」，有新房源符合条件');
    // The thread list has the assistant, with the unread count.
    const threads = envelope<ImThreadList>(
      await h.app.inject({ method: 'GET', url: ApiPath.imConversations, headers: user.cookie }),
    ).data;
    const assistant = threads.list.find((t) => t.target.userId === IM_ASSISTANT_USER_ID);
    expect(assistant).toMatchObject({ unRead: 1, target: { agentName: '优居找房助手' } });
    // 我的订阅 counts it as new until seen.
    let list = envelope<SavedSearchList>(await call(ApiPath.alertSearches, {}, user)).data;
    expect(list.list[0]!.newCount).toBe(1);
    await call(ApiPath.alertSearchSeen, { savedSearchId: saved.id }, user);
    list = envelope<SavedSearchList>(await call(ApiPath.alertSearches, {}, user)).data;
    expect(list.list[0]!.newCount).toBe(0);

    // Two more within the hour: held back, then one digest of both once the hour is over.
    const second = await publishHome(districtId, 310);
    const third = await publishHome(districtId, 320);
    now += ALERT_DIGEST_INTERVAL_MS - 60_000;
    await worker.tick();
    expect(await assistantMessages(user)).toHaveLength(1);
    now += 60_000;
    await worker.tick();
    await worker.tick();
    messages = await assistantMessages(user);
    expect(messages).toHaveLength(2);
    expect((messages[1]!.content.layoutDetail as AlertDigest).homes.map((x) => x.listingId).sort()).toEqual(
      [second, third].sort(),
    );

    // Paused: nothing matched, nothing sent; deleted: the same.
    await call(ApiPath.alertSearchPause, { savedSearchId: saved.id, paused: true }, user);
    await publishHome(districtId, 330);
    now += 2 * ALERT_DIGEST_INTERVAL_MS;
    await worker.tick();
    expect(await assistantMessages(user)).toHaveLength(2);
    await call(ApiPath.alertSearchPause, { savedSearchId: saved.id, paused: false }, user);
    await call(ApiPath.alertSearchDelete, { savedSearchId: saved.id }, user);
    await publishHome(districtId, 340);
    now += 2 * ALERT_DIGEST_INTERVAL_MS;
    await worker.tick();
    expect(await assistantMessages(user)).toHaveLength(2);
  });

  it('tells a follower of a price cut with old and new price and the change in %, once; a user cannot write to the assistant', async () => {
    const db = h.database.db;
    const worker = createAlertsWorker(db, h.app.im, h.app.log);
    await worker.tick();
    const user = await newTestUser(h, 13_300_000_000);
    const bystander = await newTestUser(h, 13_300_000_000);
    const [home] = await db
      .select({ id: esfListings.id, totalPrice: esfListings.totalPrice })
      .from(esfListings)
      .where(eq(esfListings.cityCode, bj.cityCode))
      .orderBy(esfListings.id)
      .limit(1);
    const follow = await call(ApiPath.listingFollow, { businessType: 1, listingId: home!.id, follow: true }, user);
    expect(follow.statusCode, follow.body).toBe(200);
    const cut = Math.round(home!.totalPrice * 0.9);
    const res = await h.app.inject({
      method: 'POST',
      url: `${ApiPath.opsListing}/esf/${home!.id}`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      payload: JSON.stringify({ price: cut }),
    });
    expect(res.statusCode, res.body).toBe(200);
    await worker.tick();
    await worker.tick();
    const messages = await assistantMessages(user);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.layout).toBe(IM_LAYOUT.ALERT_FOLLOW);
    const detail = messages[0]!.content.layoutDetail as AlertFollow;
    expect(detail).toMatchObject({
      event: 'price_down',
      listingId: home!.id,
      oldPriceText: `${Math.round(home!.totalPrice * 100) / 100}万`,
      newPriceText: `${cut}万`,
    });
    expect(detail.percent).toBeCloseTo(((cut - home!.totalPrice) / home!.totalPrice) * 100, 0);
    expect(String(messages[0]!.content.reason)).toMatch(/^您关注了「/);
    // Nobody else hears of it.
    expect(await assistantMessages(bystander)).toEqual([]);
    // The assistant takes no messages.
    const sent = await h.app.inject({
      method: 'POST',
      url: ApiPath.imMessage,
      headers: { 'content-type': 'application/json', ...user.cookie },
      payload: { targetId: [IM_ASSISTANT_USER_ID], content: JSON.stringify({ layout: 101, msgDetail: '你好' }) },
    });
    expect(sent.statusCode).toBeGreaterThanOrEqual(400);
    expect(sent.statusCode).toBeLessThan(500);
    // Unfollowed, a later change is not told.
    await call(ApiPath.listingFollow, { businessType: 1, listingId: home!.id, follow: false }, user);
    await h.app.inject({
      method: 'POST',
      url: `${ApiPath.opsListing}/esf/${home!.id}`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      payload: JSON.stringify({ price: cut + 10 }),
    });
    await worker.tick();
    expect(await assistantMessages(user)).toHaveLength(1);
  });

  it('tells a follower that a followed home was sold (已成交), once, and nobody else', async () => {
    const db = h.database.db;
    const worker = createAlertsWorker(db, h.app.im, h.app.log);
    await worker.tick();
    const owner = await newTestUser(h, 13_300_000_000);
    const follower = await newTestUser(h, 13_300_000_000);
    const [home] = await db
      .select()
      .from(esfListings)
      .where(eq(esfListings.cityCode, bj.cityCode))
      .orderBy(esfListings.id)
      .limit(1)
      .offset(5);
    await call(ApiPath.listingFollow, { businessType: 1, listingId: home!.id, follow: true }, follower);
    // The owner's entrust of it, then taken off the site as sold (what house/publish.ts takeDown does).
    await db.insert(entrusts).values({
      userId: owner.id,
      businessType: 1,
      cityCode: home!.cityCode,
      communityId: home!.communityId,
      building: '1号楼',
      unit: '1单元',
      room: '0101',
      area: home!.area,
      rooms: home!.rooms,
      halls: home!.halls,
      baths: home!.baths,
      floor: 3,
      totalFloors: 6,
      orientation: '南',
      decoration: '精装',
      price: home!.totalPrice,
      contactName: '卖先生',
      photos: [],
      brandIds: [],
      status: ENTRUST_STATUS.SOLD,
      listingId: home!.id,
    });
    await db.delete(esfListings).where(eq(esfListings.id, home!.id));
    await recordChange(db, [cacheTag.list('esf', 'bj'), cacheTag.detail('esf', home!.id)]);
    await worker.tick();
    await worker.tick();
    const messages = await assistantMessages(follower);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.content.layoutDetail).toMatchObject({ event: 'sold', listingId: home!.id, oldPriceText: null });
    expect(await assistantMessages(owner)).toEqual([]);
  });

  it('tells a follower that a followed home was taken down by its owner (下架), once, saying why, and nobody else', async () => {
    const db = h.database.db;
    const worker = createAlertsWorker(db, h.app.im, h.app.log);
    await worker.tick();
    const owner = await newTestUser(h, 13_300_000_000);
    const follower = await newTestUser(h, 13_300_000_000);
    // The owner's entrust of a 北京 community a brand serves, published by an operator (npm run ops -- entrust accept).
    const [community] = await db
      .select({ id: communities.id, name: communities.name, avgPrice: communities.avgPrice, brandId: branches.brandId })
      .from(communities)
      .innerJoin(branches, eq(branches.businessAreaId, communities.businessAreaId))
      .innerJoin(agents, and(eq(agents.branchId, branches.id), eq(agents.status, 1)))
      .where(and(eq(communities.cityCode, bj.cityCode), sql`${communities.avgPrice} > 0`))
      .orderBy(communities.id)
      .limit(1);
    const [entrust] = await db
      .insert(entrusts)
      .values({
        userId: owner.id,
        businessType: 1,
        cityCode: bj.cityCode,
        communityId: community!.id,
        building: '2号楼',
        unit: '1单元',
        room: '0802',
        area: 89.5,
        rooms: 2,
        halls: 1,
        baths: 1,
        floor: 8,
        totalFloors: 18,
        orientation: '南北',
        decoration: '精装',
        price: Math.round((community!.avgPrice! * 89.5) / 10_000),
        contactName: '张先生',
        photos: [],
        brandIds: [community!.brandId],
        status: ENTRUST_STATUS.REVIEWING,
      })
      .returning({ id: entrusts.id });
    const accepted = await h.app.inject({
      method: 'POST',
      url: `${ApiPath.opsEntrust}/${entrust!.id}`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      payload: JSON.stringify({ action: 'accept' }),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const listingId = envelope<OpsEntrustResult>(accepted).data.listingId!;
    await worker.tick();
    expect((await call(ApiPath.listingFollow, { businessType: 1, listingId, follow: true }, follower)).statusCode).toBe(200);
    // The owner takes it off the site in 卖房管理.
    const down = await call(ApiPath.houseOffline, { entrustId: entrust!.id }, owner);
    expect(down.statusCode, down.body).toBe(200);
    await worker.tick();
    await worker.tick();
    const messages = await assistantMessages(follower);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.layout).toBe(IM_LAYOUT.ALERT_FOLLOW);
    const detail = messages[0]!.content.layoutDetail as AlertFollow;
    // The card names what happened (下架: the card's word for the event) and the home as its owner entrusted it.
    expect(detail).toMatchObject({
      event: 'offline',
      listingId,
      title: `${community!.name} 2室1厅 89.5㎡`,
      oldPriceText: null,
      newPriceText: null,
      percent: null,
    });
    expect(ALERT_EVENT_WORDS[detail.event]).toBe('已下架');
    // …and why it came: the home is one the user follows.
    expect(messages[0]!.content.reason).toBe(`您关注了「${community!.name} 2室1厅 89.5㎡」`);
    expect(await assistantMessages(owner)).toEqual([]);
    await worker.tick();
    expect(await assistantMessages(follower)).toHaveLength(1);
  });

  it('stores a batch of the assistant’s messages once each, each user’s in order, and pushes only what is new', async () => {
    const a = await newTestUser(h, 13_300_000_000);
    const b = await newTestUser(h, 13_300_000_000);
    const digest = (name: string): AlertDigest => ({
      savedSearchId: 0,
      name,
      channel: 'esf',
      cityDomain: 'bj',
      path: '/ershoufang/',
      homes: [],
      total: 0,
    });
    const notice = (user: TestUser, name: string) => ({
      userId: user.id,
      content: { layout: IM_LAYOUT.ALERT_DIGEST, layoutDetail: digest(name), reason: `batch ${name}` },
      clientMsgId: `batch-${user.id}-${name}`,
    });
    const first = await h.app.im.notifyMany([notice(a, 'a1'), notice(b, 'b1'), notice(a, 'a2')]);
    expect(first.map((m) => m?.seq)).toEqual([1, 1, 2]);
    // Again with one new: the ones stored before answer null (not stored, not pushed again), the new one follows.
    const again = await h.app.im.notifyMany([notice(a, 'a2'), notice(a, 'a3')]);
    expect(again[0]).toBeNull();
    expect(again[1]).toMatchObject({ seq: 3, receiverId: a.id });
    expect((await assistantMessages(a)).map((m) => m.content.reason)).toEqual(['batch a1', 'batch a2', 'batch a3']);
    expect((await assistantMessages(b)).map((m) => m.content.reason)).toEqual(['batch b1']);
    const threads = envelope<ImThreadList>(
      await h.app.inject({ method: 'GET', url: ApiPath.imConversations, headers: a.cookie }),
    ).data;
    expect(threads.list.find((t) => t.target.userId === IM_ASSISTANT_USER_ID)).toMatchObject({ unRead: 3, lastSeq: 3 });
  });

  it('stops with the user: a deleted user’s searches and conversation go', async () => {
    const db = h.database.db;
    const user = await newTestUser(h, 13_300_000_000);
    await call(ApiPath.alertSearchAdd, esfSearch({ rooms: [3] }, '/ershoufang/l3/'), user);
    await db.insert(listingFollows).values({ userId: user.id, businessType: 1, listingId: 1 });
    await db.delete(users).where(eq(users.id, user.id));
    expect(await db.select().from(savedSearches).where(eq(savedSearches.userId, user.id))).toEqual([]);
    expect(await db.select().from(imConversations).where(eq(imConversations.userId, user.id))).toEqual([]);
  });
});
