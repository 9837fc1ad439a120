import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENTRUST_MESSAGES,
  ENTRUST_PRICE_BAND,
  entrustBoundsProblem,
  OPS_OVERRIDE_REASON_MESSAGE,
  referenceBand,
  referenceBandProblem,
  type OpsEntrustResult,
} from '@contracts/entrust';
import { homeChannelOf, homeDealOf } from '@contracts/channel-sections';
import { ApiPath } from '@contracts/paths';
import { userUploadPrefix } from '@contracts/upload';
import { ownerNames } from '../src/modules/uploads/owner-names';
import { communities, ENTRUST_STATUS, entrustOverrides, entrusts, esfListings, rentals, uploads } from '../src/db/schema';
import { envelope, startHarness, type Harness } from './harness';
import { databaseDigest, newTestUser, type TestUser } from './support-users';

/**
 * Absurd listings (contracts/entrust-rules.ts): area, price and price per ㎡ have bounds of their own, and the
 * price per ㎡ keeps a band around the community's reference (communities.avgPrice for a sale, avgRent for a
 * rental). The form refuses outside them and stores nothing; 改价 likewise; the operator's publication refuses an
 * entrust outside them (stored before the bounds) unless given a reason, which is recorded in entrust_overrides.
 * Every seeded home is inside the bounds: the bands were chosen from the seed, and this walks it.
 */

const TOKEN = 'price-band-ops-token-0123456789';
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ config: { OPS_TOKEN: TOKEN } });
});
afterAll(() => h?.close());

interface Place {
  communityId: number;
  cityCode: string;
  brandId: number;
  avgPrice: number;
  avgRent: number;
}
let place: Place;
beforeAll(async () => {
  const { rows } = (await h.database.db.execute(sql`
    select c.id, c.city_code, min(b.brand_id) as brand_id, c.avg_price, c.avg_rent
    from communities c
    join cities ci on ci.city_code = c.city_code and ci.is_esf = 1 and ci.is_rent = 1
    join branches b on b.business_area_id = c.business_area_id and b.city_code = c.city_code
    join agents a on a.branch_id = b.id and a.status = 1
    where c.avg_price > 0 and c.avg_rent > 0
    group by c.id order by c.id limit 1`)) as unknown as {
    rows: { id: number; city_code: string; brand_id: number; avg_price: number; avg_rent: number }[];
  };
  const r = rows[0]!;
  place = {
    communityId: Number(r.id),
    cityCode: r.city_code,
    brandId: Number(r.brand_id),
    avgPrice: Number(r.avg_price),
    avgRent: Number(r.avg_rent),
  };
});

async function photoOf(user: TestUser): Promise<string> {
  const key = `${userUploadPrefix('ub/entrust', ownerNames(h.config.KEY_SECRET).folder(user.id))}${randomBytes(12).toString('hex')}.jpg`;
  await h.database.db
    .insert(uploads)
    .values({ userId: user.id, key, suffix: 'jpg', size: 1000, md5: '0'.repeat(32), width: 800, height: 600, thumbKey: '' });
  return key;
}

let room = 1;
/** 万元 for `area` ㎡ at `ratio` × the community's reference price, two decimals. */
const salePrice = (area: number, ratio: number) => Math.round((place.avgPrice * ratio * area) / 100) / 100;
/** 元/月 for a whole flat of `area` ㎡ at `ratio` × the reference rent. */
const rentPrice = (area: number, ratio: number) => Math.round(place.avgRent * ratio * area);

async function form(user: TestUser, businessType: 1 | 2, extra: Record<string, unknown>) {
  return {
    businessType,
    communityId: place.communityId,
    building: '8号楼',
    unit: '',
    room: String(room++),
    area: 89.5,
    rooms: 2,
    halls: 1,
    baths: 1,
    floor: 8,
    totalFloors: 18,
    orientation: '南北',
    decoration: '精装',
    price: homeDealOf(businessType) === 'sale' ? salePrice(89.5, 1) : rentPrice(89.5, 1),
    ...(homeDealOf(businessType) === 'rent' ? { rentType: 1, payment: '押一付三' } : {}),
    contactName: '王先生',
    description: '',
    photos: [await photoOf(user)],
    brandIds: [place.brandId],
    ...extra,
  };
}

const post = (url: string, payload: unknown, headers: Record<string, string>) =>
  h.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers });
const ops = (id: number, body: Record<string, unknown>) =>
  post(`${ApiPath.opsEntrust}/${id}`, body, { authorization: `Bearer ${TOKEN}` });

describe('the seed is inside the bounds', () => {
  it('gives every community a reference price and rent', async () => {
    const [row] = await h.database.db
      .select({
        n: sql<number>`count(*)`,
        noPrice: sql<number>`count(*) filter (where ${communities.avgPrice} <= 0)`,
        noRent: sql<number>`count(*) filter (where ${communities.avgRent} <= 0)`,
      })
      .from(communities);
    expect(Number(row!.n)).toBeGreaterThan(10);
    expect({ noPrice: Number(row!.noPrice), noRent: Number(row!.noRent) }).toEqual({ noPrice: 0, noRent: 0 });
  });

  it('has every seeded home for sale and to let within the area, price and per-㎡ bounds and its community’s band', async () => {
    const db = h.database.db;
    const sales = await db
      .select({
        id: esfListings.id,
        area: esfListings.area,
        price: esfListings.totalPrice,
        avgPrice: communities.avgPrice,
        avgRent: communities.avgRent,
      })
      .from(esfListings)
      .innerJoin(communities, eq(communities.id, esfListings.communityId));
    const lets = await db
      .select({
        id: rentals.id,
        area: rentals.area,
        price: rentals.monthlyRent,
        rentType: rentals.rentType,
        avgPrice: communities.avgPrice,
        avgRent: communities.avgRent,
      })
      .from(rentals)
      .innerJoin(communities, eq(communities.id, rentals.communityId));
    expect(sales.length).toBeGreaterThan(100);
    expect(lets.length).toBeGreaterThan(100);
    const outside: string[] = [];
    const ratios = { 1: [] as number[], 2: [] as number[] };
    for (const [businessType, homes] of [
      [1, sales],
      [2, lets],
    ] as const) {
      for (const home of homes) {
        const input = { businessType, area: home.area, price: home.price, rentType: 'rentType' in home ? home.rentType : null };
        const problem = entrustBoundsProblem(input) ?? referenceBandProblem(input, home);
        if (problem) outside.push(`${homeChannelOf(businessType)} #${home.id}: ${problem.message}`);
        const band = referenceBand(input, home)!;
        ratios[businessType].push(
          (homeDealOf(businessType) === 'sale' ? (home.price * 10_000) / home.area : home.price / home.area) / band.reference,
        );
      }
    }
    expect(outside).toEqual([]);
    // How close the seed comes to the band's edges (reported, and a margin kept on both sides).
    const span = (xs: number[]) => [Math.min(...xs), Math.max(...xs)].map((x) => Math.round(x * 100) / 100);
    console.info(
      `price band ${ENTRUST_PRICE_BAND.low}×–${ENTRUST_PRICE_BAND.high}×; seed sale ratios ${span(ratios[1]).join('–')}, rent ratios ${span(ratios[2]).join('–')}`,
    );
    expect(Math.min(...ratios[1], ...ratios[2])).toBeGreaterThan(ENTRUST_PRICE_BAND.low * 1.2);
    expect(Math.max(...ratios[1], ...ratios[2])).toBeLessThan(ENTRUST_PRICE_BAND.high / 1.2);
  });
});

describe('the entrust form’s bounds', () => {
  it('refuses area, price and price per ㎡ out of bounds, and out of the community’s band, with the field’s message; stores nothing', async () => {
    const band = referenceBand({ businessType: 1 }, place)!;
    const rentBand = referenceBand({ businessType: 2, rentType: 1 }, place)!;
    const cases: [string, 1 | 2, Record<string, unknown>, string | RegExp][] = [
      // The probe's: 5 ㎡ for 100000万 (2亿 元/㎡).
      ['5 ㎡ at 100000万', 1, { area: 5, price: 100_000 }, `area: ${ENTRUST_MESSAGES.sellArea}`],
      ['a sale of 10 ㎡', 1, { area: 10, price: salePrice(10, 1) }, `area: ${ENTRUST_MESSAGES.sellArea}`],
      ['1500 ㎡', 1, { area: 1500, price: 20_000 }, `area: ${ENTRUST_MESSAGES.area}`],
      ['a rental of 4 ㎡', 2, { area: 4, price: 1000 }, `area: ${ENTRUST_MESSAGES.area}`],
      ['5万', 1, { price: 5 }, `price: ${ENTRUST_MESSAGES.sellPrice}`],
      ['40000万', 1, { area: 900, price: 40_000 }, `price: ${ENTRUST_MESSAGES.sellPrice}`],
      ['400000 元/㎡ on its own', 1, { area: 20, price: 800 }, `price: ${ENTRUST_MESSAGES.sellUnitPrice}`],
      ['rent 200 元/月', 2, { price: 200 }, `price: ${ENTRUST_MESSAGES.rentPrice}`],
      ['rent 1200 元/㎡ a month on its own', 2, { area: 10, price: 12_000 }, `price: ${ENTRUST_MESSAGES.rentUnitPrice}`],
      [
        'a sale at 0.25× the reference',
        1,
        { price: salePrice(89.5, 0.25) },
        new RegExp(
          `^price: 单价约\\d+元/㎡，与小区参考均价${band.reference}元/㎡相差过大（应在${band.low}-${band.high}元/㎡之间），请核对面积和售价$`,
        ),
      ],
      ['a sale at 3.5× the reference', 1, { price: salePrice(89.5, 3.5) }, /^price: 单价约\d+元\/㎡，与小区参考均价/],
      [
        'a rental at 0.2× the reference',
        2,
        { price: rentPrice(89.5, 0.2) },
        new RegExp(`^price: 每平方米月租约[\\d.]+元，与小区参考租金${rentBand.reference}元/㎡·月相差过大`),
      ],
      ['a rental at 4× the reference', 2, { price: rentPrice(89.5, 4) }, /^price: 每平方米月租约[\d.]+元，与小区参考租金/],
    ];
    for (const [name, businessType, extra, message] of cases) {
      const user = await newTestUser(h);
      const body = await form(user, businessType, extra);
      const before = await databaseDigest(h);
      const res = await post(ApiPath.entrustAdd, body, user.cookie);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      const { msg } = envelope(res);
      if (message instanceof RegExp) expect(msg, name).toMatch(message);
      // The schema's own bound may answer too (`area: …; area: …`): the field's message comes first.
      else expect(msg.startsWith(message), `${name}: ${msg}`).toBe(true);
      expect(await databaseDigest(h), name).toEqual(before);
      expect(await h.database.db.$count(entrusts, eq(entrusts.userId, user.id)), name).toBe(0);
    }
  });

  it('takes a home at the band’s edges, a shared room at the room premium, and the same on edit', async () => {
    const user = await newTestUser(h);
    for (const [businessType, extra] of [
      [1, { price: salePrice(89.5, 0.35) }],
      [1, { price: salePrice(89.5, 2.9) }],
      [2, { price: rentPrice(89.5, 0.35) }],
      [2, { price: rentPrice(89.5, 2.9) }],
      // A room of 12 ㎡ in a shared flat at twice the whole flat's rent per ㎡ (the premium is 1.7×).
      [2, { rentType: 2, area: 12, price: rentPrice(12, 2 * 1.7) }],
    ] as const) {
      const res = await post(ApiPath.entrustAdd, await form(user, businessType, extra), user.cookie);
      expect(res.statusCode, `${JSON.stringify(extra)}: ${res.body}`).toBe(200);
    }
    const [e] = await h.database.db.select().from(entrusts).where(eq(entrusts.userId, user.id)).limit(1);
    const edited = await post(
      ApiPath.entrustUpdate,
      { entrustId: e!.id, ...(await form(user, 1, { room: e!.room, price: salePrice(89.5, 3.5) })) },
      user.cookie,
    );
    expect(edited.statusCode).toBe(400);
    expect(envelope(edited).msg).toMatch(/^price: 单价约/);
    const [after] = await h.database.db.select({ price: entrusts.price }).from(entrusts).where(eq(entrusts.id, e!.id));
    expect(after!.price).toBe(e!.price);
  });
});

/** An entrust as one stored before the bounds would be (no form checks it): 审核中, of the place. */
async function storedEntrust(businessType: 1 | 2, facts: { area: number; price: number; rentType?: number }) {
  const user = await newTestUser(h);
  const [row] = await h.database.db
    .insert(entrusts)
    .values({
      userId: user.id,
      businessType,
      cityCode: place.cityCode,
      communityId: place.communityId,
      building: '9号楼',
      unit: '',
      room: String(room++),
      rooms: 2,
      halls: 1,
      baths: 1,
      floor: 3,
      totalFloors: 18,
      orientation: '南',
      decoration: '简装',
      contactName: '周女士',
      ...(homeDealOf(businessType) === 'rent' ? { rentType: facts.rentType ?? 1, payment: '押一付三' } : {}),
      area: facts.area,
      price: facts.price,
      photos: [{ key: 'ub/entrust/x.jpg', url: '/oss/ub/entrust/x.jpg', thumbUrl: '/oss/ub/entrust/x_thumb.jpg' }],
      brandIds: [place.brandId],
      status: ENTRUST_STATUS.REVIEWING,
    })
    .returning();
  return { entrust: row!, user };
}

describe('publishing (the operator’s accept)', () => {
  it('refuses an entrust out of bounds with a 409 naming each problem; publishes nothing', async () => {
    const { entrust } = await storedEntrust(1, { area: 5, price: 100_000 });
    const before = await databaseDigest(h);
    const res = await ops(entrust.id, { action: 'accept' });
    expect(res.statusCode, res.body).toBe(409);
    const { msg } = envelope(res);
    expect(msg).toContain(`委托 ${entrust.id} 超出发布范围：area: ${ENTRUST_MESSAGES.sellArea}`);
    expect(msg).toContain('price: 单价约200000000元/㎡，与小区参考均价');
    expect(msg).toContain('--override');
    expect(await databaseDigest(h)).toEqual(before);

    const rental = await storedEntrust(2, { area: 60, price: rentPrice(60, 10) });
    const refused = await ops(rental.entrust.id, { action: 'accept' });
    expect(refused.statusCode).toBe(409);
    expect(envelope(refused).msg).toMatch(/price: 每平方米月租约[\d.]+元，与小区参考租金/);
  });

  it('publishes with an override and records the reason, the problems and the listing; an in-bounds one records none', async () => {
    const { entrust } = await storedEntrust(1, { area: 200, price: salePrice(200, 4) });
    const reason = '独栋别墅带花园，单价经经纪人核实';
    const res = await ops(entrust.id, { action: 'accept', override: reason });
    expect(res.statusCode, res.body).toBe(200);
    const result = envelope<OpsEntrustResult>(res).data;
    expect(result.status).toBe(ENTRUST_STATUS.PUBLISHED);
    expect(result.override).toEqual({ reason, problems: [expect.stringMatching(/^price: 单价约\d+元\/㎡，与小区参考均价/)] });
    const recorded = await h.database.db.select().from(entrustOverrides).where(eq(entrustOverrides.entrustId, entrust.id));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      action: 'accept',
      reason,
      problems: result.override!.problems,
      listingId: result.listingId,
      area: 200,
      price: entrust.price,
    });
    expect(recorded[0]!.createdAt).toBeInstanceOf(Date);
    const [listing] = await h.database.db
      .select({ totalPrice: esfListings.totalPrice })
      .from(esfListings)
      .where(eq(esfListings.id, result.listingId!));
    expect(listing!.totalPrice).toBe(entrust.price);

    const fine = await storedEntrust(2, { area: 60, price: rentPrice(60, 1) });
    const accepted = await ops(fine.entrust.id, { action: 'accept', override: '无需覆盖，核对用' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(envelope<OpsEntrustResult>(accepted).data.override).toBeNull();
    expect(await h.database.db.$count(entrustOverrides, eq(entrustOverrides.entrustId, fine.entrust.id))).toBe(0);
  });

  it('refuses a reason too short or with control characters, and an override on sold (400); nothing changes', async () => {
    const { entrust } = await storedEntrust(1, { area: 5, price: 100_000 });
    const before = await databaseDigest(h);
    for (const override of ['', '  ', '好', 'abc', '原因\u0007原因', 'x'.repeat(201), 12345]) {
      const res = await ops(entrust.id, { action: 'accept', override });
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(envelope(res).msg, JSON.stringify(override)).toMatch(/^override: /);
    }
    expect(envelope(await ops(entrust.id, { action: 'accept', override: '好' })).msg).toBe(
      `override: ${OPS_OVERRIDE_REASON_MESSAGE}`,
    );
    const sold = await ops(entrust.id, { action: 'sold', override: '已经核实过了' });
    expect(sold.statusCode).toBe(400);
    expect(envelope(sold).msg).toBe('override: 只有发布（accept）时可以覆盖发布范围');
    expect(await databaseDigest(h)).toEqual(before);
  });
});

describe('改价 of a published home', () => {
  it('keeps the band: a price out of it is a 400 and the listing keeps its price', async () => {
    const { entrust, user } = await storedEntrust(1, { area: 89.5, price: salePrice(89.5, 1) });
    const published = envelope<OpsEntrustResult>(await ops(entrust.id, { action: 'accept' })).data;
    expect(published.listingId).not.toBeNull();
    for (const price of [salePrice(89.5, 0.2), salePrice(89.5, 3.2)]) {
      const res = await post(ApiPath.housePrice, { entrustId: entrust.id, price }, user.cookie);
      expect(res.statusCode, res.body).toBe(400);
      expect(envelope(res).msg).toMatch(/^price: 单价约\d+元\/㎡，与小区参考均价/);
    }
    const [listing] = await h.database.db
      .select({ totalPrice: esfListings.totalPrice })
      .from(esfListings)
      .where(and(eq(esfListings.id, published.listingId!)));
    expect(listing!.totalPrice).toBe(entrust.price);
    const ok = await post(ApiPath.housePrice, { entrustId: entrust.id, price: salePrice(89.5, 1.1) }, user.cookie);
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
