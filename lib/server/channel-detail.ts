import 'server-only';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { channelIsOn, type ChannelDef } from '@contracts/channels';
import type { City } from '@contracts/city';
import type { ChannelCode } from '@contracts/constants';
import { idParamSchema } from '@contracts/listing-common';
import type { CallContext } from '@/lib/api/core';
import { rethrowAsPage, publicContext } from '@/lib/server/api';
import { getCity } from '@/lib/server/city-data';
import { detailSeo, type DetailOfSeo, type Seo } from '@/lib/server/seo';

export interface DetailPageProps {
  params: Promise<{ city: string; id: string }>;
}

/**
 * What every channel's detail route does before it draws: read the id, load the listing once for the page
 * and its metadata, and answer with the 404 page (spec §8) for a bad id, an unknown listing, another city's
 * listing or a channel the city does not have.
 */
export function channelDetail<C extends ChannelCode, D extends DetailOfSeo<C> & { title: string; cityCode: string }>(
  channel: ChannelDef<C>,
  fetchDetail: (ctx: CallContext, id: number) => Promise<D>,
) {
  const loadDetail = cache(async (rawId: string) => {
    const parsed = idParamSchema.safeParse({ id: rawId });
    // One address per listing: `017` is not another way to write 17.
    if (!parsed.success || !/^[1-9]\d*$/.test(rawId)) notFound();
    return fetchDetail(await publicContext(), parsed.data.id).catch(rethrowAsPage);
  });

  /** The listing and its city, or the 404 page for another city's listing or a channel the city does not have. */
  async function load({ params }: DetailPageProps): Promise<{ detail: D; city: City }> {
    const { city: domain, id } = await params;
    const [detail, city] = await Promise.all([loadDetail(id), getCity(domain)]);
    if (!city || detail.cityCode !== city.cityCode || !channelIsOn(city, channel.code)) notFound();
    return { detail, city };
  }

  /** What the page tells crawlers (lib/server/seo.ts): the page renders its jsonLd, generateMetadata the rest. */
  async function seo(props: DetailPageProps): Promise<Seo> {
    const { detail, city } = await load(props);
    return detailSeo(channel, city, detail);
  }

  // The title passes the same checks as the page: another city's listing must not lend this city its title.
  async function generateMetadata(props: DetailPageProps): Promise<Metadata> {
    return (await seo(props)).metadata;
  }

  return { generateMetadata, load, seo };
}
