import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '@contracts/paths';

/**
 * An answer to a request that carried a session (cookie or Authorization) may be personal (a user's info, their
 * review of a project): no shared cache may keep it. Routes that set their own Cache-Control keep it. Read from the
 * raw headers: an error before the cookie plugin ran (an unknown route) has no parsed cookies.
 */
export function registerPersonalAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const session = request.headers.authorization !== undefined || (request.headers.cookie ?? '').includes(`${SESSION_COOKIE}=`);
    if (session && !reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
    return payload;
  });
}
