'use client';
import { useEffect, useState } from 'react';
import { ResultCode } from '@contracts/envelope';
import { browserContext, handleSessionError } from '@/lib/client/api';
import { ackImMessage, fetchImConversations, fetchImHistory, readImMessages, sendImMessage } from '@/lib/client/api-endpoints';
import { ApiError } from '@/lib/api/errors';
import { CHAT_END_EVENT } from '@/lib/chat/chat-events';
import { ChatClient, isSessionFailure, liveUrl, type ChatApi } from '@/lib/chat/chat-client';
import type { LiveState, SocketLike } from '@/lib/chat/live-connection';
import { clearHistory, clearOtherHistories, loadHistory, saveHistory } from '@/lib/chat/local-history';

/** Local history is written this long after the last change (a burst of pushes is one write). */
const SAVE_DELAY_MS = 500;

/** The calls of the widget of `userId`: the reads name the user shown, so a tab left behind by another user gets 409. */
const apiOf = (userId: number): ChatApi => ({
  conversations: (agentUserId) => fetchImConversations(browserContext(), userId, agentUserId),
  history: (targetId, afterSeq, limit) => fetchImHistory(browserContext(), userId, targetId, afterSeq, limit),
  send: (request) => sendImMessage(browserContext(), request),
  read: (ids) => readImMessages(browserContext(), ids),
  received: (messageId) => ackImMessage(browserContext(), messageId),
});

/**
 * Who is logged in in this browser now (not the page's first answer): another tab may have logged out, or in as
 * someone else. Undefined when it cannot be told (the network): then nothing changes.
 */
async function loggedInNow(): Promise<number | null | undefined> {
  try {
    const res = await fetch('/auth/me', { credentials: 'same-origin', cache: 'no-store' });
    if (!res.ok) return undefined;
    const body = (await res.json()) as { user: { userId: number } | null };
    return body.user?.userId ?? null;
  } catch {
    return undefined;
  }
}

/** A socket that never opens is asked about at most this often (the connection itself retries every 3 s). */
const CHECK_AFTER_FAILED_CONNECT_MS = 10_000;

/** spec §4 "the page is hidden" as state, for the read rule (a hidden conversation is not read). */
export function usePageVisible(): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== 'hidden');
    update();
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

export interface ChatHandle {
  client: ChatClient | null;
  /** Counts changes of the threads: a render reads the client's store after it. */
  version: number;
  live: LiveState;
}

/**
 * The chat of the logged-in user, for the widget: the client core (lib/chat) with its local history restored
 * before the server answers (spec §3 chatData), the live socket that closes while the page is hidden and opens
 * again when it shows (spec §4; the reopening fetches what was missed), local history written after each change
 * (about 4 MB, then the oldest 100 go), and a session that ends or is now another user's clearing that history and
 * going to login with this page as the return path (spec §8), or reloading the page as that user's (confirmUser).
 */
export function useChat(userId: number): ChatHandle {
  const [client, setClient] = useState<ChatClient | null>(null);
  const [version, setVersion] = useState(0);
  const [live, setLive] = useState<LiveState>('connecting');

  useEffect(() => {
    let ended = false;
    let saveTimer: ReturnType<typeof setTimeout> | undefined;
    const saveNow = () => {
      saveTimer = undefined;
      if (!ended) saveHistory(window.localStorage, userId, chat.store.snapshot());
    };
    const save = () => {
      clearTimeout(saveTimer);
      saveTimer = setTimeout(saveNow, SAVE_DELAY_MS);
    };
    // A page left (a reload, a link) within SAVE_DELAY_MS of a change writes it now: else the next page restores
    // what was held before it, e.g. a card still being sent, shown again as failed beside the one the service stored.
    const onPageHide = () => {
      if (saveTimer === undefined) return;
      clearTimeout(saveTimer);
      saveNow();
    };
    const end = () => {
      ended = true;
      clearTimeout(saveTimer);
      chat.stop();
      clearHistory(window.localStorage, userId);
    };
    /**
     * The chat of this page is `userId`'s only while the browser's session is: when the service ends the socket or a
     * call (4001, 4003, 401, 409), when the page is shown again, and when the socket will not open, it asks who is
     * logged in now. The same user: the chat goes on (a password change closed every socket of theirs). Nobody:
     * history cleared, to login (spec §8). Someone else: history cleared, the page reloads as theirs (probe W1: a
     * tab left open showed one user's chat and sent as another).
     */
    let checking = false;
    let lastFailedCheck = 0;
    const confirmUser = async (thenStart: boolean) => {
      if (checking || ended) return;
      checking = true;
      const now = await loggedInNow();
      checking = false;
      if (ended) return;
      if (now === userId || now === undefined) {
        // (Hidden again meanwhile: it opens when shown.)
        if (thenStart && document.visibilityState !== 'hidden') {
          if (chat.live.current === 'stopped') chat.start();
          else chat.live.resume();
        }
        return;
      }
      end();
      if (now === null) handleSessionError(new ApiError(ResultCode.SESSION_INVALID, '', 401));
      else window.location.reload();
    };
    const chat = new ChatClient({
      userId,
      api: apiOf(userId),
      // The DOM's handler types name their event; the connection reads none of it.
      openSocket: () => new WebSocket(liveUrl(window.location.origin, userId)) as unknown as SocketLike,
      onChange: () => {
        setVersion((v) => v + 1);
        save();
      },
      onState: setLive,
      onSessionEnded: () => void confirmUser(true),
      onConnectFailed: () => {
        if (Date.now() - lastFailedCheck < CHECK_AFTER_FAILED_CONNECT_MS) return;
        lastFailedCheck = Date.now();
        void confirmUser(false);
      },
    });
    // Another user's history left in this browser goes (probe W3); this user's comes back before the server answers.
    clearOtherHistories(window.localStorage, userId);
    chat.store.restore(loadHistory(window.localStorage, userId));
    // The client is the outside system here: made once per user on mount, then it reports its own changes.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setClient(chat);

    const onVisibility = () => {
      if (ended) return;
      if (document.visibilityState === 'hidden') chat.live.pause();
      else void confirmUser(true);
    };
    // The header's 退出 (lib/chat/chat-session.ts): closed for good before the server closes it.
    const onEnd = () => end();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener(CHAT_END_EVENT, onEnd);
    window.addEventListener('pagehide', onPageHide);
    // A page opened in the background connects when it is first shown.
    if (document.visibilityState !== 'hidden') chat.start();
    // The threads at once, whether or not the socket opens (it syncs again each time it does).
    chat.sync().catch((err: unknown) => {
      if (isSessionFailure(err)) void confirmUser(true);
    });
    return () => {
      ended = true;
      clearTimeout(saveTimer);
      chat.stop();
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener(CHAT_END_EVENT, onEnd);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [userId]);

  return { client, version, live };
}
