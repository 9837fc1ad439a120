import { contiguousSeq } from './contiguous-seq';
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

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A message as the store writes it; anything else in storage (edited, from an older build) is left out. */
const isMessage = (m: unknown): m is ChatThread['messages'][number] =>
  isObject(m) &&
  isCount(m.messageId) &&
  isCount(m.seq) &&
  isCount(m.layout) &&
  isObject(m.content) &&
  typeof m.mine === 'boolean' &&
  typeof m.read === 'boolean' &&
  typeof m.createdAt === 'string' &&
  (m.clientMsgId === null || typeof m.clientMsgId === 'string') &&
  (m.pushStatus === 0 || m.pushStatus === 1 || m.pushStatus === 2);

/**
 * A saved thread, its messages checked one by one (one `null` message once made every page fail).
 * Its lastSeq is at most the highest seq it holds: a larger one would stop the thread from ever catching up.
 */
function readThread(t: unknown): ChatThread | null {
  if (!isObject(t) || !isCount(t.agentUserId) || !Array.isArray(t.messages) || !isCount(t.lastSeq)) return null;
  const messages = t.messages.filter(isMessage);
  const highest = messages.reduce((n, m) => Math.max(n, m.seq), 0);
  // A message left out may have been any seq: catch up from the last one held without a hole (from the start,
  // if the oldest went for the cap; what is fetched twice is shown once).
  const lastSeq =
    messages.length === t.messages.length
      ? Math.min(t.lastSeq, highest)
      : contiguousSeq([...messages].sort((a, b) => a.seq - b.seq));
  return {
    agentUserId: t.agentUserId,
    target: isObject(t.target) && isCount(t.target.userId) ? (t.target as unknown as ChatThread['target']) : null,
    messages,
    lastSeq,
    unRead: isCount(t.unRead) ? t.unRead : 0,
  };
}

/** The saved threads of this user; anything unreadable counts as none. */
export function loadHistory(storage: StorageLike, userId: number): ChatThread[] {
  try {
    const text = storage.getItem(chatDataKey(userId));
    if (!text) return [];
    const saved = JSON.parse(text) as Partial<Saved>;
    if (saved.v !== 1 || !Array.isArray(saved.threads)) return [];
    return (saved.threads as unknown[]).map(readThread).filter((t): t is ChatThread => t !== null);
  } catch {
    return [];
  }
}

/**
 * Removes every user's chat history but `keepUserId`'s (none for a visitor): what a user left behind when their
 * session expired or they closed the tab without logging out is not kept for the next person at this browser
 * (a saved thread is untrusted input).
 */
export function clearOtherHistories(storage: Pick<Storage, 'length' | 'key' | 'removeItem'>, keepUserId: number | null): void {
  try {
    const keep = keepUserId === null ? null : chatDataKey(keepUserId);
    const gone: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(CHAT_DATA_PREFIX) && key !== keep) gone.push(key);
    }
    for (const key of gone) storage.removeItem(key);
  } catch {
    // Storage turned off: nothing was kept.
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
export function saveHistory(
  storage: StorageLike,
  userId: number,
  threads: readonly ChatThread[],
  maxBytes = LOCAL_HISTORY_MAX_BYTES,
): number {
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
