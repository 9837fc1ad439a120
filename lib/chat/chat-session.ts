import { browserContext } from '@/lib/client/api';
import { logoutIm } from '@/lib/client/api-endpoints';
import { CHAT_END_EVENT } from './chat-events';
import { clearHistory } from './local-history';

/**
 * Logout (the header's 退出): the widget stops first (so the server's 4001 close is no surprise to it), this
 * user's local history goes (spec §3 chatData is theirs), and /api/logout closes their live sockets everywhere.
 */
export async function endChatSession(userId: number): Promise<void> {
  window.dispatchEvent(new Event(CHAT_END_EVENT));
  clearHistory(window.localStorage, userId);
  await logoutIm(browserContext());
}
