import type { Metadata } from 'next';
import { ChannelNews } from '@/components/news/channel-news';
import { notFound, permanentRedirect } from 'next/navigation';
import { cache, type ReactNode } from 'react';
import type { AlertSearchAdd } from '@contracts/alerts';
import { channelIsOn, type ChannelDef } from '@contracts/channels';
import type { ChannelCode } from '@contracts/constants';
import type { CallContext } from '@/lib/api/core';
import { rethrowAsPage, publicContext } from '@/lib/server/api';
import { getCity } from '@/lib/server/city-data';
import { searchedWords, similarSearches } from '@/lib/server/similar-searches';
import { listSeo } from '@/lib/server/seo';
import { JsonLd } from '@/components/seo/json-ld';
import {
  formatListPath,
  nonCanonicalListPath,
  parseSearchPath,
  toListQuery,
  type ListRequest,
  type SearchQuery,
} from '@/lib/search-path';
import { messages } from '@/lib/messages';
import { chosenConditions } from './condition-chips';
import type { ChannelFilters, Conditions } from './channel-filters';
import { ChannelList } from './channel-list';

/**
 * A channel's list page: its filters (the description its options page shares, ./channel-filters.ts), its list
 * call and its card.
 */
export interface ChannelListPageOptions<
  C extends Conditions,
  T extends { id: number },
  Code extends ChannelCode,
> extends ChannelFilters<C, Code> {
  fetchList: (
    ctx: CallContext,
    query: ListRequest<Code>,
  ) => Promise<{ total: number; page: number; pageSize: number; list: T[] }>;
  card: (item: T, eager: boolean) => ReactNode;
}

/**
 * The list as 订阅 saves it (contracts/alerts.ts): its list request without page and sort, its address on page 1
 * in the default order, and a name made from its conditions (`北京二手房 · 朝阳 · 300-500万`).
 */
function savedSearchOf(
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

interface ListPageProps {
  params: Promise<{ city: string; slug?: string[] }>;
}

/**
 * A channel's list route, whole: metadata and page. A route file says which filters (the channel's description
 * under ./filters/), which list call and which card (a new channel is a description, a table and a card).
 */
export function channelListPage<C extends Conditions, T extends { id: number }, Code extends ChannelCode>({
  channel,
  fetchConditions,
  fetchList,
  rows,
  card,
}: ChannelListPageOptions<C, T, Code>) {
  /**
   * The list a page shows, loaded once for the page and its metadata (react cache): the 404 page for a channel the
   * city does not have, the one address (308) for another spelling of the same list.
   */
  const loadList = cache(async (domain: string, slugKey: string) => {
    const slug = slugKey === '' ? undefined : slugKey.split('/');
    const city = await getCity(domain);
    if (!city) return null;
    // A channel the city does not have is no page of it (spec §3 city flags).
    if (!channelIsOn(city, channel.code)) notFound();
    // Under the detail prefix is no list: `/loupan/xiangqing/12/foo` (no such sub-page) is a 404, not the list.
    if (`${channel.listPath}${(slug ?? []).join('/')}/`.startsWith(channel.detailPrefix)) notFound();
    // One address per list: `/xiaoqu/x/`, `/ershoufang/p3p3/` or `/loupan/pg999999/` go to the list they mean.
    const canonical = nonCanonicalListPath(channel, slug);
    if (canonical) permanentRedirect(canonical);
    const query = parseSearchPath(channel, slug);
    const ctx = await publicContext();
    const [conditions, result] = await Promise.all([
      fetchConditions(ctx, city.cityCode),
      fetchList(ctx, toListQuery(city.cityCode, channel, query)),
    ]).catch(rethrowAsPage);
    const conditionWords = chosenConditions(channel, query, rows(conditions), conditions.districts, conditions.subwayLines).map(
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
    return { city, query, conditions, result, ctx, seo, subscribe };
  });
  const load = async ({ params }: ListPageProps) => {
    const { city: domain, slug } = await params;
    return loadList(domain, (slug ?? []).join('/'));
  };

  async function generateMetadata(props: ListPageProps): Promise<Metadata> {
    return (await load(props))?.seo.metadata ?? {};
  }

  async function ListPage(props: ListPageProps) {
    const loaded = await load(props);
    if (!loaded) return null;
    const { city, query, conditions, result, ctx, seo, subscribe } = loaded;
    const similar =
      result.list.length === 0
        ? await similarSearches(
            ctx,
            city.cityCode,
            channel,
            searchedWords(query, conditions.districts, conditions.subwayLines),
            query,
          )
        : [];
    return (
      <>
        <JsonLd data={seo.jsonLd} />
        <ChannelList
          channel={channel}
          cityName={city.cityName}
          query={query}
          result={result}
          districts={conditions.districts}
          subwayLines={conditions.subwayLines}
          rows={rows(conditions)}
          sorts={conditions.sorts}
          card={card}
          similar={similar}
          subscribe={subscribe}
        />
        <ChannelNews city={city} channel={channel.code} />
      </>
    );
  }

  return { generateMetadata, ListPage };
}
