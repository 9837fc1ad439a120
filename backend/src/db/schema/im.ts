import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ImLayout } from '@contracts/im-constants';
import { agents } from './agents';
import { users } from './users';

/**
 * 在线咨询 (spec §7 "Instant-messaging service"): one conversation per user and agent. `agentUserId`
 * is the agent's IM identity (agents.userId). `nextSeq` is taken under a row lock when a message is stored, so
 * the sequence of a conversation has no gaps and no doubles whatever posts race.
 */
export const imConversations = pgTable(
  'im_conversations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * No foreign key to agents.userId: the other end is an agent or 优居找房助手 (contracts/im-constants.ts
     * IM_ASSISTANT_USER_ID), which is no agent; a trigger of migration 0022 keeps every other id an agent's.
     */
    agentUserId: integer('agent_user_id').notNull(),
    nextSeq: integer('next_seq').notNull().default(1),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    /** Messages not yet read by the user, and by the agent. */
    userUnread: integer('user_unread').notNull().default(0),
    agentUnread: integer('agent_unread').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('im_conversations_pair_idx').on(t.userId, t.agentUserId),
    index('im_conversations_agent_idx').on(t.agentUserId),
  ],
);

/**
 * A stored message: stored (with its seq) before the sender is answered. `layout` is spec §3's type, one of
 * contracts/im-constants.ts IM_LAYOUT (101 text, 121 image, 201 property card, 20001 phone request, 21001 phone reply,
 * 211 agent card; 301 and 302 the assistant's alerts). `clientMsgId` makes a resend of the same message by its sender
 * answer the stored one instead of storing it twice.
 */
export const imMessages = pgTable(
  'im_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => imConversations.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    senderId: integer('sender_id').notNull(),
    receiverId: integer('receiver_id').notNull(),
    /** Sent by the portal user (else by the agent): user and agent ids are two spaces that may hold one number. */
    fromUser: boolean('from_user').notNull().default(true),
    layout: integer('layout').$type<ImLayout>().notNull(),
    content: jsonb('content').notNull(),
    clientMsgId: text('client_msg_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('im_messages_seq_idx').on(t.conversationId, t.seq),
    uniqueIndex('im_messages_client_idx').on(t.fromUser, t.senderId, t.clientMsgId),
  ],
);

/**
 * 经纪人工作台 (the agent's side of 在线咨询, docs/api.md "经纪人工作台"): an operator issues an agent a desk token (shown once); the
 * desk's cookie carries it and only its sha256 is stored, as for sessions. Revoked or expired, it opens nothing.
 */
export const agentDeskTokens = pgTable(
  'agent_desk_tokens',
  {
    id: serial('id').primaryKey(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('agent_desk_tokens_hash_idx').on(t.tokenHash), index('agent_desk_tokens_agent_idx').on(t.agentId)],
);
