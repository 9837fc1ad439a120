import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';
import { ok } from '@contracts/envelope';
import { envelopeSchema } from '@contracts/envelope-schema';
import type { Db } from '../db/client';
import { portalRoute } from './portal-route';
import { rateLimitKey, requireUser, type UserRow } from './sessions';

/**
 * A limit counted per user (rateLimitKey: a new login does not start a new count); a request without a live
 * session counts by address, and is refused with 401 anyway.
 */
export interface SessionLimit {
  /** The name the count is kept under: one scope, one count. */
  scope: string;
  max: number;
  timeWindow: string;
}

/** One count that several routes share (new and edited entrusts together): made once by sharedSessionLimit. */
export interface SharedLimit {
  shared: onRequestHookHandler;
}

/** A limit counted by address alone (the SMS codes: the same count as the login's). */
export interface AddressLimit {
  perAddress: { max: number; timeWindow: string };
}

export type RouteLimit = SessionLimit | SharedLimit | AddressLimit;

/**
 * Who may call a route and how their limits count: the session's user (sessionParty), or the agent of the desk's
 * cookie (modules/im/desk.ts). `of` answers who is calling or throws the 401.
 */
export interface Party<P> {
  of: (request: FastifyRequest, reply: FastifyReply) => Promise<P>;
  /** The key a limit of `scope` counts under: the party where it holds, the address otherwise. */
  limitKey: (request: FastifyRequest, scope: string) => Promise<string>;
}

export const sessionParty = (db: Db): Party<UserRow> => ({
  of: (request) => requireUser(db, request),
  limitKey: (request, scope) => rateLimitKey(db, request, scope),
});

export function sharedSessionLimit(app: FastifyInstance, db: Db, limit: SessionLimit): SharedLimit {
  return sharedPartyLimit(app, sessionParty(db), limit);
}

function sharedPartyLimit<P>(app: FastifyInstance, party: Party<P>, limit: SessionLimit): SharedLimit {
  const { scope, max, timeWindow } = limit;
  return {
    shared: app.rateLimit({ max, timeWindow, keyGenerator: (request: FastifyRequest) => party.limitKey(request, scope) }),
  };
}

/** The route options that set a limit up. */
function limitOptions<P>(party: Party<P>, limit: RouteLimit | undefined): RouteShorthandOptions {
  if (!limit) return {};
  if ('shared' in limit) return { onRequest: limit.shared };
  if ('perAddress' in limit) return { config: { rateLimit: limit.perAddress } };
  const { scope, max, timeWindow } = limit;
  return {
    config: { rateLimit: { max, timeWindow, keyGenerator: (request: FastifyRequest) => party.limitKey(request, scope) } },
  };
}

/** What a party route's handler is given: who is calling and the request fields its contract validated. */
export interface PartyContext<P, I> {
  party: P;
  input: I;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** What a session route's handler is given: the session's user and the request fields its contract validated. */
export interface SessionContext<I> {
  user: UserRow;
  input: I;
  request: FastifyRequest;
  reply: FastifyReply;
}

type InputOf<I> = I extends z.ZodType ? z.output<I> : undefined;

interface RouteShape<I extends z.ZodType | undefined, D extends z.ZodType> {
  /**
   * POST: a write, its fields in the body (the cross-site check of http/same-site.ts applies). GET: a read, its
   * fields in the query. GET and POST: a read answering both like every portal call (http/portal-route.ts).
   */
  method: 'POST' | 'GET' | 'GET and POST';
  path: string;
  summary: string;
  tags: string[];
  /** Request fields, from contracts/; none for a call without any (the OpenAPI then shows none). */
  input?: I;
  /** Answer `data`, from contracts/. */
  output: D;
  limit?: RouteLimit;
}

interface SessionRoute<I extends z.ZodType | undefined, D extends z.ZodType> extends RouteShape<I, D> {
  handler: (session: SessionContext<InputOf<I>>) => Promise<z.input<D>>;
}

interface PartyRoute<P, I extends z.ZodType | undefined, D extends z.ZodType> extends RouteShape<I, D> {
  handler: (context: PartyContext<P, InputOf<I>>) => Promise<z.input<D>>;
}

/**
 * A personal call: the session is checked on the server before the handler runs (401 / 4010011002 without a
 * live one, spec §8), after the contract has validated the request (a bad request is a 400 either way), and the
 * answer goes out in the envelope. The handler never reads the session or casts the request itself.
 */
export function sessionRoute<I extends z.ZodType | undefined, D extends z.ZodType>(
  app: FastifyInstance,
  db: Db,
  route: SessionRoute<I, D>,
): void {
  partyRoute(app, sessionParty(db), { ...route, handler: ({ party, ...rest }) => route.handler({ user: party, ...rest }) });
}

/** A call of one party (sessionRoute's user, the desk's agent): who is calling is known before the handler runs. */
export function partyRoute<P, I extends z.ZodType | undefined, D extends z.ZodType>(
  app: FastifyInstance,
  party: Party<P>,
  route: PartyRoute<P, I, D>,
): void {
  const run = async (input: unknown, request: FastifyRequest, reply: FastifyReply) =>
    route.handler({ party: await party.of(request, reply), input: input as InputOf<I>, request, reply });
  if (route.method === 'GET and POST') {
    // One count for both methods: a limit of the route's own would count each method apart.
    const limit = route.limit && 'scope' in route.limit ? sharedPartyLimit(app, party, route.limit) : route.limit;
    portalRoute(app, {
      path: route.path,
      summary: route.summary,
      tags: route.tags,
      input: route.input ?? z.object({}),
      output: route.output,
      options: limitOptions(party, limit),
      handler: run,
    });
    return;
  }

  const fields = route.method === 'GET' ? 'querystring' : 'body';
  const options: RouteShorthandOptions = {
    ...limitOptions(party, route.limit),
    schema: {
      summary: route.summary,
      tags: route.tags,
      ...(route.input ? { [fields]: route.input } : {}),
      response: { 200: envelopeSchema(route.output) },
    },
  };
  const handler = async (request: FastifyRequest, reply: FastifyReply) =>
    ok(await run(route.method === 'GET' ? request.query : request.body, request, reply));
  if (route.method === 'GET') app.get(route.path, options, handler);
  else app.post(route.path, options, handler);
}
