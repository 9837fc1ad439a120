import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  IM_ASSISTANT_NAME,
  IM_ASSISTANT_USER_ID,
  type ImAgentCard,
  type ImHistory,
  type ImMessage,
  type ImThread,
} from '@contracts/im';
import type { Db } from '../../db/client';
import { agents, imConversations, imMessages } from '../../db/schema';
import { notFound } from '../../http/errors';
import { agentCardsWhere } from '../listings/common';
import { toImMessage } from './store';

/**
 * Reading conversations: a conversation's messages after a seq (what a reconnecting client missed) and a user's
 * thread list with each agent's card and last message. The agent desk reads its own side through the same helpers.
 */
/** One conversation's messages after `afterSeq`, oldest first; the pair names it (either end asks the same). */
export async function history(db: Db, userId: number, agentUserId: number, afterSeq: number, limit: number): Promise<ImHistory> {
  const [conversation] = await db
    .select({ id: imConversations.id })
    .from(imConversations)
    .where(and(eq(imConversations.userId, userId), eq(imConversations.agentUserId, agentUserId)));
  if (!conversation) return { list: [], nextSeq: afterSeq };
  const rows = await db
    .select()
    .from(imMessages)
    .where(and(eq(imMessages.conversationId, conversation.id), gt(imMessages.seq, afterSeq)))
    .orderBy(asc(imMessages.seq))
    .limit(limit);
  return { list: rows.map(toImMessage), nextSeq: rows.at(-1)?.seq ?? afterSeq };
}

/** spec §3 "Chat thread" target info of agents by their IM identity. */
export async function agentCardsOf(db: Db, agentUserIds: readonly number[]): Promise<Map<number, ImAgentCard>> {
  if (agentUserIds.length === 0) return new Map();
  const cards = await agentCardsWhere(db, inArray(agents.userId, [...new Set(agentUserIds)]));
  return new Map(cards.map((card) => [card.userId, card]));
}

/** The last message of each of these conversations. */
export async function lastMessagesOf(db: Db, conversationIds: readonly number[]): Promise<Map<number, ImMessage>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([imMessages.conversationId])
    .from(imMessages)
    .where(inArray(imMessages.conversationId, [...conversationIds]))
    .orderBy(imMessages.conversationId, desc(imMessages.seq));
  return new Map(rows.map((r) => [r.conversationId, toImMessage(r)]));
}

/** 优居找房助手 in a user's thread list: a thread like an agent's, of nobody's branch or brand. */
const ASSISTANT_CARD: ImAgentCard = {
  userId: IM_ASSISTANT_USER_ID,
  agentId: 0,
  agentName: IM_ASSISTANT_NAME,
  agentPhoto: '/assets/assistant.svg',
  branchId: 0,
  branchName: '',
  brandId: 0,
  brandName: '优居',
  status: 1,
};

/** How many threads a list answers (the newest); older ones come back as soon as either end writes. */
const THREADS_MAX = 100;

/** A user's threads, newest first; with `agentUserId`, that agent's thread first even before a message. */
export async function threadsOf(db: Db, userId: number, agentUserId: number | undefined): Promise<ImThread[]> {
  const rows = await db
    .select()
    .from(imConversations)
    .where(eq(imConversations.userId, userId))
    .orderBy(sql`${imConversations.lastMessageAt} desc nulls last`, desc(imConversations.id))
    .limit(THREADS_MAX);
  const wanted = agentUserId !== undefined && !rows.some((r) => r.agentUserId === agentUserId) ? [agentUserId] : [];
  const [cards, last] = await Promise.all([
    agentCardsOf(db, [...wanted, ...rows.map((r) => r.agentUserId)]),
    lastMessagesOf(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  if (wanted.length && !cards.has(wanted[0]!)) throw notFound(`经纪人 ${wanted[0]} `);
  const threads: ImThread[] = wanted.map((id) => ({
    conversationId: 0,
    target: cards.get(id)!,
    unRead: 0,
    lastSeq: 0,
    lastMessage: null,
  }));
  for (const r of rows) {
    const target = r.agentUserId === IM_ASSISTANT_USER_ID ? ASSISTANT_CARD : cards.get(r.agentUserId);
    if (target)
      threads.push({
        conversationId: r.id,
        target,
        unRead: r.userUnread,
        lastSeq: r.nextSeq - 1,
        lastMessage: last.get(r.id) ?? null,
      });
  }
  return threads;
}
