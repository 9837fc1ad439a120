import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../contracts/envelope';
import { envelopeSchema } from '../../../contracts/envelope-schema';

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
  handler: (input: z.output<Q>, request: FastifyRequest) => Promise<z.input<D>>;
}

/**
 * spec §7: the portal calls are described as POST with a JSON body and as cached GETs; both readings stand,
 * so every portal route answers both, validated by the same contract schema (query string or body).
 */
export function portalRoute<Q extends z.ZodType, D extends z.ZodType>(app: FastifyInstance, route: PortalRoute<Q, D>): void {
  // Generic over the route's schemas, so typed by the handler signature rather than Fastify's type provider.
  const response = { 200: envelopeSchema(route.output) };
  const common = { summary: route.summary, tags: route.tags };
  app.get(route.path, { ...route.options, schema: { ...common, querystring: route.input, response } }, async (request) =>
    ok(await route.handler(request.query as z.output<Q>, request)),
  );
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
    async (request) => ok(await route.handler(request.body as z.output<Q>, request)),
  );
}
