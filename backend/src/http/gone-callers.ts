import type { FastifyInstance } from 'fastify';

/**
 * A call whose caller has gone before its handler starts is not run. The web's forward closes its connection to us
 * when it gives up on a call (5 s, spec §9) or its visitor leaves (lib/front/backend-forward.ts); under a flood such a
 * call may still be waiting here (for the body, a rate-limit count in Redis, the event loop), and its handler, its
 * session lookup and its queries would be work for nobody (found by an attacker's probe: 123 of 150 calls the web had
 * answered 504 were computed anyway). Checked last before the handler, at `preHandler`, where nothing of the call has
 * been done that an answer depends on; a handler already running is left to finish, since it may be writing.
 *
 * Skipped calls are logged at `info` ("caller gone: handler not run"), so a flood shows how much it saved.
 */
export function registerGoneCallers(app: FastifyInstance): void {
  app.addHook('preHandler', (request, reply, done) => {
    // Light-my-request's sockets (app.inject) have no `destroyed`: never gone.
    if (request.raw.socket?.destroyed !== true) return done();
    request.log.info({ url: request.url }, 'caller gone: handler not run');
    // Hijacked, Fastify neither runs the handler nor writes an answer to the closed socket.
    reply.hijack();
    reply.raw.destroy();
    done();
  });
}
