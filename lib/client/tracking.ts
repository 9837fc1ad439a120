import { channelAt } from '@contracts/channels';
import { ApiPath } from '@contracts/paths';
// The zod-free constants, not @contracts/tracking's schemas: this module is on every page's first load.
import {
  DEVICE_CHANNEL_PC,
  PROMO_CODE_COOKIE,
  PROMOTION_COOKIE,
  PROMOTION_COOKIE_EXPIRES,
  PROMOTION_VALUE,
  TrackingEventType,
  type ContactKind,
} from '@contracts/tracking-constants';
import type { TrackingEvent } from '@contracts/tracking';
import { rootCookieDomain } from '../device-code';
import { readCookie } from './browser-cookie';

/**
 * The browser's side of tracking (spec §3, §7, §9; contracts/tracking.ts): events wait in a queue and go as one
 * batch — after FLUSH_MS, at FLUSH_AT events, or when the page is hidden or left — by `sendBeacon`, which outlives
 * the page, else a keepalive fetch. Nothing waits for them and every failure is let go: tracking never holds a
 * page up or shows an error. Same-origin through the web's forward, so the device cookie and the Origin go along.
 */

const FLUSH_MS = 2000;
const FLUSH_AT = 20;

type EventFields = Omit<TrackingEvent, 'eventTm' | 'deviceChannel' | 'pagePath'> & { pagePath?: string };

let queue: TrackingEvent[] = [];
/** The logged-in reader's id once the page knows it (spec §3 userId); the backend files the session's anyway. */
let reader: number | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let listening = false;

function send(url: string, body: unknown): void {
  try {
    const json = JSON.stringify(body);
    const beacon =
      typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, new Blob([json], { type: 'application/json' }));
    if (!beacon)
      fetch(url, {
        method: 'POST',
        keepalive: true,
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: json,
      }).catch(() => {});
  } catch {
    // spec §7: failures ignored.
  }
}

/** Sends what is queued now. */
export function flushTracking(): void {
  if (timer) clearTimeout(timer);
  timer = undefined;
  if (queue.length === 0) return;
  // Events queued before the page learnt who is reading carry the id too.
  const batch = reader === null ? queue : queue.map((e) => ({ ...e, userId: e.userId ?? reader }));
  queue = [];
  send(ApiPath.trackingView, batch);
}

function listenForLeaving(): void {
  if (listening) return;
  listening = true;
  // A page being hidden may be the last chance (a closed tab); pagehide covers the bfcache's leaving.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushTracking();
  });
  window.addEventListener('pagehide', flushTracking);
}

/** The promotion cookies' values (spec §9 `_f`, `_pc`), carried on every event. */
function promotionFields(): Pick<TrackingEvent, 'promotion' | 'promoCode'> {
  const promotion = readCookie(PROMOTION_COOKIE);
  const promoCode = readCookie(PROMO_CODE_COOKIE);
  return {
    ...(promotion && PROMOTION_VALUE.test(promotion) ? { promotion } : {}),
    ...(promoCode && PROMOTION_VALUE.test(promoCode) ? { promoCode } : {}),
  };
}

function eventOf(fields: EventFields): TrackingEvent {
  return {
    ...promotionFields(),
    ...(reader !== null ? { userId: reader } : {}),
    ...fields,
    eventTm: Date.now(),
    deviceChannel: DEVICE_CHANNEL_PC,
    pagePath: fields.pagePath ?? window.location.pathname,
  };
}

/** Who is reading (lib/client/who-am-i.ts), or null for a visitor: carried on the events from now on. */
export function setTrackingUser(userId: number | null): void {
  reader = userId;
}

/** Queues one event (a page view, a search) for the next batch. */
/** spec §7 event-tracking helper: a search, or a suggestion chosen. */
export function trackSearch(fields: Omit<EventFields, 'eventType'>): void {
  track({ ...fields, eventType: TrackingEventType.search });
}

export function track(fields: EventFields): void {
  if (typeof window === 'undefined') return;
  listenForLeaving();
  queue.push(eventOf(fields));
  if (queue.length >= FLUSH_AT) flushTracking();
  else timer ??= setTimeout(flushTracking, FLUSH_MS);
}

/** The listing a contact or a view is about (spec §3: business type and id; shops and offices' second level). */
export interface TrackedListing {
  businessType?: number;
  businessTypeTwo?: number;
  businessId?: number;
  agentId?: number;
}

/** spec §7 behavior/opportunity: a visitor made contact; sent at once, alone, and never waited for. */
export function trackContact(kind: ContactKind, listing: TrackedListing = {}): void {
  if (typeof window === 'undefined') return;
  send(ApiPath.trackingContact, eventOf({ ...listing, eventType: TrackingEventType.contact, buttonTitle: kind }));
}

/** A page view, with the listing of a detail page read from its path (`/ershoufang/xiangqing/7`). */
export function trackPageView(pathname: string): void {
  const channel = channelAt(pathname);
  const id =
    channel && pathname.startsWith(channel.detailPrefix)
      ? /^(\d+)/.exec(pathname.slice(channel.detailPrefix.length))?.[1]
      : undefined;
  track({
    eventType: TrackingEventType.pageView,
    pagePath: pathname,
    ...(channel ? { businessType: channel.businessType } : {}),
    ...(channel?.businessTypeTwo ? { businessTypeTwo: channel.businessTypeTwo } : {}),
    ...(id ? { businessId: Number(id) } : {}),
  });
}

/**
 * spec §9: `_pc` and `_f` of the landing URL are kept until 2100, on the root domain so every city sees them.
 * Set here, in the browser, so no page answer carries a Set-Cookie (pages are one cached render for everyone).
 * Browsers now cap a cookie's life at 400 days (RFC 6265bis; Chromium since 104): asked for 2100, kept that long.
 */
export function keepPromotion(search: string, settings: { rootDomain: string; protocol: string }): void {
  const params = new URLSearchParams(search);
  const domain = rootCookieDomain(settings);
  for (const name of [PROMO_CODE_COOKIE, PROMOTION_COOKIE]) {
    const value = params.get(name);
    if (!value || !PROMOTION_VALUE.test(value)) continue;
    document.cookie = [
      `${name}=${value}`,
      `Expires=${new Date(PROMOTION_COOKIE_EXPIRES).toUTCString()}`,
      'Path=/',
      'SameSite=Lax',
      ...(domain ? [`Domain=${domain}`] : []),
      ...(settings.protocol === 'https' ? ['Secure'] : []),
    ].join('; ');
  }
}
