import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CHANNELS, channelIsOn } from '@contracts/channels';
import { ChannelList } from '@/components/listing/channel-list';
import { ListingCard } from '@/components/listing/listing-card';
import { fetchEsfConditions, fetchEsfList } from '@/lib/api/endpoints';
import { rethrowAsPage, serverContext } from '@/lib/api/server';
import { getCity } from '@/lib/city-data';
import { messages } from '@/lib/messages';
import { parseSearchPath, toListQuery } from '@/lib/search-path';

const CHANNEL = CHANNELS.esf;

interface EsfListPageProps {
  params: Promise<{ city: string; slug?: string[] }>;
}

export async function generateMetadata({ params }: EsfListPageProps): Promise<Metadata> {
  const { city: domain } = await params;
  const city = await getCity(domain);
  return { title: city ? messages.pageTitle(`${city.cityName}${messages.channelNames[CHANNEL.code]}`, city.cityName) : undefined };
}

export default async function EsfListPage({ params }: EsfListPageProps) {
  const { city: domain, slug } = await params;
  const city = await getCity(domain);
  if (!city) return null;
  if (!channelIsOn(city, CHANNEL.code)) notFound();
  const query = parseSearchPath(CHANNEL, slug);
  const ctx = await serverContext();
  const [conditions, result] = await Promise.all([
    fetchEsfConditions(ctx, city.cityCode),
    fetchEsfList(ctx, toListQuery(city.cityCode, CHANNEL, query)),
  ]).catch(rethrowAsPage);
  const L = messages.filterLabels;
  return (
    <ChannelList
      channel={CHANNEL}
      cityName={city.cityName}
      query={query}
      result={result}
      districts={conditions.districts}
      subwayLines={conditions.subwayLines}
      rows={[
        { key: 'price', label: L.price, options: conditions.price },
        { key: 'area', label: L.area, options: conditions.area },
        { key: 'rooms', label: L.rooms, options: conditions.rooms },
      ]}
      sorts={conditions.sorts}
      card={(item) => <ListingCard key={item.id} item={item} />}
    />
  );
}
