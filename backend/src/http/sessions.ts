import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, ne } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ResultCode } from '@contracts/envelope';
import { maskMobile } from '@contracts/mobile';
import { SESSION_COOKIE } from '@contracts/paths';
import type { UserInfo } from '@contracts/user';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { ApiError } from './errors';
import { addressKey } from './client-block';

export type UserRow = typeof users.$inferSelect;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** What a caller sees of a user: the mobile masked (spec §3), never the full number. */
export function toUserInfo(user: UserRow): UserInfo {
  return { userId: user.id, userName: user.userName, mobile: maskMobile(user.mobile), avatarUrl: user.avatarUrl, sex: user.sex };
}

/**
 * Cookie attributes (ARCHITECTURE "Cities and hosts"): HttpOnly, SameSite=Lax, Secure over https, and the
 * root domain so every city sub-domain sees it — but only when the root host has a dot: Chromium refuses
 * `Domain=localhost`, so on the default root the cookie is host-only.
 */
export function sessionCookieOptions(config: Config) {
  const host = config.PORTAL_ROOT_DOMAIN.replace(/:\d+$/, '');
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    secure: config.PORTAL_PROTOCOL === 'https',
    ...(host.includes('.') ? { domain: host } : {}),
  };
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(config));
}

/**
 * A random 32-byte token; only its sha256 is stored. Lifetime: SESSION_TTL_HOURS (spec §9, ~30 h).
 * The token goes out in the HttpOnly cookie only; the caller gets the expiry.
 */
export async function startSession(db: Db, config: Config, reply: FastifyReply, userId: number) {
  const token = randomBytes(32).toString('base64url');
  const ttlMs = config.SESSION_TTL_HOURS * 3_600_000;
  const expiresAt = new Date(Date.now() + ttlMs);
  await db.insert(sessions).values({ tokenHash: sha256(token), userId, expiresAt });
  reply.setCookie(SESSION_COOKIE, token, { ...sessionCookieOptions(config), maxAge: Math.floor(ttlMs / 1000) });
  return { expiresAt: expiresAt.toISOString() };
}

/** The token a request presents: `Authorization: Bearer …` (server-side calls) or the session cookie (browser). */
export function presentedToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  return request.cookies[SESSION_COOKIE] || null;
}

/**
 * The user a request's session belongs to, looked up once per request: a rate-limit key (below) and the
 * handler both ask for it.
 */
const usersOfRequests = new WeakMap<FastifyRequest, UserRow>();

/** The logged-in user, or 401 / 4010011002 (spec §8); a presented but dead token also clears the cookie. */
export async function requireUser(db: Db, request: FastifyRequest): Promise<UserRow> {
  const known = usersOfRequests.get(request);
  if (known) return known;
  const token = presentedToken(request);
  if (token) {
    const [row] = await db
      .select({ user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, sha256(token)), gt(sessions.expiresAt, new Date())));
    if (row) {
      usersOfRequests.set(request, row.user);
      return row.user;
    }
  }
  throw new ApiError(401, ResultCode.SESSION_INVALID, '登录已失效，请重新登录', token !== null);
}

/** The logged-in user, or null where requireUser would answer 401 (a visitor may still be served, as a visitor). */
export async function sessionUser(db: Db, request: FastifyRequest): Promise<UserRow | null> {
  if (!presentedToken(request)) return null;
  return requireUser(db, request).catch((err: unknown) => {
    if (err instanceof ApiError && err.statusCode === 401) return null;
    throw err;
  });
}

/** Ends the session the request presents; answers whose it was (null: none). */
export async function endSession(db: Db, request: FastifyRequest): Promise<number | null> {
  const token = presentedToken(request);
  if (!token) return null;
  const [ended] = await db
    .delete(sessions)
    .where(eq(sessions.tokenHash, sha256(token)))
    .returning({ userId: sessions.userId });
  return ended?.userId ?? null;
}

/** The key of a session in the sessions table (and of the chat's login watch): the sha256 of its token. */
export const sessionKeyOf = (token: string) => sha256(token);

/** Which of these session keys are of live sessions (the chat's sockets ask now and then: modules/im/login-watch.ts). */
export async function liveSessionKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ key: sessions.tokenHash })
    .from(sessions)
    .where(and(inArray(sessions.tokenHash, keys), gt(sessions.expiresAt, new Date())));
  return new Set(rows.map((r) => r.key));
}

/**
 * Told when sessions of a user end (logout, a password change ending the others): the chat closes the user's live
 * sockets at once, so none outlives the session it was opened with (app.ts wires it to the chat's hub).
 */
export type SessionsEnded = (userId: number) => void;

/**
 * Ends every session of the user but the one this request presents (a password change: whoever else held the
 * account is logged out, the person who changed it is not). Returns how many ended.
 */
export async function endOtherSessions(db: Pick<Db, 'delete'>, userId: number, request: FastifyRequest): Promise<number> {
  const token = presentedToken(request);
  const others = token ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, sha256(token))) : eq(sessions.userId, userId);
  const ended = await db.delete(sessions).where(others).returning({ tokenHash: sessions.tokenHash });
  return ended.length;
}

/**
 * The key a personal route's rate limit counts under: the user where the request carries a live session (a new
 * login does not start a new count), the address otherwise (those requests are refused with 401 anyway).
 */
export async function rateLimitKey(db: Db, request: FastifyRequest, scope: string): Promise<string> {
  if (presentedToken(request)) {
    try {
      return `${scope}:user:${(await requireUser(db, request)).id}`;
    } catch {
      // A dead session: counted by address.
    }
  }
  return addressKey(scope, request);
}
