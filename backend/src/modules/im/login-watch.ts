import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { SESSION_ENDED_CLOSE } from './hub';

/** Keys one query asks about. */
const BATCH = 500;

/**
 * The logins behind a process's open chat sockets (sessions, desk tokens), checked again together every interval:
 * a socket whose login no longer holds (expired, ended elsewhere, revoked, the agent left) closes with
 * SESSION_ENDED_CLOSE. One query per 500 logins, not one per socket: at 10,000 sockets a check per socket
 * every 60 s was about 180 queries a second (docs/performance.md "Chat").
 */
export class LoginWatch {
  private readonly sockets = new Map<WebSocket, string>();
  private readonly timer: NodeJS.Timeout;

  /** `liveOf(keys)` answers which of the keys (sha256 of the login) still hold. */
  constructor(
    private readonly liveOf: (keys: string[]) => Promise<Set<string>>,
    intervalMs: number,
    private readonly log: FastifyBaseLogger,
  ) {
    this.timer = setInterval(() => void this.check(), intervalMs);
    this.timer.unref();
  }

  add(socket: WebSocket, key: string): void {
    this.sockets.set(socket, key);
    socket.on('close', () => this.sockets.delete(socket));
  }

  async check(): Promise<void> {
    const keys = [...new Set(this.sockets.values())];
    for (let i = 0; i < keys.length; i += BATCH) {
      const batch = keys.slice(i, i + BATCH);
      let live: Set<string>;
      try {
        live = await this.liveOf(batch);
      } catch (err) {
        // Not knowing, the sockets stay: the database away must not log everyone out of the chat.
        this.log.warn({ err }, 'chat sockets: login check failed');
        continue;
      }
      const ended = new Set(batch.filter((key) => !live.has(key)));
      if (ended.size === 0) continue;
      for (const [socket, key] of this.sockets)
        if (ended.has(key) && socket.readyState === 1) socket.close(SESSION_ENDED_CLOSE, 'session ended');
    }
  }

  close(): void {
    clearInterval(this.timer);
    this.sockets.clear();
  }
}
