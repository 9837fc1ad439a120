import type { Metadata } from 'next';
import Link from 'next/link';
import { cache } from 'react';
import { CHANNEL_LIST, CHANNELS, channelIsOn, detailPath, dictionaryPath, optionsPath } from '@contracts/channels';
import { NEWS_CATEGORIES } from '@contracts/news';
import { JsonLd } from '@/components/seo/json-ld';
import '@/components/fixed/fixed-pages.css';
import { fetchDictionary, fetchEsfConditions, fetchRentConditions } from '@/lib/api/endpoints';
import { linkable } from '@/lib/built-sections';
import { messages } from '@/lib/messages';
import { categoryPath, NEWS_ROOT } from '@/lib/news-paths';
import { formatListPath } from '@/lib/search-path';
import { publicContext, rethrowAsPage } from '@/lib/server/api';
import { getBottomLinks, getCity } from '@/lib/server/city-data';
import { seoFor } from '@/lib/server/seo';
import { validatePath } from '@/lib/share-paths';

interface SiteMapProps {
  params: Promise<{ city: string }>;
}

/** Communities shown under a letter; the rest are on the 小区 channel's dictionary, which the letter links to. */
const PER_LETTER = 24;

const load = cache(async (domain: string) => {
  const city = await getCity(domain);
  if (!city) return null;
  const ctx = await publicContext();
  // Places and lines from a home channel the city has (二手房 everywhere today; 租房 otherwise).
  const placesChannel = channelIsOn(city, 'esf') ? CHANNELS.esf : CHANNELS.rent;
  const namedChannel = channelIsOn(city, 'estate') ? CHANNELS.estate : placesChannel;
  const [conditions, dictionary, hot] = await Promise.all([
    placesChannel.code === 'esf' ? fetchEsfConditions(ctx, city.cityCode) : fetchRentConditions(ctx, city.cityCode),
    fetchDictionary(ctx, city.cityCode, namedChannel.code),
    getBottomLinks(city.cityCode),
  ]).catch(rethrowAsPage);
  const communityCount = dictionary.groups.reduce((n, g) => n + g.places.length, 0);
  const seo = seoFor({
    city,
    path: '/sitemap',
    name: messages.siteMap.title,
    description: messages.siteMap.description(
      city.cityName,
      conditions.districts.length,
      conditions.subwayLines.length,
      communityCount,
    ),
  });
  return { city, placesChannel, namedChannel, conditions, dictionary, hot, communityCount, seo };
});

export async function generateMetadata({ params }: SiteMapProps): Promise<Metadata> {
  return (await load((await params).city))?.seo.metadata ?? {};
}

/**
 * spec §2 fixed route `/sitemap`: the city's site map for people, all from the city's data: each channel it
 * has with its options and place dictionary, the districts with their business areas, the subway lines, communities
 * by initial and the hot searches (the footer's), then 资讯 and the services. The XML sitemaps for crawlers are
 * `/sitemap.xml`.
 */
export default async function SiteMapPage({ params }: SiteMapProps) {
  const data = await load((await params).city);
  if (!data) return null;
  const { city, placesChannel, namedChannel, conditions, dictionary, hot, communityCount, seo } = data;
  const M = messages.siteMap;
  const channels = CHANNEL_LIST.filter((c) => channelIsOn(city, c.code));
  const hotLinks = hot ? [...hot.hotEsfCity, ...hot.hotNewCity, ...hot.hotRentCity] : [];
  const services = [
    { href: validatePath(), name: messages.validate.title },
    { href: '/tool', name: messages.tool.title },
    { href: '/download', name: messages.download.title },
    { href: '/share', name: messages.share.siteTitle(city.cityName) },
    { href: '/citys', name: messages.allCities },
  ].filter((s) => linkable(s.href));
  return (
    <div className="container site-map">
      <JsonLd data={seo.jsonLd} />
      <h1 className="section__title">{M.heading(city.cityName)}</h1>

      <section className="site-map__block">
        <h2>{M.channels}</h2>
        <ul className="site-map__channels">
          {channels.map((c) => (
            <li key={c.code}>
              <Link prefetch={false} href={c.listPath} className="site-map__channel">
                {city.cityName}
                {messages.channelNames[c.code]}
              </Link>
              <Link prefetch={false} href={optionsPath(c.code)}>
                {M.options}
              </Link>
              <Link prefetch={false} href={dictionaryPath(c.code)}>
                {M.dictionary}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="site-map__block">
        <h2>{M.districts}</h2>
        <dl className="site-map__rows">
          {conditions.districts.map((d) => (
            <div key={d.id}>
              <dt>
                <Link prefetch={false} href={formatListPath(placesChannel, { districtId: d.id })}>
                  {d.name}
                </Link>
              </dt>
              <dd>
                {d.children.map((a) => (
                  <Link
                    prefetch={false}
                    key={a.id}
                    href={formatListPath(placesChannel, { districtId: d.id, businessAreaId: a.id })}
                  >
                    {a.name}
                  </Link>
                ))}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      {conditions.subwayLines.length > 0 && (
        <section className="site-map__block">
          <h2>{M.lines}</h2>
          <p className="site-map__links">
            {conditions.subwayLines.map((l) => (
              <Link prefetch={false} key={l.id} href={formatListPath(placesChannel, { lineId: l.id })}>
                {l.name}
              </Link>
            ))}
          </p>
        </section>
      )}

      {communityCount > 0 && (
        <section className="site-map__block">
          <div className="section__head">
            <h2>{M.communities}</h2>
            <Link prefetch={false} href={dictionaryPath(namedChannel.code)}>
              {M.communitiesMore(communityCount)}
            </Link>
          </div>
          <dl className="site-map__rows">
            {dictionary.groups
              .filter((g) => g.places.length > 0)
              .map((g) => (
                <div key={g.letter}>
                  <dt>{g.letter}</dt>
                  <dd>
                    {g.places.slice(0, PER_LETTER).map((p) => (
                      <Link
                        prefetch={false}
                        key={p.id}
                        href={detailPath(dictionary.named === 'project' ? 'new' : 'estate', p.id)}
                      >
                        {p.name}
                      </Link>
                    ))}
                    {g.places.length > PER_LETTER && (
                      <Link
                        prefetch={false}
                        href={`${dictionaryPath(namedChannel.code)}#letter-${g.letter === '#' ? 'other' : g.letter}`}
                      >
                        …
                      </Link>
                    )}
                  </dd>
                </div>
              ))}
          </dl>
        </section>
      )}

      {hotLinks.length > 0 && (
        <section className="site-map__block">
          <h2>{M.hot}</h2>
          <p className="site-map__links">
            {hotLinks.map((l) => (
              <a key={`${l.id}-${l.url}`} href={l.url}>
                {l.name}
              </a>
            ))}
          </p>
        </section>
      )}

      <section className="site-map__block">
        <h2>{M.news}</h2>
        <p className="site-map__links">
          {linkable(NEWS_ROOT) && (
            <Link prefetch={false} href={NEWS_ROOT}>
              {messages.news.frontTitle(city.cityName)}
            </Link>
          )}
          {NEWS_CATEGORIES.filter(() => linkable(NEWS_ROOT)).map((c) => (
            <Link prefetch={false} key={c} href={categoryPath(c)}>
              {messages.newsCategories[c]}
            </Link>
          ))}
        </p>
      </section>

      <section className="site-map__block">
        <h2>{M.services}</h2>
        <p className="site-map__links">
          {services.map((s) => (
            <Link prefetch={false} key={s.href} href={s.href}>
              {s.name}
            </Link>
          ))}
        </p>
      </section>
    </div>
  );
}
