import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '@contracts/paths';
import {
  TRACKING_BATCH_MAX,
  TRACKING_CONTACT_LIMIT,
  type StatsMaintenance,
  type StatsReport,
  type TrackingEvent,
} from '@contracts/tracking';
import { trackingDaily, trackingEvents } from '../src/db/schema';
import { addDays, dayOf, ensurePartition, partitionDays } from '../src/modules/stats/partitions';
import { runOps } from '../../scripts/ops';
import { envelope, startHarness, type Harness } from './harness';
import { newTestUser } from './support-users';

/** spec §7 tracking: the two public endpoints, retention by day partitions, the roll-ups and the operator's report. */

const TOKEN = 'tracking-test-ops-token-0123456789';
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ config: { OPS_TOKEN: TOKEN } });
  await h.app.ready();
});
afterAll(() => h?.close());

const BJ = { origin: 'http://bj.localhost:3000' };
let address = 1;
/** Each call from an address of its own unless given one, so the rate limits of one test leave the others alone. */
const post = (url: string, payload: unknown, headers: Record<string, string> = BJ, remoteAddress = `10.9.0.${address++}`) =>
  h.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers, remoteAddress });

const now = Date.now();
const view = (over: Partial<TrackingEvent> = {}): TrackingEvent => ({
  eventTm: now,
  pagePath: '/ershoufang/xiangqing/7',
  eventType: 'page_view',
  deviceChannel: 4,
  businessType: 1,
  businessId: 7,
  promotion: 'wx',
  promoCode: 'spring26',
  ...over,
});
const contact = (over: Partial<TrackingEvent> = {}): TrackingEvent =>
  view({ eventType: 'event_opportunity', buttonTitle: '拨打电话', agentId: 3, ...over });

describe('POST behavior/view/page and behavior/opportunity', () => {
  it('takes a batch and a contact at once, and writes them with the city of the sending page', async () => {
    const search = view({ eventType: 'event_search', buttonTitle: '望京', businessId: 12, type: 'sale', promotion: null });
    const res = await post(ApiPath.trackingView, [view(), search]);
    expect(res.statusCode).toBe(200);
    expect(envelope(res).data).toEqual({ accepted: 2 });
    const one = await post(ApiPath.trackingContact, contact({ buttonTitle: '预约看房' }));
    expect(envelope(one).data).toEqual({ accepted: 1 });
    await h.app.tracking.flush();
    const rows = await h.database.db.select().from(trackingEvents).where(eq(trackingEvents.cityDomain, 'bj'));
    expect(rows.map((r) => r.eventType).sort()).toEqual(['event_opportunity', 'event_search', 'page_view']);
    const booked = rows.find((r) => r.eventType === 'event_opportunity')!;
    expect(booked).toMatchObject({ buttonTitle: '预约看房', agentId: 3, promoCode: 'spring26', deviceChannel: 4 });
    expect(booked.eventTm?.getTime()).toBe(now);
    // Filed under the day it arrived, in that day's partition.
    const [where] = (
      (await h.database.db.execute(sql`select tableoid::regclass::text as part from tracking_events limit 1`)) as unknown as {
        rows: { part: string }[];
      }
    ).rows;
    expect(where!.part).toBe(`tracking_events_${dayOf(Date.now()).replaceAll('-', '')}`);
  });

  it("files a logged-in reader's events under their session's user, and a visitor's claim of a userId under none", async () => {
    const reader = await newTestUser(h);
    const other = await newTestUser(h);
    const path = `/zufang/xiangqing/${reader.id}`;
    // From 上海's pages: 北京's counts are the roll-up tests' below.
    const SH = { origin: 'http://sh.localhost:3000' };
    // The reader names their id (as the browser does); a visitor claims the other user's; a session claiming another
    // id is filed under its own.
    await post(ApiPath.trackingView, [view({ pagePath: path, userId: reader.id })], { ...SH, ...reader.cookie });
    await post(ApiPath.trackingContact, contact({ pagePath: path }), { ...SH, ...reader.cookie });
    await post(ApiPath.trackingView, [view({ pagePath: path, userId: other.id })], SH);
    await post(ApiPath.trackingView, [view({ pagePath: path, userId: other.id, eventType: 'event_search' })], {
      ...SH,
      ...reader.cookie,
    });
    await h.app.tracking.flush();
    const rows = await h.database.db.select().from(trackingEvents).where(eq(trackingEvents.pagePath, path));
    expect(rows.map((r) => [r.eventType, r.userId]).sort()).toEqual([
      ['event_opportunity', reader.id],
      ['event_search', reader.id],
      ['page_view', null],
      ['page_view', reader.id],
    ]);
  });

  it('refuses bad input with a 400 that names the field, and a page of another site with a 403', async () => {
    const bad: [string, unknown][] = [
      [ApiPath.trackingView, []],
      [ApiPath.trackingView, Array.from({ length: TRACKING_BATCH_MAX + 1 }, () => view())],
      [ApiPath.trackingView, view()],
      [ApiPath.trackingView, [view({ businessType: 6 })]],
      [ApiPath.trackingView, [view({ businessTypeTwo: 5 })]],
      [ApiPath.trackingView, [view({ pagePath: 'ershoufang' })]],
      [ApiPath.trackingView, [view({ promoCode: 'a b' })]],
      [ApiPath.trackingView, [view({ eventType: 'Page View' })]],
      [ApiPath.trackingView, [{ ...view(), deviceChannel: 2 }]],
      [ApiPath.trackingView, [{ ...view(), extra: 1 }]],
      [ApiPath.trackingView, [view({ pagePath: `/${'x'.repeat(600)}` })]],
      [ApiPath.trackingContact, contact({ buttonTitle: '点赞' })],
      [ApiPath.trackingContact, view()],
      [ApiPath.trackingContact, [contact()]],
    ];
    for (const [url, body] of bad) {
      const res = await post(url, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(envelope(res).msg).toMatch(/\S/);
    }
    const cross = await post(ApiPath.trackingView, [view()], { origin: 'http://evil.example' });
    expect(cross.statusCode).toBe(403);
  });

  it(`answers 429 past ${TRACKING_CONTACT_LIMIT} contacts a minute from one address`, async () => {
    // From 上海's pages: the report below counts 北京's.
    const [from, sh] = ['10.8.0.1', { origin: 'http://sh.localhost:3000' }];
    for (let i = 0; i < TRACKING_CONTACT_LIMIT; i++)
      expect((await post(ApiPath.trackingContact, contact(), sh, from)).statusCode).toBe(200);
    const over = await post(ApiPath.trackingContact, contact(), sh, from);
    expect(over.statusCode).toBe(429);
    expect(envelope(over).msg).toMatch(/请求过于频繁/);
  });
});

describe('partitions, roll-ups and the report', () => {
  const ops = (url: string, body: unknown) =>
    h.app.inject({
      method: 'POST',
      url,
      payload: body as Record<string, unknown>,
      headers: { authorization: `Bearer ${TOKEN}` },
    });

  it('drops the day partitions past the retention and keeps the rest', async () => {
    const today = dayOf(Date.now());
    const old = addDays(today, -h.config.TRACKING_RETENTION_DAYS);
    const kept = addDays(today, -(h.config.TRACKING_RETENTION_DAYS - 1));
    await ensurePartition(h.database.db, old);
    await ensurePartition(h.database.db, kept);
    await h.database.db.insert(trackingEvents).values({
      receivedAt: new Date(`${old}T12:00:00+08:00`),
      eventType: 'page_view',
      pagePath: '/',
      deviceChannel: 4,
    });
    const res = await ops(ApiPath.opsStatsMaintain, {});
    const done = envelope<StatsMaintenance>(res).data!;
    expect(done.dropped).toEqual([old]);
    const days = await partitionDays(h.database.db);
    expect(days).not.toContain(old);
    expect(days).toEqual(expect.arrayContaining([kept, today, addDays(today, 1)]));
  });

  it('rolls a day up per listing, agent, page, promotion and channel, the same when run twice', async () => {
    await post(ApiPath.trackingView, [view(), view(), view({ pagePath: '/zufang/xiangqing/9', businessType: 2, businessId: 9 })]);
    await post(ApiPath.trackingContact, contact({ buttonTitle: '在线咨询' }));
    const today = dayOf(Date.now());
    await ops(ApiPath.opsStatsMaintain, {});
    const first = await h.database.db.select().from(trackingDaily).where(eq(trackingDaily.day, today));
    await ops(ApiPath.opsStatsMaintain, {});
    const second = await h.database.db.select().from(trackingDaily).where(eq(trackingDaily.day, today));
    expect(second).toEqual(expect.arrayContaining(first));
    expect(second).toHaveLength(first.length);

    const res = await ops(ApiPath.opsStats, { from: today, to: today, cityDomain: 'bj' });
    expect(res.statusCode).toBe(200);
    const report = envelope<StatsReport>(res).data!;
    // Earlier tests sent from bj too: 1 page view + 1 search + 1 booking, then 3 views + 1 chat here.
    expect(report.totals).toEqual({ views: 4, searches: 1, contacts: 2 });
    const esf = report.byChannel.find((c) => c.businessType === 1)!;
    expect(esf).toMatchObject({ cityDomain: 'bj', views: 3, contacts: 2, conversion: 0.6667 });
    expect(report.topListings[0]).toEqual({ key: '1:7', views: 3, searches: 0, contacts: 2 });
    expect(report.topAgents[0]).toMatchObject({ key: '3', contacts: 2 });
    expect(report.byPromotion.find((p) => p.key === 'wx/spring26')).toMatchObject({ views: 4, contacts: 2 });

    const wrong = await ops(ApiPath.opsStats, { from: 'yesterday', to: today });
    expect(wrong.statusCode).toBe(400);
    const open = await h.app.inject({ method: 'POST', url: ApiPath.opsStats, payload: { from: today, to: today } });
    expect(open.statusCode).toBe(401);
  });
});

describe('npm run ops -- stats', () => {
  it('prints the report and runs the upkeep through the operator API; a bad day is a usage error', async () => {
    const backendUrl = await h.app.listen({ host: '127.0.0.1', port: 0 });
    const run = async (args: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runOps(args, {
        env: { BACKEND_URL: backendUrl, OPS_TOKEN: TOKEN },
        out: (l) => out.push(l),
        err: (l) => err.push(l),
        fetch,
      });
      return { code, out: out.join('\n'), err: err.join('\n') };
    };
    const rollup = await run(['stats', 'rollup']);
    expect(rollup.code).toBe(0);
    expect(rollup.out).toContain(`rolled up: `);
    const today = dayOf(Date.now());
    const report = await run(['stats', today, today, '--city', 'bj']);
    expect(report.code).toBe(0);
    expect(report.out).toContain(`tracking ${today} – ${today} (bj): 4 views, 1 searches, 2 contacts`);
    expect(report.out).toMatch(/bj +二手房 +3 views {2}2 contacts {2}66\.7%/);
    expect(report.out).toContain('wx/spring26');
    expect((await run(['stats', 'yesterday'])).code).toBe(2);
  });
});

describe('the operator report page', () => {
  const basic = (password: string) => ({ authorization: `Basic ${Buffer.from(`ops:${password}`).toString('base64')}` });

  it('asks a browser for the operator token and shows views, contacts, conversion and promotions to it alone', async () => {
    const today = dayOf(Date.now());
    // A page path with markup in it is shown as text.
    await post(ApiPath.trackingView, [view({ pagePath: '/news/<b>x</b>', businessType: null, businessId: null })]);
    await h.app.tracking.maintain();
    const url = `${ApiPath.opsStatsPage}?from=${today}&to=${today}`;
    const none = await h.app.inject({ url });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Basic realm="youju-ops"/);
    expect(JSON.parse(none.body)).toMatchObject({ succeed: false });
    expect((await h.app.inject({ url, headers: basic('not-the-token') })).statusCode).toBe(401);
    // The web never forwards /internal.api (lib/front/backend-paths.ts): only the backend's own address answers it.
    expect(ApiPath.opsStatsPage.startsWith('/internal.api/')).toBe(true);

    const page = await h.app.inject({ url: `${url}&cityDomain=bj`, headers: basic(TOKEN) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-frame-options']).toBe('DENY');
    const text = page.body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain(`${today} 至 ${today}`);
    // 北京's 二手房 row as the CLI prints it: 3 views, 2 contacts, 66.7%.
    expect(text).toMatch(/bj 二手房 3 2 66\.7%/);
    expect(text).toContain('wx/spring26');
    expect(text).toContain('二手房 #7');
    expect(page.body).toContain('/news/&lt;b&gt;x&lt;/b&gt;');
    expect(page.body).not.toContain('<b>x</b>');
    // The Bearer header of the other operator routes opens it too; bad days are a 400 in the envelope.
    expect((await h.app.inject({ url, headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(200);
    for (const bad of ['from=2026-13-45', 'to=yesterday', `from=${today}&to=2020-01-01`, 'top=0', 'x=1']) {
      const res = await h.app.inject({ url: `${ApiPath.opsStatsPage}?${bad}`, headers: basic(TOKEN) });
      expect(res.statusCode, bad).toBe(400);
      expect(JSON.parse(res.body).msg.length, bad).toBeGreaterThan(0);
    }
  });
});
