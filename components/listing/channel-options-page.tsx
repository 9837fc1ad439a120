import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { channelIsOn, optionsPath } from '@contracts/channels';
import type { City } from '@contracts/city';
import { JsonLd } from '@/components/seo/json-ld';
import { channelPageSeo } from '@/lib/server/seo';
import { publicContext, rethrowAsPage } from '@/lib/server/api';
import { getCity } from '@/lib/server/city-data';
import { messages } from '@/lib/messages';
import type { ChannelFilters, Conditions } from '@/lib/listing/channel-filters';
import { ChannelOptions } from './channel-options';

interface OptionsPageProps {
  params: Promise<{ city: string }>;
}

/**
 * A channel's /options route, whole (spec §2: every channel has one), from the same description its list page
 * takes (./filters/): `channelOptionsPage(rentFilters)` in `app/(desktop)/[city]/(default)/zufang/options/page.tsx`. The
 * 404 page where the city does not have the channel, as on its list.
 */
export function channelOptionsPage<C extends Conditions>({ channel, fetchConditions, rows }: ChannelFilters<C>) {
  const title = (cityName: string) => messages.optionsTitle(cityName, messages.channelNames[channel.code]);

  const load = cache(async (domain: string) => {
    const city = await getCity(domain);
    // An unknown city is the [city] layout's all-cities page, as on the list.
    if (!city) return null;
    if (!channelIsOn(city, channel.code)) notFound();
    const conditions = await fetchConditions(await publicContext(), city.cityCode).catch(rethrowAsPage);
    return { city, conditions };
  });

  /** The options page in words: how many districts and lines, and which filters (the rows' own names). */
  function seoOf({ city, conditions }: { city: City; conditions: C }) {
    const filters = rows(conditions).map((r) => r.label);
    const description = messages.seo.options(
      city.cityName,
      messages.channelNames[channel.code],
      conditions.districts.length,
      conditions.subwayLines.length,
      filters,
    );
    return channelPageSeo(city, channel, optionsPath(channel.code), title(city.cityName), description);
  }

  async function generateMetadata({ params }: OptionsPageProps): Promise<Metadata> {
    const loaded = await load((await params).city);
    return loaded ? seoOf(loaded).metadata : {};
  }

  async function Page({ params }: OptionsPageProps) {
    const loaded = await load((await params).city);
    if (!loaded) return null;
    return (
      <>
        <JsonLd data={seoOf(loaded).jsonLd} />
        <ChannelOptions
          channel={channel}
          cityName={loaded.city.cityName}
          conditions={loaded.conditions}
          rows={rows(loaded.conditions)}
        />
      </>
    );
  }

  return { generateMetadata, Page };
}
