import type { DeskAgent, DeskImage, DeskListing, DeskThread, ImHistory, ImMessage, ImSendResult } from '@contracts/im';
import { IM_HISTORY_MAX } from '@contracts/im-constants';
import { ApiPath } from '@contracts/paths';

/**
 * The desk's calls (modules/im/desk.ts), same-origin through the web's /api forwarder: the desk cookie (Path
 * /api/desk) goes along by itself. A failure carries the backend's own message, which the desk shows as it is.
 */

export class DeskCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 10_000;

async function call<T>(path: string, init: { method?: 'GET' | 'POST'; json?: unknown; form?: FormData } = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: init.method ?? (init.json !== undefined || init.form ? 'POST' : 'GET'),
      headers: init.json !== undefined ? { 'content-type': 'application/json' } : undefined,
      body: init.form ?? (init.json !== undefined ? JSON.stringify(init.json) : undefined),
      credentials: 'same-origin',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new DeskCallError(0, '');
  }
  let body: { succeed?: boolean; msg?: string; data?: T } | undefined;
  try {
    body = (await res.json()) as typeof body;
  } catch {
    body = undefined;
  }
  if (!res.ok || !body?.succeed) throw new DeskCallError(res.status, body?.msg ?? '');
  return body.data as T;
}

export const deskApi = {
  /** The agent at this desk, or null when the desk cookie names none (the token form). */
  me: () => call<DeskAgent | null>(ApiPath.deskMe),
  login: (token: string) => call<DeskAgent>(ApiPath.deskLogin, { json: { token } }),
  logout: () => call<{ count: number }>(ApiPath.deskLogout, { json: {} }),
  conversations: () => call<{ list: DeskThread[] }>(ApiPath.deskConversations).then((r) => r.list),
  /** Every message after `afterSeq`, page by page. */
  async historyAfter(userId: number, afterSeq: number): Promise<ImMessage[]> {
    const all: ImMessage[] = [];
    let after = afterSeq;
    for (;;) {
      const page = await call<ImHistory>(ApiPath.deskHistory, { json: { userId, afterSeq: after, limit: IM_HISTORY_MAX } });
      all.push(...page.list);
      if (page.list.length < IM_HISTORY_MAX) return all;
      after = page.nextSeq;
    }
  },
  send: (userId: number, content: object) =>
    call<ImSendResult>(ApiPath.deskMessage, {
      json: { userId, content: JSON.stringify(content), clientMsgId: crypto.randomUUID() },
    }),
  read: (ids: number[]) => call<{ count: number }>(ApiPath.deskRead, { json: { readMessages: ids } }),
  listings: () => call<{ list: DeskListing[] }>(ApiPath.deskListings).then((r) => r.list),
  image: (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return call<DeskImage>(ApiPath.deskImage, { form });
  },
};

/** The desk's live socket on this host (the web forwards the upgrade to the backend). */
export const deskSocketUrl = () => `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${ApiPath.deskRegister}`;
