import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { imConversations, imMessages } from '../../db/schema';
import { notFound } from '../../http/errors';

/**
 * 已送达 and 已读 (spec §5 Chat): the receiver's acknowledgements, only ever of messages they received, and the
 * unread counts they move.
 */
/** Whose received messages: the user's (sent by agents) or an agent's (sent by users). */
export interface Receiver {
  /** The messages' sender side: false for a user's received messages, true for an agent's. */
  fromUser: boolean;
  receiverId: number;
}

/** Acknowledges one message the receiver got; 0 if it is not theirs (or unknown). */
export async function markReceived(db: Db, receiver: Receiver, messageId: number): Promise<number> {
  const rows = await db
    .update(imMessages)
    .set({ receivedAt: sql`coalesce(${imMessages.receivedAt}, now())` })
    .where(
      and(
        eq(imMessages.id, messageId),
        eq(imMessages.receiverId, receiver.receiverId),
        eq(imMessages.fromUser, receiver.fromUser),
      ),
    )
    .returning({ id: imMessages.id });
  return rows.length;
}

/**
 * Marks messages the receiver got as read, all or none (an id not theirs is a 404 and nothing changes), and
 * recounts the receiver's side of the unread counts of their conversations. Answers how many were newly read.
 */
export async function markRead(db: Db, receiver: Receiver, messageIds: readonly number[]): Promise<number> {
  const ids = [...new Set(messageIds)];
  const theirs = and(
    inArray(imMessages.id, ids),
    eq(imMessages.receiverId, receiver.receiverId),
    eq(imMessages.fromUser, receiver.fromUser),
  );
  return db.transaction(async (tx) => {
    const own = await tx.select({ id: imMessages.id, conversationId: imMessages.conversationId }).from(imMessages).where(theirs);
    if (own.length !== ids.length) {
      const missing = ids.find((id) => !own.some((r) => r.id === id));
      throw notFound(`消息 ${missing} `);
    }
    const changed = await tx
      .update(imMessages)
      .set({ readAt: new Date(), receivedAt: sql`coalesce(${imMessages.receivedAt}, now())` })
      .where(and(theirs, isNull(imMessages.readAt)))
      .returning({ id: imMessages.id });
    for (const conversationId of new Set(own.map((r) => r.conversationId))) {
      const unread = sql`(select count(*)::int from ${imMessages} where ${imMessages.conversationId} = ${conversationId} and ${imMessages.fromUser} = ${receiver.fromUser} and ${imMessages.readAt} is null)`;
      await tx
        .update(imConversations)
        .set(receiver.fromUser ? { agentUnread: unread } : { userUnread: unread })
        .where(eq(imConversations.id, conversationId));
    }
    return changed.length;
  });
}
