import type { FastifyInstance } from 'fastify';
import { ResultCode } from '@contracts/envelope';
import { ApiError } from './errors';

/**
 * A known path asked with a method it does not have (TRACE, DELETE on a GET route, OPTIONS …) is a 405 with
 * `Allow`, not the 404 Fastify gives it. Call before the routes are added (it records each path's methods
 * as they come) and call the returned function after them: it gives every path one hidden route for the
 * methods it lacks. Methods Fastify does not know at all (PROPFIND) stay 404: no route can have them.
 */
export function methodNotAllowed(app: FastifyInstance): () => void {
  const methodsOf = new Map<string, Set<string>>();
  let recording = true;
  app.addHook('onRoute', (route) => {
    if (!recording) return;
    const own = methodsOf.get(route.url) ?? new Set<string>();
    for (const method of [route.method].flat()) own.add(method);
    methodsOf.set(route.url, own);
  });
  return () => {
    recording = false;
    for (const [url, own] of methodsOf) {
      // Fastify answers HEAD for every GET route itself.
      if (own.has('GET')) own.add('HEAD');
      const allow = [...own].sort().join(', ');
      const others = app.supportedMethods.filter((method) => !own.has(method));
      if (others.length === 0) continue;
      app.route({
        method: others,
        url,
        schema: { hide: true },
        handler: async (request, reply) => {
          reply.header('allow', allow);
          throw new ApiError(405, ResultCode.METHOD_NOT_ALLOWED, `不支持的请求方法: ${request.method}`);
        },
      });
    }
  };
}
