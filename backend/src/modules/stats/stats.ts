import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
  TRACKING_VIEW_LIMIT,
  type StatsMaintenance,
  type TrackingEventParsed,
} from '@contracts/tracking';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { deviceCodeOf } from '../../http/device';
import { addressKey } from '../../http/client-block';
import { opsGuard } from '../../http/ops-guard';
import { isPortalSource } from '../../http/same-site';
import { presentedToken, sessionUser } from '../../http/sessions';
import { createTrackingIngest, type TrackingRow } from './ingest';
import { addDays, dayOf, dropExpired, ensurePartition } from './partitions';
import { rollUpDay, statsReport } from './rollup';

/** Partitions, retention and roll-ups are kept up at this pace (and on `npm run ops -- stats rollup`). */
const MAINTAIN_EVERY_MS = 3600_000;

/**
 * The city of the page that sent an event: its Origin (a browser's beacon always carries one) is a city's host
 * `{cityDomain}.{root}`; anything else (www, the bare root, a server-side caller) is no city.
 */
function cityOfOrigin(request: FastifyRequest, root: URL): string | null {
  const origin = request.headers.origin ?? request.headers.referer;
  if (!origin || !isPortalSource(origin, root)) return null;
  const label = new URL(origin).hostname.slice(0, -(root.hostname.length + 1));
  return /^[a-z]{1,12}$/.test(label) && label !== 'www' ? label : null;
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
  event: TrackingEventParsed,
  request: FastifyRequest,
  city: string | null,
  receivedAt: Date,
  userId: number | null,
): TrackingRow {
  return {
    receivedAt,
    eventTm: new Date(event.eventTm),
    eventType: event.eventType,
    pagePath: event.pagePath,
    deviceChannel: event.deviceChannel,
    cityDomain: city,
    deviceCode: deviceCodeOf(request),
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
 * Both endpoints validate (a 400 names the field), cap the batch, answer at once with how many were taken, and
 * leave the writing to the ingest (ingest.ts). `app.tracking` lets a test or the report flush first.
 */
export function registerStats(app: FastifyInstance, db: Db, config: Config): void {
  const root = new URL(`${config.PORTAL_PROTOCOL}://${config.PORTAL_ROOT_DOMAIN}`);
  const ingest = createTrackingIngest(db, app.log);
  const userOf = sessionUsers(db);
  const finalised = new Set<string>();

  /** Today's and tomorrow's partitions made, expired ones dropped, today (and once, yesterday) rolled up. */
  async function maintain(now = Date.now(), alsoDay?: string): Promise<StatsMaintenance> {
    await ingest.flush();
    const today = dayOf(now);
    const created = [today, addDays(today, 1)];
    for (const day of created) await ensurePartition(db, day);
    const dropped = await dropExpired(db, today, config.TRACKING_RETENTION_DAYS);
    const yesterday = addDays(today, -1);
    const days = [...(finalised.has(yesterday) ? [] : [yesterday]), today, ...(alsoDay ? [alsoDay] : [])];
    for (const day of new Set(days)) await rollUpDay(db, day);
    finalised.add(yesterday);
    return { created, dropped, rolledUp: [...new Set(days)] };
  }

  const timer = setInterval(() => {
    maintain().catch((err) => app.log.error({ err }, 'tracking upkeep failed'));
  }, MAINTAIN_EVERY_MS);
  timer.unref();
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
        summary: 'spec §7: a list of tracking events (page views, searches), public; answered before they are written',
        tags: ['stats'],
        body: trackingBatchSchema,
        response: { 200: envelopeSchema(trackingAcceptedSchema) },
      },
    },
    async (request) => {
      const city = cityOfOrigin(request, root);
      const receivedAt = new Date();
      const userId = await userOf(request);
      return ok({ accepted: ingest.enqueue(request.body.map((e) => rowOf(e, request, city, receivedAt, userId))) });
    },
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    ApiPath.trackingContact,
    {
      config: limitBy('tracking-contact', TRACKING_CONTACT_LIMIT),
      schema: {
        summary: 'spec §7: one proactive contact (拨打电话, 在线咨询, 预约看房), public; answered before it is written',
        tags: ['stats'],
        body: trackingContactSchema,
        response: { 200: envelopeSchema(trackingAcceptedSchema) },
      },
    },
    async (request) => {
      const row = rowOf(request.body, request, cityOfOrigin(request, root), new Date(), await userOf(request));
      return ok({ accepted: ingest.enqueue([row]) });
    },
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
