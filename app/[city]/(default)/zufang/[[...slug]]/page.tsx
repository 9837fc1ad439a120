import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CHANNELS, channelIsOn } from '@contracts/channels';
import { ChannelList } from '@/components/listing/channel-list';
import { RentCard } from '@/components/listing/rent-card';
import { fetchRentConditions, fetchRentList } from '@/lib/api/endpoints';
import { rethrowAsPage, serverContext } from '@/lib/api/server';
import { getCity } from '@/lib/city-data';
import { messages } from '@/lib/messages';
import { parseSearchPath, toListQuery } from '@/lib/search-path';

const CHANNEL = CHANNELS.rent;

interface RentListPageProps {
  params: Promise<{ city: string; slug?: string[] }>;
}

export async function generateMetadata({ params }: RentListPageProps): Promise<Metadata> {
  const { city: domain } = await params;
  const city = await getCity(domain);
  return { title: city ? messages.pageTitle(`${city.cityName}${messages.channelNames[CHANNEL.code]}`, city.cityName) : undefined };
}

/** 租房 list (issue 6): the channel engine with the rent filters (整租/合租, rent, area, rooms). */
export default async function RentListPage({ params }: RentListPageProps) {
  const { city: domain, slug } = await params;
  const city = await getCity(domain);
  if (!city) return null;
  if (!channelIsOn(city, CHANNEL.code)) notFound();
  const query = parseSearchPath(CHANNEL, slug);
  const ctx = await serverContext();
  const [conditions, result] = await Promise.all([
    fetchRentConditions(ctx, city.cityCode),
    fetchRentList(ctx, toListQuery(city.cityCode, CHANNEL, query)),
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
        { key: 'rentType', label: L.rentType, options: conditions.rentType },
        { key: 'rent', label: L.rent, options: conditions.rent },
        { key: 'area', label: L.area, options: conditions.area },
        { key: 'rooms', label: L.rooms, options: conditions.rooms },
      ]}
      sorts={conditions.sorts}
      card={(item) => <RentCard key={item.id} item={item} />}
    />
  );
}
