import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/**
 * Every GET's query is exactly what its contract names: a key it does not name is a 400, and a GET whose contract
 * names no query takes none. A query key that changed nothing was still a new address: the web's shared-answer
 * cache (lib/front/shared-answers.ts), nginx and a CDN key a public answer by its URL, so `/v1/cities?a=1`,
 * `?a=2` … were each a new entry, and a few thousand of them pushed every kept suggestion out. Done for every GET
 * route as it is added (an `onRoute` hook), so a new route is strict by existing.
 */
export function strictQueries(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // A GET route's own methods (HEAD comes with it); the 405 answer for other methods (method-not-allowed.ts) has
    // no query to check.
    if (!methods.includes('GET') || methods.some((m) => m !== 'GET' && m !== 'HEAD')) return;
    const schema = (route.schema ??= {});
    const query = schema.querystring;
    if (query === undefined) schema.querystring = z.strictObject({});
    else if (query instanceof z.ZodObject) schema.querystring = query.strict();
  });
}
