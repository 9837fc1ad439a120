import { CHANNEL_CODES, type ChannelCode } from '@contracts/constants';
import { parseVerifyCode, normaliseVerifyCode, verifyCodeOf, isVerifiable } from '@contracts/verify-code';

/**
 * The addresses of the fixed routes `/share`, `/share.html` and `/validate` (spec §2 fixed routes), one
 * place. Each names what it is about in its query, as links from the app and from messages do; the proxy rewrites a
 * well-formed query to a path (lib/redirect-rules.ts), so each shared item and each code is one cached render:
 *
 * - `/share?type=esf&id=12` (or `/share.html?…`): the landing page of a shared listing, project, community, agent or
 *   article, served as `/share/esf/12`; `/share` alone is the city's own site to share.
 * - `/validate?code=YJ…` (or `?id=12&channel=esf`): 房源核验, served as `/validate/YJ…`; what is no code at all, a
 *   mistyped one included, as `/validate/invalid`.
 */
export const SHARE_KINDS = [...CHANNEL_CODES, 'agent', 'news'] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];
export const isShareKind = (s: string): s is ShareKind => (SHARE_KINDS as readonly string[]).includes(s);

/** The link a page gives for sharing it (the app and messages use the same query form). */
export const sharePath = (kind: ShareKind, id: number): string => `/share?type=${kind}&id=${id}`;

/** The page that answers a verification code, and the link a detail page gives to it. */
export const validatePath = (code?: string): string => (code ? `/validate?code=${encodeURIComponent(code)}` : '/validate');

/**
 * Path segment of a code no listing could have (`/validate/invalid`): one render for every such input. A code whose
 * check digits disagree goes there too: anyone can write endless such codes, and each its own address was a page kept
 * for a day.
 */
export const INVALID_CODE = 'invalid';

const ID = /^[1-9]\d{0,9}$/;

/** `/share?type=esf&id=12` → `/share/esf/12`; null when the query names no item (then `/share` is the site's card). */
export function shareQueryRoute(pathname: string, search: URLSearchParams): string | null {
  if (!/^\/share(\.html|\/)?$/.test(pathname)) return null;
  const types = search.getAll('type');
  const ids = search.getAll('id');
  if (types.length !== 1 || ids.length !== 1 || !isShareKind(types[0]!) || !ID.test(ids[0]!)) return null;
  if (Number(ids[0]) > 2_147_483_647) return null;
  return `/share/${types[0]}/${ids[0]}`;
}

/**
 * `/validate?code=…` → `/validate/{code}`, the code as the visitor typed it made canonical (any case, spaces); a
 * number with `channel` (the form's select) is that channel's listing by id. Whatever is no code at all (its check
 * digits disagree, or it is not shaped like one) goes to one address; an empty form to `/validate` itself (null). A
 * well-formed code of no current listing is the 404 page at its address (app/(desktop)/[city]/(default)/validate/[code]).
 */
export function validateQueryRoute(pathname: string, search: URLSearchParams): string | null {
  if (pathname !== '/validate' && pathname !== '/validate/') return null;
  const raw = (search.get('code') ?? search.get('id') ?? '').slice(0, 64);
  const typed = normaliseVerifyCode(raw);
  if (!typed) return null;
  if (ID.test(typed) && Number(typed) <= 2_147_483_647) {
    const channel = (search.get('channel') ?? 'esf') as ChannelCode;
    return `/validate/${isVerifiable(channel) ? verifyCodeOf(channel, Number(typed)) : INVALID_CODE}`;
  }
  return `/validate/${parseVerifyCode(typed).ok ? typed : INVALID_CODE}`;
}
