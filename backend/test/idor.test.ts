import { createHash, randomBytes } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath, DESK_COOKIE, OSS_POST_PATH } from '@contracts/paths';
import type { MyReview, ProjectReview } from '@contracts/project-review';
import type { UploadTicket } from '@contracts/upload';
import type { Viewing } from '@contracts/viewing';
import type { Entrust } from '@contracts/entrust';
import { shanghaiDay } from '@contracts/viewing-dates';
import { agents, cities, esfListings, newProjects, users } from '../src/db/schema';
import { storeMessage } from '../src/modules/im/store';
import { envelope, startHarness, type Harness } from './harness';
import { databaseDigest, newTestUser, operationsOf, type Operation, type TestUser } from './support-users';

/**
 * IDOR sweep (a user reaches only what they own): user A makes one of each thing a user owns through the API; user B calls every route
 * that takes an id or a key with A's — each answers exactly as for an id that does not exist (404), or 403 where a
 * key names another user's folder, and nothing of A's changes.
 *
 * The table is the point: `/openapi.json` is read, and every operation whose request has an `id`, `…Id`, `…Ids`,
 * `key` or `keys` field must be either in IDOR (below) or in NOT_OWNED with the reason its id is nobody's. A new
 * route that takes an id fails "covers every id-taking route" until it is placed. Upload keys are owned too where a
 * route takes them under another name (`photos` of an entrust or a review): those routes are in IDOR with A's keys.
 */

interface Owned {
  user: TestUser;
  viewingId: number;
  reviewId: number;
  reviewProjectId: number;
  /** One of A's uploads, also A's avatar. */
  uploadKey: string;
  uploadBytes: Buffer;
  /** A's entrust (我要卖房), accepted by the operator: published, so 卖房管理's calls apply to it too. */
  entrustId: number;
  /** The valid form it was made with, for an update naming it. */
  entrustForm: Record<string, unknown>;
  /** The agent (IM identity) A chats with, and a message that agent sent A (A's to receive and read). */
  imAgentUserId: number;
  imMessageId: number;
  /** A's own message to that agent (the agent's to read at the desk). */
  imUserMessageId: number;
  /**
   * A's private objects (docs/security.md "Private objects"): an upload named by nothing, the photo of an entrust
   * still 审核中, an image A sent in the chat; each with its thumbnail.
   */
  privateKeys: string[];
  /** The image A sent to imAgentUserId (the one private key that agent may read). */
  chatImageKey: string;
  /** A's saved search (订阅). */
  savedSearchId: number;
}

type Check = (res: LightMyRequestResponse) => void;
interface IdorCase {
  /** What B sends with A's thing (query for GET, JSON body for POST). */
  input: (a: Owned) => Record<string, unknown>;
  /** The same request naming nothing that exists: B's answer with A's thing must be this answer. */
  unknown?: (a: Owned) => Record<string, unknown>;
  /** The status B gets; or a check of the answer for reads that answer 200 with B's own (empty) data. */
  status?: 403 | 404;
  check?: Check;
  /** For a route that is not JSON (the local OSS host): how B sends it. */
  send?: (a: Owned, b: TestUser) => Promise<LightMyRequestResponse>;
}

const NO_ID = 2_000_000_000;
const TOKEN = 'idor-ops-token-0123456789';

/** A photo key that is not the caller's own: 400, nothing written (the digest check sees to that). */
const expectNotOwnPhoto: Check = (res) => {
  expect(res.statusCode, res.body).toBe(400);
  expect(envelope(res).msg).toMatch(/^photos: /);
};
const reviewForm = (projectId: number) => ({
  projectId,
  ratings: { overall: 4, location: 4, transport: 4, amenities: 4, environment: 4, value: 4 },
  body: '样板间看过了，采光不错，小区绿化也好。',
});
const MISSING_KEY = (a: Owned) => a.uploadKey.replace(/[0-9a-f]{24}\./, `${'0'.repeat(24)}.`);

const IDOR: Record<string, IdorCase> = {
  [ApiPath.alertSearchPause]: {
    input: (a) => ({ savedSearchId: a.savedSearchId, paused: true }),
    unknown: () => ({ savedSearchId: NO_ID, paused: true }),
    status: 404,
  },
  [ApiPath.alertSearchDelete]: {
    input: (a) => ({ savedSearchId: a.savedSearchId }),
    unknown: () => ({ savedSearchId: NO_ID }),
    status: 404,
  },
  [ApiPath.alertSearchSeen]: {
    input: (a) => ({ savedSearchId: a.savedSearchId }),
    unknown: () => ({ savedSearchId: NO_ID }),
    status: 404,
  },
  [ApiPath.viewingCancel]: { input: (a) => ({ viewingId: a.viewingId }), unknown: () => ({ viewingId: NO_ID }), status: 404 },
  [ApiPath.projectReviewDelete]: { input: (a) => ({ reviewId: a.reviewId }), unknown: () => ({ reviewId: NO_ID }), status: 404 },
  // B's own review of the project A reviewed: none, never A's.
  [ApiPath.projectReviewMine]: {
    input: (a) => ({ projectId: a.reviewProjectId }),
    check: (res) => {
      expect(res.statusCode).toBe(200);
      expect(envelope<MyReview>(res).data.review).toBeNull();
    },
  },
  [ApiPath.userAvatar]: { input: (a) => ({ key: a.uploadKey }), unknown: (a) => ({ key: MISSING_KEY(a) }), status: 404 },
  // Naming A's object in B's callback: a key outside B's folder is 403, nothing read or recorded.
  [ApiPath.ossCallback]: {
    input: (a) => ({ uploads: [{ key: a.uploadKey, md5: md5(a.uploadBytes), suffix: 'png' }] }),
    status: 403,
  },
  [ApiPath.entrustDetail]: { input: (a) => ({ entrustId: a.entrustId }), unknown: () => ({ entrustId: NO_ID }), status: 404 },
  [ApiPath.entrustUpdate]: {
    input: (a) => ({ ...a.entrustForm, photos: [bPhoto], entrustId: a.entrustId }),
    unknown: (a) => ({ ...a.entrustForm, photos: [bPhoto], entrustId: NO_ID }),
    status: 404,
  },
  [ApiPath.entrustWithdraw]: { input: (a) => ({ entrustId: a.entrustId }), unknown: () => ({ entrustId: NO_ID }), status: 404 },
  [ApiPath.housePrice]: {
    input: (a) => ({ entrustId: a.entrustId, price: 501 }),
    unknown: () => ({ entrustId: NO_ID, price: 501 }),
    status: 404,
  },
  [ApiPath.houseOffline]: { input: (a) => ({ entrustId: a.entrustId }), unknown: () => ({ entrustId: NO_ID }), status: 404 },
  // A's upload as the photo of B's entrust or review: refused as not B's own, exactly as a key that names nothing.
  [ApiPath.entrustAdd]: {
    input: (a) => ({ ...a.entrustForm, room: '0808', photos: [a.uploadKey] }),
    unknown: (a) => ({ ...a.entrustForm, room: '0808', photos: [MISSING_KEY(a)] }),
    check: expectNotOwnPhoto,
  },
  [ApiPath.projectReviewAdd]: {
    input: (a) => ({ ...reviewForm(a.reviewProjectId), photos: [a.uploadKey] }),
    unknown: (a) => ({ ...reviewForm(a.reviewProjectId), photos: [MISSING_KEY(a)] }),
    check: expectNotOwnPhoto,
  },
  // 在线咨询: A's received message, A's own user id, A's conversation (B naming A's agent reads B's own, empty one).
  [ApiPath.imReceived]: { input: (a) => ({ messageId: a.imMessageId }), unknown: () => ({ messageId: NO_ID }), status: 404 },
  [ApiPath.imRead]: {
    input: (a) => ({ readMessages: [a.imMessageId] }),
    check: (res) => {
      expect(res.statusCode, res.body).toBe(404);
      expect(envelope(res).msg).toMatch(/^消息 \d+ 不存在$/);
    },
  },
  [ApiPath.imLogout]: { input: (a) => ({ userId: a.user.id }), unknown: () => ({ userId: NO_ID }), status: 404 },
  [ApiPath.imHistory]: {
    input: (a) => ({ targetId: a.imAgentUserId }),
    check: (res) => {
      expect(res.statusCode, res.body).toBe(200);
      expect(envelope<{ list: unknown[] }>(res).data.list).toEqual([]);
    },
  },
  // The live socket asked with A's user id: refused (403) exactly as any id but B's own.
  [ApiPath.imRegister]: { input: (a) => ({ userId: a.user.id }), unknown: () => ({ userId: NO_ID }), status: 403 },
  // Writing over A's object with B's own ticket: the signed policy is for B's folder.
  [OSS_POST_PATH]: {
    input: () => ({}),
    status: 403,
    send: async (a, b) => postObject(await ticket(b), a.uploadKey, await png(0)),
  },
};

/**
 * The agent desk's routes (modules/im/desk.ts): called with a desk cookie, not a user session. Desk B names the
 * user who chats with A's agent (and A's message to that agent): each answers as for a user or message nobody has.
 */
interface DeskCase {
  input: (a: Owned) => Record<string, unknown>;
  unknown: () => Record<string, unknown>;
  status: 404;
}
const DESK_IDOR: Record<string, DeskCase> = {
  [ApiPath.deskHistory]: { input: (a) => ({ userId: a.user.id }), unknown: () => ({ userId: NO_ID }), status: 404 },
  [ApiPath.deskMessage]: {
    input: (a) => ({ userId: a.user.id, content: JSON.stringify({ layout: 101, msgDetail: '您好' }) }),
    unknown: () => ({ userId: NO_ID, content: JSON.stringify({ layout: 101, msgDetail: '您好' }) }),
    status: 404,
  },
  [ApiPath.deskRead]: {
    input: (a) => ({ readMessages: [a.imUserMessageId] }),
    unknown: () => ({ readMessages: [NO_ID] }),
    status: 404,
  },
};

/** Routes whose id or key field names nothing a user owns, and why. */
const PUBLIC_LISTING = 'a published listing, project, place or agent: public, the same for everyone';
const OPERATOR = 'operator API: OPS_TOKEN, no user session (http/ops-guard.ts)';
const NOT_OWNED: Record<string, string> = {
  [ApiPath.imConversations]: "agentUserId: an agent's public card; the threads listed are the caller's own",
  [ApiPath.entrustCompany]: 'communityId: a public community; the brands serving it are public',
  [ApiPath.listingView]: `${PUBLIC_LISTING} (the beacon is counted per device and limited per address)`,
  [ApiPath.listingFollowStatus]: `${PUBLIC_LISTING}; the answer is the caller's own follow and a public count`,
  [ApiPath.listingFollow]: `${PUBLIC_LISTING}; the follow changed is the caller's own`,
  [`${ApiPath.opsEntrust}/{id}`]: OPERATOR,
  [ApiPath.menuIcon]: 'parentId: a node of the public menu tree',
  // 相似房源: a public record's id; the answer is other public records like it.
  ...Object.fromEntries(
    [
      ApiPath.esfSimilar,
      ApiPath.rentSimilar,
      ApiPath.newHomeSimilar,
      ApiPath.estateSimilar,
      ApiPath.shopSaleSimilar,
      ApiPath.shopRentSimilar,
      ApiPath.officesSaleSimilar,
      ApiPath.officesRentSimilar,
    ].map((path) => [`${path}/{id}`, `${PUBLIC_LISTING}; the answer is other public records like it`]),
  ),
  [ApiPath.esfList]: `place filters: ${PUBLIC_LISTING}`,
  [`${ApiPath.esfDetail}/{id}`]: PUBLIC_LISTING,
  [ApiPath.rentList]: `place filters: ${PUBLIC_LISTING}`,
  [`${ApiPath.rentDetail}/{id}`]: PUBLIC_LISTING,
  [ApiPath.newHomeList]: `place filters: ${PUBLIC_LISTING}`,
  [`${ApiPath.newHomeDetail}/{id}`]: PUBLIC_LISTING,
  [ApiPath.projectReviews]: `projectId: ${PUBLIC_LISTING}; the reviews are public`,
  [ApiPath.projectNews]: PUBLIC_LISTING,
  [ApiPath.projectAround]: PUBLIC_LISTING,
  [ApiPath.estateList]: `place filters: ${PUBLIC_LISTING}`,
  [`${ApiPath.estateDetail}/{id}`]: PUBLIC_LISTING,
  [ApiPath.shopSaleList]: `place filters: ${PUBLIC_LISTING}`,
  [`${ApiPath.shopSaleDetail}/{id}`]: PUBLIC_LISTING,
  [ApiPath.shopRentList]: `place filters: ${PUBLIC_LISTING}`,
  [`${ApiPath.shopRentDetail}/{id}`]: PUBLIC_LISTING,
  [ApiPath.officesSaleList]: `place filters: ${PUBLIC_LISTING}`,
  [`${ApiPath.officesSaleDetail}/{id}`]: PUBLIC_LISTING,
  [ApiPath.officesRentList]: `place filters: ${PUBLIC_LISTING}`,
  [`${ApiPath.officesRentDetail}/{id}`]: PUBLIC_LISTING,
  [ApiPath.agentStatus]: `branchId, userId: the agent's, ${PUBLIC_LISTING}`,
  [ApiPath.agentPhone]: `agentId, businessId: ${PUBLIC_LISTING} (the answer is a virtual number, never the mobile; capped per address, device and user)`,
  [`${ApiPath.agentDetail}/{id}`]: PUBLIC_LISTING,
  [ApiPath.agentEsf]: PUBLIC_LISTING,
  [ApiPath.agentRent]: PUBLIC_LISTING,
  [ApiPath.ossTicker]: "applyId: the caller's own label for the batch, echoed back; keys are made in the caller's folder",
  [ApiPath.viewingBook]: "listingId: a public listing; the booking made is the caller's own",
  [`${ApiPath.opsListing}/{channel}/{id}`]: OPERATOR,
  [`${ApiPath.opsAgent}/{id}`]: OPERATOR,
  [`${ApiPath.opsViewing}/{id}`]: OPERATOR,
  [ApiPath.opsDeskToken]: OPERATOR,
  [ApiPath.opsNews]: OPERATOR,
  [`${ApiPath.opsNews}/{id}`]: OPERATOR,
  [`${ApiPath.opsNews}/{id}/takedown`]: OPERATOR,
  [ApiPath.priceHistory]: `id: ${PUBLIC_LISTING}; its price changes are public`,
  [ApiPath.priceCuts]: `estateId: ${PUBLIC_LISTING}; its listings' price cuts are public`,
  [ApiPath.lookhouse]: 'districtIds, stationId: a city’s public places (of another city: 400); the answer is public listings',
  [ApiPath.mapBubbles]:
    'the list’s filters (district, area, community, station ids): a city’s public places; the answer counts public listings',
  [ApiPath.mapArea]:
    'the list’s filters (district, area, community, station ids): a city’s public places; the answer is public esfListings inside the area',
  [ApiPath.mapCommute]:
    'stationId (the workplace) and the list’s filters: a city’s public places (another city’s station: 400); the answer is public listings',
  [`${ApiPath.newsDetail}/{id}`]: 'a published article: public, the same for everyone',
  [ApiPath.trackingView]:
    'agentId, businessId, userId: what the browser says it looked at, stored as said and never read back by the caller',
  [ApiPath.trackingContact]:
    'agentId, businessId, userId: what the browser says it contacted, stored as said and never read back by the caller',
  [ApiPath.imMessage]:
    "targetId: an agent's public IM identity; the conversation written is the caller's own with that agent (its ids are never taken)",
};

const ID_FIELD = /^(id|key|keys)$|Ids?$/;
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
const png = (shade: number) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: { r: shade, g: 90, b: 160 } } })
    .png()
    .toBuffer();

let h: Harness;
let operations: Operation[];
let a: Owned;
let b: TestUser;
/** One upload of B's own, so that B's edit of A's entrust is otherwise a valid form. */
let bPhoto: string;

async function call(
  method: string,
  url: string,
  input: Record<string, unknown>,
  user: TestUser,
): Promise<LightMyRequestResponse> {
  if (method === 'GET') {
    const query = new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)])).toString();
    return h.app.inject({ method: 'GET', url: query ? `${url}?${query}` : url, headers: user.cookie });
  }
  return h.app.inject({ method: 'POST', url, payload: input, headers: user.cookie });
}

async function ticket(user: TestUser, dir = 'ub/avatar'): Promise<UploadTicket> {
  const res = await h.app.inject({
    method: 'GET',
    url: `${ApiPath.ossTicker}?uploadSize=1&userDir=${dir}`,
    headers: user.cookie,
  });
  expect(res.statusCode, res.body).toBe(200);
  return envelope<UploadTicket>(res).data;
}

function postObject(t: UploadTicket, key: string, file: Buffer) {
  const boundary = `----yj${randomBytes(8).toString('hex')}`;
  const fields = { key, policy: t.policy, OSSAccessKeyId: t.accessId, success_action_status: '200', Signature: t.signature };
  const chunks: Buffer[] = Object.entries(fields).map(([n, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${v}\r\n`),
  );
  chunks.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return h.app.inject({
    method: 'POST',
    url: t.host,
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

/** A png of `shade` uploaded by the user (ticket, post, callback); its key. */
async function uploadOf(user: TestUser, shade: number, dir?: string): Promise<string> {
  const t = await ticket(user, dir);
  const bytes = await png(shade);
  const key = `${t.keys[0]}.png`;
  expect((await postObject(t, key, bytes)).statusCode).toBe(200);
  const cb = await call('POST', ApiPath.ossCallback, { uploads: [{ key, md5: md5(bytes), suffix: 'png' }] }, user);
  expect(cb.statusCode, cb.body).toBe(200);
  return key;
}

/** A's things, made as A would make them: through the API. */
async function ownedBy(user: TestUser): Promise<Owned> {
  const [listing] = await h.database.db
    .select({ id: esfListings.id })
    .from(esfListings)
    .innerJoin(cities, and(eq(cities.cityCode, esfListings.cityCode), eq(cities.isEsf, 1)))
    .orderBy(esfListings.id)
    .limit(1);
  const booked = await call(
    'POST',
    ApiPath.viewingBook,
    { businessType: 1, listingId: listing!.id, date: shanghaiDay(1), slot: 2, contactName: '甲先生' },
    user,
  );
  expect(booked.statusCode, booked.body).toBe(200);
  const [project] = await h.database.db
    .select({ id: newProjects.id })
    .from(newProjects)
    .innerJoin(cities, and(eq(cities.cityCode, newProjects.cityCode), eq(cities.isNewhouse, 1)))
    .orderBy(newProjects.id)
    .limit(1);
  const reviewed = await call('POST', ApiPath.projectReviewAdd, reviewForm(project!.id), user);
  expect(reviewed.statusCode, reviewed.body).toBe(200);
  const uploadBytes = await png(200);
  const uploadKey = await uploadOf(user, 200);
  expect((await call('POST', ApiPath.userAvatar, { key: uploadKey }, user)).statusCode).toBe(200);
  // 我要卖房 with that photo, in a community a brand serves, published by the operator.
  const served = await h.database.db.execute(sql`
    select c.id as community_id, min(b.brand_id) as brand_id from communities c
    join cities ci on ci.city_code = c.city_code and ci.is_esf = 1
    join branches b on b.business_area_id = c.business_area_id and b.city_code = c.city_code
    join agents ag on ag.branch_id = b.id and ag.status = 1
    group by c.id order by c.id limit 1`);
  const place = ((served as unknown as { rows: Array<{ community_id: number; brand_id: number }> }).rows ?? served)[0]!;
  const entrustForm = {
    businessType: 1,
    communityId: Number(place.community_id),
    building: '5号楼',
    unit: '1单元',
    room: '0601',
    area: 88,
    rooms: 2,
    halls: 1,
    baths: 1,
    floor: 6,
    totalFloors: 18,
    orientation: '南北',
    decoration: '精装',
    price: 520,
    contactName: '甲先生',
    photos: [await uploadOf(user, 120, 'ub/entrust')],
    brandIds: [Number(place.brand_id)],
  };
  const entrusted = await call('POST', ApiPath.entrustAdd, entrustForm, user);
  expect(entrusted.statusCode, entrusted.body).toBe(200);
  const entrustId = envelope<Entrust>(entrusted).data.id;
  const accepted = await h.app.inject({
    method: 'POST',
    url: `${ApiPath.opsEntrust}/${entrustId}`,
    payload: { action: 'accept' },
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  // 在线咨询: A writes to an agent at work, the agent answers (as the agent desk will store it).
  const [agent] = await h.database.db
    .select({ userId: agents.userId })
    .from(agents)
    .where(eq(agents.status, 1))
    .orderBy(agents.id)
    .limit(1);
  const chat = await call(
    'POST',
    ApiPath.imMessage,
    { targetId: [agent!.userId], content: JSON.stringify({ layout: 101, msgDetail: '这套房还在吗' }) },
    user,
  );
  expect(chat.statusCode, chat.body).toBe(200);
  const answer = await storeMessage(h.database.db, {
    userId: user.id,
    agentUserId: agent!.userId,
    from: 'agent',
    content: { layout: 101, msgDetail: '在的' },
  });
  // A's private objects: one upload named by nothing, the photo of an entrust under review, a chat image.
  const unused = await uploadOf(user, 140, 'ub/process');
  const reviewingPhoto = await uploadOf(user, 150, 'ub/entrust');
  const reviewing = await call('POST', ApiPath.entrustAdd, { ...entrustForm, room: '0702', photos: [reviewingPhoto] }, user);
  expect(reviewing.statusCode, reviewing.body).toBe(200);
  const chatImageKey = await uploadOf(user, 160, 'ub/process');
  const image = await call(
    'POST',
    ApiPath.imMessage,
    { targetId: [agent!.userId], content: JSON.stringify({ layout: 121, msgList: [chatImageKey] }) },
    user,
  );
  expect(image.statusCode, image.body).toBe(200);
  const privateKeys = [unused, reviewingPhoto, chatImageKey].flatMap((k) => [k, k.replace(/\.png$/, '_thumb.jpg')]);
  const [bj] = await h.database.db.select({ cityCode: cities.cityCode }).from(cities).where(eq(cities.cityDomain, 'bj'));
  const saved = await call(
    'POST',
    ApiPath.alertSearchAdd,
    { cityCode: bj!.cityCode, channel: 'esf', query: { rooms: [2] }, path: '/ershoufang/l2/', name: '北京二手房 · 两室' },
    user,
  );
  expect(saved.statusCode, saved.body).toBe(200);
  return {
    savedSearchId: envelope<{ id: number }>(saved).data.id,
    privateKeys,
    chatImageKey,
    imUserMessageId: envelope<{ messageId: number }>(chat).data.messageId,
    imAgentUserId: agent!.userId,
    imMessageId: answer.message.messageId,
    entrustId,
    entrustForm,
    user,
    viewingId: envelope<Viewing>(booked).data.id,
    reviewId: envelope<ProjectReview>(reviewed).data.id,
    reviewProjectId: project!.id,
    uploadKey,
    uploadBytes,
  };
}

beforeAll(async () => {
  h = await startHarness({ config: { OPS_TOKEN: TOKEN } });
  operations = await operationsOf(h.app);
  a = await ownedBy(await newTestUser(h, 13_500_000_000));
  b = await newTestUser(h, 13_400_000_000);
  bPhoto = await uploadOf(b, 90, 'ub/entrust');
});
afterAll(() => h?.close());

describe('IDOR: B with A’s ids and keys', () => {
  it('covers every id-taking route of /openapi.json: each is in the IDOR table or named as owning nothing', () => {
    const idTaking = [...new Set(operations.filter((op) => op.fields.some((f) => ID_FIELD.test(f))).map((op) => op.path))];
    // Not vacuous: the routes this test was written for are found by the derivation itself.
    expect(idTaking).toEqual(
      expect.arrayContaining([ApiPath.viewingCancel, ApiPath.projectReviewDelete, ApiPath.userAvatar, ApiPath.ossCallback]),
    );
    const unplaced = idTaking.filter((path) => !(path in IDOR) && !(path in DESK_IDOR) && !(path in NOT_OWNED));
    expect(unplaced, 'routes taking an id or key: add each to IDOR (owned by a user) or NOT_OWNED (why not)').toEqual([]);
    // No stale entries: everything the tables name is a route the app has.
    const known = new Set([...operations.map((op) => op.path), OSS_POST_PATH]);
    expect(
      [...Object.keys(IDOR), ...Object.keys(DESK_IDOR), ...Object.keys(NOT_OWNED)].filter((path) => !known.has(path)),
    ).toEqual([]);
  });

  it('answers B as for nothing that exists (404), or 403 for a key in A’s folder; nothing of A’s changes', async () => {
    const before = await databaseDigest(h);
    const [avatarBefore] = await h.database.db.select({ avatarUrl: users.avatarUrl }).from(users).where(eq(users.id, a.user.id));
    let calls = 0;
    for (const [path, c] of Object.entries(IDOR)) {
      const methods = c.send ? ['POST'] : operations.filter((op) => op.path === path).map((op) => op.method);
      expect(methods.length, path).toBeGreaterThan(0);
      for (const method of methods) {
        const label = `${method} ${path}`;
        const res = c.send ? await c.send(a, b) : await call(method, path, c.input(a), b);
        calls++;
        if (c.check) c.check(res);
        if (c.status) expect(res.statusCode, `${label}: ${res.body}`).toBe(c.status);
        if (c.unknown) {
          // Exactly like an unknown id: same status, same message (with the id or key itself left out).
          const unknown = await call(method, path, c.unknown(a), b);
          const strip = (r: LightMyRequestResponse, input: Record<string, unknown>) =>
            Object.entries(input)
              .filter(([field]) => ID_FIELD.test(field) || field === 'photos')
              .reduce<string>((msg, [, v]) => msg.replaceAll(String(v), '<id>'), envelope(r).msg);
          expect(res.statusCode, label).toBe(unknown.statusCode);
          expect(strip(res, c.input(a)), label).toBe(strip(unknown, c.unknown(a)));
        }
      }
    }
    expect(calls).toBeGreaterThanOrEqual(Object.keys(IDOR).length);
    expect(await databaseDigest(h)).toEqual(before);
    const [avatarAfter] = await h.database.db.select({ avatarUrl: users.avatarUrl }).from(users).where(eq(users.id, a.user.id));
    expect(avatarAfter).toEqual(avatarBefore);
    // A's upload is still A's bytes.
    const served = await h.app.inject(`/oss/${a.uploadKey}`);
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(320);
  });

  it('answers desk B with A’s user and messages as for nothing that exists (404); nothing of A’s changes', async () => {
    const [agentB] = await h.database.db
      .select({ id: agents.id })
      .from(agents)
      .where(and(eq(agents.status, 1), ne(agents.userId, a.imAgentUserId)))
      .orderBy(agents.id)
      .limit(1);
    const issued = await h.app.inject({
      method: 'POST',
      url: ApiPath.opsDeskToken,
      payload: { agentId: agentB!.id },
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(issued.statusCode, issued.body).toBe(200);
    const deskB = { cookie: `${DESK_COOKIE}=${envelope<{ token: string }>(issued).data.token}` };
    const before = await databaseDigest(h);
    for (const [path, c] of Object.entries(DESK_IDOR)) {
      const methods = operations.filter((op) => op.path === path).map((op) => op.method);
      expect(methods.length, path).toBeGreaterThan(0);
      for (const method of methods) {
        const send = (input: Record<string, unknown>) =>
          method === 'GET'
            ? h.app.inject({
                method,
                url: `${path}?${new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)]))}`,
                headers: deskB,
              })
            : h.app.inject({ method: 'POST', url: path, payload: input, headers: deskB });
        const res = await send(c.input(a));
        const unknown = await send(c.unknown());
        expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(c.status);
        expect(envelope(res).msg.replaceAll(String(a.imUserMessageId), '<id>'), `${method} ${path}`).toBe(
          envelope(unknown).msg.replaceAll(String(NO_ID), '<id>'),
        );
      }
    }
    expect(await databaseDigest(h)).toEqual(before);
  });

  it('answers B, a visitor and desk B for A’s private objects as for a key nobody has (404); A and A’s agent get them, private', async () => {
    expect(a.privateKeys.length).toBe(6);
    const [agentB] = await h.database.db
      .select({ id: agents.id })
      .from(agents)
      .where(and(eq(agents.status, 1), ne(agents.userId, a.imAgentUserId)))
      .orderBy(agents.id)
      .limit(1);
    const [agentA] = await h.database.db.select({ id: agents.id }).from(agents).where(eq(agents.userId, a.imAgentUserId));
    const deskOf = async (agentId: number) => {
      const issued = await h.app.inject({
        method: 'POST',
        url: ApiPath.opsDeskToken,
        payload: { agentId },
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(issued.statusCode, issued.body).toBe(200);
      return { cookie: `${DESK_COOKIE}=${envelope<{ token: string }>(issued).data.token}` };
    };
    const deskB = await deskOf(agentB!.id);
    const nobodys = await h.app.inject(`/oss/${MISSING_KEY(a)}`);
    expect(nobodys.statusCode).toBe(404);
    for (const key of a.privateKeys) {
      for (const [who, res] of [
        ['visitor', await h.app.inject(`/oss/${key}`)],
        ['user B', await h.app.inject({ url: `/oss/${key}`, headers: b.cookie })],
        ['desk B', await h.app.inject({ url: `${ApiPath.deskObject}/${key}`, headers: deskB })],
        ['visitor at the desk path', await h.app.inject(`${ApiPath.deskObject}/${key}`)],
      ] as const) {
        expect(res.statusCode, `${who}: ${key}`).toBe(404);
        expect(res.body, `${who}: ${key}`).toBe(nobodys.body);
      }
      const own = await h.app.inject({ url: `/oss/${key}`, headers: a.user.cookie });
      expect([own.statusCode, own.headers['cache-control']], key).toEqual([200, 'private, no-store']);
    }
    // The chat's other end reads the image A sent it, and only that one.
    const deskA = await deskOf(agentA!.id);
    const seen = await Promise.all(
      a.privateKeys.map(async (key) => (await h.app.inject({ url: `${ApiPath.deskObject}/${key}`, headers: deskA })).statusCode),
    );
    expect(seen).toEqual(a.privateKeys.map((key) => (key.startsWith(a.chatImageKey.replace(/\.png$/, '')) ? 200 : 404)));
  });

  it('leaves A able to use each thing: the same calls by A succeed', async () => {
    expect((await call('POST', ApiPath.projectReviewMine, { projectId: a.reviewProjectId }, a.user)).json()).toMatchObject({
      data: { review: { id: a.reviewId } },
    });
    expect((await call('POST', ApiPath.viewingCancel, { viewingId: a.viewingId }, a.user)).statusCode).toBe(200);
    expect((await call('POST', ApiPath.projectReviewDelete, { reviewId: a.reviewId }, a.user)).statusCode).toBe(200);
    expect((await call('POST', ApiPath.userAvatar, { key: a.uploadKey }, a.user)).statusCode).toBe(200);
    expect((await call('POST', ApiPath.entrustDetail, { entrustId: a.entrustId }, a.user)).statusCode).toBe(200);
    expect((await call('POST', ApiPath.housePrice, { entrustId: a.entrustId, price: 501 }, a.user)).statusCode).toBe(200);
    expect((await call('POST', ApiPath.houseOffline, { entrustId: a.entrustId }, a.user)).statusCode).toBe(200);
    expect((await call('POST', ApiPath.imReceived, { messageId: a.imMessageId }, a.user)).statusCode).toBe(200);
    expect((await call('POST', ApiPath.imRead, { readMessages: [a.imMessageId] }, a.user)).statusCode).toBe(200);
    const history = await call('POST', ApiPath.imHistory, { targetId: a.imAgentUserId }, a.user);
    // A's message, the agent's auto-reply (the desk is closed), the agent's answer and A's image.
    expect(envelope<{ list: unknown[] }>(history).data.list).toHaveLength(4);
  });
});
