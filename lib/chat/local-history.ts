import type { ChatThread } from './thread-store';

/**
 * spec §3 "chatData (persisted locally per user id)", §9 "local storage cap about 4 MB (then the oldest 100
 * messages are dropped)": what the widget held, kept in localStorage under the user's own key so that the threads
 * show before the server answers; another user of the same browser never reads it (the key is per user id, and
 * logout or an invalid session removes it).
 */
export const CHAT_DATA_PREFIX = 'youju.chatData.';
export const chatDataKey = (userId: number) => `${CHAT_DATA_PREFIX}${userId}`;
/** spec §9: about 4 MB (localStorage keeps UTF-16, two bytes a code unit). */
export const LOCAL_HISTORY_MAX_BYTES = 4 * 1024 * 1024;
/** spec §9: over the cap, the oldest 100 messages go (again, until it fits). */
export const LOCAL_HISTORY_DROP = 100;

interface Saved {
  v: 1;
  threads: readonly ChatThread[];
}

/** What local history holds as it would be stored, in bytes. */
export const storedBytes = (text: string) => text.length * 2;

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const isThread = (t: unknown): t is ChatThread =>
  typeof t === 'object' && t !== null && typeof (t as ChatThread).agentUserId === 'number' && Array.isArray((t as ChatThread).messages) && typeof (t as ChatThread).lastSeq === 'number';

/** The saved threads of this user; anything unreadable counts as none. */
export function loadHistory(storage: StorageLike, userId: number): ChatThread[] {
  try {
    const text = storage.getItem(chatDataKey(userId));
    if (!text) return [];
    const saved = JSON.parse(text) as Partial<Saved>;
    return saved.v === 1 && Array.isArray(saved.threads) ? (saved.threads as unknown[]).filter(isThread) : [];
  } catch {
    return [];
  }
}

/** The threads without their oldest `count` messages (by time, across threads); the input is left as it was. */
export function withoutOldest(threads: readonly ChatThread[], count: number): ChatThread[] {
  const all = threads.flatMap((t) => t.messages.map((m) => ({ t: t.agentUserId, m })));
  all.sort((a, b) => (a.m.createdAt < b.m.createdAt ? -1 : a.m.createdAt > b.m.createdAt ? 1 : 0));
  const gone = new Set(all.slice(0, count).map((x) => x.m));
  return threads.map((t) => ({ ...t, messages: t.messages.filter((m) => !gone.has(m)) }));
}

/**
 * Saves the threads; over `maxBytes`, or when the browser refuses for its quota, the oldest 100 messages go and it
 * tries again. Answers how many messages were dropped.
 */
export function saveHistory(storage: StorageLike, userId: number, threads: readonly ChatThread[], maxBytes = LOCAL_HISTORY_MAX_BYTES): number {
  let kept: readonly ChatThread[] = threads;
  let dropped = 0;
  const total = threads.reduce((n, t) => n + t.messages.length, 0);
  for (;;) {
    const text = JSON.stringify({ v: 1, threads: kept } satisfies Saved);
    if (storedBytes(text) <= maxBytes) {
      try {
        storage.setItem(chatDataKey(userId), text);
        return dropped;
      } catch {
        // QuotaExceededError: other keys of the site use the rest; drop as for the cap.
      }
    }
    if (dropped >= total) {
      storage.removeItem(chatDataKey(userId));
      return dropped;
    }
    kept = withoutOldest(kept, LOCAL_HISTORY_DROP);
    dropped = Math.min(total, dropped + LOCAL_HISTORY_DROP);
  }
}

export function clearHistory(storage: StorageLike, userId: number): void {
  try {
    storage.removeItem(chatDataKey(userId));
  } catch {
    // Storage turned off: nothing was kept.
  }
}
