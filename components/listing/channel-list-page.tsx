import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { channelIsOn, type ChannelDef } from '@contracts/channels';
import type { CallContext } from '@/lib/api/core';
import { rethrowAsPage, publicContext } from '@/lib/api/server';
import { getCity } from '@/lib/city-data';
import { messages } from '@/lib/messages';
import { parseSearchPath, toListQuery, type ListRequest } from '@/lib/search-path';
import { ChannelList } from './channel-list';
import type { FilterRow } from './filter-bar';

type Place = { id: number; name: string; children: { id: number; name: string }[] };

/** What a channel's conditions answer has beyond its own filters: places and sorts. */
interface Conditions {
  districts: Place[];
  subwayLines: Place[];
  sorts: { code: number; label: string }[];
}

export interface ChannelListPageOptions<C extends Conditions, T extends { id: number }> {
  channel: ChannelDef;
  fetchConditions: (ctx: CallContext, cityCode: string) => Promise<C>;
  fetchList: (ctx: CallContext, query: ListRequest) => Promise<{ total: number; page: number; pageSize: number; list: T[] }>;
  /** The channel's filter rows, from its conditions answer (labels in lib/messages.ts). */
  rows: (conditions: C) => FilterRow[];
  card: (item: T) => ReactNode;
}

interface ListPageProps {
  params: Promise<{ city: string; slug?: string[] }>;
}

/**
 * A channel's list route, whole: metadata and page. A route file says which channel, which calls, which
 * filter rows and which card (issue 6: a new channel is a description, a table and a card).
 */
export function channelListPage<C extends Conditions, T extends { id: number }>({ channel, fetchConditions, fetchList, rows, card }: ChannelListPageOptions<C, T>) {
  async function generateMetadata({ params }: ListPageProps): Promise<Metadata> {
    const { city: domain } = await params;
    const city = await getCity(domain);
    return { title: city ? messages.pageTitle(`${city.cityName}${messages.channelNames[channel.code]}`, city.cityName) : undefined };
  }

  async function ListPage({ params }: ListPageProps) {
    const { city: domain, slug } = await params;
    const city = await getCity(domain);
    if (!city) return null;
    // A channel the city does not have is no page of it (spec §3 city flags).
    if (!channelIsOn(city, channel.code)) notFound();
    const query = parseSearchPath(channel, slug);
    const ctx = await publicContext();
    const [conditions, result] = await Promise.all([fetchConditions(ctx, city.cityCode), fetchList(ctx, toListQuery(city.cityCode, channel, query))]).catch(rethrowAsPage);
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
      />
    );
  }

  return { generateMetadata, ListPage };
}
