'use client';
import { whoAmI } from '@/components/header/current-user';
import { openChat, type ChatProperty } from '@/lib/chat/chat-events';
import { messages } from '@/lib/client-messages';
import { loginPath } from '@/lib/return-path';

export interface ConsultButtonProps {
  /** The agent's IM identity (AgentCard.userId). */
  agentUserId: number;
  /** On a 二手房 or 租房 detail: the home, sent as a property card (spec §3 layout 201). */
  property?: ChatProperty | undefined;
  className?: string;
}

/**
 * 在线咨询 (issue 10) on an agent card and an agent's page: opens the chat widget on that agent's conversation (with
 * the page's home as a card); a visitor goes to login and comes back here (spec §6).
 */
export function ConsultButton({ agentUserId, property, className = 'btn btn--ghost consult-button' }: ConsultButtonProps) {
  const onClick = async () => {
    const user = await whoAmI();
    if (!user) {
      window.location.assign(loginPath(`${window.location.pathname}${window.location.search}`));
      return;
    }
    openChat({ agentUserId, property });
  };
  return (
    <button type="button" className={className} onClick={() => void onClick()}>
      {messages.chat.consult}
    </button>
  );
}
