import { and, eq, inArray } from 'drizzle-orm';
import { ResultCode } from '@contracts/envelope';
import {
  IM_IMAGES_MAX,
  IM_LAYOUT,
  IM_SENSITIVE_MESSAGE,
  IM_TEXT_MAX,
  IM_TEXT_MESSAGE,
  IM_TOO_MANY_IMAGES,
  IM_TOO_MANY_IMAGES_CODE,
  trimLineBreaks,
  imContentSchema,
  type ImContent,
  type ImPropertyCard,
} from '@contracts/im';
import type { Db } from '../../db/client';
import { agents, cities, uploads } from '../../db/schema';
import { homeChannelOf } from '@contracts/channel-sections';
import { homeModuleOf } from '../listings/channels/registry';
import { detailPath } from '@contracts/channels';
import { ApiError, badRequest, notFound } from '../../http/errors';
import { requireListing } from '../listings/visible-listing';
import { containsSensitiveWord } from './sensitive-words';

/**
 * What a send may carry (spec §5 Chat): the checks every message passes before it is stored, whichever end sends,
 * and the property card a 201 becomes. Reads the database only to check the sender's own things.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A string anywhere in the value that jsonb cannot hold: NUL, or a lone surrogate. */
function hasUnstorableText(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000') || LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.some(hasUnstorableText);
  if (value && typeof value === 'object')
    return Object.entries(value).some(([k, v]) => hasUnstorableText(k) || hasUnstorableText(v));
  return false;
}

/** Whether every one of these upload keys is the sender's own (a portal user's uploads; the desk's images). */
export type OwnsImages = (keys: string[]) => Promise<boolean>;

/** A portal user's images: rows of their own in `uploads` (called back, so checked by content). */
export const userOwnsImages =
  (db: Db, userId: number): OwnsImages =>
  async (keys) => {
    const own = await db
      .select({ key: uploads.key })
      .from(uploads)
      .where(and(eq(uploads.userId, userId), inArray(uploads.key, keys)));
    return own.length === keys.length;
  };

/**
 * What a property card shows, as it was when sent (spec §3 "Chat message" layoutDetail, pcUrl): title, cover,
 * layout and area, the price, and the detail page on its city's host. A later price change does not rewrite a
 * card already in a conversation, as a forwarded card would not.
 */
async function propertySnapshot(db: Db, businessType: 1 | 2, listingId: number): Promise<ImPropertyCard> {
  const home = homeModuleOf(businessType);
  const t = home.table;
  const price = home.price.column;
  const [row] = await db
    .select({
      id: t.id,
      title: t.title,
      coverUrl: t.coverUrl,
      area: t.area,
      rooms: t.rooms,
      halls: t.halls,
      cityDomain: cities.cityDomain,
      price,
    })
    .from(t)
    .innerJoin(cities, eq(cities.cityCode, t.cityCode))
    .where(eq(t.id, listingId));
  return propertyCardOf(businessType, row!);
}

/** The columns a property card is made of (a second-hand home's total price in 万元, a rental's rent in 元/月). */
export interface PropertyCardRow {
  id: number;
  title: string;
  coverUrl: string;
  area: number;
  rooms: number;
  halls: number;
  cityDomain: string;
  price: number;
}

/** A property card from its row: also the agent desk's list of its own listings to send (modules/im/desk.ts). */
export function propertyCardOf(businessType: 1 | 2, row: PropertyCardRow): ImPropertyCard {
  return {
    businessType,
    listingId: row.id,
    title: row.title,
    coverUrl: row.coverUrl,
    layoutText: `${row.rooms}室${row.halls}厅 ${formatWan(row.area)}㎡`,
    priceText: homeModuleOf(businessType).priceText(row.price),
    cityDomain: row.cityDomain,
    pcUrl: detailPath(homeChannelOf(businessType), row.id),
  };
}

/** A number as the portal prints it: at most two decimals, no trailing zeros. */
const formatWan = (n: number) => String(Math.round(n * 100) / 100);

/** Checks one send's content against spec §5 and the sender's own things; answers what is stored. */
export async function checkContent(db: Db, words: readonly string[], ownsImages: OwnsImages, raw: string): Promise<ImContent> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badRequest('content: 须为 JSON 字符串');
  }
  // PostgreSQL's jsonb refuses NUL and half of a surrogate pair: a 400 here, not a 500 from the insert.
  if (hasUnstorableText(parsed)) throw badRequest('content: 不能包含无法保存的字符');
  const result = imContentSchema.safeParse(parsed);
  if (!result.success) {
    // Too many images is its own answer (error code 1, copy.md), whatever else the list says.
    const list = (parsed as { layout?: unknown; msgList?: unknown } | null)?.msgList;
    if (
      (parsed as { layout?: unknown } | null)?.layout === IM_LAYOUT.IMAGE &&
      Array.isArray(list) &&
      list.length > IM_IMAGES_MAX
    ) {
      throw new ApiError(400, IM_TOO_MANY_IMAGES_CODE, IM_TOO_MANY_IMAGES);
    }
    const issue = result.error.issues[0]!;
    throw badRequest(`content${issue.path.length ? `.${issue.path.join('.')}` : ''}: ${issue.message}`);
  }
  const content = result.data;
  switch (content.layout) {
    case IM_LAYOUT.TEXT: {
      const text = trimLineBreaks(content.msgDetail);
      // Blank: nothing but spaces and invisible format characters (a zero-width space shows an empty bubble).
      if (text.replace(/[\s\p{Cf}\p{Z}]/gu, '') === '' || [...text].length > IM_TEXT_MAX) throw badRequest(IM_TEXT_MESSAGE);
      if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/.test(text))
        throw badRequest('content.msgDetail: 不能包含控制字符');
      if (containsSensitiveWord(words, text)) throw new ApiError(400, ResultCode.MESSAGE_REJECTED, IM_SENSITIVE_MESSAGE);
      return { layout: IM_LAYOUT.TEXT, msgDetail: text };
    }
    case IM_LAYOUT.IMAGE: {
      if (content.msgList.length > IM_IMAGES_MAX) throw new ApiError(400, IM_TOO_MANY_IMAGES_CODE, IM_TOO_MANY_IMAGES);
      if (!(await ownsImages([...new Set(content.msgList)]))) throw badRequest('content.msgList: 只能发送自己上传的图片');
      return { layout: IM_LAYOUT.IMAGE, msgList: content.msgList };
    }
    case IM_LAYOUT.PROPERTY: {
      const { businessType, listingId } = content.layoutDetail;
      await requireListing(db, businessType as 1 | 2, listingId);
      return {
        layout: IM_LAYOUT.PROPERTY,
        layoutDetail: await propertySnapshot(db, businessType as 1 | 2, listingId),
      } as ImContent;
    }
    case IM_LAYOUT.AGENT_CARD: {
      const [agent] = await db.select({ id: agents.id }).from(agents).where(eq(agents.userId, content.layoutDetail.agentUserId));
      if (!agent) throw notFound(`经纪人 ${content.layoutDetail.agentUserId} `);
      return content;
    }
    default:
      return content;
  }
}

/** An agent sends only their own card (211) and their own homes (201): the desk offers no other. */
export async function requireAgentsOwn(db: Db, agentUserId: number, content: ImContent): Promise<void> {
  if (content.layout === IM_LAYOUT.AGENT_CARD && content.layoutDetail.agentUserId !== agentUserId)
    throw badRequest('content.layoutDetail.agentUserId: 只能发送本人的名片');
  if (content.layout === IM_LAYOUT.PROPERTY) {
    const [agent] = await db.select({ id: agents.id }).from(agents).where(eq(agents.userId, agentUserId));
    const { agentId } = await requireListing(db, content.layoutDetail.businessType as 1 | 2, content.layoutDetail.listingId);
    if (agent?.id !== agentId) throw badRequest('content.layoutDetail.listingId: 只能发送本人的房源');
  }
}
