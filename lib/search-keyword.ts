import { CHANNEL_SECTIONS, type ChannelSection } from '@contracts/channel-sections';
import { Angle, KEYWORD_MAX } from '@contracts/search-constants';
import type { Suggestion } from '@contracts/search';

/**
 * The part of the list URL codec (lib/search-path.ts, where the grammar is) that the header's search needs: the place
 * and keyword segments, which every channel spells alike. The filter segment, whose tokens are the channel's own
 * filter rows, stays in the codec, so the search box and the section search do not bring the filter registry
 * (contracts/residential.ts) into every page's first load. The codec builds its place and keyword segments here.
 */

export const MAX_ID = 2_147_483_647;

export const locationTokens = [
  ['e', 'estateId'],
  ['dc', 'districtId'],
  ['ta', 'businessAreaId'],
  ['sl', 'lineId'],
  ['ss', 'stationId'],
] as const;
export type LocationField = (typeof locationTokens)[number][1];

/** A place and a keyword, the query of a search box's path. */
export type PlaceQuery = Partial<Record<LocationField, number>> & { keyword?: string };

export function safeDecode(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

/** A UTF-16 half of a character without its other half: encodeURIComponent throws on one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function cleanKeyword(k: string | undefined): string | undefined {
  if (k === undefined) return undefined;
  // KEYWORD_MAX counts UTF-16 units, as the backend does; a cut through an emoji would leave half of it.
  const t = k
    .replace(/[\u0000-\u001f\u007f/]/g, '')
    .trim()
    .slice(0, KEYWORD_MAX)
    .replace(LONE_SURROGATE, '')
    .trim();
  return t.length > 0 ? t : undefined;
}

/** The keyword of a `key…` segment (still encoded as Next hands it over, or already decoded), cleaned. */
export function keywordOfSegment(raw: string): string | undefined {
  return cleanKeyword(safeDecode(raw.slice(3)) ?? raw.slice(3));
}

/** The keyword of a list path's segments, as the codec's parseSearchPath reads it (the last `key…` of the first 12). */
export function keywordOf(segments: readonly string[]): string | undefined {
  let keyword: string | undefined;
  for (const raw of segments.slice(0, 12)) {
    if (raw.length === 0 || raw.length > 400 || !raw.startsWith('key')) continue;
    keyword = keywordOfSegment(raw) ?? keyword;
  }
  return keyword;
}

/** The place and keyword segments of a list path, each ending with `/`, in the codec's order. */
export function placeSegments(query: PlaceQuery): string[] {
  const parts: string[] = [];
  for (const [prefix, field] of locationTokens) {
    const v = query[field];
    if (v !== undefined && Number.isInteger(v) && v > 0 && v <= MAX_ID) parts.push(`${prefix}${v}`);
  }
  const kw = cleanKeyword(query.keyword);
  if (kw) parts.push(`key${encodeURIComponent(kw)}`);
  return parts;
}

function placePath(channel: Pick<ChannelSection, 'listPath'>, query: PlaceQuery): string {
  return `${channel.listPath}${placeSegments(query)
    .map((p) => `${p}/`)
    .join('')}`;
}

/** Suggestion → result path (contracts/search.ts Angle comments). */
export function suggestionPath(
  channel: Pick<ChannelSection, 'listPath'>,
  s: Pick<Suggestion, 'id' | 'name' | 'angle' | 'parentId'>,
): string {
  switch (s.angle) {
    case Angle.ESTATE:
      // spec §2 search result paths: `e{id}/` on every tab (on the 小区 tab, the list of that one community).
      return placePath(channel, { estateId: s.id });
    case Angle.DISTRICT:
      return placePath(channel, { districtId: s.id, keyword: s.name });
    case Angle.BUSINESS_AREA:
      return placePath(channel, { districtId: s.parentId || undefined, businessAreaId: s.id, keyword: s.name });
    case Angle.SUBWAY_LINE:
      return placePath(channel, { lineId: s.id, keyword: s.name });
    case Angle.SUBWAY_STATION:
      return placePath(channel, { lineId: s.parentId || undefined, stationId: s.id, keyword: s.name });
    case Angle.NEW_HOME:
      return placePath(CHANNEL_SECTIONS.new, { estateId: s.id });
    default:
      return placePath(channel, { keyword: s.name });
  }
}

/** Enter in the search box: `key{keyword}/` of the tab's list path. */
export function keywordPath(channel: Pick<ChannelSection, 'listPath'>, keyword: string): string {
  return placePath(channel, { keyword });
}
