import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { channelIsOn, type ChannelDef } from '@contracts/channels';
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
 * in `app/[city]/(default)/zufang/dictionary/page.tsx` is all a channel adds. The 404 page where the city does not
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
    const { city, dictionary } = loaded;
    return {
      title: messages.pageTitle(
        messages.dictionaryTitle(city.cityName, messages.channelNames[channel.code], dictionary.named),
        city.cityName,
      ),
    };
  }

  async function Page({ params }: DictionaryPageProps) {
    const loaded = await load((await params).city);
    if (!loaded) return null;
    const { city, dictionary } = loaded;
    return <PlaceDictionary channel={channel} cityName={city.cityName} dictionary={dictionary} />;
  }

  return { generateMetadata, Page };
}
