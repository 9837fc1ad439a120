import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { channelIsOn } from '@contracts/channels';
import { publicContext, rethrowAsPage } from '@/lib/server/api';
import { getCity } from '@/lib/server/city-data';
import { messages } from '@/lib/messages';
import type { ChannelFilters, Conditions } from './channel-filters';
import { ChannelOptions } from './channel-options';

interface OptionsPageProps {
  params: Promise<{ city: string }>;
}

/**
 * A channel's /options route, whole (spec §2: every channel has one), from the same description its list page
 * takes (./filters/): `channelOptionsPage(rentFilters)` in `app/[city]/(default)/zufang/options/page.tsx`. The
 * 404 page where the city does not have the channel, as on its list.
 */
export function channelOptionsPage<C extends Conditions>({ channel, fetchConditions, rows }: ChannelFilters<C>) {
  const title = (cityName: string) => messages.optionsTitle(cityName, messages.channelNames[channel.code]);

  async function load(domain: string) {
    const city = await getCity(domain);
    // An unknown city is the [city] layout's all-cities page, as on the list.
    if (!city) return null;
    if (!channelIsOn(city, channel.code)) notFound();
    const conditions = await fetchConditions(await publicContext(), city.cityCode).catch(rethrowAsPage);
    return { city, conditions };
  }

  async function generateMetadata({ params }: OptionsPageProps): Promise<Metadata> {
    const { city: domain } = await params;
    const city = await getCity(domain);
    if (city && !channelIsOn(city, channel.code)) notFound();
    return { title: city ? messages.pageTitle(title(city.cityName), city.cityName) : undefined };
  }

  async function Page({ params }: OptionsPageProps) {
    const loaded = await load((await params).city);
    if (!loaded) return null;
    return (
      <ChannelOptions
        channel={channel}
        cityName={loaded.city.cityName}
        conditions={loaded.conditions}
        rows={rows(loaded.conditions)}
      />
    );
  }

  return { generateMetadata, Page };
}
