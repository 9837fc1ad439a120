import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENTRUST_LIMITS,
  ENTRUST_MESSAGES,
  ENTRUST_PAGE_SIZE,
  ENTRUST_STATUSES,
  ENTRUST_SUBMIT_LIMIT,
  type Entrust,
  type EntrustCompany,
  type EntrustPage,
  type EntrustStatus,
} from '@contracts/entrust';
import { homeDealOf } from '@contracts/channel-sections';
import { ApiPath } from '@contracts/paths';
import { userUploadPrefix } from '@contracts/upload';
import { ownerNames } from '../src/modules/uploads/owner-names';
import { cities, communities, entrusts, sessions, uploads, users } from '../src/db/schema';
import { envelope, startHarness, type Harness } from './harness';

/** 我要卖房 / 我要出租 and 委托管理 (spec §2 Personal centre): add, update, withdraw, detail, mine, company. */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

let nextMobile = 13_916_000_000;
interface TestUser {
  id: number;
  auth: Record<string, string>;
}
/** A logged-in user of its own (a row and a session, as a login makes them). */
async function newUser(): Promise<TestUser> {
  const mobile = String(nextMobile++);
  const [user] = await h.database.db.insert(users).values({ mobile }).returning({ id: users.id });
  const token = randomBytes(32).toString('base64url');
  await h.database.db.insert(sessions).values({
    tokenHash: createHash('sha256').update(token).digest('hex'),
    userId: user!.id,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return { id: user!.id, auth: { authorization: `Bearer ${token}` } };
}

/** Uploads of the user, as the upload callback records them (its own test covers the bytes). */
async function photosOf(user: TestUser, n = 2, dir = 'ub/entrust'): Promise<string[]> {
  const keys = Array.from(
    { length: n },
    () => `${userUploadPrefix(dir, ownerNames(h.config.KEY_SECRET).folder(user.id))}${randomBytes(12).toString('hex')}.jpg`,
  );
  await h.database.db.insert(uploads).values(
    keys.map((key) => ({
      userId: user.id,
      key,
      suffix: 'jpg',
      size: 1000,
      md5: '0'.repeat(32),
      width: 800,
      height: 600,
      thumbKey: key.replace('.jpg', '_thumb.jpg'),
    })),
  );
  return keys;
}

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers });

interface Place {
  communityId: number;
  brandIds: number[];
}
/** Communities of cities with both channels on whose business area has a brand with agents at work. */
async function servedCommunities(n: number): Promise<Place[]> {
  const rows = await h.database.db.execute<{ community_id: number; brand_ids: number[] }>(sql`
    select c.id as community_id, array_agg(distinct b.brand_id order by b.brand_id) as brand_ids
    from communities c
    join cities ci on ci.city_code = c.city_code and ci.is_esf = 1 and ci.is_rent = 1
    join branches b on b.business_area_id = c.business_area_id and b.city_code = c.city_code
    join agents a on a.branch_id = b.id and a.status = 1
    group by c.id order by c.id limit ${n}`);
  const list = (rows as unknown as { rows?: typeof rows }).rows ?? rows;
  return (list as unknown as Array<{ community_id: number; brand_ids: number[] }>).map((r) => ({
    communityId: Number(r.community_id),
    brandIds: r.brand_ids.map(Number),
  }));
}

/** A brand with no agent at work in the community's business area. */
async function foreignBrand(communityId: number): Promise<number> {
  const rows = await h.database.db.execute<{ id: number }>(sql`
    select br.id from brands br where not exists (
      select 1 from branches b join agents a on a.branch_id = b.id and a.status = 1
      join communities c on c.business_area_id = b.business_area_id and c.city_code = b.city_code
      where b.brand_id = br.id and c.id = ${communityId}) order by br.id limit 1`);
  const list = ((rows as unknown as { rows?: unknown[] }).rows ?? rows) as Array<{ id: number }>;
  return Number(list[0]!.id);
}

let places: Place[];
beforeAll(async () => {
  places = await servedCommunities(12);
  expect(places.length).toBeGreaterThanOrEqual(12);
});

const sell = (place: Place, photos: string[], extra: Record<string, unknown> = {}) => ({
  businessType: 1,
  communityId: place.communityId,
  building: '3号楼',
  unit: '2单元',
  room: '1201',
  area: 89.5,
  rooms: 2,
  halls: 1,
  baths: 1,
  floor: 12,
  totalFloors: 18,
  orientation: '南北',
  decoration: '精装',
  price: 560.5,
  contactName: '王先生',
  description: '南北通透，近地铁',
  photos,
  brandIds: [place.brandIds[0]!],
  ...extra,
});
const rent = (place: Place, photos: string[], extra: Record<string, unknown> = {}) => ({
  ...sell(place, photos),
  businessType: 2,
  price: 6500,
  rentType: 1,
  payment: '押一付三',
  ...extra,
});

const addAs = (user: TestUser, payload: unknown) => post(ApiPath.entrustAdd, payload, user.auth);

describe('entrustCompany', () => {
  it('lists the brands serving a community with their branch and agents at work, GET and POST alike', async () => {
    const place = places[0]!;
    const res = await h.app.inject({ url: `${ApiPath.entrustCompany}?communityId=${place.communityId}` });
    expect(res.statusCode).toBe(200);
    const data = envelope<EntrustCompany>(res).data;
    expect(data.communityId).toBe(place.communityId);
    expect(data.communityName.length).toBeGreaterThan(0);
    expect(data.brands.length).toBeGreaterThan(0);
    expect(data.brands.map((b) => b.id).sort((a, b) => a - b)).toEqual(place.brandIds);
    for (const b of data.brands) {
      expect(b.name.length).toBeGreaterThan(0);
      expect(b.branchName.length).toBeGreaterThan(0);
      expect(b.agentCount).toBeGreaterThan(0);
    }
    const posted = envelope<EntrustCompany>(await post(ApiPath.entrustCompany, { communityId: place.communityId })).data;
    expect(posted).toEqual(data);
  });

  it('answers 404 for an unknown community and 400 for bad input', async () => {
    const unknown = await h.app.inject({ url: `${ApiPath.entrustCompany}?communityId=2000000000` });
    expect(unknown.statusCode).toBe(404);
    expect(envelope(unknown).msg).toMatch(/小区 2000000000 不存在/);
    for (const q of ['', 'communityId=x', 'communityId=0', 'communityId=-1', 'communityId=2147483648', 'communityId=1&x=1']) {
      expect((await h.app.inject({ url: `${ApiPath.entrustCompany}?${q}` })).statusCode, q).toBe(400);
    }
  });
});

describe('entrustAdd', () => {
  it('submits a sale (审核中) with the photos as URLs and lists it in 委托管理 with community, city and brands', async () => {
    const user = await newUser();
    const place = places[0]!;
    const keys = await photosOf(user, 3);
    const res = await addAs(user, sell(place, keys, { building: ' 3号楼 ' }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/no-store/);
    const e = envelope<Entrust>(res).data;
    expect(e).toMatchObject({
      businessType: 1,
      status: ENTRUST_STATUSES.REVIEWING,
      statusName: '审核中',
      communityId: place.communityId,
      building: '3号楼',
      price: 560.5,
      rentType: null,
      payment: null,
      listingId: null,
      agentName: null,
      publishedAt: null,
    });
    expect(e.photos.map((p) => p.key)).toEqual(keys);
    for (const p of e.photos) {
      expect(p.url).toMatch(new RegExp(`${p.key}$`));
      expect(p.thumbUrl).toMatch(/_thumb\.jpg$/);
    }
    expect(e.brands).toHaveLength(1);
    expect(e.brands[0]!.name.length).toBeGreaterThan(0);
    const [community] = await h.database.db
      .select({ name: communities.name, cityCode: communities.cityCode })
      .from(communities)
      .where(eq(communities.id, place.communityId));
    const [city] = await h.database.db
      .select({ domain: cities.cityDomain })
      .from(cities)
      .where(eq(cities.cityCode, community!.cityCode));
    expect(e.communityName).toBe(community!.name);
    expect(e.cityDomain).toBe(city!.domain);
    expect(e.cityCode).toBe(community!.cityCode);

    const page = envelope<EntrustPage>(await h.app.inject({ url: ApiPath.entrustMine, headers: user.auth })).data;
    expect(page).toMatchObject({ total: 1, page: 1, pageSize: ENTRUST_PAGE_SIZE });
    expect(page.list.map((x) => x.id)).toEqual([e.id]);
    const detail = await post(ApiPath.entrustDetail, { entrustId: e.id }, user.auth);
    expect(envelope<Entrust>(detail).data).toEqual(e);
  });

  it('submits a rental with 出租方式 and 付款方式; 委托管理 filters by type, newest first, 10 a page', async () => {
    const user = await newUser();
    const ids: number[] = [];
    for (const place of places.slice(0, ENTRUST_SUBMIT_LIMIT - 1)) {
      const res = await addAs(user, rent(place, await photosOf(user, 1), { payment: '年付', rentType: 2 }));
      expect(res.statusCode).toBe(200);
      ids.push(envelope<Entrust>(res).data.id);
    }
    const sale = envelope<Entrust>(await addAs(user, sell(places[0]!, await photosOf(user, 1)))).data;
    const first = envelope<EntrustPage>(await h.app.inject({ url: `${ApiPath.entrustMine}?page=1`, headers: user.auth })).data;
    const second = envelope<EntrustPage>(await post(ApiPath.entrustMine, { page: 2 }, user.auth)).data;
    expect(first.total).toBe(ids.length + 1);
    expect(first.list).toHaveLength(ENTRUST_PAGE_SIZE);
    expect([...first.list, ...second.list].map((x) => x.id)).toEqual([sale.id, ...[...ids].reverse()]);
    const rentals = envelope<EntrustPage>(await post(ApiPath.entrustMine, { businessType: 2 }, user.auth)).data;
    expect(rentals.total).toBe(ids.length);
    expect(rentals.list.every((x) => homeDealOf(x.businessType) === 'rent' && x.rentType === 2 && x.payment === '年付')).toBe(
      true,
    );
    const sales = envelope<EntrustPage>(await post(ApiPath.entrustMine, { businessType: 1 }, user.auth)).data;
    expect(sales.list.map((x) => x.id)).toEqual([sale.id]);
  });

  it('refuses prices and areas with more than two decimals however small, a sale under 1万, and invisible characters', async () => {
    const user = await newUser();
    const photos = await photosOf(user, 1);
    for (const [extra, message] of [
      [{ price: 1e-9 }, `price: ${ENTRUST_MESSAGES.sellPrice}`],
      [{ price: 560.000000001 }, `price: ${ENTRUST_MESSAGES.sellPrice}`],
      [{ price: 0.5 }, `price: ${ENTRUST_MESSAGES.sellPrice}`],
      [{ area: 5.0000001 }, `area: ${ENTRUST_MESSAGES.area}`],
      [{ building: '1\u200b' }, 'building: must not contain control or invisible format characters'],
      [{ contactName: '\u200b\u200c\u200d' }, 'contactName: must not contain control or invisible format characters'],
      [{ room: '\u200f\u061c12' }, 'room: must not contain control or invisible format characters'],
      [{ description: '南北\ufeff通透' }, 'description: must not contain control or invisible format characters'],
    ] as const) {
      const res = await addAs(user, sell(places[4]!, photos, extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(envelope(res).msg).toBe(message);
    }
    // An emoji's zero-width joiner stays in a description; two decimals are fine.
    const ok = await addAs(
      user,
      sell(places[4]!, photos, { price: 560.55, area: 88.25, description: '一家三口👨\u200d👩\u200d👧住得下' }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('keeps a rental’s 配套设施 in the detail page’s order; refuses them on a sale, unknown or repeated', async () => {
    const user = await newUser();
    const res = await addAs(user, rent(places[1]!, await photosOf(user, 1), { facilities: ['宽带', '空调', '洗衣机'] }));
    expect(res.statusCode, res.body).toBe(200);
    expect(envelope<Entrust>(res).data.facilities).toEqual(['洗衣机', '空调', '宽带']);
    for (const [payload, message] of [
      [sell(places[2]!, await photosOf(user, 1), { facilities: ['空调'] }), 'facilities: facilities are for a rental only'],
      [rent(places[2]!, await photosOf(user, 1), { facilities: ['游泳池'] }), `facilities: ${ENTRUST_MESSAGES.facilities}`],
      [rent(places[2]!, await photosOf(user, 1), { facilities: ['空调', '空调'] }), `facilities: ${ENTRUST_MESSAGES.facilities}`],
    ] as const) {
      const refused = await addAs(user, payload);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(envelope(refused).msg).toBe(message);
    }
    // A sale answers an empty list.
    expect(envelope<Entrust>(await addAs(user, sell(places[3]!, await photosOf(user, 1)))).data.facilities).toEqual([]);
  });

  it('takes photos uploaded for an entrust only (ub/entrust), and drops repeated keys and brands', async () => {
    const user = await newUser();
    const place = places.find((p) => p.brandIds.length > 1) ?? places[0]!;
    // The user's own avatar or review picture is not a listing photo by its key being named.
    for (const dir of ['ub/process', 'ub/avatar', 'ub/review']) {
      const refused = await addAs(user, sell(place, await photosOf(user, 1, dir)));
      expect(refused.statusCode, dir).toBe(400);
      expect(envelope(refused).msg).toBe(`photos: ${ENTRUST_MESSAGES.photosNotOwn}`);
    }
    const [a] = await photosOf(user, 1);
    const res = await addAs(user, sell(place, [a!, a!], { brandIds: [...place.brandIds, place.brandIds[0]!] }));
    expect(res.statusCode).toBe(200);
    const e = envelope<Entrust>(res).data;
    expect(e.photos.map((p) => p.key)).toEqual([a]);
    expect(e.brands.map((b) => b.id)).toEqual(place.brandIds);
  });

  it('refuses the same flat open twice with 409, also of three posted at once; another user or type may', async () => {
    const user = await newUser();
    const place = places[1]!;
    const keys = await photosOf(user, 1);
    const answers = await Promise.all([0, 1, 2].map(() => addAs(user, sell(place, keys))));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    for (const r of answers.filter((x) => x.statusCode === 409)) expect(envelope(r).msg).toBe(ENTRUST_MESSAGES.duplicate);
    expect(await h.database.db.$count(entrusts, eq(entrusts.userId, user.id))).toBe(1);
    // Another room of the same building, the same flat for rent, another owner: all fine.
    expect((await addAs(user, sell(place, keys, { room: '1202' }))).statusCode).toBe(200);
    expect((await addAs(user, rent(place, keys))).statusCode).toBe(200);
    const other = await newUser();
    expect((await addAs(other, sell(place, await photosOf(other, 1)))).statusCode).toBe(200);
  });

  it('refuses bad input with 400 and a readable message, and stores nothing', async () => {
    const place = places[2]!;
    const cases: Array<[string, (keys: string[]) => unknown, RegExp]> = [
      ['no body', () => ({}), /businessType|communityId/],
      ['type 3', (k) => sell(place, k, { businessType: 3 }), /businessType/],
      ['community 0', (k) => sell(place, k, { communityId: 0 }), /communityId/],
      ['empty building', (k) => sell(place, k, { building: '  ' }), new RegExp(ENTRUST_MESSAGES.address)],
      [
        'long room',
        (k) => sell(place, k, { room: '1'.repeat(ENTRUST_LIMITS.addressMax + 1) }),
        new RegExp(ENTRUST_MESSAGES.address),
      ],
      [
        'long unit',
        (k) => sell(place, k, { unit: '单'.repeat(ENTRUST_LIMITS.addressMax + 1) }),
        new RegExp(ENTRUST_MESSAGES.address),
      ],
      ['control char', (k) => sell(place, k, { building: '3\u202e号楼' }), /building/],
      ['area too small', (k) => sell(place, k, { area: 4.9 }), new RegExp(ENTRUST_MESSAGES.area)],
      ['area too large', (k) => sell(place, k, { area: 2000.5 }), new RegExp(ENTRUST_MESSAGES.area)],
      ['area as text', (k) => sell(place, k, { area: '90' }), /area/],
      ['rooms 0', (k) => sell(place, k, { rooms: 0 }), /rooms/],
      ['rooms 10', (k) => sell(place, k, { rooms: 10 }), /rooms/],
      ['halls -1', (k) => sell(place, k, { halls: -1 }), /halls/],
      ['baths 1.5', (k) => sell(place, k, { baths: 1.5 }), /baths/],
      ['floor -4', (k) => sell(place, k, { floor: -4 }), /floor/],
      ['floor 0', (k) => sell(place, k, { floor: 0 }), new RegExp(ENTRUST_MESSAGES.floor)],
      ['floor above total', (k) => sell(place, k, { floor: 19, totalFloors: 18 }), new RegExp(ENTRUST_MESSAGES.floor)],
      ['total 0', (k) => sell(place, k, { totalFloors: 0 }), /totalFloors/],
      ['total 100', (k) => sell(place, k, { floor: 1, totalFloors: 100 }), /totalFloors/],
      ['orientation', (k) => sell(place, k, { orientation: '上' }), /orientation/],
      ['decoration', (k) => sell(place, k, { decoration: '豪装' }), /decoration/],
      ['sell price 0', (k) => sell(place, k, { price: 0 }), /price/],
      ['sell price 3 decimals', (k) => sell(place, k, { price: 100.123 }), new RegExp(ENTRUST_MESSAGES.sellPrice)],
      ['sell price too high', (k) => sell(place, k, { price: 100_000.01 }), new RegExp(ENTRUST_MESSAGES.sellPrice)],
      ['sell with rentType', (k) => sell(place, k, { rentType: 1 }), /rentType/],
      ['sell with payment', (k) => sell(place, k, { payment: '年付' }), /rentType/],
      ['rent price 99', (k) => rent(place, k, { price: 99 }), new RegExp(ENTRUST_MESSAGES.rentPrice)],
      ['rent price decimal', (k) => rent(place, k, { price: 3000.5 }), new RegExp(ENTRUST_MESSAGES.rentPrice)],
      ['rent price too high', (k) => rent(place, k, { price: 1_000_001 }), new RegExp(ENTRUST_MESSAGES.rentPrice)],
      ['rent without rentType', (k) => rent(place, k, { rentType: undefined }), new RegExp(ENTRUST_MESSAGES.rentFields)],
      ['rent without payment', (k) => rent(place, k, { payment: undefined }), new RegExp(ENTRUST_MESSAGES.rentFields)],
      ['rent type 3', (k) => rent(place, k, { rentType: 3 }), /rentType/],
      ['payment unknown', (k) => rent(place, k, { payment: '季付' }), /payment/],
      ['empty contact', (k) => sell(place, k, { contactName: ' ' }), new RegExp(ENTRUST_MESSAGES.contact)],
      [
        'long contact',
        (k) => sell(place, k, { contactName: '张'.repeat(ENTRUST_LIMITS.contactMax + 1) }),
        new RegExp(ENTRUST_MESSAGES.contact),
      ],
      [
        'long description',
        (k) => sell(place, k, { description: '好'.repeat(ENTRUST_LIMITS.descriptionMax + 1) }),
        /房源描述最多/,
      ],
      ['no photos', () => sell(place, []), new RegExp(ENTRUST_MESSAGES.photosMin)],
      [
        'ten photos',
        (k) =>
          sell(
            place,
            Array.from({ length: 10 }, (_, i) => `${k[0]}${i}`),
          ),
        /photos/,
      ],
      ['no brands', (k) => sell(place, k, { brandIds: [] }), new RegExp(ENTRUST_MESSAGES.brands)],
      ['six brands', (k) => sell(place, k, { brandIds: [1, 2, 3, 4, 5, 6] }), /brandIds/],
      ['extra field', (k) => sell(place, k, { status: 2 }), /status|nrecognized/],
      ['huge community', (k) => sell(place, k, { communityId: 2 ** 31 }), /communityId/],
    ];
    for (const [name, payload, msg] of cases) {
      // A fresh user each time: refused posts count toward the hourly limit too.
      const user = await newUser();
      const res = await addAs(user, payload(await photosOf(user, 1)));
      expect(res.statusCode, name).toBe(400);
      expect(envelope(res).msg, name).toMatch(msg);
      expect(await h.database.db.$count(entrusts, eq(entrusts.userId, user.id)), name).toBe(0);
    }
  });

  it('refuses another user’s photo keys, a made-up key, a brand not serving the community (400) and an unknown community (404)', async () => {
    const place = places[3]!;
    const owner = await newUser();
    const [theirs] = await photosOf(owner, 1);
    const user = await newUser();
    const [mine] = await photosOf(user, 1);
    const cases: Array<[unknown, number, string | RegExp]> = [
      [sell(place, [theirs!]), 400, `photos: ${ENTRUST_MESSAGES.photosNotOwn}`],
      [sell(place, [mine!, theirs!]), 400, `photos: ${ENTRUST_MESSAGES.photosNotOwn}`],
      [
        sell(place, [`${userUploadPrefix('ub/entrust', ownerNames(h.config.KEY_SECRET).folder(user.id))}${'a'.repeat(24)}.jpg`]),
        400,
        `photos: ${ENTRUST_MESSAGES.photosNotOwn}`,
      ],
      [
        sell(place, [mine!], { brandIds: [await foreignBrand(place.communityId)] }),
        400,
        `brandIds: ${ENTRUST_MESSAGES.brandNotServing}`,
      ],
      [
        sell(place, [mine!], { brandIds: [...place.brandIds.slice(0, 1), 2_000_000_000] }),
        400,
        `brandIds: ${ENTRUST_MESSAGES.brandNotServing}`,
      ],
      [sell(place, [mine!], { communityId: 2_000_000_000 }), 404, /小区 2000000000 不存在/],
    ];
    for (const [payload, status, msg] of cases) {
      const res = await addAs(user, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(envelope(res).msg).toMatch(msg);
    }
    expect(await h.database.db.$count(entrusts, eq(entrusts.userId, user.id))).toBe(0);
  });

  it('answers 404 for a community of a city with the channel off', async () => {
    const [off] = await h.database.db
      .select({ communityId: communities.id, isEsf: cities.isEsf })
      .from(communities)
      .innerJoin(cities, and(eq(cities.cityCode, communities.cityCode), sql`(${cities.isEsf} = 0 or ${cities.isRent} = 0)`))
      .limit(1);
    if (!off) {
      // The seed turns a channel off somewhere; make one so the rule is tested either way.
      const [c] = await h.database.db
        .select({ id: communities.id, cityCode: communities.cityCode })
        .from(communities)
        .orderBy(sql`id desc`)
        .limit(1);
      await h.database.db.update(cities).set({ isRent: 0 }).where(eq(cities.cityCode, c!.cityCode));
      const user = await newUser();
      const res = await addAs(user, rent({ communityId: c!.id, brandIds: [1] }, await photosOf(user, 1)));
      expect(res.statusCode).toBe(404);
      await h.database.db.update(cities).set({ isRent: 1 }).where(eq(cities.cityCode, c!.cityCode));
      return;
    }
    const user = await newUser();
    const payload =
      off.isEsf === 0
        ? sell({ communityId: off.communityId, brandIds: [1] }, await photosOf(user, 1))
        : rent({ communityId: off.communityId, brandIds: [1] }, await photosOf(user, 1));
    const res = await addAs(user, payload);
    expect(res.statusCode).toBe(404);
    expect(envelope(res).msg).toMatch(/小区 \d+ 不存在/);
  });

  it('answers 401 without a session and 403 to a cross-site post', async () => {
    const user = await newUser();
    const keys = await photosOf(user, 1);
    expect((await post(ApiPath.entrustAdd, sell(places[0]!, keys))).statusCode).toBe(401);
    expect((await post(ApiPath.entrustUpdate, { entrustId: 1, ...sell(places[0]!, keys) })).statusCode).toBe(401);
    expect((await post(ApiPath.entrustWithdraw, { entrustId: 1 })).statusCode).toBe(401);
    expect((await post(ApiPath.entrustDetail, { entrustId: 1 })).statusCode).toBe(401);
    expect((await h.app.inject({ url: `${ApiPath.entrustDetail}?entrustId=1` })).statusCode).toBe(401);
    expect((await h.app.inject({ url: ApiPath.entrustMine })).statusCode).toBe(401);
    expect(
      (await post(ApiPath.entrustAdd, sell(places[0]!, keys), { ...user.auth, origin: 'https://evil.example' })).statusCode,
    ).toBe(403);
    expect(await h.database.db.$count(entrusts, eq(entrusts.userId, user.id))).toBe(0);
  });

  it('counts new and edited entrusts together: ENTRUST_SUBMIT_LIMIT an hour per user', async () => {
    const user = await newUser();
    const keys = await photosOf(user, 1);
    const first = envelope<Entrust>(await addAs(user, sell(places[4]!, keys))).data;
    for (let i = 1; i < ENTRUST_SUBMIT_LIMIT; i++) {
      const res =
        i % 2
          ? await post(ApiPath.entrustUpdate, { entrustId: first.id, ...sell(places[4]!, keys, { price: 500 + i }) }, user.auth)
          : await addAs(user, sell(places[4]!, keys, { room: `R${i}` }));
      expect(res.statusCode, String(i)).toBe(200);
    }
    const over = await addAs(user, sell(places[4]!, keys, { room: 'R99' }));
    expect(over.statusCode).toBe(429);
    expect(envelope(over).msg).toMatch(/请求过于频繁/);
    expect((await post(ApiPath.entrustUpdate, { entrustId: first.id, ...sell(places[4]!, keys) }, user.auth)).statusCode).toBe(
      429,
    );
    // Reads and withdrawing are not submissions; another user is counted on their own.
    expect((await post(ApiPath.entrustWithdraw, { entrustId: first.id }, user.auth)).statusCode).toBe(200);
    const other = await newUser();
    expect((await addAs(other, sell(places[4]!, await photosOf(other, 1)))).statusCode).toBe(200);
  });
});

describe('entrustUpdate and entrustWithdraw', () => {
  async function submitted(user: TestUser, place: Place) {
    const keys = await photosOf(user, 2);
    const e = envelope<Entrust>(await addAs(user, sell(place, keys))).data;
    return { e, keys };
  }
  const setStatus = (id: number, status: EntrustStatus) =>
    h.database.db.update(entrusts).set({ status }).where(eq(entrusts.id, id));

  it('edits a 审核中 entrust (stays 审核中); 已下架 and 已撤回 go back to 审核中; 已发布 and 已成交 are a 409', async () => {
    const user = await newUser();
    const place = places[5]!;
    const { e, keys } = await submitted(user, place);
    const res = await post(
      ApiPath.entrustUpdate,
      { entrustId: e.id, ...sell(place, [keys[1]!, keys[0]!], { price: 600, description: '新描述' }) },
      user.auth,
    );
    expect(res.statusCode).toBe(200);
    const edited = envelope<Entrust>(res).data;
    expect(edited).toMatchObject({
      id: e.id,
      status: ENTRUST_STATUSES.REVIEWING,
      price: 600,
      description: '新描述',
      createdAt: e.createdAt,
    });
    expect(edited.photos.map((p) => p.key)).toEqual([keys[1], keys[0]]);
    for (const from of [ENTRUST_STATUSES.OFFLINE, ENTRUST_STATUSES.WITHDRAWN]) {
      await setStatus(e.id, from);
      const again = await post(ApiPath.entrustUpdate, { entrustId: e.id, ...sell(place, keys) }, user.auth);
      expect(again.statusCode).toBe(200);
      expect(envelope<Entrust>(again).data.status).toBe(ENTRUST_STATUSES.REVIEWING);
    }
    for (const from of [ENTRUST_STATUSES.PUBLISHED, ENTRUST_STATUSES.SOLD]) {
      await setStatus(e.id, from);
      const refused = await post(ApiPath.entrustUpdate, { entrustId: e.id, ...sell(place, keys, { price: 501 }) }, user.auth);
      expect(refused.statusCode).toBe(409);
      expect(envelope(refused).msg).toBe(ENTRUST_MESSAGES.notEditable);
    }
    const [row] = await h.database.db.select({ price: entrusts.price }).from(entrusts).where(eq(entrusts.id, e.id));
    expect(row!.price).toBe(560.5);
  });

  it('refuses a change of business type, bad input, a foreign photo, and an edit onto another open entrust’s flat', async () => {
    const user = await newUser();
    const place = places[6]!;
    const { e, keys } = await submitted(user, place);
    const typeChange = await post(ApiPath.entrustUpdate, { entrustId: e.id, ...rent(place, keys) }, user.auth);
    expect(typeChange.statusCode).toBe(400);
    expect(envelope(typeChange).msg).toMatch(/businessType/);
    expect(
      (await post(ApiPath.entrustUpdate, { entrustId: e.id, ...sell(place, keys, { floor: 30 }) }, user.auth)).statusCode,
    ).toBe(400);
    expect((await post(ApiPath.entrustUpdate, sell(place, keys), user.auth)).statusCode).toBe(400);
    const other = await newUser();
    const [theirs] = await photosOf(other, 1);
    const foreign = await post(ApiPath.entrustUpdate, { entrustId: e.id, ...sell(place, [theirs!]) }, user.auth);
    expect(foreign.statusCode).toBe(400);
    expect(envelope(foreign).msg).toBe(`photos: ${ENTRUST_MESSAGES.photosNotOwn}`);
    // A second flat, then the first edited to be the same flat: 409.
    const second = envelope<Entrust>(await addAs(user, sell(place, keys, { room: '901' }))).data;
    const clash = await post(ApiPath.entrustUpdate, { entrustId: second.id, ...sell(place, keys) }, user.auth);
    expect(clash.statusCode).toBe(409);
    expect(envelope(clash).msg).toBe(ENTRUST_MESSAGES.duplicate);
  });

  it('withdraws a 审核中 entrust once (已撤回), then the flat may be submitted again; other states are a 409', async () => {
    const user = await newUser();
    const place = places[7]!;
    const { e, keys } = await submitted(user, place);
    const res = await post(ApiPath.entrustWithdraw, { entrustId: e.id }, user.auth);
    expect(res.statusCode).toBe(200);
    expect(envelope<Entrust>(res).data).toMatchObject({ status: ENTRUST_STATUSES.WITHDRAWN, statusName: '已撤回' });
    const again = await post(ApiPath.entrustWithdraw, { entrustId: e.id }, user.auth);
    expect(again.statusCode).toBe(409);
    expect(envelope(again).msg).toBe(ENTRUST_MESSAGES.notWithdrawable);
    const fresh = envelope<Entrust>(await addAs(user, sell(place, keys))).data;
    // Editing the withdrawn one back to 审核中 now clashes with the new one.
    expect((await post(ApiPath.entrustUpdate, { entrustId: e.id, ...sell(place, keys) }, user.auth)).statusCode).toBe(409);
    for (const status of [ENTRUST_STATUSES.PUBLISHED, ENTRUST_STATUSES.OFFLINE, ENTRUST_STATUSES.SOLD]) {
      await setStatus(fresh.id, status);
      expect((await post(ApiPath.entrustWithdraw, { entrustId: fresh.id }, user.auth)).statusCode).toBe(409);
    }
    for (const bad of [{}, { entrustId: 'x' }, { entrustId: 0 }, { entrustId: 1, userId: user.id }]) {
      expect((await post(ApiPath.entrustWithdraw, bad, user.auth)).statusCode).toBe(400);
    }
  });

  it('answers user B on user A’s entrust exactly like an unknown one (404) for detail, update and withdraw, and changes nothing', async () => {
    const a = await newUser();
    const b = await newUser();
    const place = places[8]!;
    const { e } = await submitted(a, place);
    const bKeys = await photosOf(b, 1);
    const same = (theirs: ReturnType<typeof envelope>, unknown: ReturnType<typeof envelope>) =>
      expect(theirs.msg.replace(String(e.id), 'N')).toBe(unknown.msg.replace('2000000000', 'N'));
    const calls: Array<(id: number) => Promise<Awaited<ReturnType<typeof post>>>> = [
      (id) => post(ApiPath.entrustDetail, { entrustId: id }, b.auth),
      (id) => h.app.inject({ url: `${ApiPath.entrustDetail}?entrustId=${id}`, headers: b.auth }),
      (id) => post(ApiPath.entrustUpdate, { entrustId: id, ...sell(place, bKeys, { price: 501 }) }, b.auth),
      (id) => post(ApiPath.entrustWithdraw, { entrustId: id }, b.auth),
    ];
    for (const call of calls) {
      const theirs = await call(e.id);
      const unknown = await call(2_000_000_000);
      expect(theirs.statusCode).toBe(404);
      expect(unknown.statusCode).toBe(404);
      same(envelope(theirs), envelope(unknown));
    }
    const [row] = await h.database.db
      .select({ status: entrusts.status, price: entrusts.price })
      .from(entrusts)
      .where(eq(entrusts.id, e.id));
    expect(row).toEqual({ status: ENTRUST_STATUSES.REVIEWING, price: 560.5 });
    expect(envelope<EntrustPage>(await h.app.inject({ url: ApiPath.entrustMine, headers: b.auth })).data).toMatchObject({
      total: 0,
      list: [],
    });
    expect(envelope<EntrustPage>(await h.app.inject({ url: ApiPath.entrustMine, headers: a.auth })).data.total).toBe(1);
  });

  it('refuses bad 委托管理 input', async () => {
    const user = await newUser();
    for (const q of ['businessType=3', 'page=0', 'page=10000', 'page=x', 'userId=1']) {
      expect((await h.app.inject({ url: `${ApiPath.entrustMine}?${q}`, headers: user.auth })).statusCode, q).toBe(400);
    }
  });
});

describe('generated input with a session', () => {
  it('never answers 5xx and always in the envelope (add, update, withdraw, detail, mine)', async () => {
    const place = places[9]!;
    /** A user of its own with two photos and one entrust: the well-formed body the generated ones start from. */
    const fresh = async () => {
      const user = await newUser();
      const keys = await photosOf(user, 2);
      const e = envelope<Entrust>(await addAs(user, sell(place, keys))).data;
      return { user, good: { entrustId: e.id, ...sell(place, keys) } as Record<string, unknown> };
    };
    const fieldNames = Object.keys({ entrustId: 1, ...sell(place, []) });
    const oddValue = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.constantFrom(
        0,
        -1,
        1.5,
        2 ** 31,
        2 ** 53,
        -(2 ** 31),
        1e308,
        '',
        ' ',
        '\u0000',
        'x'.repeat(5000),
        '1',
        [],
        {},
        null,
        true,
        [1, 1, 1, 1, 1, 1],
      ),
    );
    const change = fc.tuple(
      fc.subarray(fieldNames, { maxLength: 2 }),
      fc.dictionary(fc.constantFrom(...fieldNames, 'extra'), oddValue, { maxKeys: 3 }),
    );
    const paths = [
      ApiPath.entrustAdd,
      ApiPath.entrustUpdate,
      ApiPath.entrustWithdraw,
      ApiPath.entrustDetail,
      ApiPath.entrustMine,
      ApiPath.entrustCompany,
    ];
    let current = await fresh();
    let sent = 1;
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), change, async (path, [dropped, changed]) => {
        // The hourly limit counts refused posts too: a fresh user before it is reached.
        if (++sent % (ENTRUST_SUBMIT_LIMIT - 1) === 0) {
          current = await fresh();
          sent = 1;
        }
        const payload: Record<string, unknown> = { ...current.good, ...changed };
        for (const k of dropped) delete payload[k];
        const res = await post(path, payload, current.user.auth);
        statuses.add(res.statusCode);
        expect(res.statusCode, `${path} ${JSON.stringify(payload).slice(0, 300)}`).toBeLessThan(500);
        expect(typeof envelope(res).msg).toBe('string');
      }),
      { numRuns: 300, seed: 20261123 },
    );
    // The sweep reached past validation: refusals of several kinds, and some accepted.
    expect(statuses.has(400)).toBe(true);
    expect(statuses.has(409)).toBe(true);
    expect(statuses.has(200)).toBe(true);
  });
});
