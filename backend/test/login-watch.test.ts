import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import { SESSION_ENDED_CLOSE } from '../src/modules/im/hub';
import { LoginWatch } from '../src/modules/im/login-watch';

/** modules/im/login-watch.ts: the chat sockets' logins checked together, one query per 500. */
const log = { warn() {} } as unknown as FastifyBaseLogger;
const socket = () => {
  const s = { readyState: 1, closed: 0, close: (code: number) => (s.closed = code), on() {} };
  return s;
};

describe('LoginWatch', () => {
  it('asks once per 500 logins and closes only the sockets of logins that ended (4003)', async () => {
    const asked: number[] = [];
    const ended = new Set(['k7', 'k1100']);
    const watch = new LoginWatch(
      async (keys) => {
        asked.push(keys.length);
        return new Set(keys.filter((k) => !ended.has(k)));
      },
      3_600_000,
      log,
    );
    // 1,200 logins, one with two sockets (two tabs).
    const sockets = Array.from({ length: 1200 }, (_, i) => ({ key: `k${i}`, s: socket() }));
    const secondTab = socket();
    for (const { key, s } of sockets) watch.add(s as unknown as WebSocket, key);
    watch.add(secondTab as unknown as WebSocket, 'k7');
    await watch.check();
    watch.close();
    expect(asked).toEqual([500, 500, 200]);
    const closed = sockets.filter(({ s }) => s.closed !== 0).map(({ key }) => key);
    expect(closed).toEqual(['k7', 'k1100']);
    expect(secondTab.closed).toBe(SESSION_ENDED_CLOSE);
  });

  it('keeps the sockets when the check itself fails (the database away)', async () => {
    const watch = new LoginWatch(
      async () => {
        throw new Error('connection refused');
      },
      3_600_000,
      log,
    );
    const s = socket();
    watch.add(s as unknown as WebSocket, 'k');
    await watch.check();
    watch.close();
    expect(s.closed).toBe(0);
  });
});
