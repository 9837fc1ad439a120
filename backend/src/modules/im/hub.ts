import type { WebSocket } from 'ws';

/**
 * Who is connected where: the live sockets of each user. This in-process hub delivers to sockets of this
 * process only; a Redis hub (later work, issue 10 "several service instances") implements the same interface by
 * publishing `deliver` to every instance and calling its local hub there.
 */
export interface ImHub {
  /** Adds a user's socket; the returned function removes it. */
  attach(userId: number, socket: WebSocket): () => void;
  /** Sends one frame (already JSON) to every open socket of these users. */
  deliver(userIds: readonly number[], frame: string): void;
  /** Closes every socket of the user (logout); how many were closed. */
  closeUser(userId: number): number;
  /** Sockets open for a user (tests, metrics). */
  count(userId: number): number;
  closeAll(): void;
}

/** ws's OPEN ready state. */
const OPEN = 1;
/** Close code of a logout (application range 4000–4999). */
export const LOGGED_OUT_CLOSE = 4001;

export function createLocalHub(): ImHub {
  const byUser = new Map<number, Set<WebSocket>>();
  return {
    attach(userId, socket) {
      let set = byUser.get(userId);
      if (!set) byUser.set(userId, (set = new Set()));
      set.add(socket);
      return () => {
        const current = byUser.get(userId);
        if (!current) return;
        current.delete(socket);
        if (current.size === 0) byUser.delete(userId);
      };
    },
    deliver(userIds, frame) {
      for (const userId of new Set(userIds)) {
        for (const socket of byUser.get(userId) ?? []) if (socket.readyState === OPEN) socket.send(frame);
      }
    },
    closeUser(userId) {
      const set = byUser.get(userId);
      if (!set) return 0;
      byUser.delete(userId);
      for (const socket of set) socket.close(LOGGED_OUT_CLOSE, 'logout');
      return set.size;
    },
    count(userId) {
      return byUser.get(userId)?.size ?? 0;
    },
    closeAll() {
      for (const set of byUser.values()) for (const socket of set) socket.close(1001, 'server closing');
      byUser.clear();
    },
  };
}
