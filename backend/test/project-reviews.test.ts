import { createHash, randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { and, count, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheTag } from '@contracts/cache-changes';
import type { CacheChanges } from '@contracts/cache-changes';
import { ApiPath, SESSION_COOKIE } from '@contracts/paths';
import {
  REVIEW_ADD_LIMIT,
  REVIEW_PHOTOS_NOT_OWN,
  REVIEW_PHOTOS_TOO_MANY,
  type MyReview,
  type ProjectReview,
  type ReviewDeleted,
  type ReviewPage,
} from '@contracts/project-review';
import type { UploadedPhoto, UploadTicket } from '@contracts/upload';
import { ownerNames } from '../src/modules/uploads/owner-names';
import { cities, newProjects, projectReviews, sessions, uploads, users } from '../src/db/schema';
import { REVIEWER_MOBILE_PREFIX } from '../src/db/seed-reviews';
import { answer, both, envelope, startHarness, type Harness } from './harness';

/** 楼盘点评 (spec §2 "New-home detail"): a project's reviews and summary; a user writes, reads and deletes their own. */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

let nextMobile = 13_700_100_000;
/** A logged-in user of its own (a row and a session, as a login makes them): its bearer header. */
async function newUser(userName = ''): Promise<{ id: number; auth: Record<string, string> }> {
  const [user] = await h.database.db
    .insert(users)
    .values({ mobile: String(nextMobile++), userName })
    .returning({ id: users.id });
  const token = randomBytes(32).toString('base64url');
  await h.database.db.insert(sessions).values({
    tokenHash: createHash('sha256').update(token).digest('hex'),
    userId: user!.id,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return { id: user!.id, auth: { authorization: `Bearer ${token}` } };
}

const RATINGS = { overall: 4, location: 5, transport: 3, amenities: 4, environment: 4, value: 2 };
const BODY = '周末去看了样板间，户型方正，得房率高，就是价格有点贵。';

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers });
const add = (payload: unknown, headers: Record<string, string>) => post(ApiPath.projectReviewAdd, payload, headers);

/** A project of a city with new homes, with the number of reviews the seed gave it. */
async function projectWithReviews(min: number, max = Infinity): Promise<{ id: number; reviews: number }> {
  const rows = await h.database.db
    .select({ id: newProjects.id, n: count(projectReviews.id) })
    .from(newProjects)
    .innerJoin(cities, and(eq(cities.cityCode, newProjects.cityCode), eq(cities.isNewhouse, 1)))
    .leftJoin(projectReviews, eq(projectReviews.projectId, newProjects.id))
    .groupBy(newProjects.id)
    .orderBy(newProjects.id);
  const found = rows.find((r) => r.n >= min && r.n <= max);
  expect(found, `a project with ${min}–${max} reviews`).toBeDefined();
  return { id: found!.id, reviews: found!.n };
}

async function latestChange(): Promise<number> {
  return envelope<CacheChanges>(await h.app.inject(ApiPath.cacheChanges)).data.latest;
}
async function changesAfter(seq: number): Promise<string[]> {
  return envelope<CacheChanges>(await h.app.inject(`${ApiPath.cacheChanges}?after=${seq}`)).data.changes.flatMap((c) => c.tags);
}

describe('the seed', () => {
  it('gives reviewers their own mobile range and projects 0 to 25 reviews whose text agrees with the stars', async () => {
    const db = h.database.db;
    const [reviewers] = await db
      .select({ n: count() })
      .from(users)
      .where(like(users.mobile, `${REVIEWER_MOBILE_PREFIX}%`));
    expect(reviewers!.n).toBeGreaterThanOrEqual(400);
    const perProject = await db.select({ n: count() }).from(projectReviews).groupBy(projectReviews.projectId);
    expect(perProject.length).toBeGreaterThan(100);
    expect(Math.max(...perProject.map((r) => r.n))).toBeLessThanOrEqual(25);
    const all = await db.select().from(projectReviews);
    const eighteenMonths = Date.now() - 549 * 86_400_000;
    expect(all.every((r) => r.createdAt.getTime() > eighteenMonths && r.createdAt.getTime() < Date.now())).toBe(true);
    expect(all.some((r) => r.photos.length > 0)).toBe(true);
    // A 1–2 star 交通 says something against getting around; a 5-star one nothing of the kind.
    const badTransport = all.filter((r) => r.transport <= 2);
    expect(badTransport.length).toBeGreaterThan(0);
    expect(badTransport.every((r) => /交通是硬伤|出行不方便|离最近的地铁站很远/.test(r.body))).toBe(true);
    expect(all.filter((r) => r.transport === 5).some((r) => /交通是硬伤|出行不方便/.test(r.body))).toBe(false);
    expect(all.every((r) => r.body.length >= 10 && r.body.length <= 500)).toBe(true);
  });
});

describe('a project’s reviews', () => {
  it('are 10 a page, newest first, with the summary; GET and POST agree', async () => {
    const p = await projectWithReviews(11);
    const first = await answer<ReviewPage>(h.app, ApiPath.projectReviews, { projectId: p.id });
    expect(first).toMatchObject({ total: p.reviews, page: 1, pageSize: 10 });
    expect(first.list).toHaveLength(10);
    const times = first.list.map((r) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const second = await answer<ReviewPage>(h.app, ApiPath.projectReviews, { projectId: p.id, page: 2 });
    expect(second.list).toHaveLength(Math.min(10, p.reviews - 10));
    expect(second.list.some((r) => first.list.some((f) => f.id === r.id))).toBe(false);

    const rows = await h.database.db.select().from(projectReviews).where(eq(projectReviews.projectId, p.id));
    const s = first.summary;
    expect(s.count).toBe(p.reviews);
    expect(s.averages.overall).toBe(Math.round((rows.reduce((a, r) => a + r.overall, 0) / rows.length) * 10) / 10);
    expect(s.averages.transport).toBe(Math.round((rows.reduce((a, r) => a + r.transport, 0) / rows.length) * 10) / 10);
    expect(s.distribution.map((d) => d.stars)).toEqual([5, 4, 3, 2, 1]);
    expect(s.distribution.reduce((a, d) => a + d.count, 0)).toBe(p.reviews);
    expect(s.distribution.find((d) => d.stars === 5)!.count).toBe(rows.filter((r) => r.overall === 5).length);
  });

  it('show a nickname or 优居用户_xxxx, never a mobile', async () => {
    const p = await projectWithReviews(20);
    const page = await answer<ReviewPage>(h.app, ApiPath.projectReviews, { projectId: p.id });
    const res = await h.app.inject(`${ApiPath.projectReviews}?projectId=${p.id}`);
    expect(res.body).not.toMatch(/1990000\d{4}/);
    expect(page.list.every((r) => r.reviewer.length > 0)).toBe(true);
    for (const r of page.list) expect(r.reviewer).not.toMatch(/\d{3}\*{3}\d{4}|1[3-9]\d{9}/);
  });

  it('of a project without any answer an empty page and an empty summary', async () => {
    const p = await projectWithReviews(0, 0);
    const page = await answer<ReviewPage>(h.app, ApiPath.projectReviews, { projectId: p.id });
    expect(page).toMatchObject({ total: 0, list: [], summary: { count: 0, averages: { overall: null, value: null } } });
    expect(page.summary.distribution.every((d) => d.count === 0)).toBe(true);
  });

  it('answer an unknown project with 404 and bad input with 400', async () => {
    for (const res of await both(h.app, ApiPath.projectReviews, { projectId: 2_000_000_000 })) {
      expect(res.statusCode).toBe(404);
      expect(envelope(res).code).toBe(4000000);
    }
    for (const input of [
      {},
      { projectId: 0 },
      { projectId: 'x' },
      { projectId: 1, page: 0 },
      { projectId: 1, page: 10_000 },
      { projectId: 1, extra: 1 },
    ]) {
      const [get, postRes] = await both(h.app, ApiPath.projectReviews, input);
      expect(get.statusCode, JSON.stringify(input)).toBe(400);
      expect(postRes.statusCode, JSON.stringify(input)).toBe(400);
    }
  });

  it('of a project in a city without new homes are as unknown as the project', async () => {
    const [p] = await h.database.db
      .select({ id: newProjects.id })
      .from(newProjects)
      .innerJoin(cities, and(eq(cities.cityCode, newProjects.cityCode), eq(cities.isNewhouse, 0)))
      .limit(1);
    if (!p) return; // the seed gives no projects to such a city: nothing to hide
    expect((await h.app.inject(`${ApiPath.projectReviews}?projectId=${p.id}`)).statusCode).toBe(404);
  });
});

describe('writing a review', () => {
  it('needs a session: 401 without one or with a dead one', async () => {
    const p = await projectWithReviews(0);
    const none = await add({ projectId: p.id, ratings: RATINGS, body: BODY }, {});
    expect(none.statusCode).toBe(401);
    expect(envelope(none).code).toBe(4010011002);
    const dead = await add({ projectId: p.id, ratings: RATINGS, body: BODY }, { cookie: `${SESSION_COOKIE}=nope` });
    expect(dead.statusCode).toBe(401);
    const mine = await h.app.inject(`${ApiPath.projectReviewMine}?projectId=${p.id}`);
    expect(mine.statusCode).toBe(401);
  });

  it('stores it, shows it first with the nickname, records the page change, and a second one is 409', async () => {
    const p = await projectWithReviews(3);
    const user = await newUser('望京看房人');
    const before = await latestChange();
    const res = await add({ projectId: p.id, ratings: RATINGS, body: `  ${BODY}  ` }, user.auth);
    expect(res.statusCode, res.body).toBe(200);
    const review = envelope<ProjectReview>(res).data;
    expect(review).toMatchObject({ projectId: p.id, reviewer: '望京看房人', ratings: RATINGS, body: BODY, photos: [] });
    expect(await changesAfter(before)).toContain(cacheTag.detail('new', p.id));

    const page = await answer<ReviewPage>(h.app, ApiPath.projectReviews, { projectId: p.id });
    expect(page.total).toBe(p.reviews + 1);
    expect(page.list[0]!.id).toBe(review.id);

    const mine = await h.app.inject({ url: `${ApiPath.projectReviewMine}?projectId=${p.id}`, headers: user.auth });
    expect(envelope<MyReview>(mine).data.review?.id).toBe(review.id);

    const again = await add(
      { projectId: p.id, ratings: { ...RATINGS, overall: 1 }, body: '第二次点评，想改一下评分可以吗？' },
      user.auth,
    );
    expect(again.statusCode).toBe(409);
    expect(envelope(again)).toMatchObject({ code: 409, succeed: false, msg: '您已点评过该楼盘' });
  });

  it('without a nickname shows 优居用户_ and four hex digits, never the mobile', async () => {
    const p = await projectWithReviews(0);
    const user = await newUser('');
    const res = await add({ projectId: p.id, ratings: RATINGS, body: BODY }, user.auth);
    expect(envelope<ProjectReview>(res).data.reviewer).toMatch(/^优居用户_[0-9a-f]{4}$/);
    expect(res.body).not.toMatch(/1370010\d{4}/);
  });

  it('refuses bad input with 400 and a readable message', async () => {
    const p = await projectWithReviews(0);
    const cases: [unknown, RegExp][] = [
      [{ projectId: p.id, ratings: RATINGS, body: '太短了' }, /body: 点评内容需为10-500个字/],
      [{ projectId: p.id, ratings: RATINGS, body: '          ' }, /body: 点评内容需为10-500个字/],
      [{ projectId: p.id, ratings: RATINGS, body: '长'.repeat(501) }, /body: 点评内容需为10-500个字/],
      // An emoji is one character, here as in the form's counter (contracts/review-text.ts): 501 are too many.
      [{ projectId: p.id, ratings: RATINGS, body: '😀'.repeat(501) }, /body: 点评内容需为10-500个字/],
      // Invisible characters are no text: zero-width spaces, a word joiner, a lone combining mark.
      [{ projectId: p.id, ratings: RATINGS, body: '\u200b'.repeat(30) }, /body: 点评内容需为10-500个字/],
      [{ projectId: p.id, ratings: RATINGS, body: `好${'\u2060\u0301'.repeat(20)}` }, /body: 点评内容需为10-500个字/],
      // C1 controls and bidi overrides or isolates (a text that turns itself around on the page).
      [{ projectId: p.id, ratings: RATINGS, body: `${BODY}\u0085` }, /control characters/],
      [{ projectId: p.id, ratings: RATINGS, body: `\u202e${BODY}` }, /bidi/],
      [{ projectId: p.id, ratings: RATINGS, body: `\u2066${BODY}` }, /bidi/],
      [{ projectId: p.id, ratings: { ...RATINGS, overall: 6 }, body: BODY }, /ratings\.overall: 评分须为1-5的整数/],
      [{ projectId: p.id, ratings: { ...RATINGS, value: 0 }, body: BODY }, /ratings\.value: 评分须为1-5的整数/],
      [{ projectId: p.id, ratings: { ...RATINGS, transport: 3.5 }, body: BODY }, /ratings\.transport: 评分须为1-5的整数/],
      [{ projectId: p.id, ratings: { ...RATINGS, location: '4' }, body: BODY }, /ratings\.location/],
      [{ projectId: p.id, ratings: { overall: 4 }, body: BODY }, /ratings\.location: is required/],
      [{ projectId: p.id, ratings: { ...RATINGS, extra: 3 }, body: BODY }, /ratings/],
      [{ projectId: p.id, ratings: RATINGS, body: BODY, photos: [{ url: '/oss/x.png' }] }, /photos|Unrecognized/i],
      [{ projectId: p.id, ratings: RATINGS, body: `${BODY}\u0000` }, /NUL/],
      [{ projectId: p.id, ratings: RATINGS, body: `${BODY}\u0007` }, /control characters/],
      [{ projectId: 'abc', ratings: RATINGS, body: BODY }, /projectId/],
      // Only a number or decimal digits are an id: not what loose coercion would read as 1, 13 or 2626.
      [{ projectId: true, ratings: RATINGS, body: BODY }, /projectId/],
      [{ projectId: [13], ratings: RATINGS, body: BODY }, /projectId/],
      [{ projectId: '0x0A42', ratings: RATINGS, body: BODY }, /projectId/],
      [{ projectId: '2.626e3', ratings: RATINGS, body: BODY }, /projectId/],
      [{ ratings: RATINGS, body: BODY }, /projectId/],
    ];
    for (const [payload, message] of cases) {
      // A user of its own each: every try counts against the hourly limit.
      const res = await add(payload, (await newUser()).auth);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(envelope(res).msg, JSON.stringify(payload)).toMatch(message);
    }
    // 500 characters is allowed; line breaks are part of a text.
    const longest = await add(
      { projectId: p.id, ratings: RATINGS, body: `${'好'.repeat(249)}\n${'好'.repeat(250)}` },
      (await newUser()).auth,
    );
    expect(longest.statusCode, longest.body).toBe(200);
  });

  it('of an unknown project is 404', async () => {
    const user = await newUser();
    const res = await add({ projectId: 2_000_000_000, ratings: RATINGS, body: BODY }, user.auth);
    expect(res.statusCode).toBe(404);
    expect(envelope(res).code).toBe(4000000);
  });

  it('keeps text as text (React escapes it on the page)', async () => {
    const p = await projectWithReviews(0);
    const user = await newUser('<img src=x onerror=alert(1)>');
    const body = '<script>alert("x")</script> 这个楼盘还不错';
    const res = await add({ projectId: p.id, ratings: RATINGS, body }, user.auth);
    expect(res.statusCode).toBe(200);
    expect(envelope<ProjectReview>(res).data).toMatchObject({ body, reviewer: '<img src=x onerror=alert(1)>' });
  });

  it('from another site is refused before anything is read', async () => {
    const p = await projectWithReviews(0);
    const user = await newUser();
    const res = await add({ projectId: p.id, ratings: RATINGS, body: BODY }, { ...user.auth, origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
  });

  it(`is limited to ${REVIEW_ADD_LIMIT} tries an hour per user, whichever session`, async () => {
    const user = await newUser();
    const statuses: number[] = [];
    for (let i = 0; i <= REVIEW_ADD_LIMIT; i++)
      statuses.push((await add({ projectId: 2_000_000_000, ratings: RATINGS, body: BODY }, user.auth)).statusCode);
    expect(statuses.slice(0, REVIEW_ADD_LIMIT).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another session of the same user counts with the first.
    const token = randomBytes(32).toString('base64url');
    await h.database.db.insert(sessions).values({
      tokenHash: createHash('sha256').update(token).digest('hex'),
      userId: user.id,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    expect((await add({ projectId: 1, ratings: RATINGS, body: BODY }, { authorization: `Bearer ${token}` })).statusCode).toBe(
      429,
    );
    // Another user is not held back by it.
    const other = await newUser();
    expect((await add({ projectId: 2_000_000_000, ratings: RATINGS, body: BODY }, other.auth)).statusCode).toBe(404);
  });
});

describe('deleting a review', () => {
  it('deletes one’s own, records the change, and then allows writing again', async () => {
    const p = await projectWithReviews(0);
    const user = await newUser('小区遛弯的猫');
    const review = envelope<ProjectReview>(await add({ projectId: p.id, ratings: RATINGS, body: BODY }, user.auth)).data;
    const before = await latestChange();
    const res = await post(ApiPath.projectReviewDelete, { reviewId: review.id }, user.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(envelope<ReviewDeleted>(res).data).toEqual({ reviewId: review.id, projectId: p.id });
    expect(await changesAfter(before)).toContain(cacheTag.detail('new', p.id));
    const mine = await h.app.inject({ url: `${ApiPath.projectReviewMine}?projectId=${p.id}`, headers: user.auth });
    expect(envelope<MyReview>(mine).data.review).toBeNull();
    expect((await add({ projectId: p.id, ratings: RATINGS, body: BODY }, user.auth)).statusCode).toBe(200);
  });

  it('of someone else’s review or an unknown id is the same 404, and nothing is deleted', async () => {
    const p = await projectWithReviews(1);
    const [theirs] = await h.database.db.select().from(projectReviews).where(eq(projectReviews.projectId, p.id)).limit(1);
    const user = await newUser();
    const other = await post(ApiPath.projectReviewDelete, { reviewId: theirs!.id }, user.auth);
    const unknown = await post(ApiPath.projectReviewDelete, { reviewId: 2_000_000_000 }, user.auth);
    expect(other.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(envelope(other).msg.replace(String(theirs!.id), 'N')).toBe(envelope(unknown).msg.replace('2000000000', 'N'));
    expect(await h.database.db.select().from(projectReviews).where(eq(projectReviews.id, theirs!.id))).toHaveLength(1);
  });

  it('needs a session and a valid id', async () => {
    expect((await post(ApiPath.projectReviewDelete, { reviewId: 1 })).statusCode).toBe(401);
    const user = await newUser();
    for (const payload of [
      {},
      { reviewId: 0 },
      { reviewId: -1 },
      { reviewId: 'x' },
      { reviewId: 1.5 },
      { reviewId: 1, more: 1 },
    ]) {
      expect((await post(ApiPath.projectReviewDelete, payload, user.auth)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(
      (await h.app.inject({ method: 'GET', url: `${ApiPath.projectReviewDelete}?reviewId=1`, headers: user.auth })).statusCode,
    ).toBe(405);
  });
});

describe('my review', () => {
  it('is null before writing, and 404 for an unknown project', async () => {
    const p = await projectWithReviews(0);
    const user = await newUser();
    const [get, postRes] = await both(h.app, ApiPath.projectReviewMine, { projectId: p.id }, user.auth);
    expect(envelope<MyReview>(get).data).toEqual({ review: null });
    expect(postRes.body).toBe(get.body);
    const unknown = await h.app.inject({ url: `${ApiPath.projectReviewMine}?projectId=2000000000`, headers: user.auth });
    expect(unknown.statusCode).toBe(404);
    const bad = await h.app.inject({ url: `${ApiPath.projectReviewMine}?projectId=abc`, headers: user.auth });
    expect(bad.statusCode).toBe(400);
  });
});

/**
 * Photos through the real upload (ticket → PostObject to the local OSS host → callback), as the 写点评 form's
 * PhotoUpload sends them: `count` photos under `dir`, their keys and URLs.
 */
async function uploadPhotos(auth: Record<string, string>, count: number, dir = 'ub/review'): Promise<UploadedPhoto[]> {
  const ticketRes = await h.app.inject({
    method: 'GET',
    url: `${ApiPath.ossTicker}?userDir=${dir}&uploadSize=${count}`,
    headers: auth,
  });
  expect(ticketRes.statusCode, ticketRes.body).toBe(200);
  const t = envelope<UploadTicket>(ticketRes).data;
  const list: { key: string; md5: string; suffix: string }[] = [];
  for (const [i, base] of t.keys.entries()) {
    const file = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 30 * i, g: 120, b: 90 } } })
      .png()
      .toBuffer();
    const key = `${base}.png`;
    const boundary = `----yj${randomBytes(8).toString('hex')}`;
    const fields = { key, policy: t.policy, OSSAccessKeyId: t.accessId, success_action_status: '200', Signature: t.signature };
    const parts = Object.entries(fields).map(([k, v]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    );
    const payload = Buffer.concat([
      ...parts,
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const posted = await h.app.inject({
      method: 'POST',
      url: t.host,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(posted.statusCode, posted.body).toBe(200);
    list.push({ key, md5: createHash('md5').update(file).digest('hex'), suffix: 'png' });
  }
  const done = await post(ApiPath.ossCallback, { uploads: list, userData: t.userData, viewId: '' }, auth);
  expect(done.statusCode, done.body).toBe(200);
  return envelope<UploadedPhoto[]>(done).data;
}

describe('photos of a review', () => {
  it('keeps up to 9 of the writer’s own review uploads, in order, and lists them with their thumbnails', async () => {
    const p = await projectWithReviews(0);
    const user = await newUser('带图的点评');
    const photos = await uploadPhotos(user.auth, 9);
    const keys = photos.map((x) => x.key).reverse();
    const res = await add({ projectId: p.id, ratings: RATINGS, body: BODY, photos: keys }, user.auth);
    expect(res.statusCode, res.body).toBe(200);
    const review = envelope<ProjectReview>(res).data;
    const byKey = new Map(photos.map((x) => [x.key, x]));
    expect(review.photos).toEqual(keys.map((k) => ({ url: byKey.get(k)!.url, thumbUrl: byKey.get(k)!.thumbUrl, title: '' })));
    expect(review.photos[0]!.thumbUrl).not.toBe(review.photos[0]!.url);

    const page = await answer<ReviewPage>(h.app, ApiPath.projectReviews, { projectId: p.id });
    expect(page.list.find((r) => r.id === review.id)?.photos).toEqual(review.photos);
    // The URLs are served: the original and its thumbnail.
    const original = await h.app.inject(review.photos[0]!.url);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toMatch(/image\/png/);
    const thumb = await h.app.inject(review.photos[0]!.thumbUrl);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toMatch(/image\/jpeg/);
  });

  it('lists the seed’s photos (no thumbnail made) with the original as the thumbnail', async () => {
    const [seeded] = await h.database.db
      .select()
      .from(projectReviews)
      .where(sql`jsonb_array_length(${projectReviews.photos}) > 0`)
      .limit(1);
    expect(seeded).toBeDefined();
    const page = await answer<ReviewPage>(h.app, ApiPath.projectReviews, { projectId: seeded!.projectId });
    const all = [...page.list];
    for (let n = 2; !all.some((r) => r.id === seeded!.id) && n <= Math.ceil(page.total / page.pageSize); n++) {
      all.push(...(await answer<ReviewPage>(h.app, ApiPath.projectReviews, { projectId: seeded!.projectId, page: n })).list);
    }
    const shown = all.find((r) => r.id === seeded!.id);
    expect(shown?.photos.length).toBe(seeded!.photos.length);
    for (const photo of shown!.photos) expect(photo.thumbUrl).toBe(photo.url);
  });

  it('refuses another user’s photos, another dir’s, unknown keys and more than 9 with 400, and stores nothing', async () => {
    const p = await projectWithReviews(0);
    const writer = await newUser();
    const other = await newUser();
    const [theirs] = await uploadPhotos(other.auth, 1);
    const [mine] = await uploadPhotos(writer.auth, 1);
    const [avatar] = await uploadPhotos(writer.auth, 1, 'ub/avatar');
    const names = ownerNames(h.config.KEY_SECRET);
    expect(theirs!.key).toContain(`/${names.folder(other.id)}/`);
    const cases: [unknown, RegExp][] = [
      [[theirs!.key], new RegExp(`photos: ${REVIEW_PHOTOS_NOT_OWN}`)],
      [[mine!.key, theirs!.key], new RegExp(`photos: ${REVIEW_PHOTOS_NOT_OWN}`)],
      // Another user's key moved under the writer's prefix is no upload of theirs.
      [
        [theirs!.key.replace(`/${names.folder(other.id)}/`, `/${names.folder(writer.id)}/`)],
        new RegExp(`photos: ${REVIEW_PHOTOS_NOT_OWN}`),
      ],
      [[avatar!.key], new RegExp(`photos: ${REVIEW_PHOTOS_NOT_OWN}`)],
      [[`ub/review/${names.folder(writer.id)}/${'0'.repeat(24)}.png`], new RegExp(`photos: ${REVIEW_PHOTOS_NOT_OWN}`)],
      [Array(10).fill(mine!.key), new RegExp(REVIEW_PHOTOS_TOO_MANY)],
      [[mine!.key, mine!.key], /photos: 照片不能重复/],
      [[''], /photos/],
      [mine!.key, /photos/],
    ];
    // Every try counts against REVIEW_ADD_LIMIT: these and the good one after them stay within it.
    expect(cases.length + 1).toBeLessThanOrEqual(REVIEW_ADD_LIMIT);
    for (const [photos, message] of cases) {
      const res = await add({ projectId: p.id, ratings: RATINGS, body: BODY, photos }, writer.auth);
      expect(res.statusCode, JSON.stringify(photos)).toBe(400);
      expect(envelope(res).msg, JSON.stringify(photos)).toMatch(message);
    }
    expect(await h.database.db.select().from(projectReviews).where(eq(projectReviews.userId, writer.id))).toHaveLength(0);
    // The writer's own photo goes through; the other user's upload row is untouched.
    expect((await add({ projectId: p.id, ratings: RATINGS, body: BODY, photos: [mine!.key] }, writer.auth)).statusCode).toBe(200);
    expect(await h.database.db.select().from(uploads).where(eq(uploads.userId, other.id))).toHaveLength(1);
  });
});
