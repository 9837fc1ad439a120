'use client';
import { useEffect, useRef } from 'react';
import type { ChatClient } from '@/lib/chat/chat-client';

/** spec §9 "read-scroll throttle 500/1000 ms": a read call 500 ms after there is something to read, at most one a second. */
export const READ_DELAY_MS = 500;
export const READ_INTERVAL_MS = 1000;

export interface ReadThrottleOptions {
  client: ChatClient | null;
  open: boolean;
  current: number | null;
  visible: boolean;
  /** The store's version: a change may bring something unread. */
  version: number;
}

/** Reads the open conversation of a visible page (spec §9), when there is something unread, throttled as above. */
export function useReadThrottle({ client, open, current, visible, version }: ReadThrottleOptions) {
  const readState = useRef({ open, current, visible, timer: undefined as ReturnType<typeof setTimeout> | undefined, last: 0 });
  useEffect(() => {
    const r = readState.current;
    Object.assign(r, { open, current, visible });
    if (!client || !open || current === null || !visible || r.timer || client.store.unreadIds(current).length === 0) return;
    const wait = Math.max(READ_DELAY_MS, r.last + READ_INTERVAL_MS - Date.now());
    r.timer = setTimeout(() => {
      r.timer = undefined;
      if (!r.open || r.current === null || !r.visible) return;
      r.last = Date.now();
      void client.markRead(r.current);
    }, wait);
  }, [client, open, current, visible, version]);
  useEffect(() => () => clearTimeout(readState.current.timer), []);
}
