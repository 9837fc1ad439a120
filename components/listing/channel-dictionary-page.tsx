import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { channelIsOn, dictionaryPath, type ChannelDef } from '@contracts/channels';
import { JsonLd } from '@/components/seo/json-ld';
import { channelPageSeo } from '@/lib/server/seo';
import { fetchDictionary } from '@/lib/api/endpoints';
import { publicContext, rethrowAsPage } from '@/lib/server/api';
import { getCity } from '@/lib/server/city-data';
import { messages } from '@/lib/messages';
import { PlaceDictionary } from './place-dictionary';

interface DictionaryPageProps {
  params: Promise<{ city: string }>;
}

/**
 * A channel's /dictionary route, whole (spec §2: every channel has one): `channelDictionaryPage(CHANNELS.rent)`
 * in `app/(desktop)/[city]/(default)/zufang/dictionary/page.tsx` is all a channel adds. The 404 page where the city does not
 * have the channel, as on its list.
 */
export function channelDictionaryPage(channel: ChannelDef) {
  // The page and its metadata ask once per request (and the API client keeps the answer: CACHEABLE_PATHS).
  const load = cache(async (domain: string) => {
    const city = await getCity(domain);
    // An unknown city is the [city] layout's all-cities page, as on the list.
    if (!city) return null;
    if (!channelIsOn(city, channel.code)) notFound();
    const dictionary = await fetchDictionary(await publicContext(), city.cityCode, channel.code).catch(rethrowAsPage);
    return { city, dictionary };
  });

  async function generateMetadata({ params }: DictionaryPageProps): Promise<Metadata> {
    const loaded = await load((await params).city);
    if (!loaded) return {};
    return seoOf(loaded).metadata;
  }

  function seoOf({ city, dictionary }: NonNullable<Awaited<ReturnType<typeof load>>>) {
    const title = messages.dictionaryTitle(city.cityName, messages.channelNames[channel.code], dictionary.named);
    const count = (key: 'districts' | 'businessAreas' | 'places') => dictionary.groups.reduce((n, g) => n + g[key].length, 0);
    const placeWord = dictionary.named === 'project' ? messages.channelNames.new : messages.channelNames.estate;
    const description = messages.seo.dictionary(title, count('districts'), count('businessAreas'), count('places'), placeWord);
    return channelPageSeo(city, channel, dictionaryPath(channel.code), title, description);
  }

  async function Page({ params }: DictionaryPageProps) {
    const loaded = await load((await params).city);
    if (!loaded) return null;
    const { city, dictionary } = loaded;
    return (
      <>
        <JsonLd data={seoOf(loaded).jsonLd} />
        <PlaceDictionary channel={channel} cityName={city.cityName} dictionary={dictionary} />
      </>
    );
  }

  return { generateMetadata, Page };
}
