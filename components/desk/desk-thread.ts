import type { ImMessage } from '@contracts/im';
import { IM_LAYOUT } from '@contracts/im-constants';
import type { DeskCopy } from './desk-copy';

/** spec §9: the unread badge shows at most 99. */
export const badge = (n: number, more: string) => (n > 99 ? more : String(n));

/** Which user a message belongs to, seen from the desk. */
export const userOf = (m: ImMessage) => (m.fromUser ? m.senderId : m.receiverId);

/** spec §5: a message seen twice (socket and history) is kept once, by id, in seq order. */
export function merge(list: readonly ImMessage[], more: readonly ImMessage[]): ImMessage[] {
  const byId = new Map(list.map((m) => [m.messageId, m]));
  for (const m of more) byId.set(m.messageId, m);
  return [...byId.values()].sort((x, y) => x.seq - y.seq);
}

/** A conversation's last message as one line of the thread list. */
export function preview(m: ImMessage | null, copy: DeskCopy): string {
  if (!m) return '';
  const c = m.content as Record<string, unknown>;
  switch (m.layout) {
    case IM_LAYOUT.TEXT:
      return String(c.msgDetail ?? '');
    case IM_LAYOUT.IMAGE:
      return `[${copy.image}]`;
    case IM_LAYOUT.PROPERTY:
      return `[${copy.listing}] ${String((c.layoutDetail as { title?: string } | undefined)?.title ?? '')}`;
    case IM_LAYOUT.PHONE_REQUEST:
      return `[${copy.requestPhone}]`;
    case IM_LAYOUT.PHONE_REPLY:
      return `[${(c.layoutDetail as { agree?: boolean } | undefined)?.agree ? copy.agreed : copy.refused}]`;
    case IM_LAYOUT.AGENT_CARD:
      return `[${copy.agentCard}]`;
    default:
      return '';
  }
}
