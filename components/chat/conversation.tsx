'use client';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { ChatThread } from '@/lib/chat/thread-store';
import type { ImAgentCard } from '@contracts/im';
import { chatWidgetMessages } from '@/lib/chat/chat-messages';
import { messages } from '@/lib/client/messages';
import { formatRelativeTime } from '@/lib/relative-time';
import { ChatMessageItem, type ChatMessageProps } from './chat-message';

const M = { ...messages.chat, ...chatWidgetMessages };
/** A time line above a message that comes more than 5 minutes after the one before. */
const TIME_GAP_MS = 5 * 60_000;

export interface ConversationProps extends Pick<ChatMessageProps, 'onResend' | 'onAnswer' | 'onOpenAgent' | 'agentOf'> {
  thread: ChatThread;
  target: ImAgentCard | null;
  now: number;
  /** The store's version: the list keeps to its newest message when it changes. */
  version: number;
}

/** One conversation's messages, with a time line after a gap; it keeps to the newest unless the reader scrolled up. */
export function Conversation({ thread, target, now, version, onResend, onAnswer, onOpenAgent, agentOf }: ConversationProps) {
  const list = useRef<HTMLOListElement>(null);
  const stick = useRef(true);
  const agentUserId = thread.agentUserId;
  useLayoutEffect(() => {
    const el = list.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [version, agentUserId]);
  useEffect(() => {
    stick.current = true;
  }, [agentUserId]);

  return (
    <ol
      ref={list}
      className="chat-messages"
      onScroll={(e) => {
        const el = e.currentTarget;
        stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
      }}
    >
      {thread.messages.length === 0 && <li className="chat-empty">{M.noMessages}</li>}
      {thread.messages.map((m, i) => {
        const before = thread.messages[i - 1];
        const showTime = !before || new Date(m.createdAt).getTime() - new Date(before.createdAt).getTime() > TIME_GAP_MS;
        return [
          showTime && (
            <li key={`t-${m.messageId || m.clientMsgId}`} className="chat-time">
              {formatRelativeTime(m.createdAt, now)}
            </li>
          ),
          <ChatMessageItem
            key={m.messageId ? `m-${m.messageId}` : `c-${m.clientMsgId}`}
            message={m}
            thread={thread.messages}
            target={target}
            onResend={onResend}
            onAnswer={onAnswer}
            onOpenAgent={onOpenAgent}
            agentOf={agentOf}
          />,
        ];
      })}
    </ol>
  );
}
