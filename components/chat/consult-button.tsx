import type { ChatProperty } from '@/lib/chat/chat-events';
import { messages } from '@/lib/messages';
import { loginPath } from '@/lib/return-path';

export interface ConsultButtonProps {
  /** The agent's IM identity (AgentCard.userId). */
  agentUserId: number;
  /** The agent's id, for the contact's tracking event (components/tracking/page-tracker.tsx reads the click). */
  agentId: number;
  /** On a 二手房 or 租房 detail: the home, sent as a property card (spec §3 layout 201). */
  property?: ChatProperty | undefined;
  /** The page it is on: where a visitor comes back to after login. */
  returnPath: string;
}

/**
 * 在线咨询 (spec §2 Chat widget) on an agent card and an agent's page. Plain markup, no JavaScript of its own (first-load JS: at most +25 kB gzip a route: a
 * visitor's first load stays as it was): for a visitor it is the link to login and back here (spec §6); for a
 * logged-in user the chat widget takes its click (components/chat/chat-widget.tsx) and opens that agent's
 * conversation with the page's home as a card. (Clicked before the widget has loaded, the login page sends a
 * logged-in user straight back.)
 */
export function ConsultButton({ agentUserId, agentId, property, returnPath }: ConsultButtonProps) {
  return (
    <a
      className="btn consult-button"
      href={loginPath(returnPath)}
      rel="nofollow"
      data-chat-agent={agentUserId}
      data-agent-id={agentId}
      data-chat-property={property ? `${property.businessType}:${property.listingId}` : undefined}
    >
      {messages.chatWidget.consult}
    </a>
  );
}
