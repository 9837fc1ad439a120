import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';
import { ok } from '@contracts/envelope';
import { envelopeSchema } from '@contracts/envelope-schema';
import { idParamSchema } from '@contracts/listing-common';
import { JsonText } from './json-text';

interface PortalRoute<Q extends z.ZodType, D extends z.ZodType> {
  path: string;
  summary: string;
  tags: string[];
  /** Request fields, from contracts/. */
  input: Q;
  /** Answer `data`, from contracts/. */
  output: D;
  /** Extra options (rate limit config …). */
  options?: RouteShorthandOptions;
  /**
   * Seconds any cache (the web's forward, nginx, a CDN, the browser) may keep the GET answer: set only on an
   * answer that is the same for everyone who asks the same query (no session, no address, no device).
   */
  sharedFor?: number;
  /** The answer's `data`, or its JSON text already checked against `output` (./json-text.ts). */
  handler: (input: z.output<Q>, request: FastifyRequest, reply: FastifyReply) => Promise<z.input<D> | JsonText>;
}

/** The envelope `ok()` makes, around data that is JSON text already: sent as is, Fastify's serialiser skipped. */
function sendOk(reply: FastifyReply, data: JsonText): FastifyReply {
  const { code, succeed, msg } = ok(null);
  const head = JSON.stringify({ code, succeed, msg });
  return reply.type('application/json; charset=utf-8').send(`${head.slice(0, -1)},"data":${data.text}}`);
}

/**
 * spec §7: the portal calls are described as POST with a JSON body and as cached GETs; both readings stand,
 * so every portal route answers both, validated by the same contract schema (query string or body).
 */
export function portalRoute<Q extends z.ZodType, D extends z.ZodType>(app: FastifyInstance, route: PortalRoute<Q, D>): void {
  // Generic over the route's schemas, so typed by the handler signature rather than Fastify's type provider.
  const response = { 200: envelopeSchema(route.output) };
  const common = { summary: route.summary, tags: route.tags };
  app.get(route.path, { ...route.options, schema: { ...common, querystring: route.input, response } }, async (request, reply) => {
    const data = await route.handler(request.query as z.output<Q>, request, reply);
    if (route.sharedFor) reply.header('cache-control', `public, max-age=${route.sharedFor}`);
    return data instanceof JsonText ? sendOk(reply, data) : ok(data);
  });
  app.post(
    route.path,
    {
      ...route.options,
      schema: { ...common, body: route.input, response },
      // spec §7 lists "none shown" payloads: an empty POST is an empty object.
      preValidation: async (request) => {
        if (request.body == null) request.body = {};
      },
    },
    async (request, reply) => {
      const data = await route.handler(request.body as z.output<Q>, request, reply);
      return data instanceof JsonText ? sendOk(reply, data) : ok(data);
    },
  );
}

interface PortalIdRoute<D extends z.ZodType> {
  /** The path without the id: the route is `${path}/:id`. */
  path: string;
  summary: string;
  tags: string[];
  output: D;
  handler: (id: number, request: FastifyRequest) => Promise<z.input<D>>;
}

/**
 * A portal call whose id is in its path (`${ApiPath.esfDetail}/12`): GET and POST like every portal call,
 * the id validated by the contract (a positive int4), no other input.
 */
export function portalIdRoute<D extends z.ZodType>(app: FastifyInstance, route: PortalIdRoute<D>): void {
  const schema = {
    summary: route.summary,
    tags: route.tags,
    params: idParamSchema,
    response: { 200: envelopeSchema(route.output) },
  };
  const handler = async (request: FastifyRequest) =>
    ok(await route.handler((request.params as z.output<typeof idParamSchema>).id, request));
  app.get(`${route.path}/:id`, { schema }, handler);
  app.post(`${route.path}/:id`, { schema }, handler);
}
