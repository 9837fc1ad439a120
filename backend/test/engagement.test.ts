import { createHash, randomBytes } from 'node:crypto';
import { and, eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_FOLLOW_LIMIT, LISTING_VIEW_LIMIT, type FollowStatus, type ListingViewResult } from '@contracts/house';
import { ApiPath, DEVICE_COOKIE, SESSION_COOKIE } from '@contracts/paths';
import { cities, listingFollows, esfListings, listingViews, rentals, sessions, users } from '../src/db/schema';
import { createViewDedupe } from '../src/modules/engagement/engagement';
import { envelope, startHarness, type Harness } from './harness';

/** 浏览 (the detail page's view beacon) and 关注 (spec §2 Personal centre): the counts an owner sees in 卖房管理 / 租房管理. */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

let nextMobile = 13_918_000_000;
async function newUser(): Promise<{ id: number; auth: Record<string, string> }> {
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
const device = () => randomBytes(16).toString('hex');
const view = (payload: unknown, headers: Record<string, string> = {}) => post(ApiPath.listingView, payload, headers);
const follow = (payload: unknown, headers: Record<string, string>) => post(ApiPath.listingFollow, payload, headers);

/** Second-hand homes (or rentals) of cities with the channel on, that no test here has used yet. */
const used = new Set<number>();
async function freshEsf(): Promise<number> {
  const [row] = await h.database.db
    .select({ id: esfListings.id })
    .from(esfListings)
    .innerJoin(cities, and(eq(cities.cityCode, esfListings.cityCode), eq(cities.isEsf, 1)))
    .where(used.size ? notInArray(esfListings.id, [...used]) : undefined)
    .orderBy(esfListings.id)
    .limit(1);
  used.add(row!.id);
  return row!.id;
}
async function rentId(): Promise<number> {
  const [row] = await h.database.db
    .select({ id: rentals.id })
    .from(rentals)
    .innerJoin(cities, and(eq(cities.cityCode, rentals.cityCode), eq(cities.isRent, 1)))
    .orderBy(rentals.id)
    .limit(1);
  return row!.id;
}
async function viewsInDb(businessType: number, listingId: number): Promise<number | undefined> {
  const [row] = await h.database.db
    .select({ views: listingViews.views })
    .from(listingViews)
    .where(and(eq(listingViews.businessType, businessType), eq(listingViews.listingId, listingId)));
  return row?.views;
}

describe('the view beacon', () => {
  it('counts a view once per device and listing, with no session, and says so', async () => {
    const id = await freshEsf();
    const a = device();
    const first = await view({ businessType: 1, listingId: id }, { 'x-device-code': a });
    expect(first.statusCode, first.body).toBe(200);
    expect(envelope<ListingViewResult>(first).data).toEqual({ counted: true, views: 1 });
    // The same device again (a reload, the page opened twice): not another view.
    expect(envelope<ListingViewResult>(await view({ businessType: 1, listingId: id }, { 'x-device-code': a })).data).toEqual({
      counted: false,
      views: 1,
    });
    // The cookie names the device as well as the header does.
    expect(
      envelope<ListingViewResult>(await view({ businessType: 1, listingId: id }, { cookie: `${DEVICE_COOKIE}=${a}` })).data
        .counted,
    ).toBe(false);
    // Another device, from the same address: another view.
    expect(
      envelope<ListingViewResult>(await view({ businessType: 1, listingId: id }, { cookie: `${DEVICE_COOKIE}=${device()}` }))
        .data,
    ).toEqual({ counted: true, views: 2 });
    expect(await viewsInDb(1, id)).toBe(2);
    // The same device on another listing counts there, not here.
    const other = await freshEsf();
    expect(envelope<ListingViewResult>(await view({ businessType: 1, listingId: other }, { 'x-device-code': a })).data).toEqual({
      counted: true,
      views: 1,
    });
    expect(await viewsInDb(1, id)).toBe(2);
  });

  it('counts by address when there is no device code (or a malformed one)', async () => {
    const id = await freshEsf();
    const from = (ip: string, extra: Record<string, string> = {}) =>
      view({ businessType: 1, listingId: id }, { 'x-forwarded-for': ip, ...extra });
    expect(envelope<ListingViewResult>(await from('203.0.113.7')).data.counted).toBe(true);
    expect(envelope<ListingViewResult>(await from('203.0.113.7')).data.counted).toBe(false);
    expect(envelope<ListingViewResult>(await from('203.0.113.7', { 'x-device-code': 'x' })).data.counted).toBe(false);
    expect(envelope<ListingViewResult>(await from('203.0.113.8')).data).toEqual({ counted: true, views: 2 });
    expect(await viewsInDb(1, id)).toBe(2);
  });

  it('counts rentals apart from second-hand homes of the same id', async () => {
    const id = await rentId();
    const d = device();
    const esfBefore = await viewsInDb(1, id);
    expect(envelope<ListingViewResult>(await view({ businessType: 2, listingId: id }, { 'x-device-code': d })).data.counted).toBe(
      true,
    );
    expect(await viewsInDb(2, id)).toBe(1);
    expect(await viewsInDb(1, id)).toBe(esfBefore);
  });

  it('counts two views at once both', async () => {
    const id = await freshEsf();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => view({ businessType: 1, listingId: id }, { 'x-device-code': device() })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(await viewsInDb(1, id)).toBe(8);
  });

  it('answers 404 for an unknown listing and for one of a city whose channel is off, and counts nothing', async () => {
    const unknown = await view({ businessType: 1, listingId: 2_000_000_000 }, { 'x-device-code': device() });
    expect(unknown.statusCode).toBe(404);
    expect(envelope(unknown).succeed).toBe(false);
    expect(await viewsInDb(1, 2_000_000_000)).toBeUndefined();

    const id = await freshEsf();
    const [listing] = await h.database.db
      .select({ cityCode: esfListings.cityCode })
      .from(esfListings)
      .where(eq(esfListings.id, id));
    await h.database.db.update(cities).set({ isEsf: 0 }).where(eq(cities.cityCode, listing!.cityCode));
    try {
      const off = await view({ businessType: 1, listingId: id }, { 'x-device-code': device() });
      expect(off.statusCode).toBe(404);
      expect(await viewsInDb(1, id)).toBeUndefined();
    } finally {
      await h.database.db.update(cities).set({ isEsf: 1 }).where(eq(cities.cityCode, listing!.cityCode));
    }
    expect((await view({ businessType: 1, listingId: id }, { 'x-device-code': device() })).statusCode).toBe(200);
  });

  it('refuses bad input with 400 and a message, and another site with 403', async () => {
    const id = await freshEsf();
    const cases: [unknown, RegExp][] = [
      [{ businessType: 3, listingId: id }, /businessType/],
      [{ businessType: 0, listingId: id }, /businessType/],
      [{ businessType: 1, listingId: 'abc' }, /listingId/],
      [{ businessType: 1, listingId: -1 }, /listingId/],
      [{ businessType: 1 }, /listingId/],
      [{ businessType: 1, listingId: id, extra: 1 }, /extra|Unrecognized/i],
    ];
    for (const [payload, message] of cases) {
      const res = await view(payload, { 'x-device-code': device() });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(envelope(res).msg, JSON.stringify(payload)).toMatch(message);
    }
    const notJson = await h.app.inject({
      method: 'POST',
      url: ApiPath.listingView,
      payload: '{bad',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    const crossSite = await view(
      { businessType: 1, listingId: id },
      { origin: 'https://evil.example', 'x-device-code': device() },
    );
    expect(crossSite.statusCode).toBe(403);
    expect(await viewsInDb(1, id)).toBeUndefined();
  });

  it(`takes at most ${LISTING_VIEW_LIMIT} beacons an hour from one address, whatever device codes it names`, async () => {
    const id = await freshEsf();
    const ip = '198.51.100.23';
    let counted = 0;
    for (let i = 0; i < LISTING_VIEW_LIMIT; i++) {
      const res = await view({ businessType: 1, listingId: id }, { 'x-forwarded-for': ip, 'x-device-code': device() });
      expect(res.statusCode).toBe(200);
      if (envelope<ListingViewResult>(res).data.counted) counted++;
    }
    expect(counted).toBe(LISTING_VIEW_LIMIT);
    const over = await view({ businessType: 1, listingId: id }, { 'x-forwarded-for': ip, 'x-device-code': device() });
    expect(over.statusCode).toBe(429);
    expect(envelope(over).msg).toMatch(/请求过于频繁/);
    expect(await viewsInDb(1, id)).toBe(LISTING_VIEW_LIMIT);
    // Another address is not held back.
    expect(
      (await view({ businessType: 1, listingId: id }, { 'x-forwarded-for': '198.51.100.24', 'x-device-code': device() }))
        .statusCode,
    ).toBe(200);
  });

  it('forgets a viewer after the window (the LRU’s TTL) and keeps a bounded number of them', () => {
    const dedupe = createViewDedupe(2);
    expect(dedupe.firstView('d:a', 1, 1)).toBe(true);
    expect(dedupe.firstView('d:a', 1, 1)).toBe(false);
    expect(dedupe.firstView('d:a', 2, 1)).toBe(true);
    // A third entry pushes out the oldest: memory stays bounded, that viewer may count again.
    expect(dedupe.firstView('d:b', 1, 1)).toBe(true);
    expect(dedupe.firstView('d:a', 1, 1)).toBe(true);
  });
});

describe('关注', () => {
  it('needs a session: 401 without one or with a dead one, for the status and the change', async () => {
    const id = await freshEsf();
    for (const headers of [{}, { cookie: `${SESSION_COOKIE}=dead` }] as Record<string, string>[]) {
      const status = await h.app.inject({ url: `${ApiPath.listingFollowStatus}?businessType=1&listingId=${id}`, headers });
      expect(status.statusCode).toBe(401);
      expect(envelope(status).code).toBe(4010011002);
      expect((await follow({ businessType: 1, listingId: id, follow: true }, headers)).statusCode).toBe(401);
    }
    expect(await h.database.db.select().from(listingFollows).where(eq(listingFollows.listingId, id))).toHaveLength(0);
  });

  it('follows and unfollows, each idempotent, with the count of every follower', async () => {
    const id = await freshEsf();
    const a = await newUser();
    const b = await newUser();
    const status = async (u: { auth: Record<string, string> }) =>
      envelope<FollowStatus>(
        await h.app.inject({ url: `${ApiPath.listingFollowStatus}?businessType=1&listingId=${id}`, headers: u.auth }),
      ).data;

    expect(await status(a)).toEqual({ followed: false, followers: 0 });
    const first = await follow({ businessType: 1, listingId: id, follow: true }, a.auth);
    expect(first.statusCode, first.body).toBe(200);
    expect(envelope<FollowStatus>(first).data).toEqual({ followed: true, followers: 1 });
    expect(envelope<FollowStatus>(await follow({ businessType: 1, listingId: id, follow: true }, a.auth)).data).toEqual({
      followed: true,
      followers: 1,
    });
    expect(envelope<FollowStatus>(await follow({ businessType: 1, listingId: id, follow: true }, b.auth)).data).toEqual({
      followed: true,
      followers: 2,
    });
    // The status by POST as well as GET, like every portal read.
    const byPost = envelope<FollowStatus>(
      await post(ApiPath.listingFollowStatus, { businessType: 1, listingId: id }, a.auth),
    ).data;
    expect(byPost).toEqual({ followed: true, followers: 2 });
    expect(
      await h.database.db
        .select()
        .from(listingFollows)
        .where(and(eq(listingFollows.businessType, 1), eq(listingFollows.listingId, id))),
    ).toHaveLength(2);

    expect(envelope<FollowStatus>(await follow({ businessType: 1, listingId: id, follow: false }, a.auth)).data).toEqual({
      followed: false,
      followers: 1,
    });
    expect(envelope<FollowStatus>(await follow({ businessType: 1, listingId: id, follow: false }, a.auth)).data).toEqual({
      followed: false,
      followers: 1,
    });
    expect(await status(a)).toEqual({ followed: false, followers: 1 });
    expect(await status(b)).toEqual({ followed: true, followers: 1 });
    // A rental is another listing, whatever its id.
    const rental = envelope<FollowStatus>(
      await h.app.inject({ url: `${ApiPath.listingFollowStatus}?businessType=2&listingId=${await rentId()}`, headers: b.auth }),
    ).data;
    expect(rental).toEqual({ followed: false, followers: 0 });
  });

  it('two follows at once leave one row', async () => {
    const id = await freshEsf();
    const a = await newUser();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => follow({ businessType: 1, listingId: id, follow: true }, a.auth)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await h.database.db.select().from(listingFollows).where(eq(listingFollows.listingId, id))).toHaveLength(1);
  });

  it('follows a rental', async () => {
    const id = await rentId();
    const a = await newUser();
    expect(envelope<FollowStatus>(await follow({ businessType: 2, listingId: id, follow: true }, a.auth)).data.followed).toBe(
      true,
    );
    const [row] = await h.database.db
      .select()
      .from(listingFollows)
      .where(and(eq(listingFollows.userId, a.id), eq(listingFollows.businessType, 2)));
    expect(row?.listingId).toBe(id);
  });

  it('answers 404 for an unknown listing, and refuses bad input with 400', async () => {
    const a = await newUser();
    const unknown = await follow({ businessType: 1, listingId: 2_000_000_000, follow: true }, a.auth);
    expect(unknown.statusCode).toBe(404);
    expect(
      (await h.app.inject({ url: `${ApiPath.listingFollowStatus}?businessType=2&listingId=2000000000`, headers: a.auth }))
        .statusCode,
    ).toBe(404);
    expect(await h.database.db.select().from(listingFollows).where(eq(listingFollows.userId, a.id))).toHaveLength(0);

    const id = await freshEsf();
    const cases: [unknown, RegExp][] = [
      [{ businessType: 1, listingId: id, follow: 'yes' }, /follow/],
      [{ businessType: 1, listingId: id }, /follow/],
      [{ businessType: 5, listingId: id, follow: true }, /businessType/],
      [{ businessType: 1, listingId: 0, follow: true }, /listingId/],
      [{ businessType: 1, listingId: id, follow: true, userId: 1 }, /userId|Unrecognized/i],
    ];
    for (const [payload, message] of cases) {
      const res = await follow(payload, a.auth);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(envelope(res).msg).toMatch(message);
    }
    const badStatus = await h.app.inject({ url: `${ApiPath.listingFollowStatus}?businessType=1&listingId=x`, headers: a.auth });
    expect(badStatus.statusCode).toBe(400);
    expect(
      (await follow({ businessType: 1, listingId: id, follow: true }, { ...a.auth, origin: 'https://evil.example' })).statusCode,
    ).toBe(403);
    expect(await h.database.db.select().from(listingFollows).where(eq(listingFollows.userId, a.id))).toHaveLength(0);
  });

  it(`is limited to ${LISTING_FOLLOW_LIMIT} changes an hour per user`, async () => {
    const id = await freshEsf();
    const a = await newUser();
    for (let i = 0; i < LISTING_FOLLOW_LIMIT; i++) {
      expect((await follow({ businessType: 1, listingId: id, follow: i % 2 === 0 }, a.auth)).statusCode).toBe(200);
    }
    const over = await follow({ businessType: 1, listingId: id, follow: true }, a.auth);
    expect(over.statusCode).toBe(429);
    expect(envelope(over).msg).toMatch(/请求过于频繁/);
    // Another user is counted on their own.
    expect((await follow({ businessType: 1, listingId: id, follow: true }, (await newUser()).auth)).statusCode).toBe(200);
  });
});
