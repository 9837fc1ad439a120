import { createHash, createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { LRUCache } from 'lru-cache';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '@contracts/envelope';
import { envelopeSchema } from '@contracts/envelope-schema';
import { ApiPath } from '@contracts/paths';
import {
  statsMaintenanceRequestSchema,
  statsMaintenanceSchema,
  statsReportRequestSchema,
  statsReportSchema,
  trackingAcceptedSchema,
  trackingBatchSchema,
  trackingContactSchema,
  TRACKING_CONTACT_LIMIT,
  TRACKING_EVENT_BUDGET,
  TRACKING_VIEW_LIMIT,
  type StatsMaintenance,
  type TrackingContactParsed,
  type TrackingEventParsed,
} from '@contracts/tracking';
import { pagePattern } from '@contracts/tracking-pages';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { runInline, type RunAlone } from '../../db/singleton';
import { deviceCodeOf } from '../../http/device';
import { addressKey, clientBlock } from '../../http/client-block';
import { opsGuard } from '../../http/ops-guard';
import { isPortalSource } from '../../http/same-site';
import { presentedToken, sessionUser } from '../../http/sessions';
import { cityTable } from '../cities/cities';
import type { SharedCounters } from '../limits/shared';
import { EventBudget, type Bound } from './budget';
import { createTrackingIngest, type TrackingRow } from './ingest';
import { addDays, dayOf, dropExpired, ensurePartition } from './partitions';
import { dropExpiredRollUps, rollUpDay, statsReport } from './rollup';

/** Partitions, retention and roll-ups are kept up at this pace (and on `npm run ops -- stats rollup`). */
const MAINTAIN_EVERY_MS = 3600_000;

/**
 * The city of the page that sent an event: its Origin (a browser's beacon always carries one) is a city's host
 * `{cityDomain}.{root}` of a city we have; anything else (www, the bare root, a made-up sub-domain, a server-side
 * caller) is no city, so the roll-up's cities are the cities table's, whatever Origin a script writes.
 */
async function cityOfOrigin(db: Db, request: FastifyRequest, root: URL): Promise<string | null> {
  const origin = request.headers.origin ?? request.headers.referer;
  if (!origin || !isPortalSource(origin, root)) return null;
  const label = new URL(origin).hostname.slice(0, -(root.hostname.length + 1));
  if (!/^[a-z]{1,12}$/.test(label) || label === 'www') return null;
  // Cities that cannot be read (a database away) file the event without one: tracking never fails a page.
  const cities = await cityTable(db)
    .snapshot()
    .catch(() => null);
  return cities?.byDomain.has(label) ? label : null;
}

/**
 * This machine's own tools (the tests, the bench, a health check) reach the backend from loopback, all under one
 * address; the web forwards every visitor's own address. As the web's render budget does (lib/front/render-budget.ts),
 * loopback has no budget of its own: the per-device bound and the total still hold for it.
 */
function isLoopback(ip: string): boolean {
  return ipaddr.isValid(ip) && ipaddr.process(ip).range() === 'loopback';
}

/** Who sent an event, as the roll-up tells senders apart: the device code, and the address block as a keyed hash. */
interface Sender {
  deviceCode: string | null;
  addressKey: string;
}

/**
 * Whose events these are (spec §3 userId): the user of the session the request presents, never the event's own
 * claim, which anyone could set to anyone's id. The browser sends its userId as the spec has it; the backend files the
 * session's (null for a visitor, or when the two differ the session's wins). One lookup per token and minute: a reader
 * sends a beacon every few seconds, and a logout seen a minute late only misfiles that minute's events.
 */
function sessionUsers(db: Db) {
  const known = new LRUCache<string, { id: number | null }>({ max: 20_000, ttl: 60_000 });
  return async (request: FastifyRequest): Promise<number | null> => {
    const token = presentedToken(request);
    if (!token) return null;
    const key = createHash('sha256').update(token).digest('base64url');
    const hit = known.get(key);
    if (hit) return hit.id;
    // A failed lookup files the event without a user rather than failing it (tracking never fails the page).
    const id = (await sessionUser(db, request).catch(() => null))?.id ?? null;
    known.set(key, { id });
    return id;
  };
}

function rowOf(
  event: TrackingEventParsed | TrackingContactParsed,
  sender: Sender,
  city: string | null,
  receivedAt: Date,
  userId: number | null,
): TrackingRow {
  return {
    receivedAt,
    eventTm: new Date(event.eventTm),
    eventType: event.eventType,
    pagePath: pagePattern(event.pagePath),
    deviceChannel: event.deviceChannel,
    cityDomain: city,
    deviceCode: sender.deviceCode,
    addressKey: sender.addressKey,
    userId,
    promotion: event.promotion ?? null,
    promoCode: event.promoCode ?? null,
    agentId: event.agentId ?? null,
    businessId: event.businessId ?? null,
    businessType: event.businessType ?? null,
    businessTypeTwo: event.businessTypeTwo ?? null,
    buttonTitle: event.buttonTitle ?? null,
    type: event.type ?? null,
    pageLongParam1: event.pageLongParam1 ?? null,
  };
}

/**
 * spec §7 tracking: the two public endpoints, the operator's report and the upkeep of partitions and roll-ups.
 * Both endpoints validate (a 400 names the field), cap the calls (429) and the events (budget.ts: past a bound
 * they are dropped), answer at once with how many were taken, and leave the writing to the ingest (ingest.ts).
 * `app.tracking` lets a test or the report flush first.
 *
 * Events past a bound are dropped, not refused: a beacon's sender never reads the answer (lib/client/tracking.ts) and
 * would not send again, a batch may fit in part, and the page of a visitor behind a busy address is no worse for it;
 * `accepted` tells any caller that reads it how many were kept. The calls themselves stay limited with a 429 before
 * their body is read.
 */
export function registerStats(
  app: FastifyInstance,
  db: Db,
  config: Config,
  counters: Pick<SharedCounters, 'redis' | 'prefix' | 'fellBack'>,
  runAlone: RunAlone = runInline,
): void {
  const root = new URL(`${config.PORTAL_PROTOCOL}://${config.PORTAL_ROOT_DOMAIN}`);
  const ingest = createTrackingIngest(db, app.log);
  const userOf = sessionUsers(db);
  const budget = new EventBudget(counters);
  const finalised = new Set<string>();
  const totals = { view: config.TRACKING_EVENTS_PER_MINUTE, contact: config.TRACKING_CONTACTS_PER_MINUTE };

  /** Today's and tomorrow's partitions made, expired ones and roll-ups dropped, today (and once, yesterday) rolled up. */
  async function maintain(now = Date.now(), alsoDay?: string): Promise<StatsMaintenance> {
    await ingest.flush();
    const today = dayOf(now);
    const created = [today, addDays(today, 1)];
    for (const day of created) await ensurePartition(db, day);
    const dropped = await dropExpired(db, today, config.TRACKING_RETENTION_DAYS);
    const rollUpsDropped = await dropExpiredRollUps(db, today, config.TRACKING_ROLLUP_RETENTION_DAYS);
    const yesterday = addDays(today, -1);
    const days = [...(finalised.has(yesterday) ? [] : [yesterday]), today, ...(alsoDay ? [alsoDay] : [])];
    for (const day of new Set(days)) await rollUpDay(db, day);
    finalised.add(yesterday);
    return { created, dropped, rolledUp: [...new Set(days)], rollUpsDropped };
  }

  const senderOf = (request: FastifyRequest): Sender => ({
    deviceCode: deviceCodeOf(request),
    addressKey: createHmac('sha256', config.KEY_SECRET)
      .update(`tracking:${clientBlock(request)}`)
      .digest('base64url')
      .slice(0, 16),
  });

  /** This minute's bounds of a sender's events: its device's, its address's (loopback has none) and everyone's. */
  const boundsOf = (scope: 'view' | 'contact', request: FastifyRequest, sender: Sender): Bound[] => [
    ...(sender.deviceCode ? [{ key: `${scope}:device:${sender.deviceCode}`, max: TRACKING_EVENT_BUDGET[scope].device }] : []),
    ...(isLoopback(request.ip) ? [] : [{ key: addressKey(scope, request), max: TRACKING_EVENT_BUDGET[scope].address }]),
    { key: `${scope}:total`, max: totals[scope] },
  ];

  // Dropped events are logged once a minute with their count, so an operator sees a flood (or a total set too low).
  let dropped = 0;
  let droppedLoggedAt = 0;
  const noteDropped = (n: number) => {
    if (n <= 0) return;
    dropped += n;
    if (Date.now() - droppedLoggedAt < 60_000) return;
    app.log.warn({ dropped }, 'tracking events dropped past their bounds (per device, address or in total)');
    droppedLoggedAt = Date.now();
    dropped = 0;
  };

  /** Takes the events that fit the sender's bounds, in the order sent; answers how many the ingest took. */
  async function accept(
    scope: 'view' | 'contact',
    request: FastifyRequest,
    events: readonly (TrackingEventParsed | TrackingContactParsed)[],
  ) {
    const sender = senderOf(request);
    const taken = await budget.take(boundsOf(scope, request, sender), events.length);
    noteDropped(events.length - taken);
    if (taken === 0) return ok({ accepted: 0 });
    const city = await cityOfOrigin(db, request, root);
    const receivedAt = new Date();
    const userId = await userOf(request);
    const rows = events.slice(0, taken).map((e) => rowOf(e, sender, city, receivedAt, userId));
    return ok({ accepted: ingest.enqueue(rows) });
  }

  // The hourly upkeep in one backend process of many (db/singleton.ts): the others would repeat its roll-ups.
  const timer = setInterval(() => {
    runAlone('tracking-upkeep', () => maintain()).catch((err) => app.log.error({ err }, 'tracking upkeep failed'));
  }, MAINTAIN_EVERY_MS);
  timer.unref();
  // In every process at start, owner or not: its ingest writes into today's partition from its first event.
  app.addHook('onReady', async () => {
    await maintain();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await ingest.close();
  });
  app.decorate('tracking', { flush: () => ingest.flush(), maintain });

  const limitBy = (scope: string, max: number) => ({
    rateLimit: { max, timeWindow: '1 minute', keyGenerator: (request: FastifyRequest) => addressKey(scope, request) },
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    ApiPath.trackingView,
    {
      config: limitBy('tracking-view', TRACKING_VIEW_LIMIT),
      schema: {
        summary: `spec §7: a list of tracking events (page views, searches), public; answered before they are written. ${TRACKING_VIEW_LIMIT} calls a minute per address (429); events past ${TRACKING_EVENT_BUDGET.view.device} a minute per device, ${TRACKING_EVENT_BUDGET.view.address} per address or the total are dropped (accepted says how many were kept)`,
        tags: ['stats'],
        body: trackingBatchSchema,
        response: { 200: envelopeSchema(trackingAcceptedSchema) },
      },
    },
    async (request) => accept('view', request, request.body),
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    ApiPath.trackingContact,
    {
      config: limitBy('tracking-contact', TRACKING_CONTACT_LIMIT),
      schema: {
        summary: `spec §7: one proactive contact (拨打电话, 在线咨询, 预约看房), public; answered before it is written. ${TRACKING_CONTACT_LIMIT} calls a minute per address (429); contacts past ${TRACKING_EVENT_BUDGET.contact.device} a minute per device, ${TRACKING_EVENT_BUDGET.contact.address} per address or the total are dropped (accepted 0)`,
        tags: ['stats'],
        body: trackingContactSchema,
        response: { 200: envelopeSchema(trackingAcceptedSchema) },
      },
    },
    async (request) => accept('contact', request, [request.body]),
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    ApiPath.opsStats,
    {
      onRequest: opsGuard(config),
      schema: {
        summary: 'Operator: views, searches, contacts by city and channel, top listings, agents, pages and promotions over days',
        tags: ['ops'],
        body: statsReportRequestSchema,
        response: { 200: envelopeSchema(statsReportSchema) },
      },
    },
    async (request) => ok(await statsReport(db, request.body)),
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    ApiPath.opsStatsMaintain,
    {
      onRequest: opsGuard(config),
      schema: {
        summary: 'Operator: write the buffered events, make and drop partitions, roll up today (and a given day) now',
        tags: ['ops'],
        body: statsMaintenanceRequestSchema,
        response: { 200: envelopeSchema(statsMaintenanceSchema) },
      },
    },
    async (request) => ok(await maintain(Date.now(), request.body.day)),
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    tracking: { flush(): Promise<void>; maintain(now?: number, alsoDay?: string): Promise<StatsMaintenance> };
  }
}
