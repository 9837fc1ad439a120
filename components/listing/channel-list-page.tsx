import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { channelIsOn } from '@contracts/channels';
import type { ChannelCode } from '@contracts/constants';
import type { CallContext } from '@/lib/api/core';
import { rethrowAsPage, publicContext } from '@/lib/server/api';
import { getCity } from '@/lib/server/city-data';
import { searchedWords, similarSearches } from '@/lib/server/similar-searches';
import { messages } from '@/lib/messages';
import { nonCanonicalListPath, parseSearchPath, toListQuery, type ListRequest } from '@/lib/search-path';
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
  async function generateMetadata({ params }: ListPageProps): Promise<Metadata> {
    const { city: domain } = await params;
    const city = await getCity(domain);
    return {
      title: city ? messages.pageTitle(`${city.cityName}${messages.channelNames[channel.code]}`, city.cityName) : undefined,
    };
  }

  async function ListPage({ params }: ListPageProps) {
    const { city: domain, slug } = await params;
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
      />
    );
  }

  return { generateMetadata, ListPage };
}
