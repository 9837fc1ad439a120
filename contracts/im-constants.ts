/**
 * 在线咨询's constants (spec §5/§9), without zod: the browser's chat (lib/chat) imports them from here and
 * ships no schema library (contracts/constants.ts says why); contracts/im.ts re-exports them for everyone else.
 */

export const IM_APP_ID = 'youju';
/** spec §9: characters of a text message (after trimming leading and trailing line breaks). */
export const IM_TEXT_MAX = 140;
/** spec §9: images of one send. */
export const IM_IMAGES_MAX = 9;
/** Messages a user may send a minute. */
export const IM_SEND_LIMIT = 60;
export const IM_HISTORY_MAX = 100;
/** spec §9: the server pings an idle socket this often. */
export const IM_PING_MS = 30_000;
/** spec §5 Chat: the same property card goes to the same agent at most once in this time (the earlier one answers). */
export const IM_PROPERTY_CARD_INTERVAL_MS = 24 * 3_600_000;
/** The length of `content` (a JSON string) a send may carry. */
export const IM_CONTENT_MAX = 4000;

export const IM_LAYOUT = {
  TEXT: 101,
  IMAGE: 121,
  PROPERTY: 201,
  PHONE_REQUEST: 20001,
  PHONE_REPLY: 21001,
  AGENT_CARD: 211,
  /** 优居找房助手 only (contracts/alerts.ts): a saved search's digest of new homes. */
  ALERT_DIGEST: 301,
  /** 优居找房助手 only: a followed home's price changed, or it was sold (已成交) or taken down (下架). */
  ALERT_FOLLOW: 302,
} as const;
/** im_messages.layout: a stored message is one of these. */
export type ImLayout = (typeof IM_LAYOUT)[keyof typeof IM_LAYOUT];

/**
 * 优居找房助手's IM identity: the other end of the system conversation that delivers alerts (modules/alerts). No
 * agent has it (agents' identities are 100000 + n); a user cannot write to it.
 */
export const IM_ASSISTANT_USER_ID = 2_000_000_000;
export const IM_ASSISTANT_NAME = '优居找房助手';

/** Answers' messages (copy.md). */
export const IM_SENSITIVE_MESSAGE = '包含敏感词';
export const IM_TOO_MANY_IMAGES = `一次最多发送${IM_IMAGES_MAX}张图片`;
/** error code of too many images (spec §8 / copy.md). */
export const IM_TOO_MANY_IMAGES_CODE = 1;
export const IM_AGENT_LEFT = '经纪人已离职，请联系其他经纪人';
export const IM_AGENT_UNREACHABLE = '暂时无法联系，请联系其他经纪人';
export const IM_TEXT_MESSAGE = `消息须为1-${IM_TEXT_MAX}个字`;
export const IM_NOT_YOURS = '只能以本人身份使用在线咨询';
export const IM_PHONE_ANSWERED = '该请求已处理';
/**
 * A chat call naming a `userId` that is not the session's: a tab still showing another user's chat (its user
 * logged out elsewhere and someone else logged in). The widget reloads the page instead of mixing the two.
 */
export const IM_USER_CHANGED = '当前登录用户已变更，请刷新页面';
export const IM_USER_CHANGED_CODE = 4091001;

/** spec §5: leading and trailing line breaks do not count (inner spacing is the sender's); the service and both clients. */
export const trimLineBreaks = (text: string) => text.replace(/^[\r\n]+|[\r\n]+$/g, '');
