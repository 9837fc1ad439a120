'use client';
import { useEffect, useMemo, useRef } from 'react';
import type { DeskAgent, ImMessage, ImPhoneReply } from '@contracts/im';
import { IM_LAYOUT } from '@contracts/im-constants';
import type { DeskCopy } from './desk-copy';
import { DeskMessage } from './desk-message';
import styles from './desk.module.css';

export interface DeskConversationProps {
  copy: DeskCopy;
  agent: DeskAgent;
  userName: string | undefined;
  messages: ImMessage[];
  busy: boolean;
  onAnswer: (requestId: number, agree: boolean) => void;
  cityOrigin: (cityDomain: string) => string;
}

/** The open conversation: its user's name and the messages, oldest first, scrolled to the newest. */
export function DeskConversation({ copy, agent, userName, messages, busy, onAnswer, cityOrigin }: DeskConversationProps) {
  // A phone request (20001) shows its answer (21001) in place of the buttons.
  const replies = useMemo(() => {
    const map = new Map<number, ImPhoneReply>();
    for (const m of messages)
      if (m.layout === IM_LAYOUT.PHONE_REPLY) {
        const detail = (m.content as { layoutDetail?: ImPhoneReply }).layoutDetail;
        if (detail) map.set(detail.requestId, detail);
      }
    return map;
  }, [messages]);
  const end = useRef<HTMLLIElement>(null);
  const last = messages.at(-1)?.messageId;
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [last]);
  return (
    <>
      <h2 className={styles.conversationTitle}>{userName}</h2>
      <ol className={styles.messages} aria-live="polite">
        {messages.length === 0 && <li className={styles.pick}>{copy.noMessages}</li>}
        {messages.map((m) => (
          <DeskMessage
            key={m.messageId}
            message={m}
            copy={copy}
            agent={agent}
            reply={m.layout === IM_LAYOUT.PHONE_REQUEST ? replies.get(m.messageId) : undefined}
            busy={busy}
            onAnswer={onAnswer}
            cityOrigin={cityOrigin}
          />
        ))}
        <li ref={end} aria-hidden="true" />
      </ol>
    </>
  );
}
