import type { ImAgentCard, ImMessage } from '@contracts/im';

/**
 * What the chat shows (spec §3 "Chat thread" / "Chat message"), held apart from React and from the network so
 * that the widget and the fault test (which checks "every message exactly once, in order") run the same rules:
 * - a stored message is known by its server id; a second copy of it (pushed twice, pushed and fetched) is
 *   ignored (spec §5);
 * - a thread's messages are in `seq` order; a pushed message past a gap says what to fetch (`missingAfter`);
 * - the user's own send shows at once with push status 0 and a local client id, and becomes the stored message
 *   (status 1) when the answer or the push of it arrives, whichever is first; a failed send is status 2.
 */

/** spec §4 "Chat message push status". */
export const PUSH = { SENDING: 0, SENT: 1, FAILED: 2 } as const;
export type PushStatus = (typeof PUSH)[keyof typeof PUSH];

export interface ChatMessage {
  /** The server's id; 0 while a send of this screen is not stored yet. */
  messageId: number;
  /** The conversation's sequence; 0 while pending. */
  seq: number;
  /** The send's own id (its resend key); the stored copy carries it back. */
  clientMsgId: string | null;
  /** Sent by this user (spec §3 "mine flag"). */
  mine: boolean;
  layout: number;
  content: Record<string, unknown>;
  /** ISO time: the server's, or the moment of a pending send. */
  createdAt: string;
  pushStatus: PushStatus;
  /** spec §4: set once the read call for it succeeded (the user's received messages), or the agent read it. */
  read: boolean;
  /** The server's text when a send was refused (400002 and others). */
  error?: string;
}

export interface ChatThread {
  /** The agent's IM identity (agents.userId): the thread's key. */
  agentUserId: number;
  target: ImAgentCard | null;
  messages: ChatMessage[];
  /** The highest seq held with none missing below it. */
  lastSeq: number;
  /** Received messages not yet read. */
  unRead: number;
}

export function toChatMessage(message: ImMessage): ChatMessage {
  return {
    messageId: message.messageId,
    seq: message.seq,
    clientMsgId: message.clientMsgId,
    mine: message.fromUser,
    layout: message.layout,
    content: message.content,
    createdAt: message.createdAt,
    pushStatus: PUSH.SENT,
    read: message.readAt !== null,
  };
}

export type AddResult = 'added' | 'duplicate' | 'gap';

/** The threads of one user. Mutations return whether anything changed; `version` counts changes (for React). */
export class ThreadStore {
  readonly threads = new Map<number, ChatThread>();
  version = 0;

  thread(agentUserId: number): ChatThread {
    let thread = this.threads.get(agentUserId);
    if (!thread) {
      thread = { agentUserId, target: null, messages: [], lastSeq: 0, unRead: 0 };
      this.threads.set(agentUserId, thread);
    }
    return thread;
  }

  setTarget(target: ImAgentCard): void {
    this.thread(target.userId).target = target;
    this.version++;
  }

  /**
   * A stored message, pushed or fetched. `duplicate`: already held (ignored). `gap`: stored and shown in its place,
   * but messages between `lastSeq` and it are missing: fetch history after `lastSeq`.
   */
  add(message: ImMessage): AddResult {
    const agentUserId = message.fromUser ? message.receiverId : message.senderId;
    const thread = this.thread(agentUserId);
    const held = thread.messages.find((m) => m.messageId === message.messageId);
    if (held) {
      // The user's own send, confirmed from its answer, shows what this screen sent; the stored copy may say more
      // (a property card's snapshot, an agreed phone reply's number): the server's content wins.
      if (held.mine && JSON.stringify(held.content) !== JSON.stringify(message.content)) {
        held.content = message.content;
        this.version++;
      }
      return 'duplicate';
    }
    const stored = toChatMessage(message);
    // The user's own send, shown while pending: it becomes the stored message in place.
    const pending =
      message.fromUser && message.clientMsgId
        ? thread.messages.findIndex((m) => m.messageId === 0 && m.clientMsgId === message.clientMsgId)
        : -1;
    if (pending >= 0) thread.messages.splice(pending, 1);
    // In seq order among the stored; pending sends stay last.
    const firstPending = thread.messages.findIndex((m) => m.messageId === 0);
    const end = firstPending < 0 ? thread.messages.length : firstPending;
    let at = end;
    while (at > 0 && thread.messages[at - 1]!.seq > stored.seq) at--;
    thread.messages.splice(at, 0, stored);
    if (!stored.mine && !stored.read) thread.unRead++;
    const gap = stored.seq > thread.lastSeq + 1;
    this.advance(thread);
    this.version++;
    return gap ? 'gap' : 'added';
  }

  /** lastSeq: the highest seq with every seq below it held. */
  private advance(thread: ChatThread): void {
    const seqs = new Set(thread.messages.map((m) => m.seq));
    while (seqs.has(thread.lastSeq + 1)) thread.lastSeq++;
  }

  /** A send of this screen, shown at once with status 0. */
  addPending(
    agentUserId: number,
    clientMsgId: string,
    layout: number,
    content: Record<string, unknown>,
    now = new Date(),
  ): ChatMessage {
    const message: ChatMessage = {
      messageId: 0,
      seq: 0,
      clientMsgId,
      mine: true,
      layout,
      content,
      createdAt: now.toISOString(),
      pushStatus: PUSH.SENDING,
      read: false,
    };
    this.thread(agentUserId).messages.push(message);
    this.version++;
    return message;
  }

  /**
   * The server stored a pending send (its answer): it takes its id and seq in place. If the push of it came first,
   * or the server answered with an earlier message (a property card within 24 h), the pending copy just goes.
   * Answers whether a seq is now missing below it (fetch history after lastSeq).
   */
  confirm(agentUserId: number, clientMsgId: string, stored: { messageId: number; seq: number; createdAt: string }): boolean {
    const thread = this.threads.get(agentUserId);
    if (!thread) return false;
    const at = thread.messages.findIndex((m) => m.messageId === 0 && m.clientMsgId === clientMsgId);
    if (at < 0) return false;
    const [pending] = thread.messages.splice(at, 1);
    this.version++;
    if (thread.messages.some((m) => m.messageId === stored.messageId)) return false;
    const message: ChatMessage = {
      ...pending!,
      messageId: stored.messageId,
      seq: stored.seq,
      createdAt: stored.createdAt,
      pushStatus: PUSH.SENT,
    };
    delete message.error;
    const firstPending = thread.messages.findIndex((m) => m.messageId === 0);
    let place = firstPending < 0 ? thread.messages.length : firstPending;
    while (place > 0 && thread.messages[place - 1]!.seq > message.seq) place--;
    thread.messages.splice(place, 0, message);
    const gap = message.seq > thread.lastSeq + 1;
    this.advance(thread);
    return gap;
  }

  /** A pending send failed (status 2, tap to resend), with the server's text when it gave one. */
  fail(agentUserId: number, clientMsgId: string, error?: string): void {
    const message = this.threads.get(agentUserId)?.messages.find((m) => m.messageId === 0 && m.clientMsgId === clientMsgId);
    if (!message) return;
    message.pushStatus = PUSH.FAILED;
    if (error !== undefined) message.error = error;
    else delete message.error;
    this.version++;
  }

  /** A failed send tried again: back to status 0. */
  retry(agentUserId: number, clientMsgId: string): ChatMessage | undefined {
    const message = this.threads.get(agentUserId)?.messages.find((m) => m.messageId === 0 && m.clientMsgId === clientMsgId);
    if (!message) return undefined;
    message.pushStatus = PUSH.SENDING;
    delete message.error;
    this.version++;
    return message;
  }

  /** A refused send that will not be retried (a sensitive word): it goes from the screen. */
  drop(agentUserId: number, clientMsgId: string): void {
    const thread = this.threads.get(agentUserId);
    if (!thread) return;
    const at = thread.messages.findIndex((m) => m.messageId === 0 && m.clientMsgId === clientMsgId);
    if (at >= 0) {
      thread.messages.splice(at, 1);
      this.version++;
    }
  }

  /** The received messages of a thread not read yet (what the read call names). */
  unreadIds(agentUserId: number): number[] {
    return (this.threads.get(agentUserId)?.messages ?? [])
      .filter((m) => !m.mine && !m.read && m.messageId > 0)
      .map((m) => m.messageId);
  }

  /** The read call succeeded for these ids (spec §4: the read flag is set after it). */
  markRead(agentUserId: number, ids: readonly number[]): void {
    const thread = this.threads.get(agentUserId);
    if (!thread) return;
    const set = new Set(ids);
    for (const m of thread.messages) if (set.has(m.messageId)) m.read = true;
    thread.unRead = thread.messages.filter((m) => !m.mine && !m.read && m.messageId > 0).length;
    this.version++;
  }

  /** The server's unread count for a thread whose messages are not all held here. */
  setUnread(agentUserId: number, unRead: number): void {
    const thread = this.thread(agentUserId);
    if (thread.unRead !== unRead) {
      thread.unRead = unRead;
      this.version++;
    }
  }

  /** The badge: unread of every thread (the widget caps it at 99). */
  totalUnread(): number {
    let total = 0;
    for (const t of this.threads.values()) total += t.unRead;
    return total;
  }

  /** Threads newest first (by their last message). */
  list(): ChatThread[] {
    const last = (t: ChatThread) => t.messages.at(-1)?.createdAt ?? '';
    return [...this.threads.values()].sort((a, b) => (last(a) < last(b) ? 1 : last(a) > last(b) ? -1 : 0));
  }

  /** Everything held, for local history (spec §3 "chatData persisted locally per user id"). */
  snapshot(): ChatThread[] {
    return [...this.threads.values()];
  }

  /** Threads from local history, before the server is asked: pending sends of a closed page count as failed. */
  restore(threads: readonly ChatThread[]): void {
    for (const saved of threads) {
      const thread = this.thread(saved.agentUserId);
      thread.target ??= saved.target;
      for (const m of saved.messages) {
        if (m.messageId === 0) {
          if (!thread.messages.some((x) => x.clientMsgId === m.clientMsgId))
            thread.messages.push({ ...m, pushStatus: PUSH.FAILED });
        } else if (!thread.messages.some((x) => x.messageId === m.messageId)) {
          thread.messages.push({ ...m });
        }
      }
      thread.messages.sort((a, b) => (a.messageId === 0 ? 1 : 0) - (b.messageId === 0 ? 1 : 0) || a.seq - b.seq);
      thread.unRead = Math.max(thread.unRead, saved.unRead);
      // What was saved had no gap up to its lastSeq; the oldest messages may since have gone for the size cap.
      thread.lastSeq = Math.max(thread.lastSeq, saved.lastSeq);
      this.advance(thread);
    }
    this.version++;
  }
}
