import { IM_APP_ID, IM_HISTORY_MAX, IM_LAYOUT, IM_USER_CHANGED_CODE } from '@contracts/im-constants';
import type { ImHistory, ImMessage, ImSendRequest, ImSendResult, ImThreadList } from '@contracts/im';
import { LiveConnection, RECONNECT_MS, type LiveState, type SocketLike } from './live-connection';
import { ThreadStore } from './thread-store';

/**
 * The chat of one logged-in user, without React (the widget renders it; the fault test drives it from Node):
 * the live connection, the threads, and the calls. The rule that makes "nothing lost, nothing doubled" hold:
 * every message is stored with a per-conversation seq before anyone is told of it, so on every (re)connect and
 * on every gap the client asks for what comes after the last seq it holds without a hole, and the store drops
 * any copy of a message it already holds (by id).
 */

/** The calls the chat makes (lib/client/api-endpoints.ts in the browser). Failures throw with code and status. */
export interface ChatApi {
  conversations(agentUserId?: number): Promise<ImThreadList>;
  history(targetId: number, afterSeq: number, limit: number): Promise<ImHistory>;
  send(request: ImSendRequest): Promise<ImSendResult>;
  read(messageIds: number[]): Promise<unknown>;
  received(messageId: number): Promise<unknown>;
}

export interface ChatClientOptions {
  userId: number;
  api: ChatApi;
  /** Opens the live socket (the widget: `new WebSocket(url)`; the URL is liveUrl()). */
  openSocket(): SocketLike;
  /** Called after every change of the threads (React re-renders from store.version). */
  onChange?(): void;
  onState?(state: LiveState): void;
  /** The service ended the connection (4001 logged out, 4003 login ended) or a call said the session is invalid or another user's. */
  onSessionEnded?(): void;
  /** A socket closed without opening (LiveConnection onUnopened): the widget checks who is logged in now. */
  onConnectFailed?(): void;
  /** A new client id for a send (crypto.randomUUID in the browser). */
  newClientId?(): string;
  reconnectMs?: number;
  pingMs?: number;
}

/** spec §7: the live socket's path and query. */
export function liveUrl(origin: string, userId: number): string {
  const url = new URL('/api/register', origin.replace(/^http/, 'ws'));
  url.searchParams.set('appId', IM_APP_ID);
  url.searchParams.set('userId', String(userId));
  url.searchParams.set('endType', '2');
  return url.toString();
}

/** What a failed call says (lib/api/errors.ts ApiError has these). */
export interface Failure {
  code?: number;
  status?: number;
  message?: string;
}
const failureOf = (err: unknown): Failure => (typeof err === 'object' && err !== null ? (err as Failure) : {});
/** The session ended (401 / 4010011002), or the session is now another user's than the screen's (409). */
export const isSessionFailure = (err: unknown) => {
  const f = failureOf(err);
  return f.status === 401 || f.code === 4010011002 || f.code === IM_USER_CHANGED_CODE;
};

let counter = 0;
export const defaultClientId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `c${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 8)}`;

export class ChatClient {
  readonly store = new ThreadStore();
  readonly live: LiveConnection;
  /** Threads whose catch-up is running, so that a burst of gaps asks once. */
  private readonly catchingUp = new Map<number, Promise<void>>();
  private readonly again = new Set<number>();

  constructor(private readonly options: ChatClientOptions) {
    this.live = new LiveConnection({
      open: options.openSocket,
      onFrame: (text) => this.onFrame(text),
      onOpen: () => void this.sync().catch((err) => this.onFailure(err)),
      onEnded: () => options.onSessionEnded?.(),
      onUnopened: () => options.onConnectFailed?.(),
      onState: options.onState,
      reconnectMs: options.reconnectMs,
      pingMs: options.pingMs,
    });
  }

  start(): void {
    this.live.start();
  }

  stop(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.live.stop();
  }

  private changed(): void {
    this.options.onChange?.();
  }

  /**
   * A fetch that failed: the session's end stops the chat; anything else (a network blip, a restarting instance)
   * tries the whole sync again after the reconnect delay while the socket is open, so that what a failed
   * catch-up would have fetched is not left waiting for the next reconnect or gap.
   */
  private onFailure(err: unknown): void {
    if (isSessionFailure(err)) {
      this.live.stop();
      this.options.onSessionEnded?.();
      return;
    }
    if (this.retryTimer !== undefined) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      if (this.live.current === 'open') void this.sync().catch((again) => this.onFailure(again));
    }, this.options.reconnectMs ?? RECONNECT_MS);
  }

  private retryTimer: ReturnType<typeof setTimeout> | undefined;

  /** The threads and, for each that has more on the server than held here, what comes after the last seq. */
  async sync(focusAgentUserId?: number): Promise<void> {
    const { list } = await this.options.api.conversations(focusAgentUserId);
    for (const thread of list) {
      this.store.setTarget(thread.target);
      const held = this.store.thread(thread.target.userId);
      if (thread.lastSeq > held.lastSeq) await this.catchUp(thread.target.userId);
      this.store.setUnread(thread.target.userId, thread.unRead);
    }
    this.changed();
  }

  private targetSync: Promise<void> | null = null;
  /** One sync at a time for threads without their agent's card (a burst of first messages asks once). */
  private syncForTargets(): void {
    this.targetSync ??= this.sync()
      .catch((err) => this.onFailure(err))
      .finally(() => {
        this.targetSync = null;
      });
  }

  /** Fetches everything after the thread's last seq, page by page; concurrent asks share one run. */
  catchUp(agentUserId: number): Promise<void> {
    const running = this.catchingUp.get(agentUserId);
    if (running) {
      this.again.add(agentUserId);
      return running;
    }
    const run = (async () => {
      do {
        this.again.delete(agentUserId);
        for (;;) {
          const after = this.store.thread(agentUserId).lastSeq;
          const page = await this.options.api.history(agentUserId, after, IM_HISTORY_MAX);
          for (const message of page.list) this.store.add(message);
          this.changed();
          if (page.list.length < IM_HISTORY_MAX || this.store.thread(agentUserId).lastSeq <= after) break;
        }
      } while (this.again.has(agentUserId));
    })().finally(() => this.catchingUp.delete(agentUserId));
    this.catchingUp.set(agentUserId, run);
    return run;
  }

  private onFrame(text: string): void {
    let frame: { messageType?: number; messageContent?: string };
    try {
      frame = JSON.parse(text) as typeof frame;
    } catch {
      return;
    }
    if (frame.messageType !== 1 || typeof frame.messageContent !== 'string') return;
    let message: ImMessage;
    try {
      message = JSON.parse(frame.messageContent) as ImMessage;
    } catch {
      return;
    }
    const before = this.store.version;
    const result = this.store.add(message);
    if (result === 'duplicate') {
      if (this.store.version !== before) this.changed();
      return;
    }
    this.changed();
    const agentUserId = message.fromUser ? message.receiverId : message.senderId;
    if (result === 'gap') void this.catchUp(agentUserId).catch((err) => this.onFailure(err));
    // A thread this screen has not seen yet (the first message of a conversation): its agent's card.
    if (!this.store.thread(agentUserId).target) this.syncForTargets();
    // spec §7 /api/received: the receiver acknowledges what was pushed to it.
    if (!message.fromUser) void this.options.api.received(message.messageId).catch(() => {});
  }

  /**
   * Sends one message (content as contracts/im.ts imContentSchema): shown at once with status 0, then 1 when
   * stored, or 2 with the server's text when refused or not answered. Answers the failure, if any, so the widget
   * can show 400002's text (spec §5) and error code 1's. `clientMsgId`: the caller's own id for the send (to drop
   * or retry it afterwards); a new one by default.
   */
  async send(
    agentUserId: number,
    content: { layout: number } & Record<string, unknown>,
    clientMsgId = (this.options.newClientId ?? defaultClientId)(),
  ): Promise<Failure | null> {
    this.store.addPending(agentUserId, clientMsgId, content.layout, content);
    this.changed();
    return this.deliver(agentUserId, clientMsgId, content);
  }

  /** spec §4: tapping a failed send (status 2) sends it again, with the same client id (stored at most once). */
  async resend(agentUserId: number, clientMsgId: string): Promise<Failure | null> {
    const message = this.store.retry(agentUserId, clientMsgId);
    if (!message) return null;
    this.changed();
    return this.deliver(agentUserId, clientMsgId, message.content as { layout: number });
  }

  private async deliver(agentUserId: number, clientMsgId: string, content: { layout: number }): Promise<Failure | null> {
    try {
      const stored = await this.options.api.send({
        appId: IM_APP_ID,
        messageType: 1,
        channelType: 1,
        deliveryMode: 2,
        targetId: [agentUserId],
        content: JSON.stringify(content),
        clientMsgId,
        userId: this.options.userId,
      });
      const gap = this.store.confirm(agentUserId, clientMsgId, stored);
      this.changed();
      if (gap) void this.catchUp(agentUserId).catch((err) => this.onFailure(err));
      // The service stores more than was sent for these (a card's snapshot, the agreed number), or answers an
      // earlier card (24 h): the stored message itself, should its push not come (the socket down meanwhile).
      if (content.layout === IM_LAYOUT.PROPERTY || content.layout === IM_LAYOUT.PHONE_REPLY)
        void this.fetchOne(agentUserId, stored.seq).catch((err) => this.onFailure(err));
      return null;
    } catch (err) {
      const failure = failureOf(err);
      this.store.fail(agentUserId, clientMsgId, failure.status && failure.status < 500 ? failure.message : undefined);
      this.changed();
      this.onFailure(err);
      return failure;
    }
  }

  /** One stored message by its seq, in place of what the screen holds of it. */
  private async fetchOne(agentUserId: number, seq: number): Promise<void> {
    const before = this.store.version;
    const page = await this.options.api.history(agentUserId, seq - 1, 1);
    for (const message of page.list) this.store.add(message);
    if (this.store.version !== before) this.changed();
  }

  /** The open conversation's received messages are read: the read call, then the flags (spec §4). */
  async markRead(agentUserId: number): Promise<void> {
    const ids = this.store.unreadIds(agentUserId);
    if (ids.length === 0) return;
    try {
      await this.options.api.read(ids);
      this.store.markRead(agentUserId, ids);
      this.changed();
    } catch (err) {
      this.onFailure(err);
    }
  }
}
