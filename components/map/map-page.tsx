import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { channelIsOn } from '@contracts/channels';
import type { MapChannel } from '@contracts/map-constants';
import { messages } from '@/lib/messages';
import type { City } from '@contracts/city';
import { JsonLd } from '@/components/seo/json-ld';
import { getCity } from '@/lib/server/city-data';
import { seoFor } from '@/lib/server/seo';
import { MapSearchLoader } from './map-search-loader';

/** What a /map route shows (docs/web.md "Map"): its channels (the city's own of them) and its layout. */
export interface MapRoute {
  /** The route's one address without the view's query (its canonical address). */
  path: string;
  title: string;
  channels: readonly MapChannel[];
  layout: 'full' | 'list';
}

export interface MapPageProps {
  params: Promise<{ city: string }>;
}

/** The channels of the route the city has. */
const channelsOf = (route: MapRoute, city: City) => route.channels.filter((c) => channelIsOn(city, c));

/** The view in the query (centre, zoom, filters) is the visitor's: the route's own address is the canonical one. */
const mapSeo = (route: MapRoute, city: City) =>
  seoFor({
    city,
    path: route.path,
    name: route.title,
    description: messages.seo.map(
      city.cityName,
      channelsOf(route, city).map((c) => messages.channelNames[c]),
    ),
  });

export async function mapMetadata(route: MapRoute, { params }: MapPageProps): Promise<Metadata> {
  const city = await getCity((await params).city);
  return city ? mapSeo(route, city).metadata : {};
}

/**
 * A map route's page: one render for everyone (the view, channel, filters and the chosen community are read from the
 * URL in the browser), so the page cache serves it; the map itself loads in the browser only.
 */
export async function MapPage({ route, params }: { route: MapRoute } & MapPageProps) {
  const city = await getCity((await params).city);
  if (!city) notFound();
  const channels = channelsOf(route, city);
  if (channels.length === 0) notFound();
  return (
    <>
      <JsonLd data={mapSeo(route, city).jsonLd} />
      <h1 className="visually-hidden">{route.title}</h1>
      <MapSearchLoader cityCode={city.cityCode} cityName={city.cityName} channels={channels} layout={route.layout} />
    </>
  );
}
