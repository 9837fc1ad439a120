import 'server-only';
import type { ChannelDef } from '@contracts/channels';
import type { Suggestion } from '@contracts/search';
import type { CallContext } from '@/lib/api/core';
import { fetchSuggestions } from '@/lib/api/endpoints';
import { formatListPath, suggestionPath, type SearchQuery } from '@/lib/search-path';

interface Place {
  id: number;
  name: string;
  children: { id: number; name: string }[];
}

/** How many searches an empty result offers, and how many shorter forms of the words it tries. */
const SHOWN = 6;
const TRIES = 4;

/**
 * What the visitor searched for, in words: the keyword, else the name of the place chosen in the filter bar (the
 * most precise one: a station before its line, a business area before its district). None for a community chosen
 * without its name, or no place at all.
 */
export function searchedWords(query: SearchQuery, districts: Place[], subwayLines: Place[]): string | undefined {
  if (query.keyword) return query.keyword;
  const line = subwayLines.find((l) => l.id === query.lineId);
  const district = districts.find((d) => d.id === query.districtId);
  return (
    line?.children.find((s) => s.id === query.stationId)?.name ??
    line?.name ??
    district?.children.find((a) => a.id === query.businessAreaId)?.name ??
    district?.name
  );
}

/**
 * The similar searches an empty list offers: the channel's suggestions for what was searched, or for ever shorter
 * beginnings of it (`望京西园9号院` → `望京西园9号` → …) until some are found. Every suggestion names a place
 * with some of the channel's records and shows how many (backend suggestions.ts), so each link leads to a list
 * that is not empty. A failed call leaves the empty list without them.
 */
export async function similarSearches(
  ctx: CallContext,
  cityCode: string,
  channel: ChannelDef,
  words: string | undefined,
  current: SearchQuery,
): Promise<{ suggestion: Suggestion; path: string }[]> {
  const chars = [...(words?.trim() ?? '')];
  const here = formatListPath(channel, current);
  for (let n = chars.length; n > 0 && n > chars.length - TRIES; n--) {
    const keyword = chars.slice(0, n).join('').trim();
    if (!keyword) continue;
    let found: Suggestion[];
    try {
      found = await fetchSuggestions(ctx, { cityCode, channelCode: channel.code, keyword });
    } catch {
      return [];
    }
    const offered = found
      .map((suggestion) => ({ suggestion, path: suggestionPath(channel, suggestion) }))
      .filter((s) => s.path !== here);
    if (offered.length > 0) return offered.slice(0, SHOWN);
  }
  return [];
}
