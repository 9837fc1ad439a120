import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '@contracts/paths';
import { runOps } from '../../scripts/ops';
import {
  VIEWING_DATE_MESSAGE,
  VIEWING_DUPLICATE_MESSAGE,
  VIEWING_NOT_CANCELLABLE_MESSAGE,
  type OpsViewingResult,
  type Viewing,
  type ViewingPage,
} from '@contracts/viewing';
import { shanghaiDay } from '@contracts/viewing-dates';
import { cities, esfListings, rentals, sessions, users, viewings, VIEWING_STATUS } from '../src/db/schema';
import { envelope, startHarness, type Harness } from './harness';

/** 预约看房 and 看房记录 (spec §2 Personal centre): book, list, cancel; the operator's confirm and done. */

const TOKEN = 'viewings-test-ops-token';
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ config: { OPS_TOKEN: TOKEN } });
});
afterAll(() => h?.close());

let nextMobile = 13_700_200_000;
/** A logged-in user of its own (a row and a session, as a login makes them): its bearer header. */
async function newUser(): Promise<{ id: number; mobile: string; auth: Record<string, string> }> {
  const mobile = String(nextMobile++);
  const [user] = await h.database.db.insert(users).values({ mobile }).returning({ id: users.id });
  const token = randomBytes(32).toString('base64url');
  await h.database.db.insert(sessions).values({
    tokenHash: createHash('sha256').update(token).digest('hex'),
    userId: user!.id,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return { id: user!.id, mobile, auth: { authorization: `Bearer ${token}` } };
}

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers });
const bookAs = (payload: Record<string, unknown>, headers: Record<string, string>) => post(ApiPath.viewingBook, payload, headers);
const ops = (id: number, action: string, token = TOKEN) =>
  post(`${ApiPath.opsViewing}/${id}`, { action }, { authorization: `Bearer ${token}` });

/** The first second-hand homes and rentals of cities with the channel on. */
async function esfIds(n: number): Promise<number[]> {
  const rows = await h.database.db
    .select({ id: esfListings.id })
    .from(esfListings)
    .innerJoin(cities, and(eq(cities.cityCode, esfListings.cityCode), eq(cities.isEsf, 1)))
    .orderBy(esfListings.id)
    .limit(n);
  return rows.map((r) => r.id);
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

const good = (listingId: number, extra: Record<string, unknown> = {}) => ({
  businessType: 1,
  listingId,
  date: shanghaiDay(1),
  slot: 2,
  contactName: '王女士',
  ...extra,
});

describe('booking a viewing', () => {
  it('books a second-hand home with the user’s own mobile and lists it in 看房记录 with the home and the agent', async () => {
    const user = await newUser();
    const [id] = await esfIds(1);
    const res = await bookAs(good(id!), user.auth);
    expect(res.statusCode).toBe(200);
    const v = envelope<Viewing>(res).data;
    expect(v).toMatchObject({
      businessType: 1,
      listingId: id,
      slot: 2,
      contactName: '王女士',
      status: VIEWING_STATUS.PENDING,
      date: shanghaiDay(1),
    });
    expect(v.mobile).toBe(`${user.mobile.slice(0, 3)}***${user.mobile.slice(-4)}`);
    expect(v.title.length).toBeGreaterThan(0);
    expect(v.agentName.length).toBeGreaterThan(0);
    expect(v.communityName.length).toBeGreaterThan(0);
    expect(v.price).toBeGreaterThan(0);
    const [row] = await h.database.db.select().from(viewings).where(eq(viewings.id, v.id));
    const [listing] = await h.database.db
      .select({ agentId: esfListings.agentId })
      .from(esfListings)
      .where(eq(esfListings.id, id!));
    expect(row!.agentId).toBe(listing!.agentId);
    expect(row!.mobile).toBe(user.mobile);

    const page = envelope<ViewingPage>(
      await h.app.inject({ url: `${ApiPath.viewingMine}?businessType=1`, headers: user.auth }),
    ).data;
    expect(page.total).toBe(1);
    expect(page.list.map((x) => x.id)).toEqual([v.id]);
    const rentPage = envelope<ViewingPage>(await post(ApiPath.viewingMine, { businessType: 2 }, user.auth)).data;
    expect(rentPage).toMatchObject({ total: 0, list: [] });
  });

  it('books a rental with another mobile and a date 30 days ahead; lists newest first, 10 a page', async () => {
    const user = await newUser();
    const rid = await rentId();
    const res = await bookAs(
      { businessType: 2, listingId: rid, date: shanghaiDay(30), slot: 3, contactName: ' 李先生 ', mobile: '13912345678' },
      user.auth,
    );
    expect(res.statusCode).toBe(200);
    expect(envelope<Viewing>(res).data).toMatchObject({ businessType: 2, contactName: '李先生', mobile: '139***5678' });

    const ids = await esfIds(12);
    for (const id of ids) expect((await bookAs(good(id), user.auth)).statusCode).toBe(200);
    const first = envelope<ViewingPage>(
      await h.app.inject({ url: `${ApiPath.viewingMine}?businessType=1&page=1`, headers: user.auth }),
    ).data;
    const second = envelope<ViewingPage>(
      await h.app.inject({ url: `${ApiPath.viewingMine}?businessType=1&page=2`, headers: user.auth }),
    ).data;
    expect(first.total).toBe(12);
    expect(first.list).toHaveLength(10);
    expect(second.list).toHaveLength(2);
    expect([...first.list, ...second.list].map((x) => x.listingId)).toEqual([...ids].reverse());
  });

  it('refuses a second open booking of the same home with 409, also when both are posted at once', async () => {
    const user = await newUser();
    const [, id] = await esfIds(2);
    const [a, b] = await Promise.all([bookAs(good(id!), user.auth), bookAs(good(id!, { slot: 1 }), user.auth)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const third = await bookAs(good(id!, { date: shanghaiDay(3) }), user.auth);
    expect(third.statusCode).toBe(409);
    expect(envelope(third).msg).toBe(VIEWING_DUPLICATE_MESSAGE);
    // Another user books the same home.
    expect((await bookAs(good(id!), (await newUser()).auth)).statusCode).toBe(200);
  });

  it('refuses bad input with 400 and a readable message', async () => {
    const user = await newUser();
    const [id] = await esfIds(1);
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      ['past date', good(id!, { date: shanghaiDay(-1) }), new RegExp(VIEWING_DATE_MESSAGE)],
      ['31 days ahead', good(id!, { date: shanghaiDay(31) }), new RegExp(VIEWING_DATE_MESSAGE)],
      ['not a day', good(id!, { date: '2026-02-30' }), /date/],
      ['other form', good(id!, { date: '2026/12/01' }), /date/],
      ['slot 0', good(id!, { slot: 0 }), /时段/],
      ['slot 4', good(id!, { slot: 4 }), /时段/],
      ['slot as text', good(id!, { slot: '1' }), /slot/],
      ['wrong type 3', good(id!, { businessType: 3 }), /businessType/],
      ['wrong type 0', good(id!, { businessType: 0 }), /businessType/],
      ['empty name', good(id!, { contactName: '  ' }), /联系人/],
      ['long name', good(id!, { contactName: '张'.repeat(21) }), /联系人/],
      ['control in name', good(id!, { contactName: '张\u202e三' }), /contactName/],
      ['bad mobile', good(id!, { mobile: '1234567890' }), /手机号/],
      ['12-digit mobile', good(id!, { mobile: '139123456789' }), /手机号/],
      ['mobile 12…', good(id!, { mobile: '12912345678' }), /手机号/],
      ['extra field', good(id!, { agentId: 1 }), /agentId|Unrecognized|unrecognized/],
      ['huge id', good(2 ** 31), /listingId/],
    ];
    for (const [name, payload, msg] of cases) {
      const res = await bookAs(payload, user.auth);
      expect(res.statusCode, name).toBe(400);
      expect(envelope(res).msg, name).toMatch(msg);
    }
    const none = await h.database.db.select().from(viewings).where(eq(viewings.userId, user.id));
    expect(none).toEqual([]);
  });

  it('answers 404 for an unknown listing and for a listing of the other channel’s id space', async () => {
    const user = await newUser();
    const unknown = await bookAs(good(2_000_000_000), user.auth);
    expect(unknown.statusCode).toBe(404);
    expect(envelope(unknown).msg).toMatch(/房源 2000000000 不存在/);
    const [maxRent] = await h.database.db.select({ id: rentals.id }).from(rentals).orderBy(rentals.id).limit(1).offset(0);
    const [maxEsf] = await h.database.db.select({ id: esfListings.id }).from(esfListings).orderBy(esfListings.id).limit(1);
    const rentCount = await h.database.db.$count(rentals);
    const esfCount = await h.database.db.$count(esfListings);
    // An id only the larger table has is unknown in the smaller one.
    if (esfCount > rentCount)
      expect((await bookAs({ ...good(maxEsf!.id + rentCount + 10), businessType: 2 }, user.auth)).statusCode).toBe(404);
    else expect((await bookAs(good(maxRent!.id + esfCount + 10), user.auth)).statusCode).toBe(404);
  });

  it('answers 401 without a session, 403 to a cross-site post', async () => {
    const [id] = await esfIds(1);
    expect((await bookAs(good(id!), {})).statusCode).toBe(401);
    expect((await h.app.inject({ url: `${ApiPath.viewingMine}?businessType=1` })).statusCode).toBe(401);
    expect((await post(ApiPath.viewingCancel, { viewingId: 1 })).statusCode).toBe(401);
    const user = await newUser();
    const res = await bookAs(good(id!), { ...user.auth, origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    const cancelRes = await post(ApiPath.viewingCancel, { viewingId: 1 }, { ...user.auth, origin: 'https://evil.example' });
    expect(cancelRes.statusCode).toBe(403);
    expect(await h.database.db.select().from(viewings).where(eq(viewings.userId, user.id))).toEqual([]);
  });
});

describe('cancelling a viewing', () => {
  it('cancels the user’s own pending booking once; the home can be booked again', async () => {
    const user = await newUser();
    const [, , id] = await esfIds(3);
    const v = envelope<Viewing>(await bookAs(good(id!), user.auth)).data;
    const res = await post(ApiPath.viewingCancel, { viewingId: v.id }, user.auth);
    expect(res.statusCode).toBe(200);
    expect(envelope<Viewing>(res).data.status).toBe(VIEWING_STATUS.CANCELLED);
    const again = await post(ApiPath.viewingCancel, { viewingId: v.id }, user.auth);
    expect(again.statusCode).toBe(409);
    expect(envelope(again).msg).toBe(VIEWING_NOT_CANCELLABLE_MESSAGE);
    expect((await bookAs(good(id!), user.auth)).statusCode).toBe(200);
  });

  it('answers another user’s booking as an unknown one (404) and changes nothing', async () => {
    const owner = await newUser();
    const other = await newUser();
    const [id] = await esfIds(1);
    const v = envelope<Viewing>(await bookAs(good(id!), owner.auth)).data;
    const theirs = await post(ApiPath.viewingCancel, { viewingId: v.id }, other.auth);
    const unknown = await post(ApiPath.viewingCancel, { viewingId: 2_000_000_000 }, other.auth);
    expect(theirs.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(envelope(theirs).msg.replace(String(v.id), 'N')).toBe(envelope(unknown).msg.replace('2000000000', 'N'));
    const [row] = await h.database.db.select({ status: viewings.status }).from(viewings).where(eq(viewings.id, v.id));
    expect(row!.status).toBe(VIEWING_STATUS.PENDING);
    // Nor does the other user see it.
    expect(envelope<ViewingPage>(await post(ApiPath.viewingMine, { businessType: 1 }, other.auth)).data.total).toBe(0);
    for (const bad of [{ viewingId: 'x' }, { viewingId: 0 }, {}, { viewingId: 1, userId: owner.id }]) {
      expect((await post(ApiPath.viewingCancel, bad, other.auth)).statusCode).toBe(400);
    }
  });
});

describe('the operator’s confirm and done', () => {
  it('confirms a pending booking, completes it, and then it can no longer be cancelled', async () => {
    const user = await newUser();
    const rid = await rentId();
    const v = envelope<Viewing>(await bookAs({ ...good(rid), businessType: 2 }, user.auth)).data;
    const confirmed = await ops(v.id, 'confirm');
    expect(confirmed.statusCode).toBe(200);
    expect(envelope<OpsViewingResult>(confirmed).data).toEqual({
      id: v.id,
      status: VIEWING_STATUS.CONFIRMED,
      previousStatus: VIEWING_STATUS.PENDING,
    });
    expect((await ops(v.id, 'confirm')).statusCode).toBe(409);
    // A confirmed booking is still open: a second one is refused.
    expect((await bookAs({ ...good(rid), businessType: 2 }, user.auth)).statusCode).toBe(409);
    expect(envelope<ViewingPage>(await post(ApiPath.viewingMine, { businessType: 2 }, user.auth)).data.list[0]!.status).toBe(
      VIEWING_STATUS.CONFIRMED,
    );
    expect(envelope<OpsViewingResult>(await ops(v.id, 'done')).data.status).toBe(VIEWING_STATUS.DONE);
    expect((await post(ApiPath.viewingCancel, { viewingId: v.id }, user.auth)).statusCode).toBe(409);
    expect((await ops(v.id, 'done')).statusCode).toBe(409);
  });

  it('is guarded: 401 without or with a wrong token; 404 unknown; 400 bad action', async () => {
    const noToken = await post(`${ApiPath.opsViewing}/1`, { action: 'confirm' });
    expect(noToken.statusCode).toBe(401);
    expect((await ops(1, 'confirm', 'wrong')).statusCode).toBe(401);
    expect((await ops(2_000_000_000, 'confirm')).statusCode).toBe(404);
    expect((await ops(1, 'cancel')).statusCode).toBe(400);
    // A user's session is no operator token.
    const user = await newUser();
    expect((await post(`${ApiPath.opsViewing}/1`, { action: 'confirm' }, user.auth)).statusCode).toBe(401);
  });
});

describe('npm run ops -- viewing', () => {
  it('confirms and completes a booking, prints the change, refuses what cannot be done', async () => {
    const url = await h.app.listen({ host: '127.0.0.1', port: 0 });
    const run = async (args: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runOps(args, {
        env: { BACKEND_URL: url, OPS_TOKEN: TOKEN },
        out: (l) => out.push(l),
        err: (l) => err.push(l),
        fetch,
      });
      return { code, out: out.join('\n'), err: err.join('\n') };
    };
    const user = await newUser();
    const [id] = await esfIds(1);
    const v = envelope<Viewing>(await bookAs(good(id!), user.auth)).data;
    expect(await run(['viewing', 'confirm', String(v.id)])).toEqual({
      code: 0,
      out: `viewing #${v.id}: 待确认 → 已确认`,
      err: '',
    });
    expect(await run(['viewing', 'confirm', String(v.id)])).toMatchObject({ code: 1, err: expect.stringMatching(/^409: /) });
    expect(await run(['viewing', 'done', String(v.id)])).toEqual({ code: 0, out: `viewing #${v.id}: 已确认 → 已完成`, err: '' });
    for (const args of [
      ['viewing'],
      ['viewing', 'cancel', '1'],
      ['viewing', 'done'],
      ['viewing', 'done', 'x'],
      ['viewing', 'done', '1', '2'],
    ]) {
      const result = await run(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.err).toContain('npm run ops -- viewing confirm|done <id>');
    }
  });
});
