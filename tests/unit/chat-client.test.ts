import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImHistory, ImMessage, ImSendRequest, ImSendResult, ImThreadList } from '@contracts/im';
import { ChatClient, type ChatApi } from '@/lib/chat/chat-client';
import { PING_FRAME, type SocketLike } from '@/lib/chat/live-connection';
import { PUSH, ThreadStore } from '@/lib/chat/thread-store';
import { contiguousSeq } from '@/lib/chat/contiguous-seq';
import { chatWidgetMessages } from '@/lib/chat/chat-messages';
import {
  chatDataKey,
  clearHistory,
  clearOtherHistories,
  loadHistory,
  saveHistory,
  storedBytes,
  LOCAL_HISTORY_DROP,
  type StorageLike,
} from '@/lib/chat/local-history';

/** lib/chat: what the widget shows of pushes, fetches and sends, without a browser. */

const AGENT = 100_001;
const USER = 7;
const message = (seq: number, fromUser = false, extra: Partial<ImMessage> = {}): ImMessage => ({
  messageId: 1000 + seq,
  conversationId: 1,
  seq,
  senderId: fromUser ? USER : AGENT,
  receiverId: fromUser ? AGENT : USER,
  fromUser,
  clientMsgId: null,
  layout: 101,
  content: { layout: 101, msgDetail: `m${seq}` },
  createdAt: new Date(1_700_000_000_000 + seq * 1000).toISOString(),
  receivedAt: null,
  readAt: null,
  ...extra,
});

describe('ThreadStore', () => {
  it('holds each message once, in seq order, whatever order and however often it arrives', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 120 }), (seqs) => {
        const store = new ThreadStore();
        for (const seq of seqs) store.add(message(seq));
        const held = store.thread(AGENT).messages.map((m) => m.seq);
        expect(held).toEqual([...new Set(seqs)].sort((a, b) => a - b));
        // lastSeq: the highest with nothing missing below it.
        let last = 0;
        while (seqs.includes(last + 1)) last++;
        expect(store.thread(AGENT).lastSeq).toBe(last);
      }),
    );
  });

  it('says when a pushed message leaves a gap, and ignores a duplicate', () => {
    const store = new ThreadStore();
    expect(store.add(message(1))).toBe('added');
    expect(store.add(message(3))).toBe('gap');
    expect(store.add(message(3))).toBe('duplicate');
    expect(store.add(message(2))).toBe('added');
    expect(store.thread(AGENT).lastSeq).toBe(3);
    expect(store.totalUnread()).toBe(3);
  });

  it('turns a pending send into the stored one whether the push or the answer comes first', () => {
    const store = new ThreadStore();
    store.addPending(AGENT, 'a', 101, { layout: 101, msgDetail: 'x' });
    store.add(message(1, true, { clientMsgId: 'a' }));
    store.confirm(AGENT, 'a', { messageId: 1001, seq: 1, createdAt: message(1).createdAt });
    store.addPending(AGENT, 'b', 101, { layout: 101, msgDetail: 'y' });
    store.confirm(AGENT, 'b', { messageId: 1002, seq: 2, createdAt: message(2).createdAt });
    store.add(message(2, true, { clientMsgId: 'b' }));
    expect(store.thread(AGENT).messages.map((m) => [m.messageId, m.pushStatus, m.mine])).toEqual([
      [1001, PUSH.SENT, true],
      [1002, PUSH.SENT, true],
    ]);
  });
});

/** A socket the test opens, drops and feeds by hand. */
class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  push(m: ImMessage) {
    this.onmessage?.({ data: JSON.stringify({ messageType: 1, messageContent: JSON.stringify(m) }) });
  }
}

describe('ChatClient', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(server: ImMessage[]) {
    const sockets: FakeSocket[] = [];
    const sends: ImSendRequest[] = [];
    const api: ChatApi = {
      conversations: async (): Promise<ImThreadList> => ({
        list: [
          {
            conversationId: 1,
            target: {
              userId: AGENT,
              agentId: 1,
              agentName: '王',
              agentPhoto: '',
              branchId: 1,
              branchName: '',
              brandId: 1,
              brandName: '',
              status: 1,
            },
            unRead: 0,
            lastSeq: server.length,
            lastMessage: server.at(-1) ?? null,
          },
        ],
      }),
      history: async (_t, afterSeq, limit): Promise<ImHistory> => {
        const list = server.filter((m) => m.seq > afterSeq).slice(0, limit);
        return { list, nextSeq: list.at(-1)?.seq ?? afterSeq };
      },
      send: async (req): Promise<ImSendResult> => {
        sends.push(req);
        const m = message(server.length + 1, true, { clientMsgId: req.clientMsgId ?? null });
        server.push(m);
        return { messageId: m.messageId, seq: m.seq, conversationId: 1, createdAt: m.createdAt };
      },
      read: async () => ({ count: 1 }),
      received: async () => ({ count: 1 }),
    };
    const client = new ChatClient({
      userId: USER,
      api,
      openSocket: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s;
      },
    });
    return { client, sockets, sends };
  }

  it('fetches what was missed after every reconnect, 3 s after the socket drops', async () => {
    const server = [message(1), message(2)];
    const { client, sockets } = setup(server);
    client.start();
    sockets[0]!.open();
    await vi.waitFor(() => expect(client.store.thread(AGENT).lastSeq).toBe(2));
    sockets[0]!.close(1006);
    server.push(message(3), message(4));
    await vi.advanceTimersByTimeAsync(2_999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    sockets[1]!.open();
    await vi.waitFor(() => expect(client.store.thread(AGENT).messages.map((m) => m.seq)).toEqual([1, 2, 3, 4]));
  });

  it('tries a failed catch-up again after 3 s while the socket stays open (a blip, not the session)', async () => {
    const server = [message(1), message(2)];
    const { client, sockets } = setup(server);
    const api = (client as unknown as { options: { api: ChatApi } }).options.api;
    const realHistory = api.history;
    let failures = 1;
    api.history = async (...args) => {
      if (failures-- > 0) throw Object.assign(new Error('网络繁忙'), { status: 502 });
      return realHistory(...args);
    };
    client.start();
    sockets[0]!.open();
    await vi.advanceTimersByTimeAsync(100);
    expect(client.store.thread(AGENT).lastSeq).toBe(0);
    await vi.advanceTimersByTimeAsync(3_000);
    await vi.waitFor(() => expect(client.store.thread(AGENT).lastSeq).toBe(2));
    expect(sockets).toHaveLength(1);
  });

  it('pings after 30 s idle, closes when paused and opens again on resume; a logout close (4001) ends it', async () => {
    const { client, sockets } = setup([]);
    client.start();
    sockets[0]!.open();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sockets[0]!.sent).toEqual([PING_FRAME]);
    client.live.pause();
    expect(sockets[0]!.readyState).toBe(3);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sockets).toHaveLength(1);
    client.live.resume();
    expect(sockets).toHaveLength(2);
    sockets[1]!.open();
    sockets[1]!.close(4001);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sockets).toHaveLength(2);
    expect(client.live.current).toBe('stopped');
  });

  it('shows a send as 0 then 1, fills a gap a push reveals, and a failed send is 2 until resent', async () => {
    const server: ImMessage[] = [];
    const { client, sockets, sends } = setup(server);
    client.start();
    sockets[0]!.open();
    await vi.waitFor(() => expect(client.live.current).toBe('open'));
    const sending = client.send(AGENT, { layout: 101, msgDetail: '你好' });
    expect(client.store.thread(AGENT).messages[0]!.pushStatus).toBe(PUSH.SENDING);
    await sending;
    expect(client.store.thread(AGENT).messages[0]!.pushStatus).toBe(PUSH.SENT);
    // The agent's two replies: the push of the second arrives alone.
    server.push(message(2), message(3));
    sockets[0]!.push(message(3));
    await vi.waitFor(() => expect(client.store.thread(AGENT).messages.map((m) => m.seq)).toEqual([1, 2, 3]));
    expect(sends).toHaveLength(1);
    // Refused (400002): status 2 with the server's text; resent with the same client id: stored, status 1.
    const api = (client as unknown as { options: { api: ChatApi } }).options.api;
    const realSend = api.send;
    api.send = async () => {
      throw Object.assign(new Error('包含敏感词'), { code: 400002, status: 400 });
    };
    expect(await client.send(AGENT, { layout: 101, msgDetail: 'x' })).toMatchObject({ code: 400002 });
    const failed = client.store.thread(AGENT).messages.at(-1)!;
    expect([failed.pushStatus, failed.error]).toEqual([PUSH.FAILED, '包含敏感词']);
    api.send = realSend;
    await client.resend(AGENT, failed.clientMsgId!);
    expect(client.store.thread(AGENT).messages.map((m) => [m.seq, m.pushStatus])).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 1],
    ]);
    expect(sends.at(-1)!.clientMsgId).toBe(failed.clientMsgId);
  });
});

describe('ChatClient: a conversation this screen has not seen', () => {
  it('asks once for the agent’s card when a burst of first messages arrives', async () => {
    let asked = 0;
    const sockets: FakeSocket[] = [];
    const target = {
      userId: AGENT,
      agentId: 1,
      agentName: '王',
      agentPhoto: '',
      branchId: 1,
      branchName: '',
      brandId: 1,
      brandName: '',
      status: 1,
    };
    const client = new ChatClient({
      userId: USER,
      api: {
        conversations: async () => {
          asked++;
          return asked === 1 ? { list: [] } : { list: [{ conversationId: 1, target, unRead: 2, lastSeq: 2, lastMessage: null }] };
        },
        history: async () => ({ list: [], nextSeq: 0 }),
        send: async () => {
          throw new Error('unused');
        },
        read: async () => ({ count: 0 }),
        received: async () => ({ count: 1 }),
      },
      openSocket: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s;
      },
    });
    client.start();
    sockets[0]!.open();
    await vi.waitFor(() => expect(asked).toBe(1));
    sockets[0]!.push(message(1));
    sockets[0]!.push(message(2));
    await vi.waitFor(() => expect(client.store.thread(AGENT).target).toEqual(target));
    expect(asked).toBe(2);
    expect(client.store.totalUnread()).toBe(2);
  });
});

describe('ThreadStore: the stored copy of the user’s own send', () => {
  it('takes the server’s content (a property card’s snapshot) when the push of a confirmed send arrives', () => {
    const store = new ThreadStore();
    store.addPending(AGENT, 'card', 201, { layout: 201, layoutDetail: { businessType: 1, listingId: 9 } });
    store.confirm(AGENT, 'card', { messageId: 1001, seq: 1, createdAt: message(1).createdAt });
    const snapshot = {
      layout: 201,
      layoutDetail: {
        businessType: 1,
        listingId: 9,
        title: '望京 3室',
        coverUrl: '/c.jpg',
        layoutText: '3室2厅 89㎡',
        priceText: '520万',
        cityDomain: 'bj',
        pcUrl: '/ershoufang/xiangqing/9',
      },
    };
    const before = store.version;
    expect(store.add(message(1, true, { clientMsgId: 'card', layout: 201, content: snapshot }))).toBe('duplicate');
    expect(store.version).toBeGreaterThan(before);
    expect(store.thread(AGENT).messages).toHaveLength(1);
    expect(store.thread(AGENT).messages[0]!.content).toEqual(snapshot);
    // The agent's own messages are never rewritten by a second copy.
    store.add(message(2, false, { content: { layout: 101, msgDetail: 'a' } }));
    store.add(message(2, false, { content: { layout: 101, msgDetail: 'b' } }));
    expect(store.thread(AGENT).messages[1]!.content).toEqual({ layout: 101, msgDetail: 'a' });
  });
});

/** localStorage as a Map, optionally refusing past a quota (in UTF-16 bytes, as browsers count). */
class MemoryStorage implements StorageLike {
  readonly items = new Map<string, string>();
  constructor(private readonly quota = Infinity) {}
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (storedBytes(value) > this.quota) throw new DOMException('full', 'QuotaExceededError');
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

describe('local history (spec §3 chatData per user id, §9 about 4 MB then the oldest 100 go)', () => {
  const threadOf = (count: number, agentUserId = AGENT) => {
    const store = new ThreadStore();
    for (let seq = 1; seq <= count; seq++)
      store.add({ ...message(seq), senderId: agentUserId, messageId: agentUserId * 10_000 + seq });
    return store.snapshot();
  };

  it('restores what a user held, under that user’s own key only; clearing removes it', () => {
    const storage = new MemoryStorage();
    saveHistory(storage, USER, threadOf(3));
    expect([...storage.items.keys()]).toEqual([chatDataKey(USER)]);
    const restored = new ThreadStore();
    restored.restore(loadHistory(storage, USER));
    expect(restored.thread(AGENT).messages.map((m) => m.seq)).toEqual([1, 2, 3]);
    expect(restored.thread(AGENT).lastSeq).toBe(3);
    expect(loadHistory(storage, USER + 1)).toEqual([]);
    clearHistory(storage, USER);
    expect(loadHistory(storage, USER)).toEqual([]);
  });

  it('drops the oldest 100 messages, across threads, until it fits the cap', () => {
    const storage = new MemoryStorage();
    const threads = [...threadOf(150, AGENT), ...threadOf(150, AGENT + 1)];
    // Two threads written at the same times: the oldest are seq 1–50 of both.
    const full = storedBytes(JSON.stringify({ v: 1, threads }));
    const dropped = saveHistory(storage, USER, threads, Math.floor(full * 0.8));
    expect(dropped).toBe(LOCAL_HISTORY_DROP);
    const kept = loadHistory(storage, USER);
    expect(kept.flatMap((t) => t.messages)).toHaveLength(300 - LOCAL_HISTORY_DROP);
    expect(kept.every((t) => t.messages[0]!.seq === 51)).toBe(true);
    // The input is left as it was.
    expect(threads[0]!.messages).toHaveLength(150);
  });

  it('drops 100 more when the browser refuses for its quota, and keeps nothing rather than fail', () => {
    const threads = threadOf(250);
    const one = storedBytes(JSON.stringify({ v: 1, threads: [{ ...threads[0]!, messages: threads[0]!.messages.slice(0, 60) }] }));
    const storage = new MemoryStorage(one);
    expect(saveHistory(storage, USER, threads)).toBe(200);
    expect(loadHistory(storage, USER)[0]!.messages.map((m) => m.seq)[0]).toBe(201);
    const tiny = new MemoryStorage(10);
    tiny.items.set(chatDataKey(USER), 'old');
    expect(saveHistory(tiny, USER, threads)).toBe(250);
    expect(tiny.getItem(chatDataKey(USER))).toBeNull();
  });

  it('reads anything unreadable as nothing', () => {
    const storage = new MemoryStorage();
    storage.setItem(chatDataKey(USER), '{not json');
    expect(loadHistory(storage, USER)).toEqual([]);
    storage.setItem(chatDataKey(USER), JSON.stringify({ v: 1, threads: [{ agentUserId: 'x' }, null] }));
    expect(loadHistory(storage, USER)).toEqual([]);
  });

  it('leaves out a broken message and holds lastSeq to what it has (probe W2: one null message broke every page)', () => {
    const storage = new MemoryStorage();
    const [thread] = threadOf(3);
    const broken = {
      ...thread!,
      lastSeq: 1e9,
      messages: [thread!.messages[0], null, { ...thread!.messages[1], content: null }, thread!.messages[2]],
    };
    storage.setItem(chatDataKey(USER), JSON.stringify({ v: 1, threads: [broken] }));
    const [loaded] = loadHistory(storage, USER);
    expect(loaded!.messages.map((m) => m.seq)).toEqual([1, 3]);
    // Seq 2 is missing: the thread catches up after 1.
    expect(loaded!.lastSeq).toBe(1);
    const store = new ThreadStore();
    store.restore([loaded!]);
    expect(store.thread(AGENT).lastSeq).toBe(1);
    // All readable but a lastSeq past what it holds: held to the highest seq.
    storage.setItem(chatDataKey(USER), JSON.stringify({ v: 1, threads: [{ ...thread!, lastSeq: 1e9 }] }));
    expect(loadHistory(storage, USER)[0]!.lastSeq).toBe(3);
  });

  it('removes every other user’s history (all of it for a visitor), and keeps nothing else of the site’s', () => {
    const items = new Map([
      [chatDataKey(USER), 'mine'],
      [chatDataKey(USER + 1), 'theirs'],
      [chatDataKey(USER + 2), 'theirs too'],
      ['youju.other', 'kept'],
    ]);
    const storage = {
      get length() {
        return items.size;
      },
      key: (i: number) => [...items.keys()][i] ?? null,
      removeItem: (k: string) => void items.delete(k),
    };
    clearOtherHistories(storage, USER);
    expect([...items.keys()]).toEqual([chatDataKey(USER), 'youju.other']);
    clearOtherHistories(storage, null);
    expect([...items.keys()]).toEqual(['youju.other']);
  });
});

describe('the unread badge (spec §9: max 99)', () => {
  it('shows 1–99 as they are and anything more as 99+', () => {
    expect([1, 99, 100, 12_345].map(chatWidgetMessages.badge)).toEqual(['1', '99', '99+', '99+']);
    expect(chatWidgetMessages.unreadLabel(100)).toBe('99+条未读消息');
  });
});

describe('contiguousSeq (the desk’s catch-up point)', () => {
  it('is the last seq before the first hole', () => {
    const of = (...seqs: number[]) => contiguousSeq(seqs.map((seq) => ({ seq })));
    expect(of()).toBe(0);
    expect(of(1, 2, 3)).toBe(3);
    expect(of(1, 2, 4, 5)).toBe(2);
    expect(of(2, 3)).toBe(0);
  });
});
