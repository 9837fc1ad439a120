import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import { IM_ASSISTANT_USER_ID, IM_AUTO_REPLY_INTERVAL_MS, IM_LAYOUT, type ImContent, type ImMessage } from '@contracts/im';
import type { Db } from '../../db/client';
import { agents, imConversations, imMessages, users } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { bindingFor, chatUserKey, toVirtualNumber, type VirtualLine } from '../portal/virtual-numbers';
import { agentParty, userParty, type ImHub } from './hub';
import { checkContent, requireAgentsOwn, type OwnsImages } from './content-rules';
import { messageFrame } from './sockets';
import { storeAssistantMessages, storeMessage, type AssistantContent, type AssistantNotice } from './store';

/**
 * The messaging service both ends send through (the portal's routes, the agent desk, 优居找房助手's alerts): checked,
 * stored, pushed to both ends on every instance, and greeted by an absent agent's auto-reply.
 */
/** The greeting of an agent whose desk is closed (the auto-reply: a message is never left unanswered). */
export const autoReplyText = (agentName: string) =>
  `您好，我是${agentName}，现在不在线。您的消息我已收到，上线后会第一时间回复您。`;

export interface SendInput {
  userId: number;
  agentUserId: number;
  from: 'user' | 'agent';
  /** The `content` JSON string of the send. */
  raw: string;
  clientMsgId?: string | undefined;
  ownsImages: OwnsImages;
  /** StoreInput.agentAtWork: a user's send reaches only an agent at work. */
  agentAtWork?: boolean;
}

/**
 * The one way a message goes out, from either end: checked (spec §5), stored with its seq, pushed to both
 * ends' sockets on every instance, and — for a user's message to an agent whose desk is closed — answered by
 * the agent's auto-reply (once a conversation in 24 h).
 */
export interface ImService {
  hub: ImHub;
  send(input: SendInput): Promise<ImMessage>;
  /**
   * 优居找房助手's message to a user, stored and pushed as any other; `clientMsgId` makes it once: the same id again
   * answers the stored message and pushes nothing (null).
   */
  notify(userId: number, content: AssistantContent, clientMsgId: string): Promise<ImMessage | null>;
  /**
   * Many of notify's messages (the alerts worker's digests), stored in one statement and then pushed, each user's in
   * the order given; as notify, one whose client id was used already is stored once (null here) and not pushed.
   */
  notifyMany(notices: readonly AssistantNotice[]): Promise<(ImMessage | null)[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The messaging service (app.ts): the agent desk's routes and the tests reach the hub through it. */
    im: ImService;
  }
}

export function createImService(
  db: Db,
  hub: ImHub,
  words: readonly string[],
  log: FastifyBaseLogger,
  line: VirtualLine,
): ImService {
  const push = (message: ImMessage, userId: number, agentUserId: number) =>
    hub.deliver([userParty(userId), agentParty(agentUserId)], messageFrame(message));

  /**
   * When each conversation's latest auto-reply known here was stored: within IM_AUTO_REPLY_INTERVAL_MS of it no
   * other is due, so the database is not asked again on every message to an agent who is away. It only ever
   * skips a greeting that exists; one stored by another instance is found by the query, then known here too.
   */
  const greeted = new LRUCache<string, number>({ max: 100_000 });
  const greetedRecently = (key: string) => (greeted.get(key) ?? -Infinity) > Date.now() - IM_AUTO_REPLY_INTERVAL_MS;

  async function autoReply(userId: number, agentUserId: number): Promise<void> {
    const key = `${userId}:${agentUserId}`;
    if (greetedRecently(key)) return;
    if (await hub.isOnline(agentParty(agentUserId))) return;
    const [recent] = await db
      .select({ createdAt: imMessages.createdAt })
      .from(imMessages)
      .innerJoin(imConversations, eq(imConversations.id, imMessages.conversationId))
      .where(
        and(
          eq(imConversations.userId, userId),
          eq(imConversations.agentUserId, agentUserId),
          eq(imMessages.fromUser, false),
          sql`${imMessages.content} ? 'auto'`,
          gt(imMessages.createdAt, new Date(Date.now() - IM_AUTO_REPLY_INTERVAL_MS)),
        ),
      )
      .orderBy(desc(imMessages.createdAt))
      .limit(1);
    if (recent) {
      greeted.set(key, recent.createdAt.getTime());
      return;
    }
    const [agent] = await db.select({ name: agents.name }).from(agents).where(eq(agents.userId, agentUserId));
    if (!agent) return;
    const { message, fresh } = await storeMessage(db, {
      userId,
      agentUserId,
      from: 'agent',
      content: { layout: IM_LAYOUT.TEXT, msgDetail: autoReplyText(agent.name), auto: true },
    });
    greeted.set(key, new Date(message.createdAt).getTime());
    if (fresh) push(message, userId, agentUserId);
  }

  /**
   * On agreeing to share a phone number, the reply carries a number to call the replier on: a user's own mobile
   * (the user gives it to this agent), and for an agent a virtual number bound to that agent and that user for 30
   * days (contracts/agent.ts) — an agent's own mobile is in no answer, the chat's included: a chat is one click
   * away for any logged-in user, so the agent's real number here would be collected as 拨打电话's was.
   */
  async function withMobile(content: ImContent, input: SendInput): Promise<ImContent> {
    if (content.layout !== IM_LAYOUT.PHONE_REPLY || !content.layoutDetail.agree) return content;
    if (input.from === 'user') {
      const [row] = await db.select({ mobile: users.mobile }).from(users).where(eq(users.id, input.userId));
      return { ...content, layoutDetail: { ...content.layoutDetail, mobile: row?.mobile ?? '' } } as ImContent;
    }
    const [agent] = await db.select({ id: agents.id }).from(agents).where(eq(agents.userId, input.agentUserId));
    if (!agent) return content;
    const binding = await bindingFor(db, line, agent.id, chatUserKey(input.userId), new Date());
    return { ...content, layoutDetail: { ...content.layoutDetail, virtualNumber: toVirtualNumber(line, binding) } } as ImContent;
  }

  /** ImService.notify: the assistant's one message, stored and pushed once. */
  async function notify(userId: number, content: AssistantContent, clientMsgId: string): Promise<ImMessage | null> {
    const { message, fresh } = await storeMessage(db, {
      userId,
      agentUserId: IM_ASSISTANT_USER_ID,
      from: 'agent',
      content,
      clientMsgId,
    });
    if (!fresh) return null;
    push(message, userId, IM_ASSISTANT_USER_ID);
    return message;
  }

  return {
    hub,
    notify,
    async notifyMany(notices) {
      if (notices.length === 0) return [];
      const stored = await storeAssistantMessages(db, notices);
      if (!stored) {
        // A client id of these was used already (a digest sent before a restart): one by one, each once.
        const out: (ImMessage | null)[] = [];
        for (const n of notices) out.push(await notify(n.userId, n.content, n.clientMsgId));
        return out;
      }
      for (const message of stored) push(message, message.receiverId, IM_ASSISTANT_USER_ID);
      return stored;
    },
    async send(input) {
      const checked = await checkContent(db, words, input.ownsImages, input.raw);
      if (input.from === 'agent') await requireAgentsOwn(db, input.agentUserId, checked);
      // An agent's card is the agent's to send (spec §3 211); a user's would be a card of someone else.
      else if (checked.layout === IM_LAYOUT.AGENT_CARD) throw badRequest('content.layout: 名片只能由经纪人发送');
      const content = await withMobile(checked, input);
      const { message, fresh } = await storeMessage(db, {
        userId: input.userId,
        agentUserId: input.agentUserId,
        from: input.from,
        content,
        clientMsgId: input.clientMsgId,
        agentAtWork: input.agentAtWork,
      });
      if (!fresh) {
        // A resend of a stored message (its own client id): the first try may have been stored and its push
        // lost (the instance died in between, its answer with it), so the push goes out again. Clients ignore
        // a copy they hold; the receiver would otherwise see it only at its next reconnect or gap.
        if (input.clientMsgId !== undefined && message.clientMsgId === input.clientMsgId)
          push(message, input.userId, input.agentUserId);
        return message;
      }
      push(message, input.userId, input.agentUserId);
      if (input.from === 'user') {
        // The visitor's message is stored and answered whatever becomes of the greeting.
        await autoReply(input.userId, input.agentUserId).catch((err: unknown) => log.error({ err }, 'im auto-reply failed'));
      }
      return message;
    },
  };
}
