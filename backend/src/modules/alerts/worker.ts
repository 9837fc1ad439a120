import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  ALERT_DIGEST_INTERVAL_MS,
  ALERT_DIGEST_ITEMS,
  alertDigestReason,
  alertFollowReason,
  type AlertDigest,
  type AlertFollow,
  type AlertFollowEvent,
  type AlertHome,
} from '@contracts/alerts';
import { detailPath } from '@contracts/channels';
import type { ChannelCode } from '@contracts/constants';
import { IM_LAYOUT } from '@contracts/im';
import type { Db } from '../../db/client';
import {
  alertCursors,
  cities,
  communities,
  ENTRUST_STATUS,
  entrusts,
  listingFollows,
  priceChanges,
  savedSearches,
} from '../../db/schema';
import { runInline, type RunAlone } from '../../db/singleton';
import { homeModuleOf } from '../listings/channels/registry';
import { readChanges } from '../cache/changes';
import { findCity } from '../cities/cities';
import type { ImService } from '../im/service';
import type { AssistantNotice } from '../im/store';
import { channelModule } from '../listings/channels/registry';
import { formatNumber, recordOfTag } from './channels';
import { searchesAt } from './matcher';
import { rowsOf } from '../../db/raw-rows';

/**
 * The alerts worker (docs/behaviour.md "Alerts"): it reads the change feed after its own position (the feed the
 * web's page cache reads; every write through the API records its records' `detail:` tags there), and for each
 * record a change names: matches it against the saved searches of its city and channel (a home new to a search
 * is recorded once per search), and tells the users who follow it (关注) of a price change, a sale or a take-down.
 * Digests go out per saved search at most once an hour. Every message goes through the chat's send path
 * (ImService.notify, and notifyMany for a batch of digests: stored, pushed, once by its client id).
 */

/** How often the worker looks at the feed: a change reaches a follower within a minute (typically seconds). */
export const ALERTS_POLL_MS = 2_000;
/** A price change older than this when the worker reads its record is not announced (a worker started late). */
const PRICE_CHANGE_FRESH_MS = 60 * 60_000;
/** Saved searches read at once for their digests. */
const DIGEST_BATCH = 500;

export interface AlertsClock {
  now: () => number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The alerts worker (app.ts): tests drive it by hand (ALERTS_POLL_MS=0). */
    alerts: AlertsWorker;
  }
}

export interface AlertsWorker {
  /** Reads the feed from its position to the end and sends what is due; answers how many records it looked at. */
  tick(): Promise<number>;
  /** Reads the feed to its end: matches the records it names, tells their followers (also part of tick). */
  readFeed(): Promise<number>;
  /** Sends the digests that are due (also part of tick). */
  sendDigests(): Promise<number>;
  /** Ticks every `intervalMs` through `runAlone`: in one backend process of many (db/singleton.ts). */
  start(intervalMs?: number, runAlone?: RunAlone): void;
  stop(): Promise<void>;
}

/** A record the feed named, as the worker reads it (readRecord). */
interface RecordAt {
  cityCode: string;
  districtId: number;
  /** When it came on the site (null for channels without: projects, communities). */
  listedAt: Date | null;
  /** Its latest price change, if any. */
  lastChange: Date | null;
}

const FOLLOW_CHANNELS: Partial<Record<ChannelCode, 1 | 2>> = { esf: 1, rent: 2 };

async function cursorOf(db: Db, name: string, initial: () => Promise<number>): Promise<number> {
  const [row] = await db.select({ position: alertCursors.position }).from(alertCursors).where(eq(alertCursors.name, name));
  if (row) return Number(row.position);
  const position = await initial();
  await db.insert(alertCursors).values({ name, position }).onConflictDoNothing();
  return position;
}

async function moveCursor(db: Db, name: string, position: number): Promise<void> {
  await db.insert(alertCursors).values({ name, position }).onConflictDoUpdate({ target: alertCursors.name, set: { position } });
}

export function createAlertsWorker(
  db: Db,
  im: Pick<ImService, 'notify' | 'notifyMany'>,
  log: FastifyBaseLogger,
  clock: AlertsClock = Date,
): AlertsWorker {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  /**
   * A record the feed names, in one statement: where it is, when it was listed and when its price last moved —
   * or undefined when it is gone.
   */
  async function readRecord(channel: ChannelCode, id: number): Promise<RecordAt | undefined> {
    const def = channelModule(channel);
    const t = def.table;
    const [row] = await db
      .select({
        cityCode: t.cityCode,
        districtId: t.districtId,
        listedAt: def.listedAt ?? sql<null>`null`,
        // As the column maps it: each driver gives a bare expression's timestamp in its own text form. The
        // record's id is named with its table (a one-table select names its columns bare: price_changes.id).
        lastChange: sql`(select max(pc.changed_at) from ${priceChanges} pc
          where pc.channel = ${channel} and pc.listing_id = ${t}.id)`.mapWith(priceChanges.changedAt),
      })
      .from(t)
      .where(eq(t.id, id));
    if (!row) return undefined;
    const dateOf = (d: unknown) => (d ? new Date(d as Date | string) : null);
    return {
      cityCode: String(row.cityCode),
      districtId: Number(row.districtId),
      listedAt: dateOf(row.listedAt),
      lastChange: dateOf(row.lastChange),
    };
  }

  /** Records the searches `id` came into: listed after a search was saved, or its price moved after. */
  async function matchRecord(channel: ChannelCode, id: number, at: RecordAt): Promise<void> {
    // A search saved after the record came and after its last price change had the record in it already: only
    // searches saved before the later of the two are read.
    const times = [at.listedAt, at.lastChange].filter((d) => d !== null);
    if (times.length === 0) return;
    const savedBy = new Date(Math.max(...times.map((d) => d.getTime())));
    const matched = await searchesAt(db, channel, id, at, savedBy);
    if (matched.length === 0) return;
    // Through the table: a search deleted since it was read is left out (its matches would have gone with it).
    await db.execute(sql`
      insert into saved_search_matches (saved_search_id, listing_id)
      select s.id, ${id} from saved_searches s where s.id in (${sql.join(
        matched.map((m) => sql`${m}`),
        sql`, `,
      )})
      on conflict do nothing`);
  }

  /** Price changes of a followed home: one message per change and follower who followed before it. */
  async function priceMessages(channel: ChannelCode, id: number): Promise<void> {
    const businessType = FOLLOW_CHANNELS[channel];
    if (!businessType) return;
    const home = homeModuleOf(businessType);
    const t = home.table;
    const rows = rowsOf(
      await db.execute(sql`
      select pc.id, pc.old_price, pc.new_price, f.user_id, l.title, c.city_domain
      from price_changes pc
      join listing_follows f on f.business_type = ${businessType} and f.listing_id = pc.listing_id and f.created_at < pc.changed_at
      join ${t} l on l.id = pc.listing_id
      join cities c on c.city_code = l.city_code
      where pc.channel = ${channel} and pc.listing_id = ${id} and pc.changed_at > ${new Date(clock.now() - PRICE_CHANGE_FRESH_MS).toISOString()}::timestamptz
      order by pc.id, f.user_id`),
    );
    const unit = home.priceText;
    for (const r of rows) {
      const oldPrice = Number(r.old_price);
      const newPrice = Number(r.new_price);
      const title = String(r.title);
      const detail: AlertFollow = {
        event: newPrice < oldPrice ? 'price_down' : 'price_up',
        businessType,
        listingId: id,
        title,
        cityDomain: String(r.city_domain),
        pcUrl: detailPath(channel, id),
        oldPriceText: unit(oldPrice),
        newPriceText: unit(newPrice),
        percent: Math.round(((newPrice - oldPrice) / oldPrice) * 1000) / 10,
      };
      await im.notify(
        Number(r.user_id),
        { layout: IM_LAYOUT.ALERT_FOLLOW, layoutDetail: detail, reason: alertFollowReason(title) },
        `alert-pc-${String(r.id)}`,
      );
    }
  }

  /** A followed home taken off the site: 已成交 or 下架 by its entrust's status; one message per follower. */
  async function endMessages(channel: ChannelCode, id: number): Promise<void> {
    const businessType = FOLLOW_CHANNELS[channel];
    if (!businessType) return;
    const [ended] = await db
      .select({
        status: entrusts.status,
        rooms: entrusts.rooms,
        halls: entrusts.halls,
        area: entrusts.area,
        price: entrusts.price,
        communityName: communities.name,
        cityDomain: cities.cityDomain,
      })
      .from(entrusts)
      .innerJoin(communities, eq(communities.id, entrusts.communityId))
      .innerJoin(cities, eq(cities.cityCode, communities.cityCode))
      .where(
        and(
          eq(entrusts.businessType, businessType),
          eq(entrusts.listingId, id),
          inArray(entrusts.status, [ENTRUST_STATUS.SOLD, ENTRUST_STATUS.OFFLINE]),
        ),
      )
      .limit(1);
    if (!ended) return;
    const followers = await db
      .select({ userId: listingFollows.userId })
      .from(listingFollows)
      .where(and(eq(listingFollows.businessType, businessType), eq(listingFollows.listingId, id)))
      .orderBy(asc(listingFollows.userId));
    const event: AlertFollowEvent = ended.status === ENTRUST_STATUS.SOLD ? 'sold' : 'offline';
    const title = `${ended.communityName} ${ended.rooms}室${ended.halls}厅 ${formatNumber(ended.area)}㎡`;
    for (const f of followers) {
      const detail: AlertFollow = {
        event,
        businessType,
        listingId: id,
        title,
        cityDomain: ended.cityDomain,
        pcUrl: detailPath(channel, id),
        oldPriceText: null,
        newPriceText: null,
        percent: null,
      };
      await im.notify(
        f.userId,
        { layout: IM_LAYOUT.ALERT_FOLLOW, layoutDetail: detail, reason: alertFollowReason(title) },
        `alert-end-${businessType}-${id}-${f.userId}`,
      );
    }
  }

  async function handleRecord(channel: ChannelCode, id: number): Promise<void> {
    const at = await readRecord(channel, id);
    if (at) {
      // A community's tag comes with every change of a home in it: communities are not published (no new ones).
      if (channel !== 'estate') await matchRecord(channel, id, at);
      // Only a price change within the hour is told (priceMessages reads them).
      if (at.lastChange && at.lastChange.getTime() > clock.now() - PRICE_CHANGE_FRESH_MS) await priceMessages(channel, id);
    } else {
      await endMessages(channel, id);
    }
  }

  async function readFeed(): Promise<number> {
    let after = await cursorOf(db, 'feed', async () => (await readChanges(db, undefined)).latest);
    let looked = 0;
    for (;;) {
      const page = await readChanges(db, after);
      if (page.reset) {
        log.warn({ after, latest: page.latest }, 'alerts: the change feed moved past this worker; reading on from its end');
        await moveCursor(db, 'feed', page.latest);
        return looked;
      }
      if (page.changes.length === 0) {
        if (page.latest !== after && page.latest > after) await moveCursor(db, 'feed', page.latest);
        return looked;
      }
      // One record once per page, in the order the feed names them.
      const records = new Map<string, { channel: ChannelCode; id: number }>();
      for (const change of page.changes)
        for (const tag of change.tags) {
          const record = recordOfTag(tag);
          if (record) records.set(tag, record);
        }
      for (const { channel, id } of records.values()) {
        await handleRecord(channel, id);
        looked++;
      }
      after = page.changes.at(-1)!.seq;
      await moveCursor(db, 'feed', after);
    }
  }

  /** Every digest due, in batches of DIGEST_BATCH searches. */
  async function sendDigests(): Promise<number> {
    let sent = 0;
    // Each batch reads on after the last one's ids (not from the first search again: a burst's 100,000 searches
    // are walked once, not once a batch); a search due meanwhile below them waits for the next tick.
    let after = 0;
    for (;;) {
      const batch = await sendDigestBatch(after);
      sent += batch.sent;
      after = batch.last;
      if (batch.due < DIGEST_BATCH) return sent;
    }
  }

  /**
   * Up to DIGEST_BATCH saved searches whose digest is due: claimed in one statement (their `digest_at` moves only
   * when the last digest is an hour old, so two workers never both send one), their pending homes read and marked
   * in one statement each, the homes' cards read per channel, then the messages stored through the chat in one
   * statement (ImService.notifyMany) and pushed.
   */
  async function sendDigestBatch(after: number): Promise<{ due: number; sent: number; last: number }> {
    const now = new Date(clock.now());
    const hourAgo = new Date(clock.now() - ALERT_DIGEST_INTERVAL_MS + 1);
    const claimed = rowsOf(
      await db.execute(sql`
        update saved_searches s set digest_at = ${now.toISOString()}::timestamptz
        where s.id in (
          select s2.id from saved_searches s2
          where s2.id > ${after} and not s2.paused and (s2.digest_at is null or s2.digest_at < ${hourAgo.toISOString()}::timestamptz)
            and exists (select 1 from saved_search_matches m where m.saved_search_id = s2.id and m.digested_at is null)
          order by s2.id limit ${DIGEST_BATCH}
          for update skip locked)
          and (s.digest_at is null or s.digest_at < ${hourAgo.toISOString()}::timestamptz)
        returning s.id, s.user_id, s.channel, s.city_code, s.name, s.path`),
    );
    if (claimed.length === 0) return { due: 0, sent: 0, last: after };
    const ids = claimed.map((c) => Number(c.id));
    // The pending homes, newest first, marked digested in the same statement.
    const pending = rowsOf(
      await db.execute(sql`
        update saved_search_matches set digested_at = ${now.toISOString()}::timestamptz
        where digested_at is null and saved_search_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
        returning saved_search_id, listing_id, matched_at`),
    );
    const pendingOf = new Map<number, { listingId: number; at: number }[]>();
    for (const p of pending) {
      const id = Number(p.saved_search_id);
      pendingOf.set(id, [
        ...(pendingOf.get(id) ?? []),
        { listingId: Number(p.listing_id), at: new Date(p.matched_at as string).getTime() },
      ]);
    }
    // Cards of the homes still on the site, per channel.
    const homesOf = new Map<string, Map<number, AlertHome>>();
    for (const channel of new Set(claimed.map((c) => String(c.channel) as ChannelCode))) {
      const listingIds = [
        ...new Set(
          claimed
            .filter((c) => c.channel === channel)
            .flatMap((c) => (pendingOf.get(Number(c.id)) ?? []).map((p) => p.listingId)),
        ),
      ];
      homesOf.set(channel, await channelModule(channel).alertCard(db, listingIds));
    }
    const notices: AssistantNotice[] = [];
    const unsent: number[] = [];
    for (const c of claimed) {
      const id = Number(c.id);
      const channel = String(c.channel) as ChannelCode;
      const homes = homesOf.get(channel)!;
      const shown = (pendingOf.get(id) ?? [])
        .sort((a, b) => b.at - a.at || b.listingId - a.listingId)
        .map((p) => homes.get(p.listingId))
        .filter((h) => h !== undefined);
      // Homes gone since they came in (sold, taken down) are left out; a digest of none is not sent.
      if (shown.length === 0) {
        unsent.push(id);
        continue;
      }
      const city = await findCity(db, String(c.city_code));
      const name = String(c.name);
      const detail: AlertDigest = {
        savedSearchId: id,
        name,
        channel,
        cityDomain: city?.cityDomain ?? '',
        path: String(c.path),
        homes: shown.slice(0, ALERT_DIGEST_ITEMS),
        total: shown.length,
      };
      notices.push({
        userId: Number(c.user_id),
        content: { layout: IM_LAYOUT.ALERT_DIGEST, layoutDetail: detail, reason: alertDigestReason(name) },
        clientMsgId: `alert-digest-${id}-${now.getTime()}`,
      });
    }
    // The batch's digests in one store (each user's in the order of their searches), then each pushed.
    const sent = (await im.notifyMany(notices)).length;
    // Nothing went out for these: their hour does not start.
    if (unsent.length > 0) await db.update(savedSearches).set({ digestAt: null }).where(inArray(savedSearches.id, unsent));
    return { due: claimed.length, sent, last: Math.max(...ids) };
  }

  async function tick(): Promise<number> {
    const looked = await readFeed();
    await sendDigests();
    return looked;
  }

  return {
    tick,
    readFeed,
    sendDigests,
    start(intervalMs = ALERTS_POLL_MS, runAlone = runInline) {
      const loop = () => {
        // Two workers would each send what the feed names, and the slower could move the cursor back.
        running = runAlone('alerts', tick)
          .catch((err: unknown) => log.error({ err }, 'alerts worker failed'))
          .finally(() => {
            if (timer !== undefined) timer = setTimeout(loop, intervalMs);
          });
      };
      timer = setTimeout(loop, intervalMs);
    },
    async stop() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
