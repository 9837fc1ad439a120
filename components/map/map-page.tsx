import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { channelIsOn } from '@contracts/channels';
import type { MapChannel } from '@contracts/map-constants';
import { messages } from '@/lib/messages';
import { getCity } from '@/lib/server/city-data';
import { MapSearchLoader } from './map-search-loader';

/** What a /map route shows (docs/web.md "Map"): its channels (the city's own of them) and its layout. */
export interface MapRoute {
  title: string;
  channels: readonly MapChannel[];
  layout: 'full' | 'list';
}

export interface MapPageProps {
  params: Promise<{ city: string }>;
}

export async function mapMetadata(route: MapRoute, { params }: MapPageProps): Promise<Metadata> {
  const city = await getCity((await params).city);
  return city ? { title: messages.pageTitle(route.title, city.cityName) } : {};
}

/**
 * A map route's page: one render for everyone (the view, channel, filters and the chosen community are read from the
 * URL in the browser), so the page cache serves it; the map itself loads in the browser only.
 */
export async function MapPage({ route, params }: { route: MapRoute } & MapPageProps) {
  const city = await getCity((await params).city);
  if (!city) notFound();
  const channels = route.channels.filter((c) => channelIsOn(city, c));
  if (channels.length === 0) notFound();
  return (
    <>
      <h1 className="visually-hidden">{route.title}</h1>
      <MapSearchLoader cityCode={city.cityCode} channels={channels} layout={route.layout} />
    </>
  );
}
