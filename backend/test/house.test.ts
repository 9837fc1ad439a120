import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, ne, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeDealOf } from '@contracts/channel-sections';
import { cacheTag } from '@contracts/cache-changes';
import { ENTRUST_MESSAGES, type OpsEntrustResult } from '@contracts/entrust';
import type { EsfDetail, EsfListPage } from '@contracts/esf';
import { HOUSE_CHANGE_LIMIT, HOUSE_MESSAGES, type House, type HousePage } from '@contracts/house';
import { ApiPath } from '@contracts/paths';
import type { PriceHistory } from '@contracts/price-history';
import { PRICE_CUT_TAG } from '@contracts/residential';
import type { RentDetail, RentListPage } from '@contracts/rent';
import { VIEWING_LISTING_GONE, type ViewingPage } from '@contracts/viewing';
import { shanghaiDay } from '@contracts/viewing-dates';
import {
  agents,
  branches,
  brands,
  cacheChanges,
  communities,
  ENTRUST_STATUS,
  entrusts,
  listingFollows,
  listingViews,
  esfListings,
  sessions,
  uploads,
  users,
  VIEWING_STATUS,
} from '../src/db/schema';
import { answer, envelope, startHarness, type Harness } from './harness';

/**
 * Publishing an entrust (`npm run ops -- entrust accept|sold`) and 卖房管理 / 租房管理 (spec §2 Personal centre): the listing the
 * public sees, the owner's counts, 改价 and 下架, and nobody reaching another owner's homes.
 */

const TOKEN = 'house-test-ops-token';
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ config: { OPS_TOKEN: TOKEN } });
});
afterAll(() => h?.close());

let nextMobile = 13_917_000_000;
interface User {
  id: number;
  auth: Record<string, string>;
}
/** A logged-in user of its own (a row and a session, as a login makes them). */
async function newUser(): Promise<User> {
  const [user] = await h.database.db
    .insert(users)
    .values({ mobile: String(nextMobile++) })
    .returning({ id: users.id });
  const token = randomBytes(32).toString('base64url');
  await h.database.db.insert(sessions).values({
    tokenHash: createHash('sha256').update(token).digest('hex'),
    userId: user!.id,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return { id: user!.id, auth: { authorization: `Bearer ${token}` } };
}

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers });
const ops = (id: number, body: Record<string, unknown>, token = TOKEN) =>
  post(`${ApiPath.opsEntrust}/${id}`, body, { authorization: `Bearer ${token}` });

/** A community of 北京 whose business area has a branch with an agent at work: its brand serves it. */
async function servedCommunity(
  skip: number[] = [],
): Promise<{ id: number; name: string; brandId: number; businessAreaId: number }> {
  const [row] = await h.database.db
    .select({ id: communities.id, name: communities.name, brandId: branches.brandId, businessAreaId: communities.businessAreaId })
    .from(communities)
    .innerJoin(branches, eq(branches.businessAreaId, communities.businessAreaId))
    .innerJoin(agents, and(eq(agents.branchId, branches.id), eq(agents.status, 1)))
    .where(and(eq(communities.cityCode, '110000'), skip.length ? notInArray(communities.id, skip) : undefined))
    .orderBy(asc(communities.id))
    .limit(1);
  return row!;
}

let uploadSeq = 0;
/** The user's own uploads (as the callback records them) and the photos an entrust keeps of them. */
async function photosOf(userId: number, n: number) {
  const photos = [];
  for (let i = 0; i < n; i++) {
    const name = (++uploadSeq).toString(16).padStart(24, '0');
    const key = `ub/entrust/u${userId}/${name}.jpg`;
    const thumbKey = `ub/entrust/u${userId}/${name}_thumb.jpg`;
    await h.database.db
      .insert(uploads)
      .values({ userId, key, suffix: 'jpg', size: 1000, md5: '0'.repeat(32), width: 800, height: 600, thumbKey });
    photos.push({ key, url: `/oss/${key}`, thumbUrl: `/oss/${thumbKey}` });
  }
  return photos;
}

let room = 100;
/** A 审核中 entrust of the user, as 我要卖房 / 我要出租 records it. */
async function newEntrust(user: User, businessType: 1 | 2, extra: Partial<typeof entrusts.$inferInsert> = {}) {
  const community = await servedCommunity();
  const [row] = await h.database.db
    .insert(entrusts)
    .values({
      userId: user.id,
      businessType,
      cityCode: '110000',
      communityId: community.id,
      building: '3号楼',
      unit: '2单元',
      room: String(room++),
      area: 89.5,
      rooms: 2,
      halls: 1,
      baths: 1,
      floor: 8,
      totalFloors: 18,
      orientation: '南北',
      decoration: '精装',
      price: homeDealOf(businessType) === 'sale' ? 650.5 : 7800,
      ...(homeDealOf(businessType) === 'rent' ? { rentType: 1, payment: '押一付三' } : {}),
      contactName: '张先生',
      description: homeDealOf(businessType) === 'sale' ? '业主自住，满五唯一，随时可看。' : '',
      photos: await photosOf(user.id, 3),
      brandIds: [community.brandId],
      status: ENTRUST_STATUS.REVIEWING,
      ...extra,
    })
    .returning();
  return { entrust: row!, community };
}

const esfDetail = (id: number) => h.app.inject(`${ApiPath.esfDetail}/${id}`);
const rentDetail = (id: number) => h.app.inject(`${ApiPath.rentDetail}/${id}`);
const mine = async (user: User, businessType: 1 | 2) =>
  envelope<HousePage>(await post(ApiPath.houseMine, { businessType }, user.auth)).data;

describe('publishing an entrust (ops entrust accept)', () => {
  it('puts a home for sale on the 二手房 list and detail of its city with the owner’s photos and an agent of the brand, and announces it', async () => {
    const owner = await newUser();
    const { entrust, community } = await newEntrust(owner, 1);
    const res = await ops(entrust.id, { action: 'accept' });
    expect(res.statusCode, res.body).toBe(200);
    const result = envelope<OpsEntrustResult>(res).data;
    expect(result).toMatchObject({
      id: entrust.id,
      status: ENTRUST_STATUS.PUBLISHED,
      previousStatus: ENTRUST_STATUS.REVIEWING,
      businessType: 1,
      cityDomain: 'bj',
    });
    const listingId = result.listingId!;
    expect(listingId).toBeGreaterThan(0);

    const detail = envelope<EsfDetail>(await esfDetail(listingId)).data;
    expect(detail).toMatchObject({
      id: listingId,
      totalPrice: 650.5,
      unitPrice: Math.round(6_505_000 / 89.5),
      area: 89.5,
      rooms: 2,
      halls: 1,
      floorLevel: '中楼层',
      elevator: true,
      description: '业主自住，满五唯一，随时可看。',
    });
    expect(detail.title).toBe(`${community.name} 2室1厅 南北通透`);
    expect(detail.listingNo).toBe(`BJ${String(listingId).padStart(9, '0')}`);
    expect(detail.photos.map((p) => p.url)).toEqual(entrust.photos.map((p) => p.url));
    expect(detail.agent.brandId).toBe(community.brandId);
    expect(detail.agent.agentId).toBe(result.agentId);
    const [agent] = await h.database.db
      .select({ status: agents.status, businessAreaId: branches.businessAreaId })
      .from(agents)
      .innerJoin(branches, eq(branches.id, agents.branchId))
      .where(eq(agents.id, result.agentId!));
    expect(agent).toEqual({ status: 1, businessAreaId: community.businessAreaId });

    const list = await answer<EsfListPage>(h.app, ApiPath.esfList, { cityCode: '110000', estateId: community.id });
    const item = list.list.find((x) => x.id === listingId);
    expect(item).toMatchObject({ totalPrice: 650.5, coverUrl: entrust.photos[0]!.thumbUrl });
    // Newest first: the home just published heads its city's list.
    expect((await answer<EsfListPage>(h.app, ApiPath.esfList, { cityCode: '110000' })).list[0]?.id).toBe(listingId);

    expect(result.change.tags).toEqual(
      expect.arrayContaining([
        cacheTag.list('esf', 'bj'),
        cacheTag.detail('esf', listingId),
        cacheTag.detail('estate', community.id),
        cacheTag.agent(result.agentId!),
      ]),
    );
    const [change] = await h.database.db.select().from(cacheChanges).where(eq(cacheChanges.seq, result.change.seq));
    expect(change?.tags).toEqual(result.change.tags);
    const [row] = await h.database.db.select().from(entrusts).where(eq(entrusts.id, entrust.id));
    expect(row).toMatchObject({
      status: ENTRUST_STATUS.PUBLISHED,
      listingId,
      agentId: result.agentId,
      brandId: community.brandId,
    });
    expect(row!.publishedAt).toBeInstanceOf(Date);
  });

  it('puts a rental on the 租房 list and detail with the rental’s terms', async () => {
    const owner = await newUser();
    const { entrust, community } = await newEntrust(owner, 2, {
      payment: '押二付一',
      rentType: 2,
      rooms: 3,
      area: 15,
      facilities: ['空调', '宽带', '床'],
    });
    const result = envelope<OpsEntrustResult>(await ops(entrust.id, { action: 'accept' })).data;
    const listingId = result.listingId!;
    const detail = envelope<RentDetail>(await rentDetail(listingId)).data;
    expect(detail).toMatchObject({
      monthlyRent: 7800,
      deposit: 15_600,
      payment: '押二付一',
      checkIn: '随时入住',
      leaseTerm: '一年起租',
    });
    expect(detail.title).toBe(`合租·${community.name} 3居室 南北卧`);
    // The owner's ticks are the listing's 配套设施; the rest shows as absent.
    expect(detail.facilities.filter((f) => f.has).map((f) => f.name)).toEqual(['空调', '宽带', '床']);
    expect(detail.facilities).toHaveLength(12);
    expect(detail.photos.map((p) => p.url)).toEqual(entrust.photos.map((p) => p.url));
    expect(detail.description.length).toBeGreaterThan(10);
    const list = await answer<RentListPage>(h.app, ApiPath.rentList, { cityCode: '110000', estateId: community.id });
    expect(list.list.map((x) => x.id)).toContain(listingId);
    expect(result.change.tags).toEqual(expect.arrayContaining([cacheTag.list('rent', 'bj'), cacheTag.detail('rent', listingId)]));
  });

  it('refuses a second accept with 409, a brand not entrusted with 400, an unknown entrust with 404, and no token with 401', async () => {
    const owner = await newUser();
    const { entrust, community } = await newEntrust(owner, 1);
    const [other] = await h.database.db.select({ id: brands.id }).from(brands).where(ne(brands.id, community.brandId)).limit(1);
    const foreign = await ops(entrust.id, { action: 'accept', brandId: other!.id });
    expect(foreign.statusCode).toBe(400);
    expect(envelope(foreign).msg).toMatch(/不在委托/);
    expect((await ops(entrust.id, { action: 'accept' }, 'wrong-token')).statusCode).toBe(401);
    expect((await ops(entrust.id, { action: 'accept' })).statusCode).toBe(200);
    const again = await ops(entrust.id, { action: 'accept' });
    expect(again.statusCode).toBe(409);
    expect(envelope(again).msg).toMatch(/只有审核中的委托可以发布/);
    expect((await ops(2_000_000_000, { action: 'accept' })).statusCode).toBe(404);
    // Two operators at once: the entrust's row lock lets one publish it.
    const racing = await newEntrust(owner, 1);
    const both = await Promise.all([ops(racing.entrust.id, { action: 'accept' }), ops(racing.entrust.id, { action: 'accept' })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(
      await h.database.db.$count(
        entrusts,
        and(eq(entrusts.id, racing.entrust.id), eq(entrusts.status, ENTRUST_STATUS.PUBLISHED)),
      ),
    ).toBe(1);
    expect((await ops(entrust.id, { action: 'publish' })).statusCode).toBe(400);
    expect(await h.database.db.$count(esfListings, eq(esfListings.communityId, community.id))).toBeGreaterThan(0);
  });

  it('takes an agent of the brand elsewhere in the city when its branch is not in the area, and 409 when the brand has none', async () => {
    const owner = await newUser();
    const { entrust, community } = await newEntrust(owner, 1);
    // A brand with an agent at work in 北京 but no branch in the community's area.
    const [away] = await h.database.db
      .select({ brandId: branches.brandId })
      .from(branches)
      .innerJoin(agents, and(eq(agents.branchId, branches.id), eq(agents.status, 1)))
      .where(
        and(
          eq(branches.cityCode, '110000'),
          sql`${branches.brandId} not in (select brand_id from branches where business_area_id = ${community.businessAreaId})`,
        ),
      )
      .limit(1);
    expect(away).toBeDefined();
    await h.database.db
      .update(entrusts)
      .set({ brandIds: [away!.brandId] })
      .where(eq(entrusts.id, entrust.id));
    const result = envelope<OpsEntrustResult>(await ops(entrust.id, { action: 'accept' })).data;
    const detail = envelope<EsfDetail>(await esfDetail(result.listingId!)).data;
    expect(detail.agent.brandId).toBe(away!.brandId);

    const [lonely] = await h.database.db.insert(brands).values({ name: '无人地产' }).returning({ id: brands.id });
    const second = await newEntrust(owner, 1, { brandIds: [lonely!.id] });
    const refused = await ops(second.entrust.id, { action: 'accept' });
    expect(refused.statusCode).toBe(409);
    expect(envelope(refused).msg).toMatch(/没有在职的经纪人/);
    const [still] = await h.database.db
      .select({ status: entrusts.status, listingId: entrusts.listingId })
      .from(entrusts)
      .where(eq(entrusts.id, second.entrust.id));
    expect(still).toEqual({ status: ENTRUST_STATUS.REVIEWING, listingId: null });
  });

  it('marks a published home sold: the listing leaves the site; only a published one can be sold', async () => {
    const owner = await newUser();
    const { entrust } = await newEntrust(owner, 1);
    expect((await ops(entrust.id, { action: 'sold' })).statusCode).toBe(409);
    const { listingId } = envelope<OpsEntrustResult>(await ops(entrust.id, { action: 'accept' })).data;
    expect((await ops(entrust.id, { action: 'sold', brandId: 1 })).statusCode).toBe(400);
    const sold = await ops(entrust.id, { action: 'sold' });
    expect(sold.statusCode, sold.body).toBe(200);
    expect(envelope<OpsEntrustResult>(sold).data).toMatchObject({
      status: ENTRUST_STATUS.SOLD,
      previousStatus: ENTRUST_STATUS.PUBLISHED,
      listingId: null,
    });
    expect(envelope<OpsEntrustResult>(sold).data.change.tags).toEqual(
      expect.arrayContaining([cacheTag.list('esf', 'bj'), cacheTag.detail('esf', listingId!)]),
    );
    expect((await esfDetail(listingId!)).statusCode).toBe(404);
    const [row] = await h.database.db
      .select({ status: entrusts.status, listingId: entrusts.listingId })
      .from(entrusts)
      .where(eq(entrusts.id, entrust.id));
    // The entrust keeps the id of the listing it was: its counts and bookings still name the home.
    expect(row).toEqual({ status: ENTRUST_STATUS.SOLD, listingId });
    expect((await ops(entrust.id, { action: 'sold' })).statusCode).toBe(409);
    const houses = await mine(owner, 1);
    expect(houses.list.find((x) => x.entrustId === entrust.id)).toMatchObject({
      status: ENTRUST_STATUS.SOLD,
      statusName: '已成交',
      listingId: null,
    });
  });
});

describe('卖房管理 / 租房管理', () => {
  it('lists the owner’s published homes with views, followers and viewing requests; 审核中 ones and the other channel are not there', async () => {
    const owner = await newUser();
    const { entrust, community } = await newEntrust(owner, 1);
    await newEntrust(owner, 1);
    const rental = await newEntrust(owner, 2);
    const { listingId, agentId } = envelope<OpsEntrustResult>(await ops(entrust.id, { action: 'accept' })).data;
    const id = listingId!;
    await h.database.db.insert(listingViews).values({ businessType: 1, listingId: id, views: 7 });
    const followers = [await newUser(), await newUser()];
    await h.database.db.insert(listingFollows).values(followers.map((u) => ({ userId: u.id, businessType: 1, listingId: id })));
    // A follow of the rental with the same id in the other channel is not counted.
    await h.database.db.insert(listingFollows).values({ userId: owner.id, businessType: 2, listingId: id });
    const bookers = [await newUser(), await newUser(), await newUser()];
    for (const [i, u] of bookers.entries()) {
      const res = await post(
        ApiPath.viewingBook,
        { businessType: 1, listingId: id, date: shanghaiDay(i + 1), slot: 1, contactName: '李女士' },
        u.auth,
      );
      expect(res.statusCode, res.body).toBe(200);
    }

    const page = await mine(owner, 1);
    expect(page.total).toBe(1);
    expect(page.list).toHaveLength(1);
    const house = page.list[0]!;
    expect(house).toMatchObject({
      entrustId: entrust.id,
      businessType: 1,
      status: ENTRUST_STATUS.PUBLISHED,
      statusName: '已发布',
      listingId: id,
      cityDomain: 'bj',
      communityName: community.name,
      price: 650.5,
      unitPrice: Math.round(6_505_000 / 89.5),
      views: 7,
      followers: 2,
      viewingRequests: 3,
      coverUrl: entrust.photos[0]!.thumbUrl,
    });
    const [agent] = await h.database.db.select({ name: agents.name }).from(agents).where(eq(agents.id, agentId!));
    expect(house.agentName).toBe(agent!.name);
    // The rental is 审核中: 租房管理 is empty until it is published.
    expect(await mine(owner, 2)).toMatchObject({ total: 0, list: [] });
    await ops(rental.entrust.id, { action: 'accept' });
    expect((await mine(owner, 2)).list.map((x) => x.entrustId)).toEqual([rental.entrust.id]);
    // Someone else sees none of it.
    expect(await mine(await newUser(), 1)).toMatchObject({ total: 0, list: [] });
  });

  it('changes the price: the detail API shows it, the entrust keeps it and the change is announced', async () => {
    const owner = await newUser();
    const { entrust, community } = await newEntrust(owner, 1);
    const { listingId } = envelope<OpsEntrustResult>(await ops(entrust.id, { action: 'accept' })).data;
    const [{ seq: before }] = (await h.database.db.select({ seq: sql<number>`max(${cacheChanges.seq})` }).from(cacheChanges)) as [
      { seq: number },
    ];
    const res = await post(ApiPath.housePrice, { entrustId: entrust.id, price: 599.99 }, owner.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(envelope<House>(res).data).toMatchObject({
      entrustId: entrust.id,
      price: 599.99,
      unitPrice: Math.round(5_999_900 / 89.5),
    });
    expect(envelope<EsfDetail>(await esfDetail(listingId!)).data).toMatchObject({
      totalPrice: 599.99,
      unitPrice: Math.round(5_999_900 / 89.5),
    });
    const [row] = await h.database.db.select({ price: entrusts.price }).from(entrusts).where(eq(entrusts.id, entrust.id));
    expect(row!.price).toBe(599.99);
    const changes = await h.database.db
      .select()
      .from(cacheChanges)
      .where(gt(cacheChanges.seq, Number(before)));
    expect(changes.flatMap((c) => c.tags)).toEqual(
      expect.arrayContaining([
        cacheTag.list('esf', 'bj'),
        cacheTag.detail('esf', listingId!),
        cacheTag.detail('estate', community.id),
      ]),
    );

    // The 调价记录 has the owner's change with its time, and the cut makes the home 降价: the list's 降价 filter
    // finds it and its card is tagged.
    const history = await answer<PriceHistory>(h.app, ApiPath.priceHistory, { channelCode: 'esf', id: listingId! });
    expect(history.changes.at(-1)).toMatchObject({ oldPrice: 650.5, newPrice: 599.99 });
    expect(Date.now() - Date.parse(history.changes.at(-1)!.changedAt)).toBeLessThan(60_000);
    const cut = await answer<EsfListPage>(h.app, ApiPath.esfList, {
      cityCode: '110000',
      estateId: community.id,
      priceCut: [1],
    });
    const card = cut.list.find((x) => x.id === listingId);
    expect(card?.tags[0]).toBe(PRICE_CUT_TAG);

    const same = await post(ApiPath.housePrice, { entrustId: entrust.id, price: 599.99 }, owner.auth);
    expect(same.statusCode).toBe(400);
    expect(envelope(same).msg).toContain(HOUSE_MESSAGES.samePrice);
    expect(
      (await answer<PriceHistory>(h.app, ApiPath.priceHistory, { channelCode: 'esf', id: listingId! })).changes,
    ).toHaveLength(history.changes.length);
  });

  it('changes a rental’s rent, its deposit keeping its months', async () => {
    const owner = await newUser();
    const { entrust } = await newEntrust(owner, 2, { payment: '押二付一' });
    const { listingId } = envelope<OpsEntrustResult>(await ops(entrust.id, { action: 'accept' })).data;
    const res = await post(ApiPath.housePrice, { entrustId: entrust.id, price: 8200 }, owner.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(envelope<RentDetail>(await rentDetail(listingId!)).data).toMatchObject({ monthlyRent: 8200, deposit: 16_400 });
    const history = await answer<PriceHistory>(h.app, ApiPath.priceHistory, { channelCode: 'rent', id: listingId! });
    expect(history.changes.at(-1)).toMatchObject({ oldPrice: 7800, newPrice: 8200 });
  });

  it('refuses bad prices with 400 and the entrust form’s message, and a home not published with 409', async () => {
    const owner = await newUser();
    const sale = await newEntrust(owner, 1);
    const rent = await newEntrust(owner, 2);
    const reviewing = await post(ApiPath.housePrice, { entrustId: sale.entrust.id, price: 600 }, owner.auth);
    expect(reviewing.statusCode).toBe(409);
    expect(envelope(reviewing).msg).toBe(HOUSE_MESSAGES.notPublished);
    await ops(sale.entrust.id, { action: 'accept' });
    await ops(rent.entrust.id, { action: 'accept' });
    const cases: Array<[number, unknown, RegExp | string]> = [
      [sale.entrust.id, 600.123, ENTRUST_MESSAGES.sellPrice],
      // Far below a cent and under 1万: it would publish as 0万 and head 总价从低到高.
      [sale.entrust.id, 1e-9, ENTRUST_MESSAGES.sellPrice],
      [sale.entrust.id, 650.000000001, ENTRUST_MESSAGES.sellPrice],
      [sale.entrust.id, 100_001, ENTRUST_MESSAGES.sellPrice],
      [sale.entrust.id, 0, /price/],
      [sale.entrust.id, -5, /price/],
      [sale.entrust.id, '600', /price/],
      [rent.entrust.id, 7800.5, ENTRUST_MESSAGES.rentPrice],
      [rent.entrust.id, 99, ENTRUST_MESSAGES.rentPrice],
      [rent.entrust.id, 1_000_001, ENTRUST_MESSAGES.rentPrice],
    ];
    for (const [entrustId, price, message] of cases) {
      const res = await post(ApiPath.housePrice, { entrustId, price }, owner.auth);
      expect(res.statusCode, `${price}`).toBe(400);
      if (typeof message === 'string') expect(envelope(res).msg).toContain(message);
      else expect(envelope(res).msg).toMatch(message);
    }
    expect((await post(ApiPath.housePrice, { entrustId: sale.entrust.id }, owner.auth)).statusCode).toBe(400);
    expect((await post(ApiPath.houseOffline, { entrustId: 'x' }, owner.auth)).statusCode).toBe(400);
    expect((await post(ApiPath.houseMine, { businessType: 3 }, owner.auth)).statusCode).toBe(400);
    const [row] = await h.database.db.select({ price: entrusts.price }).from(entrusts).where(eq(entrusts.id, sale.entrust.id));
    expect(row!.price).toBe(650.5);
  });

  it('takes a home down: the listing is gone, its open viewings are cancelled and shown as taken down, the owner sees 已下架', async () => {
    const owner = await newUser();
    const { entrust } = await newEntrust(owner, 1);
    const { listingId } = envelope<OpsEntrustResult>(await ops(entrust.id, { action: 'accept' })).data;
    const visitor = await newUser();
    const booked = await post(
      ApiPath.viewingBook,
      { businessType: 1, listingId, date: shanghaiDay(2), slot: 2, contactName: '王女士' },
      visitor.auth,
    );
    expect(booked.statusCode, booked.body).toBe(200);
    const before = envelope<ViewingPage>(await post(ApiPath.viewingMine, { businessType: 1 }, visitor.auth)).data.list[0]!;
    expect(before).toMatchObject({ listingId, listingGone: false });

    const res = await post(ApiPath.houseOffline, { entrustId: entrust.id }, owner.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(envelope<House>(res).data).toMatchObject({
      entrustId: entrust.id,
      status: ENTRUST_STATUS.OFFLINE,
      statusName: '已下架',
      listingId: null,
      price: 650.5,
    });
    expect((await esfDetail(listingId!)).statusCode).toBe(404);
    expect(await h.database.db.$count(esfListings, eq(esfListings.id, listingId!))).toBe(0);
    const [row] = await h.database.db
      .select({ status: entrusts.status, listingId: entrusts.listingId })
      .from(entrusts)
      .where(eq(entrusts.id, entrust.id));
    expect(row).toEqual({ status: ENTRUST_STATUS.OFFLINE, listingId });

    const after = envelope<ViewingPage>(await post(ApiPath.viewingMine, { businessType: 1 }, visitor.auth)).data;
    expect(after.total).toBe(1);
    // Named as the owner entrusted it (the community and layout), not by the deleted row.
    expect(after.list[0]).toMatchObject({
      id: before.id,
      listingId,
      listingGone: true,
      status: VIEWING_STATUS.CANCELLED,
      agentName: before.agentName,
      communityName: '',
    });
    expect(after.list[0]!.title).toMatch(/ 2室1厅 89\.5㎡$/);
    expect(after.list[0]!.title).not.toBe(VIEWING_LISTING_GONE);
    // The owner still sees what the home drew while it was on the site: the booking counts.
    expect((await mine(owner, 1)).list[0]).toMatchObject({ entrustId: entrust.id, statusName: '已下架', viewingRequests: 1 });

    const again = await post(ApiPath.houseOffline, { entrustId: entrust.id }, owner.auth);
    expect(again.statusCode).toBe(409);
    expect(envelope(again).msg).toBe(HOUSE_MESSAGES.notPublished);
    expect((await post(ApiPath.housePrice, { entrustId: entrust.id, price: 500 }, owner.auth)).statusCode).toBe(409);

    // Once the owner edits it (审核中 again) the entrust may describe another flat: the booking no longer reads it.
    await h.database.db
      .update(entrusts)
      .set({ status: ENTRUST_STATUS.REVIEWING, rooms: 7, halls: 3 })
      .where(eq(entrusts.id, entrust.id));
    const edited = envelope<ViewingPage>(await post(ApiPath.viewingMine, { businessType: 1 }, visitor.auth)).data.list[0]!;
    expect(edited).toMatchObject({ id: before.id, title: VIEWING_LISTING_GONE, listingGone: true });
  });

  it('answers another owner’s home exactly as an unknown one (404), and changes nothing', async () => {
    const owner = await newUser();
    const intruder = await newUser();
    const { entrust } = await newEntrust(owner, 1);
    const { listingId } = envelope<OpsEntrustResult>(await ops(entrust.id, { action: 'accept' })).data;
    const unknown = 2_000_000_000;
    for (const [path, body] of [
      [ApiPath.housePrice, { price: 100 }],
      [ApiPath.houseOffline, {}],
    ] as const) {
      const theirs = await post(path, { entrustId: entrust.id, ...body }, intruder.auth);
      const none = await post(path, { entrustId: unknown, ...body }, intruder.auth);
      expect(theirs.statusCode).toBe(404);
      expect(none.statusCode).toBe(404);
      expect(envelope(theirs).msg.replace(String(entrust.id), 'N')).toBe(envelope(none).msg.replace(String(unknown), 'N'));
    }
    expect(envelope<EsfDetail>(await esfDetail(listingId!)).data.totalPrice).toBe(650.5);
  });

  it('limits price changes, and take-downs, to HOUSE_CHANGE_LIMIT each per user and hour', async () => {
    const user = await newUser();
    const unknown = 2_000_000_000;
    for (let i = 0; i < HOUSE_CHANGE_LIMIT; i++) {
      expect((await post(ApiPath.housePrice, { entrustId: unknown, price: 100 + i }, user.auth)).statusCode).toBe(404);
      expect((await post(ApiPath.houseOffline, { entrustId: unknown }, user.auth)).statusCode).toBe(404);
    }
    for (const limited of [
      await post(ApiPath.housePrice, { entrustId: unknown, price: 99 }, user.auth),
      await post(ApiPath.houseOffline, { entrustId: unknown }, user.auth),
    ]) {
      expect(limited.statusCode).toBe(429);
      expect(envelope(limited).msg).toMatch(/请求过于频繁/);
    }
    // Another user is not limited by it.
    expect((await post(ApiPath.houseOffline, { entrustId: unknown }, (await newUser()).auth)).statusCode).toBe(404);
  });

  it('answers 401 without a session', async () => {
    for (const [path, body] of [
      [ApiPath.houseMine, { businessType: 1 }],
      [ApiPath.housePrice, { entrustId: 1, price: 100 }],
      [ApiPath.houseOffline, { entrustId: 1 }],
    ] as const) {
      expect((await post(path, body)).statusCode, path).toBe(401);
    }
    expect((await h.app.inject(`${ApiPath.houseMine}?businessType=1`)).statusCode).toBe(401);
  });

  it('keeps the operator listing price command working on an owner’s home (one repricing for both)', async () => {
    const owner = await newUser();
    const { entrust } = await newEntrust(owner, 1);
    const { listingId } = envelope<OpsEntrustResult>(await ops(entrust.id, { action: 'accept' })).data;
    const res = await post(`${ApiPath.opsListing}/esf/${listingId}`, { price: 610 }, { authorization: `Bearer ${TOKEN}` });
    expect(res.statusCode).toBe(200);
    expect((await mine(owner, 1)).list[0]).toMatchObject({ price: 610 });
  });
});
