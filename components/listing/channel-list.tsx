import Link from 'next/link';
import { CompareBar } from '@/components/compare/compare-bar';
import { SubscribeButton } from '@/components/alerts/subscribe-button';
import type { AlertSearchAdd } from '@contracts/alerts';
import type { ReactNode } from 'react';
import { dictionaryPath, optionsPath, type ChannelDef } from '@contracts/channels';
import { EAGER_CARDS } from '@/components/listing/card-layout';
import { EmptyResult, type EmptyResultProps } from '@/components/listing/empty-result';
import { ChosenConditions } from '@/components/listing/chosen-conditions';
import { chosenConditions } from '@/lib/listing/condition-chips';
import { FilterBar } from '@/components/listing/filter-bar';
import type { FilterRow } from '@/lib/listing/channel-filters';
import { Pagination } from '@/components/listing/pagination';
import { messages } from '@/lib/messages';
import { formatListPath, LIST_MAX_PAGE, type QueryPatch, type SearchQuery } from '@/lib/search-path';
import styles from './channel-list.module.css';

interface Place {
  id: number;
  name: string;
  children: { id: number; name: string }[];
}

export interface ChannelListProps<T extends { id: number }> {
  channel: ChannelDef;
  cityName: string;
  query: SearchQuery;
  result: { total: number; page: number; pageSize: number; list: T[] };
  /** What the city's conditions answer offers: places, the channel's filter rows, sorts. */
  districts: Place[];
  subwayLines: Place[];
  rows: FilterRow[];
  sorts: { code: number; label: string }[];
  /** `eager`: one of the first cards, in view on load (card-layout.tsx EAGER_CARDS). */
  card: (item: T, eager: boolean) => ReactNode;
  /** What an empty result offers instead (lib/server/similar-searches.ts). */
  similar?: EmptyResultProps['similar'];
  /** The list as 订阅 saves it (channel-list-page.tsx); every list page has the button. */
  subscribe?: AlertSearchAdd;
}

/**
 * The list page of any channel, one engine for all eight (contracts/channels.ts): filter bar, the chosen conditions
 * as chips, result count and
 * sorts, the cards, pagination, and links to the channel's dictionary and options pages (the search box is the
 * header's: components/header/section.tsx). Everything about the channel comes from its registry entry and its
 * conditions answer; the route file only fetches and says which card to draw.
 */
export function ChannelList<T extends { id: number }>({
  channel,
  cityName,
  query,
  result,
  districts,
  subwayLines,
  rows,
  sorts,
  card,
  similar = [],
  subscribe,
}: ChannelListProps<T>) {
  const pages = Math.min(LIST_MAX_PAGE, Math.ceil(result.total / result.pageSize));
  const withPatch = (patch: QueryPatch) => formatListPath(channel, { ...query, ...patch });
  const words = messages.listWords[channel.code];
  const channelName = messages.channelNames[channel.code];
  return (
    <div className="container list-page">
      <FilterBar channel={channel} query={query} districts={districts} subwayLines={subwayLines} rows={rows} />
      <ChosenConditions chips={chosenConditions(channel, query, rows, districts, subwayLines)} clearHref={channel.listPath} />
      <div className="list-page__head">
        <div className="list-page__title">
          <h1 className="result-count">
            {messages.resultCount(result.total, cityName, words?.noun ?? channelName, words?.count)}
          </h1>
          {subscribe && <SubscribeButton search={subscribe} />}
        </div>
        <div className="sort-links">
          {sorts.map((s) => (
            <Link
              key={s.code}
              href={withPatch({ sort: s.code, page: undefined })}
              className={(query.sort ?? 0) === s.code ? 'is-active' : undefined}
            >
              {s.label}
            </Link>
          ))}
        </div>
      </div>
      {result.list.length === 0 ? (
        <EmptyResult channel={channel} keyword={query.keyword} similar={similar} />
      ) : (
        <ul className="listings">{result.list.map((item, i) => card(item, i < EAGER_CARDS))}</ul>
      )}
      <Pagination page={result.page} pages={pages} href={(n) => withPatch({ page: n })} />
      {(channel.code === 'esf' || channel.code === 'rent') && <CompareBar channel={channel.code} listPath={channel.listPath} />}
      <nav className={styles.listMore} aria-label={messages.moreWays}>
        <span className="list-more__label">{messages.moreWays}</span>
        <Link href={dictionaryPath(channel.code)} prefetch={false}>
          {messages.dictionaryLink(channelName)}
        </Link>
        <Link href={optionsPath(channel.code)} prefetch={false}>
          {messages.optionsTitle('', channelName)}
        </Link>
        {(channel.code === 'esf' || channel.code === 'rent' || channel.code === 'new') && (
          <Link href="/lookhouse" prefetch={false}>
            {messages.lookhouse.title}
          </Link>
        )}
      </nav>
    </div>
  );
}
