/**
 * How the page's buttons reach the chat widget without loading it (issue 7: a visitor's first load stays as it
 * was): 在线咨询 on an agent card or page says which agent, and on a 二手房 or 租房 detail which home, through a
 * window event; the chat dock (components/chat/chat-dock.tsx) loads the widget and opens that conversation.
 */
export const CHAT_OPEN_EVENT = 'youju:chat-open';
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
  /** The page's home, sent as a card when the conversation opens (the service answers the earlier one within 24 h). */
  property?: ChatProperty | undefined;
}

export function openChat(request: ChatOpenRequest): void {
  window.dispatchEvent(new CustomEvent<ChatOpenRequest>(CHAT_OPEN_EVENT, { detail: request }));
}
