import 'server-only';
import { notFound, permanentRedirect } from 'next/navigation';
import { cache } from 'react';
import type { AlertSearchAdd } from '@contracts/alerts';
import { channelIsOn, type ChannelDef } from '@contracts/channels';
import type { City } from '@contracts/city';
import type { ChannelCode } from '@contracts/constants';
import type { CallContext } from '@/lib/api/core';
import type { ChannelFilters, Conditions, FilterRow } from '@/lib/listing/channel-filters';
import { chosenConditions } from '@/lib/listing/condition-chips';
import { messages } from '@/lib/messages';
import {
  formatListPath,
  nonCanonicalListPath,
  parseSearchPath,
  toListQuery,
  type ListRequest,
  type SearchQuery,
} from '@/lib/search-path';
import { rethrowAsPage, publicContext } from '@/lib/server/api';
import { getCity } from '@/lib/server/city-data';
import { listSeo, type Seo } from '@/lib/server/seo';
import { searchedWords, similarSearches } from '@/lib/server/similar-searches';

/** One page of a channel's list, as its list call answers. */
export interface ListResult<T> {
  total: number;
  page: number;
  pageSize: number;
  list: T[];
}

/**
 * What a channel's list page loads, whatever front draws it: its filters (the description its options page shares,
 * components/listing/filters/) and its list call.
 */
export interface ListSource<C extends Conditions, T extends { id: number }, Code extends ChannelCode> extends ChannelFilters<
  C,
  Code
> {
  fetchList: (ctx: CallContext, query: ListRequest<Code>) => Promise<ListResult<T>>;
}

/** A list page's data: everything a front needs to draw it and its metadata, nothing of how. */
export interface ListPageData<C extends Conditions, T extends { id: number }> {
  channel: ChannelDef;
  city: City;
  query: SearchQuery;
  conditions: C;
  /** The channel's filter rows over this city's conditions, in the filter bar's order. */
  rows: FilterRow[];
  result: ListResult<T>;
  seo: Seo;
  /** The list as 订阅 saves it. */
  subscribe: AlertSearchAdd;
}

/**
 * What a list path is: `notFound` (a channel the city does not have, a path under the detail prefix), `redirect` to
 * the list's one address (308), or the list it asks for.
 */
export type ListAddress = { kind: 'notFound' } | { kind: 'redirect'; to: string } | { kind: 'list'; query: SearchQuery };

export function listAddress(city: City, channel: ChannelDef, slug: string[] | undefined): ListAddress {
  // A channel the city does not have is no page of it (spec §3 city flags).
  if (!channelIsOn(city, channel.code)) return { kind: 'notFound' };
  // Under the detail prefix is no list: `/loupan/xiangqing/12/foo` (no such sub-page) is a 404, not the list.
  if (`${channel.listPath}${(slug ?? []).join('/')}/`.startsWith(channel.detailPrefix)) return { kind: 'notFound' };
  // One address per list: `/xiaoqu/x/`, `/ershoufang/p3p3/` or `/loupan/pg999999/` go to the list they mean.
  const canonical = nonCanonicalListPath(channel, slug);
  if (canonical) return { kind: 'redirect', to: canonical };
  return { kind: 'list', query: parseSearchPath(channel, slug) };
}

/**
 * The list as 订阅 saves it (contracts/alerts.ts): its list request without page and sort, its address on page 1
 * in the default order, and a name made from its conditions (`北京二手房 · 朝阳 · 300-500万`).
 */
export function savedSearchOf(
  city: { cityCode: string; cityName: string },
  channel: ChannelDef,
  query: SearchQuery,
  words: string[],
): AlertSearchAdd {
  // A saved search is the list, not a page of it: no city (its own field), page or sort among its conditions.
  const conditions = Object.fromEntries(
    Object.entries(toListQuery(city.cityCode, channel, query)).filter(([k]) => !['cityCode', 'page', 'sort'].includes(k)),
  );
  const keyword = query.keyword ? [`“${query.keyword}”`] : [];
  const name = [`${city.cityName}${messages.channelNames[channel.code]}`, ...words, ...keyword].join(' · ');
  return {
    cityCode: city.cityCode,
    channel: channel.code,
    query: conditions,
    path: formatListPath(channel, { ...query, page: undefined, sort: undefined }),
    name: name.length > 80 ? `${name.slice(0, 79)}…` : name,
  };
}

/**
 * The loader of a channel's list pages, made once per route module: `load(domain, slug)` answers the page's data,
 * once per request for the page and its metadata (react cache); `null` for an unknown city (the [city] layout's
 * all-cities page), the 404 page or the 308 as `listAddress` decides.
 */
export function listPageLoader<C extends Conditions, T extends { id: number }, Code extends ChannelCode>(
  source: ListSource<C, T, Code>,
) {
  const { channel, fetchConditions, fetchList, rows } = source;
  const loadOnce = cache(async (domain: string, slugKey: string): Promise<ListPageData<C, T> | null> => {
    const city = await getCity(domain);
    if (!city) return null;
    const address = listAddress(city, channel, slugKey === '' ? undefined : slugKey.split('/'));
    if (address.kind === 'notFound') notFound();
    if (address.kind === 'redirect') permanentRedirect(address.to);
    const { query } = address;
    const ctx = await publicContext();
    const [conditions, result] = await Promise.all([
      fetchConditions(ctx, city.cityCode),
      fetchList(ctx, toListQuery(city.cityCode, channel, query)),
    ]).catch(rethrowAsPage);
    const filterRows = rows(conditions);
    const conditionWords = chosenConditions(channel, query, filterRows, conditions.districts, conditions.subwayLines).map(
      (c) => c.label,
    );
    const seo = listSeo(city, channel, {
      path: formatListPath(channel, query),
      conditions: conditionWords,
      keyword: query.keyword,
      total: result.total,
      page: query.page ?? 1,
    });
    const subscribe = savedSearchOf(city, channel, query, conditionWords);
    return { channel, city, query, conditions, rows: filterRows, result, seo, subscribe };
  });
  // The slug as one string: react cache compares its arguments by identity, and each call has a new array.
  return (domain: string, slug: string[] | undefined) => loadOnce(domain, (slug ?? []).join('/'));
}

/**
 * What an empty list offers instead: similar searches with their counts (lib/server/similar-searches.ts), none for
 * a list with results. Not part of the page's data: its metadata does not need these calls.
 */
export async function similarSearchesOf<C extends Conditions, T extends { id: number }>(page: ListPageData<C, T>) {
  if (page.result.list.length > 0) return [];
  const { city, channel, query, conditions } = page;
  return similarSearches(
    await publicContext(),
    city.cityCode,
    channel,
    searchedWords(query, conditions.districts, conditions.subwayLines),
    query,
  );
}
