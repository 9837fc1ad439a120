'use client';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DeskThread, ImMessage } from '@contracts/im';
import { contiguousSeq } from '@/lib/chat/contiguous-seq';
import { deskApi, deskSocketUrl } from './desk-api';
import { merge, userOf } from './desk-thread';

/** spec §4: reconnect 3 s after the socket drops. */
const RECONNECT_MS = 3_000;
/** Close codes after which the desk is over (logout 4001, token revoked or expired, agent left 4003). */
const ENDED_CLOSES = new Set([4001, 4003]);

export interface DeskLive {
  /** The agent's conversations, newest first; null until the first list arrives. */
  threads: DeskThread[] | null;
  openUser: number | null;
  /** The open conversation's messages, in seq order. */
  messages: ImMessage[];
  online: boolean;
  open: (userId: number) => void;
  /** Fetches what a conversation missed after the last seq it holds (after a send, a reconnect). */
  syncConversation: (userId: number) => Promise<void>;
}

/**
 * The desk's conversations and its live socket: the thread list, the messages of each conversation opened, reads of
 * the open one, and a socket that reconnects 3 s after a drop and catches up from history. `fail` hears every failed
 * call; `onEnded` is called when the socket closes for good (4001, 4003).
 */
export function useDeskLive({
  endedMessage,
  onEnded,
  fail,
}: {
  endedMessage: string;
  onEnded: (why: string) => void;
  fail: (err: unknown) => void;
}): DeskLive {
  const [threads, setThreads] = useState<DeskThread[] | null>(null);
  const [openUser, setOpenUser] = useState<number | null>(null);
  const [byUser, setByUser] = useState<Record<number, ImMessage[]>>({});
  const [online, setOnline] = useState(false);
  // The socket's handlers read the latest state through these (they are set up once per connection).
  const openRef = useRef<number | null>(null);
  const byUserRef = useRef(byUser);
  const threadsRef = useRef(threads);
  useEffect(() => {
    byUserRef.current = byUser;
    threadsRef.current = threads;
    openRef.current = openUser;
  }, [byUser, threads, openUser]);

  const loadThreads = useCallback(() => deskApi.conversations().then(setThreads, fail), [fail]);

  const markRead = useCallback(
    (userId: number, list: readonly ImMessage[]) => {
      const ids = list.filter((m) => m.fromUser && !m.readAt).map((m) => m.messageId);
      if (ids.length === 0) return;
      const readAt = new Date().toISOString();
      deskApi.read(ids.slice(-100)).then(() => {
        setByUser((all) => ({
          ...all,
          [userId]: (all[userId] ?? []).map((m) => (ids.includes(m.messageId) ? { ...m, readAt } : m)),
        }));
        setThreads((ts) => ts?.map((t) => (t.user.userId === userId ? { ...t, unRead: 0 } : t)) ?? ts);
      }, fail);
    },
    [fail],
  );

  const syncConversation = useCallback(
    async (userId: number) => {
      const held = byUserRef.current[userId] ?? [];
      try {
        const more = await deskApi.historyAfter(userId, contiguousSeq(held));
        const merged = merge(byUserRef.current[userId] ?? [], more);
        byUserRef.current = { ...byUserRef.current, [userId]: merged };
        setByUser((all) => ({ ...all, [userId]: merge(all[userId] ?? [], more) }));
        if (openRef.current === userId) markRead(userId, merged);
      } catch (err) {
        fail(err);
      }
    },
    [fail, markRead],
  );

  const receive = useCallback(
    (m: ImMessage) => {
      const userId = userOf(m);
      const held = byUserRef.current[userId];
      const seen = (held ?? []).some((x) => x.messageId === m.messageId);
      setByUser((all) => (all[userId] ? { ...all, [userId]: merge(all[userId]!, [m]) } : all));
      // A conversation on screen that this push leaves a hole in: fetch what is missing.
      if (held && !seen && m.seq > contiguousSeq(held) + 1) void syncConversation(userId);
      if (!threadsRef.current?.some((t) => t.user.userId === userId)) {
        // A user writing for the first time: the list from the server has them with their name.
        void loadThreads();
        return;
      }
      const counted = m.fromUser && !seen && openRef.current !== userId;
      setThreads((ts) => {
        const known = ts?.find((t) => t.user.userId === userId);
        if (!ts || !known) return ts;
        const updated = {
          ...known,
          lastMessage: m.seq >= known.lastSeq ? m : known.lastMessage,
          lastSeq: Math.max(known.lastSeq, m.seq),
          unRead: known.unRead + (counted ? 1 : 0),
        };
        return [updated, ...ts.filter((t) => t !== known)];
      });
      if (openRef.current === userId && m.fromUser) markRead(userId, [m]);
    },
    [loadThreads, markRead, syncConversation],
  );

  useEffect(() => {
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const connect = () => {
      socket = new WebSocket(deskSocketUrl());
      socket.onopen = () => {
        setOnline(true);
        void loadThreads();
        if (openRef.current !== null) void syncConversation(openRef.current);
      };
      socket.onmessage = (event) => {
        try {
          const frame = JSON.parse(String(event.data)) as { messageType: number; messageContent?: string };
          if (frame.messageType === 1 && frame.messageContent) receive(JSON.parse(frame.messageContent) as ImMessage);
          else if (frame.messageType === 0) socket?.send(JSON.stringify({ messageType: 0, content: 'Ping' }));
        } catch {
          // Not a frame of ours: ignored.
        }
      };
      socket.onclose = (event) => {
        setOnline(false);
        if (stopped) return;
        if (ENDED_CLOSES.has(event.code)) return onEnded(endedMessage);
        timer = setTimeout(connect, RECONNECT_MS);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [endedMessage, loadThreads, onEnded, receive, syncConversation]);

  const open = useCallback(
    (userId: number) => {
      setOpenUser(userId);
      openRef.current = userId;
      void syncConversation(userId);
    },
    [syncConversation],
  );

  const messages = useMemo(() => (openUser === null ? [] : (byUser[openUser] ?? [])), [byUser, openUser]);
  return { threads, openUser, messages, online, open, syncConversation };
}
