import { z } from 'zod';
import { id, int, INT4_MAX } from './fields';
import type { VirtualNumber } from './virtual-number';

/**
 * 在线咨询 (spec §7 "Instant-messaging service"): a logged-in user chats with an agent. The sender is
 * always the session's user (never a field); the target is the agent's IM identity, agents.userId. Every message
 * is stored with a server id and a per-conversation `seq` before the sender is answered; the live socket
 * (`/api/register`) pushes it to the receiver's open connections, and `/api/history` gives what a reconnecting
 * client missed after its last seq. Layouts are spec §3's.
 */

// The constants live zod-free in ./im-constants.ts, so the browser's chat imports them without the schemas.
export * from './im-constants';
import { IM_CONTENT_MAX, IM_HISTORY_MAX, IM_LAYOUT } from './im-constants';

/** A send's own id (a UUID, or any id of letters, digits, `_` and `-`): its resend key. */
const clientMsgId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'clientMsgId: 1-64 letters, digits, _ or -')
  .optional();

const appId = z.string().max(64).optional();
const endType = z.union([z.literal(2), z.literal('2')]).optional();

/**
 * The `content` JSON string of a send, per layout: 101 { msgDetail }, 121 { msgList: upload keys of the sender },
 * 201 { layoutDetail: { businessType 1 二手房 | 2 租房, listingId } }, 20001 {}, 21001 { layoutDetail: { requestId,
 * agree } } answering a 20001 sent to the caller once, 211 { layoutDetail: { agentUserId } }.
 */
export const imContentSchema = z.discriminatedUnion('layout', [
  z.strictObject({ layout: z.literal(IM_LAYOUT.TEXT), msgDetail: z.string().max(2000) }),
  z.strictObject({ layout: z.literal(IM_LAYOUT.IMAGE), msgList: z.array(z.string().min(1).max(300)).min(1).max(100) }),
  z.strictObject({
    layout: z.literal(IM_LAYOUT.PROPERTY),
    layoutDetail: z.strictObject({ businessType: int(1, 2), listingId: id() }),
  }),
  z.strictObject({ layout: z.literal(IM_LAYOUT.PHONE_REQUEST) }),
  z.strictObject({
    layout: z.literal(IM_LAYOUT.PHONE_REPLY),
    layoutDetail: z.strictObject({ requestId: id(), agree: z.boolean() }),
  }),
  z.strictObject({ layout: z.literal(IM_LAYOUT.AGENT_CARD), layoutDetail: z.strictObject({ agentUserId: id() }) }),
]);
export type ImContent = z.output<typeof imContentSchema>;

/**
 * A stored property card's layoutDetail (201): the service adds what the card shows, as it was when sent. The
 * link is `pcUrl` on the city's host (`cityDomain`).
 */
export interface ImPropertyCard {
  businessType: 1 | 2;
  listingId: number;
  title: string;
  coverUrl: string;
  /** e.g. "3室2厅 89.5㎡". */
  layoutText: string;
  /** e.g. "520万" or "6500元/月". */
  priceText: string;
  cityDomain: string;
  pcUrl: string;
}

/**
 * A stored phone reply's layoutDetail (21001), only when agreed: a user's reply carries the user's own `mobile`
 * (the user gives it to this agent); an agent's carries a `virtualNumber` bound to that agent and that user
 * (contracts/agent.ts), never the agent's own mobile, which is in no answer.
 */
export interface ImPhoneReply {
  requestId: number;
  agree: boolean;
  mobile?: string;
  virtualNumber?: VirtualNumber;
}

/** POST /api/message (spec §7). `clientMsgId`: a resend with the same id answers the stored message. */
export const imSendRequestSchema = z.object({
  appId,
  senderAppId: z.string().max(64).optional(),
  messageType: z.literal(1).optional(),
  channelType: z.literal(1).optional(),
  sourceId: z.union([z.string().max(64), z.number()]).optional(),
  targetId: z.array(id()).length(1, 'targetId must name exactly one agent userId'),
  deliveryMode: z.literal(2).optional(),
  title: z.string().max(100).optional(),
  brief: z.string().max(200).optional(),
  content: z.string().min(1).max(IM_CONTENT_MAX),
  clientMsgId,
  /** The user the sending screen shows (optional): another than the session's is 409 IM_USER_CHANGED. */
  userId: id().optional(),
});
export type ImSendRequest = z.input<typeof imSendRequestSchema>;

export const imSendResultSchema = z.object({
  messageId: z.number().int(),
  seq: z.number().int(),
  conversationId: z.number().int(),
  createdAt: z.string(),
});
export type ImSendResult = z.infer<typeof imSendResultSchema>;

/** POST /api/received: the receiver acknowledges a pushed message (`messageId`, or `id` as the spec names it). */
export const imReceivedRequestSchema = z
  .object({
    appId,
    endType,
    id: id().optional(),
    messageId: id().optional(),
    receiverId: id().optional(),
  })
  .refine((r) => r.messageId !== undefined || r.id !== undefined, 'messageId is required');

/** POST /api/read: marks the caller's received messages read. */
export const imReadRequestSchema = z.object({
  appId,
  userId: id().optional(),
  endType,
  readMessages: z.array(id()).min(1).max(IM_HISTORY_MAX),
});

export const imLogoutRequestSchema = z.object({ appId, userId: id().optional() });

/** GET query or POST body: the caller's conversation with `targetId` after `afterSeq`, oldest first. */
export const imHistoryRequestSchema = z.strictObject({
  /** The user the asking screen shows (optional): another than the session's is 409 IM_USER_CHANGED. */
  userId: id().optional(),
  targetId: id(),
  afterSeq: int(0, INT4_MAX).default(0),
  limit: int(1, IM_HISTORY_MAX).default(50),
});

/** The WebSocket's query (spec §7). `userId` must be the session's user. */
export const imRegisterQuerySchema = z.object({ appId, userId: id(), endType });

export const imMessageSchema = z.object({
  messageId: z.number().int(),
  conversationId: z.number().int(),
  seq: z.number().int(),
  senderId: z.number().int(),
  receiverId: z.number().int(),
  /** Sent by the portal user (true) or by the agent: the widget's "mine" flag, the desk's "theirs". */
  fromUser: z.boolean(),
  /** The sender's own id of the send (its resend key): the sender's screen swaps its pending copy for this one. */
  clientMsgId: z.string().nullable(),
  layout: z.number().int(),
  content: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  receivedAt: z.string().nullable(),
  readAt: z.string().nullable(),
});
export type ImMessage = z.infer<typeof imMessageSchema>;

export const imHistorySchema = z.object({ list: z.array(imMessageSchema), nextSeq: z.number().int() });
export type ImHistory = z.infer<typeof imHistorySchema>;

export const imCountSchema = z.object({ count: z.number().int() });

/** A frame on the socket: messageType 1 carries a stored message as JSON in `messageContent`; 0 is the ping. */
export type ImFrame = { messageType: 1; messageContent: string } | { messageType: 0; content: 'Ping' };

/** A stored text may carry `auto: true`: the greeting the service sends for an agent whose desk is closed. */
export const IM_AUTO_REPLY_INTERVAL_MS = 24 * 3_600_000;

/** spec §3 "Chat thread" target info: the agent at the other end of a user's conversation. */
export const imAgentCardSchema = z.object({
  userId: z.number().int(),
  agentId: z.number().int(),
  agentName: z.string(),
  agentPhoto: z.string(),
  branchId: z.number().int(),
  branchName: z.string(),
  brandId: z.number().int(),
  brandName: z.string(),
  /** spec §3 "Agent status": 1 available, 2 left the job, 3 cannot be contacted. */
  status: z.number().int(),
});
export type ImAgentCard = z.infer<typeof imAgentCardSchema>;

/** GET /api/conversations: the caller's threads, newest first (spec §3 "Chat thread"). */
export const imThreadSchema = z.object({
  conversationId: z.number().int(),
  target: imAgentCardSchema,
  unRead: z.number().int(),
  /** The last stored seq (0: none yet); a client holding less fetches /api/history after its own. */
  lastSeq: z.number().int(),
  lastMessage: imMessageSchema.nullable(),
});
export type ImThread = z.infer<typeof imThreadSchema>;
export const imThreadListSchema = z.object({ list: z.array(imThreadSchema) });
export type ImThreadList = z.infer<typeof imThreadListSchema>;

/** GET /api/conversations?agentUserId=: one agent's card even before a first message (在线咨询 opens it). */
export const imConversationsQuerySchema = z.strictObject({ agentUserId: id().optional(), userId: id().optional() });

// ——— 经纪人工作台 (the agent desk) ———

/** POST /api/desk/login: the token an operator issued; answers the agent and sets the desk cookie. */
/** Issued tokens are this long at most (a longer one is refused before any lookup). */
export const DESK_TOKEN_MAX = 200;
/**
 * Only the length a body may have: a token of the wrong length is a wrong token, answered 401 with DESK_TOKEN_WRONG
 * like any other, so the agent reads one plain answer and never a rule about lengths.
 */
export const deskLoginRequestSchema = z.strictObject({
  token: z
    .string()
    .trim()
    .max(DESK_TOKEN_MAX * 5),
});
/** The desk's own agent (GET /api/desk/me, the login's answer). */
export const deskAgentSchema = imAgentCardSchema.extend({ cityCode: z.string(), cityName: z.string() });
export type DeskAgent = z.infer<typeof deskAgentSchema>;

/** The portal user at the other end of a desk conversation: no mobile unless they agreed to share it. */
export const deskUserSchema = z.object({ userId: z.number().int(), userName: z.string(), avatarUrl: z.string() });
export const deskThreadSchema = z.object({
  conversationId: z.number().int(),
  user: deskUserSchema,
  unRead: z.number().int(),
  lastSeq: z.number().int(),
  lastMessage: imMessageSchema.nullable(),
});
export type DeskThread = z.infer<typeof deskThreadSchema>;
export const deskThreadListSchema = z.object({ list: z.array(deskThreadSchema) });

/** GET|POST /api/desk/history: the desk's conversation with user `userId` after `afterSeq`. */
export const deskHistoryRequestSchema = z.strictObject({
  userId: id(),
  afterSeq: int(0, INT4_MAX).default(0),
  limit: int(1, IM_HISTORY_MAX).default(50),
});

/** POST /api/desk/message: the agent replies to a user who has written to them (only an existing conversation). */
export const deskSendRequestSchema = z.strictObject({
  userId: id(),
  content: z.string().min(1).max(IM_CONTENT_MAX),
  clientMsgId,
});

/** POST /api/desk/read: messages users sent this agent, read at the desk. */
export const deskReadRequestSchema = z.strictObject({ readMessages: z.array(id()).min(1).max(IM_HISTORY_MAX) });

/** GET /api/desk/listings: the agent's own homes to send as a 201 card (what the card will show, and when listed). */
export const DESK_LISTINGS_MAX = 50;
export const deskListingSchema = z.object({
  businessType: z.union([z.literal(1), z.literal(2)]),
  listingId: z.number().int(),
  title: z.string(),
  coverUrl: z.string(),
  layoutText: z.string(),
  priceText: z.string(),
  cityDomain: z.string(),
  pcUrl: z.string(),
  listedAt: z.string(),
});
export type DeskListing = z.infer<typeof deskListingSchema>;
export const deskListingListSchema = z.object({ list: z.array(deskListingSchema) });

/** POST /api/desk/image: the stored image's key (for a 121 message's msgList) and its address. */
export const deskImageSchema = z.object({ key: z.string(), url: z.string() });
export type DeskImage = z.infer<typeof deskImageSchema>;

/** Answers of the desk (copy for the desk page lives in lib/messages.ts `desk`). */
export const DESK_TOKEN_WRONG = '口令无效或已过期，请联系运营人员重新获取';
export const DESK_SESSION_ENDED = '工作台登录已失效，请重新输入口令';
export const DESK_AGENT_LEFT = '经纪人已离职，不能使用工作台';
/** An agent writes only where a user has written first (agents do not cold-message users). */
export const DESK_NO_CONVERSATION = '该用户尚未向您发起咨询';

/** POST /api/ops/desk-tokens (operator): a desk token for agent `agentId`, valid `days`. */
export const opsDeskTokenRequestSchema = z.strictObject({ agentId: id(), days: int(1, 90).default(30) });
export const opsDeskTokenResultSchema = z.object({
  agentId: z.number().int(),
  agentName: z.string(),
  token: z.string(),
  expiresAt: z.string(),
});
export type OpsDeskTokenResult = z.infer<typeof opsDeskTokenResultSchema>;
