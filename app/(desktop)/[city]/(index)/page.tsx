import type { Metadata } from 'next';
import Link from 'next/link';
import { cache } from 'react';
import { channelIsOn } from '@contracts/channels';
import { CommercialBlock } from '@/components/home/commercial-block';
import { EstateBlock } from '@/components/home/estate-block';
import { fetchHomeProjects, ProjectBlock } from '@/components/home/project-block';
import { NewsBlock } from '@/components/home/news-block';
import { KeptScroll } from '@/components/home/kept-scroll';
import { RentBlock } from '@/components/home/rent-block';
import { SearchBox, type SearchTab } from '@/components/search/search-box';
import { EAGER_CARDS } from '@/components/listing/card-layout';
import { ListingCard } from '@/components/listing/listing-card';
import { fetchHome } from '@/lib/api/endpoints';
import { rethrowAsPage, publicContext } from '@/lib/server/api';
import { getCity } from '@/lib/server/city-data';
import { homeSeo } from '@/lib/server/seo';
import { JsonLd } from '@/components/seo/json-ld';
import { formatUnitPrice } from '@/lib/format';
import { messages } from '@/lib/messages';
import '@/components/search/search-box.css';
import '@/components/home/home.css';

/** The home's 商铺 and 写字楼 blocks, in the menu's order; each is absent where the city lacks its channel. */
const COMMERCIAL_CHANNELS = ['shop_sale', 'shop_rent', 'offices_sale', 'offices_rent'] as const;

/** spec §2 Home banner tabs: the four channels a home search starts from, in this order. */
const BANNER_CHANNELS = ['esf', 'new', 'rent', 'estate'] as const;

interface HomePageProps {
  params: Promise<{ city: string }>;
}

/** The home's data, once for the page and its metadata. */
const loadHome = cache(async (cityCode: string, hasNew: boolean) => {
  const ctx = await publicContext();
  return Promise.all([fetchHome(ctx, cityCode), hasNew ? fetchHomeProjects(ctx, cityCode) : Promise.resolve([])]).catch(
    rethrowAsPage,
  );
});

export async function generateMetadata({ params }: HomePageProps): Promise<Metadata> {
  const city = await getCity((await params).city);
  if (!city) return {};
  const [home] = await loadHome(city.cityCode, channelIsOn(city, 'new'));
  return homeSeo(city, home.stats).metadata;
}

export default async function HomePage({ params }: HomePageProps) {
  const { city: domain } = await params;
  const city = await getCity(domain);
  if (!city) return null;
  // A channel the city does not have is no tab (a city lists only the channels it has: 厦门 has no rentals).
  const banner = BANNER_CHANNELS.filter((channel) => channelIsOn(city, channel));
  const tabs: SearchTab[] = banner.map((channel) => ({ channel, label: messages.bannerTabs[channel] }));
  const [home, projects] = await loadHome(city.cityCode, channelIsOn(city, 'new'));
  const s = home.stats;
  return (
    <>
      <JsonLd data={homeSeo(city, s).jsonLd} />
      <KeptScroll />
      <section className="banner">
        <div className="container banner__inner">
          <h1 className="banner__title">{messages.siteTitle(city.cityName).replace(` - ${messages.brand}`, '')}</h1>
          {/* spec §2 Home: the banner tabs (links to each list page) and the keyword search with its suggestions. */}
          <SearchBox tabs={tabs} keepAlive />
        </div>
      </section>
      <section className="container stats">
        <div>
          <strong>{s.esfCount.toLocaleString('en-US')}</strong>
          <span>{messages.homeStats.esfCount}</span>
        </div>
        <div>
          <strong>{s.communityCount.toLocaleString('en-US')}</strong>
          <span>{messages.homeStats.communityCount}</span>
        </div>
        <div>
          <strong>{s.agentCount.toLocaleString('en-US')}</strong>
          <span>{messages.homeStats.agentCount}</span>
        </div>
        <div>
          <strong>{formatUnitPrice(s.avgUnitPrice)}</strong>
          <span>{messages.homeStats.avgUnitPrice}</span>
        </div>
      </section>
      <section className="container section">
        <div className="section__head">
          <h2>{messages.newestListings}</h2>
          <Link href="/ershoufang/">{messages.viewMore} &gt;</Link>
        </div>
        <ul className="listings">
          {home.esfHot.map((item, i) => (
            <ListingCard key={item.id} item={item} eager={i < EAGER_CARDS} />
          ))}
        </ul>
      </section>
      <ProjectBlock projects={projects} />
      <RentBlock city={city} />
      <EstateBlock communities={home.hotCommunities} />
      {COMMERCIAL_CHANNELS.map((code) => (
        <CommercialBlock key={code} city={city} code={code} />
      ))}
      <NewsBlock city={city} />
    </>
  );
}
