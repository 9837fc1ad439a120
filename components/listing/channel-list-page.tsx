import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import type { ChannelCode } from '@contracts/constants';
import { ChannelNews } from '@/components/news/channel-news';
import { JsonLd } from '@/components/seo/json-ld';
import type { Conditions } from '@/lib/listing/channel-filters';
import { listPageLoader, similarSearchesOf, type ListSource } from '@/lib/server/list-page';
import { ChannelList } from './channel-list';

/**
 * A channel's list page on the desktop site: what it loads (lib/server/list-page.ts: its filters, its list call) and
 * the card it draws.
 */
export interface ChannelListPageOptions<
  C extends Conditions,
  T extends { id: number },
  Code extends ChannelCode,
> extends ListSource<C, T, Code> {
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
  card,
  ...source
}: ChannelListPageOptions<C, T, Code>) {
  const loadList = listPageLoader(source);
  const load = async ({ params }: ListPageProps) => {
    const { city, slug } = await params;
    return loadList(city, slug);
  };

  async function generateMetadata(props: ListPageProps): Promise<Metadata> {
    return (await load(props))?.seo.metadata ?? {};
  }

  async function ListPage(props: ListPageProps) {
    const loaded = await load(props);
    if (!loaded) return null;
    const { channel, city, query, conditions, rows, result, seo, subscribe } = loaded;
    const similar = await similarSearchesOf(loaded);
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
          rows={rows}
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
