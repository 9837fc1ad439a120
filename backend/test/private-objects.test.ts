import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entrust } from '@contracts/entrust';
import { ApiPath, DESK_COOKIE } from '@contracts/paths';
import type { ProjectReview } from '@contracts/project-review';
import { configWith, ConfigError, DEV_KEY_SECRET, loadConfig } from '../src/config';
import {
  agents,
  cities,
  ENTRUST_STATUS,
  entrusts,
  imConversations,
  imMessages,
  newProjects,
  projectReviews,
  uploads,
  uploadShares,
  users,
} from '../src/db/schema';
import { buildApp } from '../src/app';
import { ownerNames } from '../src/modules/uploads/owner-names';
import { envelope, startHarness, type Harness } from './harness';
import { multipart, png, thumbOf, ticketOf, uploadOf } from './support-uploads';
import { newTestUser, type TestUser } from './support-users';

/**
 * Private objects (docs/security.md "Private objects"): an upload is served to anyone only while something public
 * names it (a published entrust's listing, a review, an avatar); otherwise to its owner and to the other end of a
 * chat it was sent in, `private, no-store`, and to everyone else exactly as a key that does not exist. Upload
 * folders and reviewers' tags are keyed hashes of the user id, never the id.
 */

const TOKEN = 'private-objects-ops-token-0123';
const NO_KEY = (key: string) => key.replace(/[0-9a-f]{24}\./, `${'0'.repeat(24)}.`);

let h: Harness;
let owner: TestUser;
let other: TestUser;

const get = (url: string, headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string>) =>
  h.app.inject({ method: 'POST', url, payload, headers });
const ops = (id: number, action: 'accept' | 'sold') =>
  post(`${ApiPath.opsEntrust}/${id}`, { action }, { authorization: `Bearer ${TOKEN}` });

/** A 404 exactly as for a key nobody has: same status, same envelope, never cached. */
async function expectHidden(res: LightMyRequestResponse, key: string, label: string): Promise<void> {
  expect(res.statusCode, `${label}: ${key}`).toBe(404);
  expect(res.headers['cache-control'], label).toBe('no-store');
  const unknown = await get(`/oss/${NO_KEY(key)}`);
  expect(unknown.statusCode).toBe(404);
  expect(res.body, label).toBe(unknown.body);
}
function expectPrivate(res: LightMyRequestResponse, label: string): void {
  expect(res.statusCode, label).toBe(200);
  expect(res.headers['cache-control'], label).toBe('private, no-store');
  expect(res.headers['content-type'], label).toMatch(/^image\//);
}
function expectPublic(res: LightMyRequestResponse, label: string): void {
  expect(res.statusCode, label).toBe(200);
  expect(res.headers['cache-control'], label).toMatch(/^public, max-age=\d+/);
  expect(res.headers['content-type'], label).toMatch(/^image\//);
}

/** The key and its thumbnail as the visitor, another user and the owner get them. */
async function seenAs(key: string) {
  const urls = [`/oss/${key}`, `/oss/${thumbOf(key)}`];
  return {
    visitor: await Promise.all(urls.map((u) => get(u))),
    other: await Promise.all(urls.map((u) => get(u, other.cookie))),
    owner: await Promise.all(urls.map((u) => get(u, owner.cookie))),
  };
}
async function expectOwnerOnly(key: string, when: string): Promise<void> {
  const seen = await seenAs(key);
  for (const res of seen.visitor) await expectHidden(res, key, `${when}, visitor`);
  for (const res of seen.other) await expectHidden(res, key, `${when}, another user`);
  for (const res of seen.owner) expectPrivate(res, `${when}, owner`);
}
async function expectEveryone(key: string, when: string): Promise<void> {
  const seen = await seenAs(key);
  for (const res of [...seen.visitor, ...seen.other, ...seen.owner]) expectPublic(res, when);
}

/** A community some brand serves in a city with 二手房, for an entrust form. */
async function servedPlace(): Promise<{ communityId: number; brandId: number }> {
  const served = await h.database.db.execute(sql`
    select c.id as community_id, min(b.brand_id) as brand_id from communities c
    join cities ci on ci.city_code = c.city_code and ci.is_esf = 1
    join branches b on b.business_area_id = c.business_area_id and b.city_code = c.city_code
    join agents ag on ag.branch_id = b.id and ag.status = 1
    group by c.id order by c.id limit 1`);
  const row = ((served as unknown as { rows: Array<{ community_id: number; brand_id: number }> }).rows ?? served)[0]!;
  return { communityId: Number(row.community_id), brandId: Number(row.brand_id) };
}
let roomNo = 100;
async function entrustOf(user: TestUser, photos: string[]): Promise<Entrust> {
  const place = await servedPlace();
  const form = {
    businessType: 1,
    communityId: place.communityId,
    building: '3号楼',
    unit: '2单元',
    room: String(++roomNo),
    area: 90,
    rooms: 2,
    halls: 1,
    baths: 1,
    floor: 5,
    totalFloors: 18,
    orientation: '南北',
    decoration: '精装',
    price: 480,
    contactName: '王先生',
    photos,
    brandIds: [place.brandId],
  };
  const res = await post(ApiPath.entrustAdd, form, user.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return envelope<Entrust>(res).data;
}
async function reviewableProjects(): Promise<number[]> {
  const rows = await h.database.db
    .select({ id: newProjects.id })
    .from(newProjects)
    .innerJoin(cities, and(eq(cities.cityCode, newProjects.cityCode), eq(cities.isNewhouse, 1)))
    .orderBy(newProjects.id)
    .limit(3);
  return rows.map((r) => r.id);
}
const reviewForm = (projectId: number, photos: string[]) => ({
  projectId,
  ratings: { overall: 4, location: 4, transport: 4, amenities: 4, environment: 4, value: 4 },
  body: '交通方便，小区环境安静，物业响应及时。',
  photos,
});
async function deskCookieOf(agentId: number): Promise<Record<string, string>> {
  const issued = await post(ApiPath.opsDeskToken, { agentId }, { authorization: `Bearer ${TOKEN}` });
  expect(issued.statusCode, issued.body).toBe(200);
  return { cookie: `${DESK_COOKIE}=${envelope<{ token: string }>(issued).data.token}` };
}

beforeAll(async () => {
  h = await startHarness({ config: { OPS_TOKEN: TOKEN } });
  owner = await newTestUser(h, 13_700_000_000);
  other = await newTestUser(h, 13_710_000_000);
});
afterAll(() => h?.close());

describe('an entrust’s photos', () => {
  it('under review: 404 to a visitor and to another user, 200 private to the owner; public once published; private again after 下架 and 成交', async () => {
    const key = await uploadOf(h, owner, 'ub/entrust', 30);
    await expectOwnerOnly(key, 'uploaded, named by nothing');
    const entrust = await entrustOf(owner, [key]);
    expect(entrust.status).toBe(ENTRUST_STATUS.REVIEWING);
    await expectOwnerOnly(key, '审核中');

    expect((await ops(entrust.id, 'accept')).statusCode).toBe(200);
    await expectEveryone(key, '已发布');

    const offline = await post(ApiPath.houseOffline, { entrustId: entrust.id }, owner.cookie);
    expect(offline.statusCode, offline.body).toBe(200);
    await expectOwnerOnly(key, '已下架');

    // Submitted again and published again, then sold by the operator: private again.
    const resubmitted = await post(ApiPath.entrustUpdate, { ...(await formOf(entrust.id)), entrustId: entrust.id }, owner.cookie);
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    await expectOwnerOnly(key, '再次审核中');
    expect((await ops(entrust.id, 'accept')).statusCode).toBe(200);
    await expectEveryone(key, '再次发布');
    expect((await ops(entrust.id, 'sold')).statusCode).toBe(200);
    await expectOwnerOnly(key, '已成交');
  });

  it('withdrawn before publication: never public', async () => {
    const key = await uploadOf(h, owner, 'ub/entrust', 31);
    const entrust = await entrustOf(owner, [key]);
    const withdrawn = await post(ApiPath.entrustWithdraw, { entrustId: entrust.id }, owner.cookie);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    await expectOwnerOnly(key, '已撤回');
  });

  it('named by two entrusts: public while either is published', async () => {
    const key = await uploadOf(h, owner, 'ub/entrust', 32);
    const first = await entrustOf(owner, [key]);
    const second = await entrustOf(owner, [key]);
    expect((await ops(first.id, 'accept')).statusCode).toBe(200);
    expect((await ops(second.id, 'accept')).statusCode).toBe(200);
    expect((await post(ApiPath.houseOffline, { entrustId: first.id }, owner.cookie)).statusCode).toBe(200);
    await expectEveryone(key, 'one of two still published');
    expect((await post(ApiPath.houseOffline, { entrustId: second.id }, owner.cookie)).statusCode).toBe(200);
    await expectOwnerOnly(key, 'both taken down');
  });
});

/** An entrust's form as the edit page sends it back. */
async function formOf(entrustId: number): Promise<Record<string, unknown>> {
  const [e] = await h.database.db.select().from(entrusts).where(eq(entrusts.id, entrustId));
  return {
    businessType: e!.businessType,
    communityId: e!.communityId,
    building: e!.building,
    unit: e!.unit,
    room: e!.room,
    area: e!.area,
    rooms: e!.rooms,
    halls: e!.halls,
    baths: e!.baths,
    floor: e!.floor,
    totalFloors: e!.totalFloors,
    orientation: e!.orientation,
    decoration: e!.decoration,
    price: e!.price,
    contactName: e!.contactName,
    photos: e!.photos.map((p) => p.key),
    brandIds: e!.brandIds,
  };
}

describe('review photos and avatars', () => {
  it('a review’s photos are public while the review stands', async () => {
    const [projectId] = await reviewableProjects();
    const key = await uploadOf(h, owner, 'ub/review', 40);
    await expectOwnerOnly(key, 'before the review');
    const added = await post(ApiPath.projectReviewAdd, reviewForm(projectId!, [key]), owner.cookie);
    expect(added.statusCode, added.body).toBe(200);
    await expectEveryone(key, 'in a review');
    const removed = await post(ApiPath.projectReviewDelete, { reviewId: envelope<ProjectReview>(added).data.id }, owner.cookie);
    expect(removed.statusCode, removed.body).toBe(200);
    await expectOwnerOnly(key, 'review deleted');
  });

  it('the avatar is public; the one it replaces is not any more', async () => {
    const first = await uploadOf(h, owner, 'ub/avatar', 50);
    const second = await uploadOf(h, owner, 'ub/avatar', 51);
    await expectOwnerOnly(first, 'not yet an avatar');
    expect((await post(ApiPath.userAvatar, { key: first }, owner.cookie)).statusCode).toBe(200);
    await expectEveryone(first, 'the avatar');
    expect((await post(ApiPath.userAvatar, { key: second }, owner.cookie)).statusCode).toBe(200);
    await expectEveryone(second, 'the new avatar');
    await expectOwnerOnly(first, 'the old avatar');
  });
});

describe('chat images', () => {
  it('are readable by both ends of the conversation only', async () => {
    const atWork = await h.database.db
      .select({ id: agents.id, userId: agents.userId })
      .from(agents)
      .where(eq(agents.status, 1))
      .orderBy(agents.id)
      .limit(2);
    const [agentA, agentB] = atWork;
    const deskA = await deskCookieOf(agentA!.id);
    const deskB = await deskCookieOf(agentB!.id);
    const deskGet = (key: string, desk: Record<string, string>) => get(`${ApiPath.deskObject}/${key}`, desk);

    // The user's image to agent A.
    const key = await uploadOf(h, owner, 'ub/process', 60);
    const sent = await post(
      ApiPath.imMessage,
      { targetId: [agentA!.userId], content: JSON.stringify({ layout: 121, msgList: [key] }) },
      owner.cookie,
    );
    expect(sent.statusCode, sent.body).toBe(200);
    await expectOwnerOnly(key, 'a chat image of the user');
    expectPrivate(await deskGet(key, deskA), 'agent A, its receiver');
    expectPrivate(await deskGet(thumbOf(key), deskA), 'agent A, the thumbnail');
    await expectHidden(await deskGet(key, deskB), key, 'agent B');
    await expectHidden(await deskGet(key, {}), key, 'the desk path without a cookie');
    await expectHidden(await deskGet(key, other.cookie), key, 'the desk path with a user session');

    // Agent A's desk image to the user.
    const upload = multipart({}, await png(61), 'room.png');
    const stored = await h.app.inject({
      method: 'POST',
      url: ApiPath.deskImage,
      payload: upload.payload,
      headers: { ...upload.headers, ...deskA },
    });
    expect(stored.statusCode, stored.body).toBe(200);
    const deskKey = envelope<{ key: string }>(stored).data.key;
    expectPrivate(await deskGet(deskKey, deskA), 'agent A, its own image before it is sent');
    await expectHidden(await get(`/oss/${deskKey}`, owner.cookie), deskKey, 'the user before it is sent');
    const answer = await post(
      ApiPath.deskMessage,
      { userId: owner.id, content: JSON.stringify({ layout: 121, msgList: [deskKey] }) },
      deskA,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expectPrivate(await get(`/oss/${deskKey}`, owner.cookie), 'the user who received it');
    expectPrivate(await get(`/oss/${thumbOf(deskKey)}`, owner.cookie), 'the user who received it, thumbnail');
    await expectHidden(await get(`/oss/${deskKey}`), deskKey, 'a visitor');
    await expectHidden(await get(`/oss/${deskKey}`, other.cookie), deskKey, 'another user');
    await expectHidden(await deskGet(deskKey, deskB), deskKey, 'agent B');
  });
});

describe('keyed names', () => {
  it('upload folders are a keyed hash of the user id, not the id, and differ under another secret', async () => {
    const names = ownerNames(h.config.KEY_SECRET);
    for (const dir of ['ub/process', 'ub/entrust', 'ub/review', 'ub/avatar']) {
      const t = await ticketOf(h, owner, dir);
      const folder = t.keys[0]!.split('/')[2]!;
      expect(folder).toBe(names.folder(owner.id));
      expect(folder).toMatch(/^[0-9a-f]{20}$/);
      expect(t.keys[0]).not.toContain(`/u${owner.id}/`);
      const policy = JSON.parse(Buffer.from(t.policy, 'base64').toString()) as { conditions: unknown[] };
      expect(policy.conditions).toContainEqual(['starts-with', '$key', `${dir}/${folder}/`]);
    }
    expect(names.folder(other.id)).not.toBe(names.folder(owner.id));
    // The same id under another secret: another folder, another tag (fixed values, no luck involved).
    const a = ownerNames('a'.repeat(32));
    const b = ownerNames('b'.repeat(32));
    expect(a.folder(516)).not.toBe(b.folder(516));
    expect(a.reviewerTag(516)).not.toBe(b.reviewerTag(516));
    expect(a.deskFolder(516)).not.toBe(b.deskFolder(516));
    // A folder says nothing of a review tag or a desk folder of the same id.
    expect(a.folder(516).startsWith(a.deskFolder(516).slice(0, 4))).toBe(false);
  });

  it('an app under another KEY_SECRET hands out other folders', async () => {
    const secret = 'another-secret-for-this-test-0123456789';
    // A second app on the same database and store, as another deployment's process would be.
    const app = await buildApp({ db: h.database.db, config: { ...h.config, KEY_SECRET: secret }, storage: h.storage });
    try {
      const user = await newTestUser(h, 13_720_000_000);
      const t = await ticketOf({ ...h, app }, user, 'ub/process');
      expect(t.keys[0]!.split('/')[2]).toBe(ownerNames(secret).folder(user.id));
      expect(t.keys[0]!.split('/')[2]).not.toBe(ownerNames(DEV_KEY_SECRET).folder(user.id));
    } finally {
      await app.close();
    }
  });

  it('a reviewer without a nickname shows a keyed tag, the same on each of their reviews', async () => {
    const writer = await newTestUser(h, 13_730_000_000);
    const projects = await reviewableProjects();
    expect(projects.length).toBeGreaterThanOrEqual(2);
    const shown: string[] = [];
    for (const projectId of projects.slice(0, 2)) {
      const res = await post(ApiPath.projectReviewAdd, reviewForm(projectId, []), writer.cookie);
      expect(res.statusCode, res.body).toBe(200);
      shown.push(envelope<ProjectReview>(res).data.reviewer);
    }
    expect(shown[0]).toBe(`优居用户_${ownerNames(h.config.KEY_SECRET).reviewerTag(writer.id)}`);
    expect(shown[1]).toBe(shown[0]);
    // Not the unkeyed sha256("reviewer:"+id) anyone could compute from an id.
    const { createHash } = await import('node:crypto');
    const unkeyed = createHash('sha256').update(`reviewer:${writer.id}`).digest('hex').slice(0, 4);
    expect(
      ownerNames(h.config.KEY_SECRET).reviewerTag(writer.id) === unkeyed &&
        ownerNames('c'.repeat(32)).reviewerTag(writer.id) === unkeyed,
    ).toBe(false);
  });

  it('KEY_SECRET: a development default; refused unset when NODE_ENV=production; at least 32 characters', () => {
    expect(configWith({}).KEY_SECRET).toBe(DEV_KEY_SECRET);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/KEY_SECRET/);
    expect(loadConfig({ NODE_ENV: 'production', KEY_SECRET: 'x'.repeat(40) }).KEY_SECRET).toBe('x'.repeat(40));
    expect(() => loadConfig({ KEY_SECRET: 'short' })).toThrow(/KEY_SECRET/);
  });
});

describe('data from before the migration', () => {
  /** The migration's hand-written block (`-- custom: private objects`), as the lead keeps it when regenerating. */
  function customBlock(): string[] {
    const dir = path.join(__dirname, '..', 'drizzle');
    const file = readdirSync(dir).find(
      (f) => f.endsWith('.sql') && readFileSync(path.join(dir, f), 'utf8').includes('-- custom: private objects'),
    );
    expect(file, 'a migration with the private objects block').toBeTruthy();
    const text = readFileSync(path.join(dir, file!), 'utf8');
    return text
      .slice(text.indexOf('-- custom: private objects'))
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter(Boolean);
  }

  it('old keys (ub/<dir>/u<id>/…) stay readable: public where published, private to the owner and the chat’s ends otherwise', async () => {
    const user = await newTestUser(h, 13_740_000_000);
    const legacy = (dir: string, n: number) => `${dir}/u${user.id}/${String(n).padStart(24, 'c')}.png`;
    const bytes = await png(70);
    const keys = {
      listed: legacy('ub/entrust', 1),
      reviewing: legacy('ub/entrust', 2),
      review: legacy('ub/review', 3),
      avatar: legacy('ub/avatar', 4),
      chat: legacy('ub/process', 5),
    };
    for (const key of Object.values(keys)) {
      await h.storage.put(key, bytes, 'image/png');
      await h.storage.put(thumbOf(key), bytes, 'image/jpeg');
      await h.database.db.insert(uploads).values({
        userId: user.id,
        key,
        suffix: 'png',
        size: bytes.length,
        md5: '0'.repeat(32),
        width: 320,
        height: 240,
        thumbKey: thumbOf(key),
      });
    }
    const photo = (key: string) => ({ key, url: h.storage.publicUrl(key), thumbUrl: h.storage.publicUrl(thumbOf(key)) });
    const place = await servedPlace();
    const base = {
      userId: user.id,
      businessType: 1 as const,
      cityCode: '110000',
      communityId: place.communityId,
      building: '1',
      unit: '1',
      area: 80,
      rooms: 2,
      halls: 1,
      baths: 1,
      floor: 3,
      totalFloors: 6,
      orientation: '南',
      decoration: '简装',
      price: 300,
      contactName: '李女士',
      brandIds: [place.brandId],
    };
    const [community] = await h.database.db
      .execute(sql`select city_code from communities where id = ${place.communityId}`)
      .then((r) => (r as unknown as { rows: Array<{ city_code: string }> }).rows);
    await h.database.db.insert(entrusts).values([
      {
        ...base,
        cityCode: community!.city_code,
        room: '901',
        photos: [photo(keys.listed)],
        status: ENTRUST_STATUS.PUBLISHED,
        listingId: 2_000_000_001,
      },
      { ...base, cityCode: community!.city_code, room: '902', photos: [photo(keys.reviewing)], status: ENTRUST_STATUS.REVIEWING },
    ]);
    const [projectId] = await reviewableProjects();
    await h.database.db.insert(projectReviews).values({
      projectId: projectId!,
      userId: user.id,
      overall: 5,
      location: 5,
      transport: 5,
      amenities: 5,
      environment: 5,
      value: 5,
      body: '老数据里的点评，带一张照片。',
      photos: [{ url: h.storage.publicUrl(keys.review), thumb: h.storage.publicUrl(thumbOf(keys.review)), title: '' }] as never,
    });
    await h.database.db
      .update(users)
      .set({ avatarUrl: h.storage.publicUrl(keys.avatar) })
      .where(eq(users.id, user.id));
    const [agent] = await h.database.db
      .select({ id: agents.id, userId: agents.userId })
      .from(agents)
      .where(eq(agents.status, 1))
      .orderBy(agents.id)
      .limit(1);
    const [conversation] = await h.database.db
      .insert(imConversations)
      .values({ userId: user.id, agentUserId: agent!.userId, nextSeq: 2 })
      .returning({ id: imConversations.id });
    await h.database.db.insert(imMessages).values([
      {
        conversationId: conversation!.id,
        seq: 1,
        senderId: user.id,
        receiverId: agent!.userId,
        fromUser: true,
        layout: 121,
        content: { layout: 121, msgList: [keys.chat] },
      },
    ]);
    // As before the migration: nothing marked public, nothing shared.
    await h.database.db.update(uploads).set({ publishedAt: null }).where(eq(uploads.userId, user.id));
    await h.database.db.delete(uploadShares).where(eq(uploadShares.userId, user.id));

    for (const statement of customBlock()) await h.database.db.execute(sql.raw(statement));

    for (const key of [keys.listed, keys.review, keys.avatar]) {
      expectPublic(await get(`/oss/${key}`), `old published ${key}`);
      expectPublic(await get(`/oss/${thumbOf(key)}`), `old published thumbnail ${key}`);
    }
    for (const key of [keys.reviewing, keys.chat]) {
      await expectHidden(await get(`/oss/${key}`), key, `old private ${key}, visitor`);
      await expectHidden(await get(`/oss/${key}`, other.cookie), key, `old private ${key}, another user`);
      expectPrivate(await get(`/oss/${key}`, user.cookie), `old private ${key}, owner`);
    }
    const desk = await deskCookieOf(agent!.id);
    expectPrivate(await get(`${ApiPath.deskObject}/${keys.chat}`, desk), 'old chat image, its agent');
    // An old key still works where the owner names it again: a new entrust with the old photo.
    const again = await entrustOf(user, [keys.reviewing]);
    expect(again.photos[0]!.key).toBe(keys.reviewing);
  });
});
