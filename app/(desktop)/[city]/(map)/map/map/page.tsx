import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { channelIsOn } from '@contracts/channels';
import type { MapChannel } from '@contracts/map-constants';
import '@/components/map/map-entry.css';
import { messages } from '@/lib/messages';
import { JsonLd } from '@/components/seo/json-ld';
import { getCity } from '@/lib/server/city-data';
import { seoFor } from '@/lib/server/seo';
import type { City } from '@contracts/city';

interface Props {
  params: Promise<{ city: string }>;
}

const TITLE = '地图找房';

const entrySeo = (city: City) =>
  seoFor({
    city,
    path: '/map/map',
    name: TITLE,
    description: messages.seo.map(
      city.cityName,
      ENTRIES.filter((e) => channelIsOn(city, e.channel)).map((e) => e.name),
    ),
  });

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const city = await getCity((await params).city);
  return city ? entrySeo(city).metadata : {};
}

const ENTRIES: { channel: MapChannel; name: string; map: string; list: string }[] = [
  { channel: 'esf', name: '二手房', map: '/map?type=0', list: '/map/ershoufangOrzufang?type=0' },
  { channel: 'new', name: '新房', map: '/map/mapForNewHouse?type=1', list: '/map/newHouse?type=1' },
  { channel: 'rent', name: '租房', map: '/map?type=2', list: '/map/ershoufangOrzufang?type=2' },
];

/** `/map/map`: the entry that chooses: each channel of the city, on the full map or as a list beside the map. */
export default async function MapEntryPage({ params }: Props) {
  const city = await getCity((await params).city);
  if (!city) notFound();
  return (
    <div className="container map-entry">
      <JsonLd data={entrySeo(city).jsonLd} />
      <h1>
        {city.cityName}
        {TITLE}
      </h1>
      <ul>
        {ENTRIES.filter((e) => channelIsOn(city, e.channel)).map((e) => (
          <li key={e.channel}>
            <h2>{e.name}</h2>
            <Link href={e.map}>{`${e.name}地图`}</Link>
            <Link href={e.list}>{`${e.name}列表找房`}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
