import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { addressKey, clientBlock } from '../../http/client-block';
import { tooManyRequests } from '../../http/errors';
import { IN_PROCESS } from '../limits/shared';

/**
 * What one address, and everyone together, can make the map spend (docs/security.md "The map's aggregates"). A kept
 * aggregate answers a call in about a millisecond; a filter set nobody asked before is a grouped query of the city's
 * homes, the list's order of them, and their thousands of bubbles made and written as text: hundreds of milliseconds
 * of the database and tens of the backend's one thread, and megabytes kept for a minute. So two counts per address
 * block (an IPv6 visitor by its /64):
 *
 * - MAP_CALLS_PER_MINUTE calls of /v1/ditu/* together, whichever call and method. The web's map asks for bubbles
 *   once a pan or zoom has ended (Leaflet's `moveend`: a drag, a wheel step or an arrow key's pan, each animated
 *   for 0.25 s, so at most about 4 a second while a person keeps moving), a drawn area or 通勤找房 once per
 *   drawing, workplace, page or filter, and suggestions once typing pauses 300 ms: a person moving the map without
 *   a pause for a whole minute stays near 240. Counted by each process in its own memory (IN_PROCESS): it bounds what
 *   an address takes of this process's thread, and a Redis round trip on every pan cost more than a kept call itself
 *   (0.35 ms of the backend's CPU on a bubbles call of 0.6, docs/performance.md "Map").
 * - MAP_BUILDS_PER_MINUTE new aggregates (builds: a call whose filter set is neither kept nor being built), and
 *   MAP_BUILDS_AT_ONCE_PER_ADDRESS of them running or waiting at once. The map's filter bar offers one choice per
 *   row (price, rooms, area; 新房 two rows) and a subway line or station; a choice makes the view's bubbles one
 *   build, and with a drawn area or 通勤找房 open the list's order of it a second. Trying every choice of every
 *   row in one minute is about 20 choices, 40 builds; two quick choices in a row are 4 builds at once. The minute's
 *   builds are counted in Redis when there is one (modules/limits/shared.ts): what they spend is the database's,
 *   which every backend process shares.
 *
 * And in total, per backend process: MAP_BUILDS builds run at once, MAP_BUILDS_WAITING more wait at most
 * MAP_BUILD_WAIT_MS for a turn, and past that a 429 at once: a flood of new filter sets from many addresses gets
 * 429s instead of a queue that grows, and the kept aggregates, the lists and /healthz keep their thread.
 * Loopback (this machine's bench, tests and health checks) is not counted per address, as the web's render
 * budget does not count it; it still takes its turns in the total. Behind a proxy on the same host,
 * TRUSTED_PROXY_HOPS names the visitor (docs/deploy.md "The client address").
 */
export const MAP_CALLS_PER_MINUTE = 600;
export const MAP_BUILDS_PER_MINUTE = 60;
export const MAP_BUILDS_AT_ONCE_PER_ADDRESS = 4;

export interface MapBuildLimits {
  /** Builds running at once in this process. */
  running: number;
  /** Builds that may wait for a turn. */
  waiting: number;
  /** How long one may wait. */
  waitMs: number;
  /** Builds one address block may have running or waiting. */
  perAddress: number;
}

export function mapBuildLimits(config: Pick<Config, 'MAP_BUILDS' | 'MAP_BUILDS_WAITING' | 'MAP_BUILD_WAIT_MS'>): MapBuildLimits {
  return {
    running: config.MAP_BUILDS,
    waiting: config.MAP_BUILDS_WAITING,
    waitMs: config.MAP_BUILD_WAIT_MS,
    perAddress: MAP_BUILDS_AT_ONCE_PER_ADDRESS,
  };
}

const busy = (seconds: number) => tooManyRequests(`请求过于频繁，请${Math.max(1, seconds)}秒后再试`);

interface Waiter {
  start: () => void;
  timer: NodeJS.Timeout;
}

/** The process's turns for builds, and each address's share of them (as uploads/image-work.ts bounds decodes). */
export class MapBuilds {
  private running = 0;
  private readonly queue: Waiter[] = [];
  private readonly owners = new Map<string, number>();

  constructor(readonly limits: MapBuildLimits) {}

  /** Builds running and waiting now (tests, the log). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.queue.length };
  }

  /** Throws the 429 a build of `owner` would get now (no room for the address, or none in the queue). */
  check(owner: string | null): void {
    if (owner !== null && (this.owners.get(owner) ?? 0) >= this.limits.perAddress) throw busy(1);
    if (this.running >= this.limits.running && this.queue.length >= this.limits.waiting)
      throw busy(Math.ceil(this.limits.waitMs / 1000));
  }

  /** Runs `build` in a turn of its own; a 429 when `owner` (null: not counted per address) or the process has no room. */
  async run<T>(owner: string | null, build: () => Promise<T>): Promise<T> {
    this.check(owner);
    if (owner !== null) this.owners.set(owner, (this.owners.get(owner) ?? 0) + 1);
    try {
      await this.turn();
      try {
        return await build();
      } finally {
        this.next();
      }
    } finally {
      if (owner !== null) {
        const left = (this.owners.get(owner) ?? 1) - 1;
        if (left > 0) this.owners.set(owner, left);
        else this.owners.delete(owner);
      }
    }
  }

  private turn(): Promise<void> {
    if (this.running < this.limits.running) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        // The running count passes from the build that ends to this one (next()), unchanged.
        start: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        timer: setTimeout(() => {
          this.queue.splice(this.queue.indexOf(waiter), 1);
          reject(busy(Math.ceil(this.limits.waitMs / 1000)));
        }, this.limits.waitMs),
      };
      this.queue.push(waiter);
    });
  }

  private next(): void {
    const waiter = this.queue.shift();
    if (waiter) waiter.start();
    else this.running--;
  }
}

/** Runs a build of an aggregate under the limits of the call that needs it, or throws their 429. */
export type Admit = <T>(build: () => Promise<T>) => Promise<T>;

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;
const isLoopback = (request: FastifyRequest) => LOOPBACK.test(request.ip);

export interface MapLimits {
  /** The onRequest hook of every /v1/ditu/* route: one count of the address's map calls, whichever call and method. */
  calls: ReturnType<FastifyInstance['rateLimit']>;
  /** The admission of the builds `request` causes. */
  admitFor(request: FastifyRequest): Admit;
  builds: MapBuilds;
}

export function mapLimits(app: FastifyInstance, limits: MapBuildLimits): MapLimits {
  const calls = app.rateLimit({
    ...IN_PROCESS,
    max: MAP_CALLS_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => addressKey('map', request),
    allowList: isLoopback,
  } as RateLimitOptions);
  const buildsOfMinute = app.createRateLimit({
    max: MAP_BUILDS_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => addressKey('map-build', request),
    allowList: isLoopback,
  });
  const builds = new MapBuilds(limits);
  return {
    calls,
    builds,
    admitFor: (request) => async (build) => {
      const owner = isLoopback(request) ? null : clientBlock(request);
      // No room now: refused before the address's budget is spent on it.
      builds.check(owner);
      const budget = await buildsOfMinute(request);
      if (!budget.isAllowed && budget.isExceeded) throw busy(budget.ttlInSeconds);
      return builds.run(owner, build);
    },
  };
}
