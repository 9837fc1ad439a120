/**
 * What passes between the page and the chat widget (spec §2 Chat widget). 在线咨询 on an agent card or page says which agent,
 * and on a 二手房 or 租房 detail which home (components/chat/consult-button.tsx, handled by the dock); logout tells
 * the widget to let go first.
 */

/** The user is logging out: the widget closes its socket for good before /api/logout closes it from the server. */
export const CHAT_END_EVENT = 'youju:chat-end';

/** A home's property card (spec §3 layout 201): 1 二手房, 2 租房. */
export interface ChatProperty {
  businessType: 1 | 2;
  listingId: number;
}

export interface ChatOpenRequest {
  /** The agent's IM identity (agents.userId, AgentCard.userId). */
  agentUserId: number;
  /** The page's home, sent as a card when the conversation opens (the service answers an earlier one within 24 h). */
  property?: ChatProperty | undefined;
}
