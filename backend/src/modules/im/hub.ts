import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { WebSocket } from 'ws';

/**
 * Who is connected where: the live sockets of each party of a conversation. A portal user (`user:<users.id>`)
 * and an agent at the desk (`agent:<agents.userId>`) are keyed apart, so the two id spaces never meet.
 *
 * The local hub delivers to the sockets of this process. With REDIS_URL the Redis hub (createRedisHub) publishes
 * every delivery and every logout to all instances, each handing it to its own sockets, and keeps who is online
 * in Redis. Delivery over pub/sub is at most once; what a socket misses (an instance restarting, Redis briefly
 * away) the client fetches from /api/history after its last seq, which is why every message is stored first.
 */
export type PartyKey = `user:${number}` | `agent:${number}`;
export const userParty = (id: number): PartyKey => `user:${id}`;
export const agentParty = (userId: number): PartyKey => `agent:${userId}`;

export interface ImHub {
  /** Adds a party's socket; the returned function removes it. Past SOCKETS_PER_PARTY the oldest is closed. */
  attach(party: PartyKey, socket: WebSocket): () => void;
  /** Sends one frame (already JSON) to every open socket of these parties, on every instance. */
  deliver(parties: readonly PartyKey[], frame: string): void;
  /** Closes every socket of the party (logout), on every instance; how many were closed here. */
  closeParty(party: PartyKey, code: number, reason: string): number;
  /** Sockets open for a party in this process (tests, metrics). */
  count(party: PartyKey): number;
  /** Whether the party has a socket open on any instance (an agent's desk: the auto-reply when not). */
  isOnline(party: PartyKey): Promise<boolean>;
  /** Resolves once deliveries from other instances arrive here (subscribed), or after `timeoutMs` without. */
  ready(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

/** ws's OPEN ready state. */
const OPEN = 1;
/** Close code of a logout (application range 4000–4999). */
export const LOGGED_OUT_CLOSE = 4001;
/** Close code of a socket whose session or desk token no longer holds (expired, ended, revoked). */
export const SESSION_ENDED_CLOSE = 4003;
/** Close code of the oldest socket when a party opens one too many. */
export const TOO_MANY_SOCKETS_CLOSE = 4002;
/** Sockets one party may hold open in one process (tabs and windows); the oldest goes first. */
export const SOCKETS_PER_PARTY = 20;

export function createLocalHub(): ImHub {
  // A Set keeps insertion order: its first socket is the party's oldest.
  const byParty = new Map<PartyKey, Set<WebSocket>>();
  const deliverHere = (parties: readonly PartyKey[], frame: string) => {
    for (const party of new Set(parties)) {
      for (const socket of byParty.get(party) ?? []) if (socket.readyState === OPEN) socket.send(frame);
    }
  };
  const closeHere = (party: PartyKey, code: number, reason: string) => {
    const set = byParty.get(party);
    if (!set) return 0;
    byParty.delete(party);
    for (const socket of set) socket.close(code, reason);
    return set.size;
  };
  return {
    attach(party, socket) {
      let set = byParty.get(party);
      if (!set) byParty.set(party, (set = new Set()));
      set.add(socket);
      if (set.size > SOCKETS_PER_PARTY) {
        const oldest = set.values().next().value!;
        set.delete(oldest);
        oldest.close(TOO_MANY_SOCKETS_CLOSE, 'too many connections');
      }
      return () => {
        const current = byParty.get(party);
        if (!current) return;
        current.delete(socket);
        if (current.size === 0) byParty.delete(party);
      };
    },
    deliver: deliverHere,
    closeParty: closeHere,
    count(party) {
      return byParty.get(party)?.size ?? 0;
    },
    async isOnline(party) {
      return (byParty.get(party)?.size ?? 0) > 0;
    },
    ready: async () => true,
    async close() {
      for (const set of byParty.values()) for (const socket of set) socket.close(1001, 'server closing');
      byParty.clear();
    },
  };
}

/** What instances tell each other on the channel. `from` lets an instance skip what it published itself. */
type Broadcast =
  | { from: string; kind: 'deliver'; parties: PartyKey[]; frame: string }
  | { from: string; kind: 'close'; party: PartyKey; code: number; reason: string };

/** How long an instance's word that a party is online holds without being renewed. */
const PRESENCE_TTL_MS = 90_000;
const PRESENCE_RENEW_MS = 30_000;

/**
 * The local hub plus Redis: deliveries and logouts published on one channel per database (the shared-limits
 * prefix), and presence as a sorted set per party whose members are `<instance>` scored by when the word
 * expires, renewed every 30 s while the instance holds a socket of the party (a crashed instance's word lapses
 * in 90 s). Redis failing loses only live pushes to other instances; the clients catch up from history.
 */
export function createRedisHub(redisUrl: string, prefix: string, log: FastifyBaseLogger): ImHub {
  const local = createLocalHub();
  const instance = randomUUID();
  const channel = `${prefix}im:bus`;
  const presenceKey = (party: PartyKey) => `${prefix}im:online:${party}`;
  const options = {
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
    retryStrategy: (times: number) => Math.min(200 * 2 ** times, 3000),
  };
  const pub = new Redis(redisUrl, { ...options, enableOfflineQueue: false });
  const sub = new Redis(redisUrl, options);
  let warnedAt = 0;
  const warn = (err: unknown) => {
    if (Date.now() - warnedAt < 60_000) return;
    warnedAt = Date.now();
    log.warn(
      { err: err instanceof Error ? err.message : String(err) },
      'Redis unavailable: chat pushes reach this instance only until it answers',
    );
  };
  pub.on('error', warn);
  sub.on('error', warn);
  const subscribed = sub.subscribe(channel).then(
    () => true,
    (err: unknown) => {
      warn(err);
      return false;
    },
  );
  sub.on('message', (_channel: string, text: string) => {
    let message: Broadcast;
    try {
      message = JSON.parse(text) as Broadcast;
    } catch {
      return;
    }
    if (message.from === instance) return;
    if (message.kind === 'deliver') local.deliver(message.parties, message.frame);
    else local.closeParty(message.party, message.code, message.reason);
  });
  const publish = (message: Broadcast) => {
    pub.publish(channel, JSON.stringify(message)).catch(warn);
  };

  // Presence: the parties with a socket here, renewed on a timer and dropped when their last socket goes.
  const present = new Set<PartyKey>();
  const announce = (party: PartyKey) => {
    pub.zadd(presenceKey(party), Date.now() + PRESENCE_TTL_MS, instance).catch(warn);
    pub.pexpire(presenceKey(party), PRESENCE_TTL_MS).catch(warn);
  };
  const renew = setInterval(() => {
    for (const party of present) announce(party);
  }, PRESENCE_RENEW_MS);
  renew.unref();

  return {
    attach(party, socket) {
      const detach = local.attach(party, socket);
      if (!present.has(party)) {
        present.add(party);
        announce(party);
      }
      return () => {
        detach();
        if (local.count(party) === 0 && present.delete(party)) pub.zrem(presenceKey(party), instance).catch(warn);
      };
    },
    deliver(parties, frame) {
      local.deliver(parties, frame);
      publish({ from: instance, kind: 'deliver', parties: [...parties], frame });
    },
    closeParty(party, code, reason) {
      publish({ from: instance, kind: 'close', party, code, reason });
      return local.closeParty(party, code, reason);
    },
    count: (party) => local.count(party),
    ready: (timeoutMs = 2000) =>
      Promise.race([subscribed, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeoutMs).unref())]),
    async isOnline(party) {
      if (local.count(party) > 0) return true;
      try {
        return (await pub.zcount(presenceKey(party), Date.now(), '+inf')) > 0;
      } catch (err) {
        warn(err);
        // Not knowing, the agent is taken as offline: a greeting too many beats a visitor left without one.
        return false;
      }
    },
    async close() {
      clearInterval(renew);
      await Promise.all([...present].map((party) => pub.zrem(presenceKey(party), instance).catch(() => 0)));
      present.clear();
      await local.close();
      pub.disconnect();
      sub.disconnect();
    },
  };
}
