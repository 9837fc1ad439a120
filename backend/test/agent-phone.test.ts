import { and, eq, gt, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AgentPhone } from '@contracts/agent';
import { ApiPath, RequestHeader } from '@contracts/paths';
import { buildApp } from '../src/app';
import {
  agentPhoneBindings,
  agentPhoneReveals,
  agents,
  esfListings,
  newProjects,
  offices,
  rentals,
  sessions,
  shops,
} from '../src/db/schema';
import { PHONE_CAP_MESSAGES, PHONE_CAPS } from '../src/modules/portal/agents';
import { LINE_BUSY } from '../src/modules/portal/virtual-numbers';
import { envelope, startHarness, type Harness } from './harness';
import { newTestUser } from './support-users';

/**
 * 拨打电话: an agent's mobile is in no answer. A visitor who clicks gets a virtual number — the portal's 400
 * line and an extension bound to that agent and that device for 30 days — the click recorded (spec §3 tracking),
 * within caps per address, device and user per hour and per day. The clock is Vitest's (Date only), never a sleep.
 */

let h: Harness;
let available: number[] = [];
let mobiles = new Set<string>();
beforeAll(async () => {
  h = await startHarness();
  const rows = await h.database.db.select({ id: agents.id, status: agents.status, mobile: agents.mobile }).from(agents);
  mobiles = new Set(rows.map((r) => r.mobile));
  available = rows.filter((r) => r.status === 1).map((r) => r.id);
  // The caps' tests below need more available agents than an address may collect in a day.
  expect(available.length).toBeGreaterThan(PHONE_CAPS.address.day + 10);
});
afterAll(() => h?.close());
afterEach(() => {
  vi.useRealTimers();
});

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const LINE = '400-800-1234';

let addressSeq = 0;
/** An address of this test alone, so that no other test's reveals count in its caps. */
const newAddress = () => `10.77.${Math.floor(++addressSeq / 250)}.${(addressSeq % 250) + 1}`;
let deviceSeq = 0;
const newDevice = () => `device-${process.pid}-${++deviceSeq}`;

interface From {
  ip?: string;
  device?: string | null;
  headers?: Record<string, string>;
}
const ask = (payload: unknown, from: From = {}) =>
  h.app.inject({
    method: 'POST',
    url: ApiPath.agentPhone,
    payload: payload as Record<string, unknown>,
    remoteAddress: from.ip ?? '10.99.0.1',
    headers: { ...(from.device ? { [RequestHeader.deviceCode]: from.device } : {}), ...from.headers },
  });
const given = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(200);
  const data = envelope<AgentPhone>(res).data;
  expect(data.status).toBe(1);
  expect(data.virtualNumber).not.toBeNull();
  return data.virtualNumber!;
};

/** Any seeded agent's mobile in a body (11 digits that are one of theirs: a price or an id is not one). */
const mobilesIn = (body: string) =>
  [...body.matchAll(/(?<!\d)1[3-9]\d{9}(?!\d)/g)].map((m) => m[0]).filter((m) => mobiles.has(m));

/** An agent of that status with a second-hand listing (the seed has one in every city, seed-agents.ts), and the listing. */
async function agentWithStatus(status: number) {
  const [row] = await h.database.db
    .select({ agent: agents, listingId: esfListings.id })
    .from(agents)
    .innerJoin(esfListings, eq(esfListings.agentId, agents.id))
    .where(eq(agents.status, status))
    .limit(1);
  expect(row, `a seeded agent with status ${status} and a listing`).toBeDefined();
  return { ...row!.agent, listingId: row!.listingId };
}

describe('an agent’s number', () => {
  it('is a virtual number: the 400 line and an extension, never the agent’s mobile; the click recorded with where it came from', async () => {
    const agent = await agentWithStatus(1);
    const device = newDevice();
    const ip = newAddress();
    const res = await ask({ agentId: agent.id, businessType: 1, businessId: agent.listingId }, { device, ip });
    const number = given(res);
    expect(number.line).toBe(LINE);
    expect(number.extension).toMatch(/^[1-9]\d{3}$/);
    expect(res.body).not.toContain(agent.mobile);
    expect(mobilesIn(res.body)).toEqual([]);
    const rows = await h.database.db
      .select()
      .from(agentPhoneReveals)
      .where(and(eq(agentPhoneReveals.agentId, agent.id), eq(agentPhoneReveals.deviceCode, device)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      businessType: 1,
      businessId: agent.listingId,
      deviceCode: device,
      clientIp: ip,
      userId: null,
      extension: Number(number.extension),
    });
    // The binding a telephony provider routes by: this extension reaches this agent, for this device, for 30 days.
    const [binding] = await h.database.db
      .select()
      .from(agentPhoneBindings)
      .where(eq(agentPhoneBindings.extension, Number(number.extension)));
    expect(binding).toMatchObject({ agentId: agent.id, deviceKey: `d:${device}` });
    expect(binding!.expiresAt.toISOString()).toBe(number.expiresAt);
  });

  it('is given from the agent’s own page, recorded as about no listing, with the session’s user', async () => {
    const agent = await agentWithStatus(1);
    const user = await newTestUser(h);
    given(await ask({ agentId: agent.id }, { device: newDevice(), ip: newAddress(), headers: user.cookie }));
    const rows = await h.database.db
      .select()
      .from(agentPhoneReveals)
      .where(and(eq(agentPhoneReveals.agentId, agent.id), eq(agentPhoneReveals.userId, user.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ businessType: null, businessId: null });
  });

  it.each([
    [2, 'left the job'],
    [3, 'cannot be contacted'],
  ])('is not given for an agent of status %i (%s), and nothing is recorded or bound', async (status) => {
    const agent = await agentWithStatus(status);
    const res = await ask(
      { agentId: agent.id, businessType: 1, businessId: agent.listingId },
      { device: newDevice(), ip: newAddress() },
    );
    expect(res.statusCode).toBe(200);
    expect(envelope<AgentPhone>(res).data).toEqual({ status, virtualNumber: null });
    expect(await h.database.db.select().from(agentPhoneReveals).where(eq(agentPhoneReveals.agentId, agent.id))).toHaveLength(0);
    expect(await h.database.db.select().from(agentPhoneBindings).where(eq(agentPhoneBindings.agentId, agent.id))).toHaveLength(0);
  });

  it('answers an unknown agent with the not-found code', async () => {
    const res = await ask({ agentId: 2_000_000_000, businessType: 1, businessId: 1 });
    expect(res.statusCode).toBe(404);
    expect(envelope(res)).toMatchObject({ code: 4000000, succeed: false });
  });

  it.each([
    [{}],
    [{ agentId: 1, businessType: 1 }],
    [{ agentId: 1, businessId: 1 }],
    [{ agentId: 1, businessTypeTwo: 1 }],
    [{ agentId: 1, businessType: 1, businessTypeTwo: 1, businessId: 1 }],
    [{ agentId: 0, businessType: 1, businessId: 1 }],
    [{ agentId: 1, businessType: 6, businessId: 1 }],
    [{ agentId: 'x', businessType: 1, businessId: 1 }],
    [{ agentId: 1, businessType: 1, businessId: 1, extra: true }],
  ])('refuses bad input %j with a readable 400', async (payload) => {
    const res = await ask(payload);
    expect(res.statusCode).toBe(400);
    expect(envelope(res).msg).toBeTruthy();
  });

  it('is POST only: no link or crawler reveals a number', async () => {
    const agent = await agentWithStatus(1);
    const res = await h.app.inject(`${ApiPath.agentPhone}?agentId=${agent.id}&businessType=1&businessId=1`);
    expect(res.statusCode).toBe(405);
    expect(res.body).not.toContain(agent.mobile);
  });
});

describe('no answer carries an agent’s mobile', () => {
  it('scans every agent-related answer — agent pages and lists, listing details of every channel, lists, home, status, 拨打电话 — for every seeded mobile', async () => {
    expect(mobiles.size).toBeGreaterThan(0);
    const db = h.database.db;
    const agentIds = (await db.select({ id: agents.id }).from(agents).orderBy(agents.id).limit(12)).map((r) => r.id);
    const [someAgent] = await db.select().from(agents).where(eq(agents.status, 1)).limit(1);
    const urls: string[] = [];
    for (const id of agentIds)
      urls.push(`${ApiPath.agentDetail}/${id}`, `${ApiPath.agentEsf}?agentId=${id}`, `${ApiPath.agentRent}?agentId=${id}`);
    const detailOf = async (table: typeof shops, path: string, where?: ReturnType<typeof eq>) => {
      for (const { id } of await db.select({ id: table.id }).from(table).where(where).limit(5)) urls.push(`${path}/${id}`);
    };
    await detailOf(esfListings as unknown as typeof shops, ApiPath.esfDetail);
    await detailOf(rentals as unknown as typeof shops, ApiPath.rentDetail);
    await detailOf(newProjects as unknown as typeof shops, ApiPath.newHomeDetail);
    await detailOf(shops, ApiPath.shopSaleDetail, eq(shops.deal, 1));
    await detailOf(shops, ApiPath.shopRentDetail, eq(shops.deal, 2));
    await detailOf(offices as unknown as typeof shops, ApiPath.officesSaleDetail, eq(offices.deal, 1));
    await detailOf(offices as unknown as typeof shops, ApiPath.officesRentDetail, eq(offices.deal, 2));
    for (const path of [
      ApiPath.index,
      ApiPath.esfList,
      ApiPath.rentList,
      ApiPath.newHomeList,
      ApiPath.shopSaleList,
      ApiPath.shopRentList,
      ApiPath.officesSaleList,
      ApiPath.officesRentList,
      ApiPath.estateList,
    ]) {
      urls.push(`${path}?cityCode=110000`);
    }
    urls.push(`${ApiPath.agentStatus}?userId=${someAgent!.userId}&branchId=${someAgent!.branchId}`);
    let answered = 0;
    for (const url of urls) {
      const res = await h.app.inject(url);
      if (res.statusCode === 200) answered++;
      expect(mobilesIn(res.body), url).toEqual([]);
    }
    // Most of them answered with data (a channel a city does not have is a 404, which is fine to scan too).
    expect(answered).toBeGreaterThan(urls.length * 0.8);
    // 拨打电话 itself, for every available agent of the first dozen, from the agent page and from a listing.
    for (const id of agentIds) {
      const res = await ask({ agentId: id }, { device: newDevice(), ip: newAddress() });
      expect(mobilesIn(res.body)).toEqual([]);
    }
    const [listing] = await db
      .select({ id: esfListings.id, agentId: esfListings.agentId })
      .from(esfListings)
      .innerJoin(agents, eq(agents.id, esfListings.agentId))
      .where(eq(agents.status, 1))
      .limit(1);
    const res = await ask(
      { agentId: listing!.agentId, businessType: 1, businessId: listing!.id },
      { device: newDevice(), ip: newAddress() },
    );
    expect(res.statusCode).toBe(200);
    expect(mobilesIn(res.body)).toEqual([]);
  });
});

describe('virtual numbers', () => {
  it('give the same device the same extension for 30 days, and a new one after', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const agentId = available[0]!;
    const device = newDevice();
    const ip = newAddress();
    const start = Date.now();
    const first = given(await ask({ agentId }, { device, ip }));
    expect(new Date(first.expiresAt).getTime()).toBe(start + 30 * DAY);
    vi.setSystemTime(start + 29 * DAY);
    const later = given(await ask({ agentId }, { device, ip: newAddress() }));
    expect(later).toEqual(first);
    vi.setSystemTime(start + 30 * DAY + 1000);
    const renewed = given(await ask({ agentId }, { device, ip }));
    expect(renewed.extension).not.toBe(first.extension);
    expect(new Date(renewed.expiresAt).getTime()).toBe(start + 60 * DAY + 1000);
    // One binding per pair, now with the new extension; every click recorded with the extension it was given.
    const bindings = await h.database.db
      .select()
      .from(agentPhoneBindings)
      .where(eq(agentPhoneBindings.deviceKey, `d:${device}`));
    expect(bindings.map((b) => b.extension)).toEqual([Number(renewed.extension)]);
    const reveals = await h.database.db
      .select()
      .from(agentPhoneReveals)
      .where(eq(agentPhoneReveals.deviceCode, device))
      .orderBy(agentPhoneReveals.id);
    expect(reveals.map((r) => r.extension)).toEqual([first, later, renewed].map((n) => Number(n.extension)));
  });

  it('give two devices of one agent different extensions, and a visitor without a device code one per address', async () => {
    const agentId = available[1]!;
    const ip = newAddress();
    const a = given(await ask({ agentId }, { device: newDevice(), ip }));
    const b = given(await ask({ agentId }, { device: newDevice(), ip }));
    expect(a.extension).not.toBe(b.extension);
    const bare = given(await ask({ agentId }, { device: null, ip }));
    expect(given(await ask({ agentId }, { device: null, ip }))).toEqual(bare);
    expect([a.extension, b.extension]).not.toContain(bare.extension);
    const [binding] = await h.database.db
      .select()
      .from(agentPhoneBindings)
      .where(eq(agentPhoneBindings.deviceKey, `ip:${ip}`));
    expect(binding).toMatchObject({ agentId, extension: Number(bare.extension) });
  });

  it('keep live extensions unique, also when many are bound at once', async () => {
    const ip = () => newAddress();
    const answers = await Promise.all(
      available.slice(2, 42).map((agentId) => ask({ agentId }, { device: newDevice(), ip: ip() })),
    );
    const extensions = answers.map((r) => given(r).extension);
    expect(new Set(extensions).size).toBe(extensions.length);
    const duplicated = await h.database.db
      .select({ extension: agentPhoneBindings.extension, n: sql<number>`count(*)`.mapWith(Number) })
      .from(agentPhoneBindings)
      .where(gt(agentPhoneBindings.expiresAt, new Date()))
      .groupBy(agentPhoneBindings.extension)
      .having(sql`count(*) > 1`);
    expect(duplicated).toEqual([]);
  });

  it('answer a double click of one device with one binding', async () => {
    const agentId = available[45]!;
    const device = newDevice();
    const ip = newAddress();
    const [a, b, c] = await Promise.all([0, 1, 2].map(() => ask({ agentId }, { device, ip })));
    expect(new Set([a, b, c].map((r) => given(r!).extension)).size).toBe(1);
    expect(
      await h.database.db
        .select()
        .from(agentPhoneBindings)
        .where(eq(agentPhoneBindings.deviceKey, `d:${device}`)),
    ).toHaveLength(1);
  });

  it('answer 503 when every extension is live, and re-bind an expired one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // A line of one-digit extensions: 1–9, nine live bindings at most.
    const small = await buildApp({ db: h.database.db, config: { ...h.config, VIRTUAL_EXTENSION_DIGITS: 1 }, storage: h.storage });
    try {
      const askSmall = (agentId: number) =>
        small.inject({
          method: 'POST',
          url: ApiPath.agentPhone,
          payload: { agentId },
          remoteAddress: newAddress(),
          headers: { [RequestHeader.deviceCode]: newDevice() },
        });
      // Whatever one-digit bindings an earlier run of this file left are the past now.
      vi.setSystemTime(Date.now() + 400 * DAY);
      const start = Date.now();
      const nine = [];
      for (const agentId of available.slice(50, 59)) nine.push(given(await askSmall(agentId)).extension);
      expect(nine.sort()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
      const busy = await askSmall(available[59]!);
      expect(busy.statusCode).toBe(503);
      expect(envelope(busy)).toMatchObject({ succeed: false, msg: LINE_BUSY });
      vi.setSystemTime(start + 30 * DAY + 1000);
      expect(given(await askSmall(available[59]!)).extension).toMatch(/^[1-9]$/);
    } finally {
      await small.close();
    }
  });
});

describe('caps', () => {
  const agentsFrom = (from: number, n: number) => {
    const ids = available.slice(from, from + n);
    expect(ids).toHaveLength(n);
    return ids;
  };
  const expectCapped = (res: LightMyRequestResponse, msg: string) => {
    expect(res.statusCode, res.body).toBe(429);
    expect(envelope(res)).toMatchObject({ succeed: false, msg, data: null });
  };
  const revealsOf = (device: string) =>
    h.database.db.select().from(agentPhoneReveals).where(eq(agentPhoneReveals.deviceCode, device));

  it(`give one device ${PHONE_CAPS.device.hour} agents an hour and ${PHONE_CAPS.device.day} a day; asking again for one it holds is free; refusals are not recorded`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const device = newDevice();
    const ip = newAddress();
    const ids = agentsFrom(0, PHONE_CAPS.device.day + 1);
    const start = Date.now();
    for (const agentId of ids.slice(0, PHONE_CAPS.device.hour)) given(await ask({ agentId }, { device, ip }));
    expectCapped(await ask({ agentId: ids[PHONE_CAPS.device.hour]! }, { device, ip }), PHONE_CAP_MESSAGES.hour);
    // The same device from another address is still the same device.
    expectCapped(await ask({ agentId: ids[PHONE_CAPS.device.hour]! }, { device, ip: newAddress() }), PHONE_CAP_MESSAGES.hour);
    given(await ask({ agentId: ids[0]! }, { device, ip }));
    expect(await revealsOf(device)).toHaveLength(PHONE_CAPS.device.hour + 1);
    vi.setSystemTime(start + HOUR + 1000);
    for (const agentId of ids.slice(PHONE_CAPS.device.hour, PHONE_CAPS.device.day)) given(await ask({ agentId }, { device, ip }));
    vi.setSystemTime(start + 2 * HOUR + 2000);
    expectCapped(await ask({ agentId: ids[PHONE_CAPS.device.day]! }, { device, ip }), PHONE_CAP_MESSAGES.day);
    vi.setSystemTime(start + DAY + 1000);
    given(await ask({ agentId: ids[PHONE_CAPS.device.day]! }, { device, ip }));
  });

  it(`treat a visitor without a device code as one device per address`, async () => {
    const ip = newAddress();
    const ids = agentsFrom(0, PHONE_CAPS.device.hour + 1);
    for (const agentId of ids.slice(0, PHONE_CAPS.device.hour)) given(await ask({ agentId }, { device: null, ip }));
    expectCapped(await ask({ agentId: ids.at(-1)! }, { device: null, ip }), PHONE_CAP_MESSAGES.hour);
    // A device code is another device at that address.
    given(await ask({ agentId: ids.at(-1)! }, { device: newDevice(), ip }));
  });

  it(`give one address ${PHONE_CAPS.address.hour} agents an hour and ${PHONE_CAPS.address.day} a day, whatever device codes it sends`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const ip = newAddress();
    const ids = agentsFrom(0, PHONE_CAPS.address.day + 1);
    const start = Date.now();
    const perHour = PHONE_CAPS.address.hour;
    for (let hour = 0; hour * perHour < PHONE_CAPS.address.day; hour++) {
      vi.setSystemTime(start + hour * (HOUR + 1000));
      // A new made-up device code for every click: the address's cap holds all the same.
      for (const agentId of ids.slice(hour * perHour, (hour + 1) * perHour))
        given(await ask({ agentId }, { device: newDevice(), ip }));
      if ((hour + 1) * perHour < PHONE_CAPS.address.day)
        expectCapped(await ask({ agentId: ids[(hour + 1) * perHour]! }, { device: newDevice(), ip }), PHONE_CAP_MESSAGES.hour);
    }
    vi.setSystemTime(start + 4 * HOUR);
    expectCapped(await ask({ agentId: ids[PHONE_CAPS.address.day]! }, { device: newDevice(), ip }), PHONE_CAP_MESSAGES.day);
    // Another address is not held back.
    given(await ask({ agentId: ids[PHONE_CAPS.address.day]! }, { device: newDevice(), ip: newAddress() }));
  });

  it('count one agent asked for under many made-up device codes as many numbers (each would take an extension of the line)', async () => {
    const ip = newAddress();
    const agentId = available[65]!; // asked for by no other test
    for (let i = 0; i < PHONE_CAPS.address.hour; i++) given(await ask({ agentId }, { device: newDevice(), ip }));
    expectCapped(await ask({ agentId }, { device: newDevice(), ip }), PHONE_CAP_MESSAGES.hour);
    expect(await h.database.db.select().from(agentPhoneBindings).where(eq(agentPhoneBindings.agentId, agentId))).toHaveLength(
      PHONE_CAPS.address.hour,
    );
  });

  it('hold across backend processes: two apps on one database share the counts (they live in the database)', async () => {
    const other = await buildApp({ db: h.database.db, config: h.config, storage: h.storage });
    try {
      const device = newDevice();
      const ids = agentsFrom(0, PHONE_CAPS.device.hour + 1);
      for (const [i, agentId] of ids.slice(0, PHONE_CAPS.device.hour).entries()) {
        const app = i % 2 === 0 ? h.app : other;
        given(
          await app.inject({
            method: 'POST',
            url: ApiPath.agentPhone,
            payload: { agentId },
            remoteAddress: newAddress(),
            headers: { [RequestHeader.deviceCode]: device },
          }),
        );
      }
      for (const app of [h.app, other]) {
        expectCapped(
          await app.inject({
            method: 'POST',
            url: ApiPath.agentPhone,
            payload: { agentId: ids.at(-1)! },
            remoteAddress: newAddress(),
            headers: { [RequestHeader.deviceCode]: device },
          }),
          PHONE_CAP_MESSAGES.hour,
        );
      }
    } finally {
      await other.close();
    }
  });

  it(`give one logged-in user ${PHONE_CAPS.user.hour} agents an hour and ${PHONE_CAPS.user.day} a day, from any device and address`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const user = await newTestUser(h);
    await h.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 10 * DAY) })
      .where(eq(sessions.userId, user.id));
    const ids = agentsFrom(0, PHONE_CAPS.user.day + 1);
    const start = Date.now();
    const fresh = () => ({ device: newDevice(), ip: newAddress(), headers: user.cookie });
    for (const agentId of ids.slice(0, PHONE_CAPS.user.hour)) given(await ask({ agentId }, fresh()));
    expectCapped(await ask({ agentId: ids[PHONE_CAPS.user.hour]! }, fresh()), PHONE_CAP_MESSAGES.hour);
    // The same device and address without the session are another asker.
    given(await ask({ agentId: ids[PHONE_CAPS.user.hour]! }, { device: newDevice(), ip: newAddress() }));
    vi.setSystemTime(start + HOUR + 1000);
    for (const agentId of ids.slice(PHONE_CAPS.user.hour, PHONE_CAPS.user.day)) given(await ask({ agentId }, fresh()));
    vi.setSystemTime(start + 2 * HOUR + 2000);
    expectCapped(await ask({ agentId: ids[PHONE_CAPS.user.day]! }, fresh()), PHONE_CAP_MESSAGES.day);
    const recorded = await h.database.db.select().from(agentPhoneReveals).where(eq(agentPhoneReveals.userId, user.id));
    expect(new Set(recorded.map((r) => r.agentId)).size).toBe(PHONE_CAPS.user.day);
  });
});
