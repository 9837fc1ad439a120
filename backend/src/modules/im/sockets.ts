import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { ResultCode } from '@contracts/envelope';
import type { ImFrame, ImMessage } from '@contracts/im';
import { ApiError } from '../../http/errors';
import { CROSS_SITE_REFUSED, isPortalSource } from '../../http/same-site';
import type { ImHub, PartyKey } from './hub';

/** The live sockets of 在线咨询 (spec §9): their frames, their pings, and the checks before an upgrade. */
export const messageFrame = (message: ImMessage): string =>
  JSON.stringify({ messageType: 1, messageContent: JSON.stringify(message) } satisfies ImFrame);
export const PING_FRAME = JSON.stringify({ messageType: 0, content: 'Ping' } satisfies ImFrame);

/**
 * A live socket of a party: attached to the hub, pinged after `pingMs` idle (spec §9), detached when it closes.
 * Whatever the client sends (its own pings) counts as activity; nothing it sends is a message. Its login is
 * checked again with every other socket's by a LoginWatch (./login-watch.ts).
 */
export function serveSocket(hub: ImHub, party: PartyKey, socket: WebSocket, pingMs: number): void {
  const detach = hub.attach(party, socket);
  let timer: NodeJS.Timeout | undefined;
  const idle = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (socket.readyState === 1) socket.send(PING_FRAME);
      idle();
    }, pingMs);
  };
  idle();
  socket.on('message', idle);
  socket.on('close', () => {
    clearTimeout(timer);
    detach();
  });
}

/** A browser's Origin must be the portal's: a GET upgrade is not covered by the same-site check. */
export function refuseForeignOrigin(request: FastifyRequest, root: URL): void {
  const origin = request.headers.origin;
  if (origin !== undefined && !isPortalSource(origin, root)) throw new ApiError(403, ResultCode.FORBIDDEN, CROSS_SITE_REFUSED);
}

/** The handler of a socket route reached without an upgrade. */
export async function upgradeRequired(_request: FastifyRequest, reply: FastifyReply): Promise<never> {
  reply.header('upgrade', 'websocket');
  throw new ApiError(426, 426, '请使用 WebSocket 连接');
}
