import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { parseAddressRanges } from '@contracts/address-ranges';

/**
 * The backend's settings, read and validated once (STYLE "Config"); defaults make a fresh checkout start
 * without a .env. A bad value stops the process with a message naming the variable.
 */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(blankToUndefined, z.string().optional());

/**
 * 2 × cores + 1 (PostgreSQL's own rule of thumb for the connections that keep its cores busy), at least 10:
 * measured on 2 cores at 32 lists in flight, pools of 2–4 served ~15% fewer than 5–10, and 20–32 no more
 * than 10 within the noise (docs/operations.md). The default deployment runs both on one machine.
 */
export function defaultPoolMax(cores = availableParallelism()): number {
  return Math.max(10, 2 * cores + 1);
}

const configSchema = z.object({
  BACKEND_HOST: z.string().min(1).default('127.0.0.1'),
  BACKEND_PORT: z.coerce.number().int().min(1).max(65535).default(4000),
  // Who may name the client in X-Forwarded-For (docs/deploy.md "The client address"): the web processes, as a comma
  // list of addresses, CIDRs and `loopback` (contracts/address-ranges.ts). Loopback: the web on this machine. With the
  // web on other machines, their addresses; never a range a visitor can connect from.
  BACKEND_TRUSTED_PROXIES: z.preprocess(
    blankToUndefined,
    z
      .string()
      .default('loopback')
      .transform((list, ctx) => {
        try {
          return parseAddressRanges(list);
        } catch (err) {
          ctx.addIssue({ code: 'custom', message: err instanceof Error ? err.message : String(err) });
          return z.NEVER;
        }
      }),
  ),
  // How many of those proxies append to X-Forwarded-For, the web's hop included: the web writes the visitor's address
  // alone (lib/front/backend-forward.ts), so 1; add one for each balancer between the web and the backend. Entries
  // further left are the visitor's own words and never believed, whoever sent them (Fastify's trustProxy as a count).
  BACKEND_TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(1),
  DATABASE_URL: z.preprocess(blankToUndefined, z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  // Connections to PostgreSQL per backend process (PGlite has one): docs/operations.md "PostgreSQL pool".
  DATABASE_POOL_MAX: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(200).default(defaultPoolMax())),
  DATA_DIR: z.string().min(1).default('.data'),
  SEED_SIZE: z.coerce.number().int().min(0).max(2_000_000).default(6000),
  // spec §9: session cookies last about 30 hours.
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(30),
  LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).default('info'),
  // Rate limits and the password lock shared by every backend process (modules/limits/shared.ts); empty: per process.
  REDIS_URL: z.preprocess(blankToUndefined, z.url({ protocol: /^rediss?$/ }).optional()),
  OSS_REGION: optionalString,
  OSS_BUCKET: optionalString,
  OSS_ACCESS_KEY_ID: optionalString,
  OSS_ACCESS_KEY_SECRET: optionalString,
  PORTAL_ROOT_DOMAIN: z.string().min(1).default('localhost:3000'),
  PORTAL_PROTOCOL: z.enum(['http', 'https']).default('http'),
  DEFAULT_CITY: z.string().min(1).max(12).default('bj'),
  // Days of raw tracking events kept (modules/stats): older day partitions are dropped whole.
  TRACKING_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  // Days of daily roll-ups kept (tracking_daily), at least the raw events' days: a year and a month, so that a month
  // compares with the same month of the year before.
  TRACKING_ROLLUP_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(400),
  // Page views and searches, and contacts, taken a minute from all addresses together (docs/security.md "Tracking
  // storage"): past it events are dropped, so no number of addresses writes more. Size it to the busiest minute of
  // the real traffic with room to spare; the disk it can fill is this × 1440 × TRACKING_RETENTION_DAYS × a row.
  TRACKING_EVENTS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000_000).default(6000),
  TRACKING_CONTACTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  // The operator API's bearer token (docs/operations.md). Unset: every operator route answers 403, never open.
  OPS_TOKEN: z.preprocess(
    blankToUndefined,
    z.string().min(16, 'must be at least 16 characters').max(512).regex(/^\S+$/, 'must not contain white space').optional(),
  ),
  // The server secret behind object folders and reviewers' public tags (modules/uploads/owner-names.ts): a keyed
  // hash of the user id, so neither a key nor a pseudonym can be traced back to the id. Empty: the development
  // secret below, refused when NODE_ENV=production (loadConfig). Changing it gives every reviewer a new tag and new
  // uploads a new folder; objects already stored keep their keys (docs/security.md "Private objects").
  KEY_SECRET: z.preprocess(
    blankToUndefined,
    z.string().min(32, 'must be at least 32 characters').max(512).regex(/^\S+$/, 'must not contain white space').optional(),
  ),
  // The chat's sensitive-word list, one word a line (modules/im/sensitive-words.txt when unset).
  IM_SENSITIVE_WORDS_FILE: optionalString,
  // 优居找房助手 (modules/alerts): how often the alerts worker reads the change feed; 0 stops it (the backend tests
  // drive it by hand).
  ALERTS_POLL_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  // How often each backend process reads the change feed to drop the counts, map entries and suggestions another
  // process's write made stale (modules/feed/feed-reader.ts): the longest a replica answers an old total. 0 stops it
  // (the backend tests read it by hand).
  CACHE_FEED_POLL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  // An idle chat socket is pinged this often (spec §9: 30 s).
  IM_PING_MS: z.coerce.number().int().min(10).max(300_000).default(30_000),
  // 拨打电话 (docs/operations.md "Virtual numbers"): the portal's 400 line that callers dial, and the width of the
  // extensions bound to (agent, device) pairs for 30 days; 4 digits give 9,000 live bindings (1000–9999).
  VIRTUAL_LINE: z
    .string()
    .regex(/^\d[\d-]{4,18}\d$/, 'must be digits and dashes, e.g. 400-800-1234')
    .default('400-800-1234'),
  VIRTUAL_EXTENSION_DIGITS: z.coerce.number().int().min(1).max(6).default(4),
  // Images checked at once by this process (uploads/image-work.ts; docs/operations.md "Image work"). Capped so that
  // image work always leaves 2 of libuv's UV_THREADPOOL_SIZE threads to password hashing and file reads.
  IMAGE_DECODES: z.coerce.number().int().min(1).max(64).default(2),
  // Callbacks that may wait for one of those, and for how long, before a 429; beyond the room, a 429 at once.
  IMAGE_WAITING: z.coerce.number().int().min(0).max(1000).default(8),
  IMAGE_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  // The map's memory (modules/map/map-cache.ts; docs/security.md "The map's aggregates"): every filter set's aggregate,
  // list order and the drawn areas' list items together, evicted by use: 128 MB hold about 33 of 北京's largest
  // 二手房 filter sets (bubbles 3.3 MB and list order 0.6 MB each) besides thousands of small ones.
  MAP_CACHE_MB: z.coerce.number().int().min(1).max(65536).default(128),
  // New aggregates built at once by this process; how many may wait for a turn and for how long; past it a 429.
  MAP_BUILDS: z.coerce.number().int().min(1).max(64).default(2),
  MAP_BUILDS_WAITING: z.coerce.number().int().min(0).max(1000).default(8),
  MAP_BUILD_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  // Read by libuv when the process starts, not by us: only to know how many threads image work leaves. Read as libuv
  // reads it (atoi, 0 or text → 1, at most 1024), so that an empty value counts as the 1 thread it gives.
  UV_THREADPOOL_SIZE: z.preprocess(
    (v) => (typeof v === 'string' ? Math.min(1024, Math.max(1, Number.parseInt(v, 10) || 1)) : v),
    z.number().int().min(1).max(1024).default(4),
  ),
});

/** KEY_SECRET when none is set: fine on a developer's machine, never in production (it is in the repository). */
export const DEV_KEY_SECRET = 'youju-development-key-secret-not-for-production';

export type Config = Omit<z.infer<typeof configSchema>, 'KEY_SECRET'> & { KEY_SECRET: string };

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid backend settings:\n${lines.join('\n')}`);
  }
  // A roll-up is made from the raw events: kept for a shorter time, a day re-rolled by hand would come back, then go.
  if (parsed.data.TRACKING_ROLLUP_RETENTION_DAYS < parsed.data.TRACKING_RETENTION_DAYS) {
    throw new ConfigError(
      'Invalid backend settings:\n  TRACKING_ROLLUP_RETENTION_DAYS: must be at least TRACKING_RETENTION_DAYS (roll-ups are kept as long as the events they are made from)',
    );
  }
  // A production process never runs on the secret everyone can read in this repository.
  if (env.NODE_ENV === 'production' && !parsed.data.KEY_SECRET) {
    throw new ConfigError(
      'Invalid backend settings:\n  KEY_SECRET: must be set when NODE_ENV=production (at least 32 characters, e.g. `openssl rand -base64 48`)',
    );
  }
  return { ...parsed.data, KEY_SECRET: parsed.data.KEY_SECRET ?? DEV_KEY_SECRET };
}

/** Settings for tests and scripts: defaults plus overrides, without reading the process environment. */
export function configWith(overrides: Partial<Record<keyof Config, string>>): Config {
  return loadConfig(overrides);
}
