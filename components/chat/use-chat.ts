'use client';
import { useEffect, useState } from 'react';
import { ResultCode } from '@contracts/envelope';
import { browserContext, handleSessionError } from '@/lib/api/browser';
import { ackImMessage, fetchImConversations, fetchImHistory, readImMessages, sendImMessage } from '@/lib/api/browser-endpoints';
import { ApiError } from '@/lib/api/errors';
import { CHAT_END_EVENT } from '@/lib/chat/chat-events';
import { ChatClient, liveUrl, type ChatApi } from '@/lib/chat/chat-client';
import type { LiveState, SocketLike } from '@/lib/chat/live-connection';
import { clearHistory, loadHistory, saveHistory } from '@/lib/chat/local-history';

/** Local history is written this long after the last change (a burst of pushes is one write). */
const SAVE_DELAY_MS = 500;

const api: ChatApi = {
  conversations: (agentUserId) => fetchImConversations(browserContext(), agentUserId),
  history: (targetId, afterSeq, limit) => fetchImHistory(browserContext(), targetId, afterSeq, limit),
  send: (request) => sendImMessage(browserContext(), request),
  read: (ids) => readImMessages(browserContext(), ids),
  received: (messageId) => ackImMessage(browserContext(), messageId),
};

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
 * (about 4 MB, then the oldest 100 go), and a session that ends (401 / 4010011002, or the 4001 close of a logout
 * elsewhere) clearing that history and going to login with this page as the return path (spec §8).
 */
export function useChat(userId: number): ChatHandle {
  const [client, setClient] = useState<ChatClient | null>(null);
  const [version, setVersion] = useState(0);
  const [live, setLive] = useState<LiveState>('connecting');

  useEffect(() => {
    let ended = false;
    let saveTimer: ReturnType<typeof setTimeout> | undefined;
    const save = () => {
      clearTimeout(saveTimer);
      saveTimer = setTimeout(() => {
        if (!ended) saveHistory(window.localStorage, userId, chat.store.snapshot());
      }, SAVE_DELAY_MS);
    };
    const end = () => {
      ended = true;
      clearTimeout(saveTimer);
      chat.stop();
      clearHistory(window.localStorage, userId);
    };
    const chat = new ChatClient({
      userId,
      api,
      // The DOM's handler types name their event; the connection reads none of it.
      openSocket: () => new WebSocket(liveUrl(window.location.origin, userId)) as unknown as SocketLike,
      onChange: () => {
        setVersion((v) => v + 1);
        save();
      },
      onState: setLive,
      onSessionEnded: () => {
        if (ended) return;
        end();
        handleSessionError(new ApiError(ResultCode.SESSION_INVALID, '', 401));
      },
    });
    chat.store.restore(loadHistory(window.localStorage, userId));
    // The client is the outside system here: made once per user on mount, then it reports its own changes.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setClient(chat);

    const onVisibility = () => {
      if (ended) return;
      if (document.visibilityState === 'hidden') chat.live.pause();
      else if (chat.live.current === 'stopped') chat.start();
      else chat.live.resume();
    };
    // The header's 退出 (lib/chat/chat-session.ts): closed for good before the server closes it.
    const onEnd = () => end();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener(CHAT_END_EVENT, onEnd);
    // A page opened in the background connects when it is first shown.
    if (document.visibilityState !== 'hidden') chat.start();
    // The threads at once, whether or not the socket opens (it syncs again each time it does).
    chat.sync().catch((err: unknown) => {
      if (handleSessionError(err)) end();
    });
    return () => {
      ended = true;
      clearTimeout(saveTimer);
      chat.stop();
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener(CHAT_END_EVENT, onEnd);
    };
  }, [userId]);

  return { client, version, live };
}
