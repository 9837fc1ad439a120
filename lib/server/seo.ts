import 'server-only';
import type { Metadata } from 'next';
import { CHANNELS, detailPath, type ChannelDef } from '@contracts/channels';
import type { City } from '@contracts/city';
import { CHANNEL_SEO, type ChannelDetails, type ListingWords } from '@contracts/channel-seo';
import type { ChannelCode } from '@contracts/constants';
import type { NewHomeDetail } from '@contracts/new-home';
import type { AgentProfile } from '@contracts/agent';
import type { Article } from '@contracts/news';
import { articlePath, categoryPath, NEWS_ROOT } from '@/lib/news-paths';
import { cityOrigin } from '@/lib/host';
import { config } from '@/lib/server/config';
import { messages } from '@/lib/messages';
import { pageMetadata } from '@/lib/seo/page-meta';
import {
  breadcrumbList,
  newsArticle,
  organization,
  realEstateAgent,
  realEstateListing,
  residence,
  type Crumb,
  type JsonLdObject,
} from '@/lib/seo/structured-data';

/**
 * What each public route tells crawlers and shares (issue 23 "Being found"), decided here and nowhere else: the
 * title, the meta description written from the page's data, the canonical address, Open Graph, and the JSON-LD
 * (a BreadcrumbList on every page, a listing as RealEstateListing with its Offer, the organisation on the home page).
 * A route calls one function for its generateMetadata and the same for its page's <JsonLd>; both see the data the
 * page loads once (react cache), so the head and the body never disagree. Pure of the request: a page stays one
 * render for everyone (page cache).
 */
export interface Seo {
  metadata: Metadata;
  jsonLd: JsonLdObject[];
}

const S = messages.seo;

/** The city's own origin: the one host a page of the city lives on (www and old domains redirect or rewrite here). */
export function cityOriginOf(city: Pick<City, 'cityDomain'>): string {
  return cityOrigin(city.cityDomain, config);
}

interface PageFacts {
  city: City;
  path: string;
  /** The page's own name, the title's first part (`望京西园 2室1厅 89㎡`); the city's site title when absent. */
  name?: string;
  description: string;
  /** Breadcrumb steps between the city's home and this page (the page itself is added last). */
  trail?: readonly Crumb[];
  image?: string;
  noindex?: boolean;
  ogType?: 'website' | 'article';
  extra?: JsonLdObject[];
}

/**
 * The one builder every route goes through (the news pages too: pass `ogType: 'article'` and a NewsArticle from
 * lib/seo/structured-data.ts in `extra`).
 */
export function seoFor(f: PageFacts): Seo {
  const origin = cityOriginOf(f.city);
  const home: Crumb = { name: messages.siteTitle(f.city.cityName).replace(` - ${messages.brand}`, ''), path: '/' };
  const crumbs = f.name === undefined ? [home] : [home, ...(f.trail ?? []), { name: f.name, path: f.path }];
  return {
    metadata: pageMetadata({
      origin,
      path: f.path,
      title: f.name === undefined ? messages.siteTitle(f.city.cityName) : messages.pageTitle(f.name, f.city.cityName),
      description: f.description,
      siteName: messages.brand,
      image: f.image,
      ogType: f.ogType,
      noindex: f.noindex,
    }),
    jsonLd: [breadcrumbList(origin, crumbs), ...(f.extra ?? [])],
  };
}

/** The home page: the city's figures, and the organisation (said once, here). */
export function homeSeo(
  city: City,
  stats: { esfCount: number; communityCount: number; agentCount: number; avgUnitPrice: number },
): Seo {
  const seo = seoFor({ city, path: '/', description: S.home(city.cityName, stats) });
  seo.jsonLd.push(organization(cityOriginOf(city), messages.brand));
  return seo;
}

/** A list page: the chosen conditions in words (`朝阳 望京 300-500万`), how many it finds, its page number. */
export function listSeo(
  city: City,
  channel: ChannelDef,
  list: { path: string; conditions: readonly string[]; keyword?: string; total: number; page: number },
): Seo {
  const channelName = messages.channelNames[channel.code];
  const what = `${list.conditions.join('')}${channelName}`;
  const name = list.page > 1 ? S.onPage(`${city.cityName}${what}`, list.page) : `${city.cityName}${what}`;
  const filtered = list.conditions.length > 0;
  return seoFor({
    city,
    path: list.path,
    name,
    description: S.list(city.cityName, what, list.total, messages.listWords[channel.code]?.count ?? '套', channelName),
    trail: filtered || list.page > 1 ? [{ name: channelName, path: channel.listPath }] : [],
    // A keyword search or an empty list is no page to keep in an index (its links are still followed).
    noindex: !!list.keyword || list.total === 0,
  });
}

/** The detail of a channel's page, as its route loads it (contracts/channel-seo.ts). */
export type DetailOfSeo<C extends ChannelCode = ChannelCode> = ChannelDetails[C];

/** The sentence of a listing's meta description. */
function listingDescription(city: City, channel: ChannelDef, words: ListingWords): string {
  switch (words.as) {
    case 'esf':
      return S.esf(city.cityName, words.detail);
    case 'rent':
      return S.rent(city.cityName, words.detail);
    case 'commercial':
      return S.commercial(city.cityName, messages.channelNames[channel.code], words.detail);
  }
}

/**
 * A detail page of any channel: what it is, where, for how much; a listing as RealEstateListing/Offer, a community as
 * a Residence, a project as its own page. The channel's facts are contracts/channel-seo.ts's.
 */
export function detailSeo<C extends ChannelCode>(channel: ChannelDef<C>, city: City, detail: DetailOfSeo<C>): Seo {
  const path = detailPath(channel.code, detail.id);
  const list: Crumb = { name: messages.channelNames[channel.code], path: channel.listPath };
  const origin = cityOriginOf(city);
  const place = { city: city.cityName, district: detail.districtName, area: detail.businessAreaName };
  const facts = CHANNEL_SEO[channel.code](detail);
  switch (facts.kind) {
    case 'listing': {
      const description = listingDescription(city, channel, facts.words);
      const { offer } = facts;
      return seoFor({
        city,
        path,
        name: facts.title,
        description,
        trail: [list],
        image: facts.coverUrl,
        extra: [
          realEstateListing(
            origin,
            {
              path,
              name: facts.title,
              description,
              image: facts.coverUrl,
              datePosted: facts.listedAt,
              price: offer.price,
              ...(offer.perMonth ? { perMonth: true } : {}),
              areaSqm: facts.area,
              place: { ...place, street: offer.street, ...(offer.geo ? { geo: offer.geo } : {}) },
            },
            facts.agentBrand,
          ),
        ],
      });
    }
    case 'residence': {
      const d = facts.detail;
      const description = S.estate(city.cityName, d);
      return seoFor({
        city,
        path,
        name: d.name,
        description,
        trail: [list],
        image: d.coverUrl,
        extra: [
          residence(origin, {
            path,
            name: d.name,
            description,
            image: d.coverUrl,
            place: { ...place, street: d.address, geo: { lat: d.lat, lng: d.lng } },
          }),
        ],
      });
    }
    case 'project':
      return projectSeo(city, facts.detail, path, facts.detail.name);
  }
}

/** A new-home project's page or one of its sub-pages (`name` is then `楼盘动态 - 远洋天著`, `path` the sub-page's). */
export function projectSeo(city: City, d: NewHomeDetail, path: string, name: string): Seo {
  const description = S.project(city.cityName, d);
  const projectPath = detailPath('new', d.id);
  const trail: Crumb[] = [{ name: messages.channelNames.new, path: CHANNELS.new.listPath }];
  if (path !== projectPath) trail.push({ name: d.name, path: projectPath });
  return seoFor({
    city,
    path,
    name,
    description,
    trail,
    image: d.coverUrl,
    extra: [
      residence(cityOriginOf(city), {
        path: projectPath,
        name: d.name,
        description,
        image: d.coverUrl,
        place: { city: city.cityName, district: d.districtName, street: d.address, geo: { lat: d.lat, lng: d.lng } },
      }),
    ],
  });
}

/** An agent's page (a tab and page of it: `name` says which). */
export function agentSeo(city: City, agent: AgentProfile, path: string, name: string): Seo {
  return seoFor({
    city,
    path,
    name,
    description: S.agent(city.cityName, agent),
    image: agent.agentPhoto || undefined,
    extra: [
      realEstateAgent(cityOriginOf(city), {
        path,
        name: agent.agentName,
        image: agent.agentPhoto || undefined,
        brand: agent.brandName,
      }),
    ],
  });
}

/** A page of a channel that is not its list (its options, its place dictionary): under the list in the breadcrumb. */
export function channelPageSeo(city: City, channel: ChannelDef, path: string, name: string, description: string): Seo {
  return seoFor({
    city,
    path,
    name,
    description,
    trail: [{ name: messages.channelNames[channel.code], path: channel.listPath }],
  });
}

/**
 * An article (`/news/{category}/{id}.html`) and the pages of it (its cards, its WeChat layout: `name` and `path` say
 * which; those point their canonical address at the article). `city` is the article's own city (for an article of
 * every city, the host's): its host is the article's one address. Title, its summary as description, its cover for
 * Open Graph as an article, and the NewsArticle.
 */
export function articleSeo(city: City, article: Article, page?: { path: string; name: string; description: string }): Seo {
  const path = articlePath(article.category, article.id);
  const categoryName = messages.newsCategories[article.category];
  const trail: Crumb[] = [
    { name: messages.news.title, path: NEWS_ROOT },
    { name: categoryName, path: categoryPath(article.category) },
  ];
  if (page) trail.push({ name: article.title, path });
  const seo = seoFor({
    city,
    path: page?.path ?? path,
    name: page?.name ?? article.title,
    description: page?.description ?? article.summary,
    trail,
    image: article.coverUrl || undefined,
    ogType: 'article',
    extra: [
      newsArticle(
        cityOriginOf(city),
        {
          path,
          headline: article.title,
          description: article.summary,
          image: article.coverUrl || undefined,
          datePublished: article.publishedAt,
          author: article.author,
          section: categoryName,
          keywords: article.tags,
        },
        messages.brand,
      ),
    ],
  });
  // The other layouts of an article are the article: one address to index.
  if (page) seo.metadata.alternates = { canonical: `${cityOriginOf(city)}${path}` };
  return seo;
}

/** The 资讯 front page (`page` absent) or a category page of the city. */
export function newsSeo(city: City, list: { category?: Article['category']; page: number; total: number; newest?: string }): Seo {
  if (!list.category) {
    return seoFor({
      city,
      path: NEWS_ROOT,
      name: messages.news.frontTitle(city.cityName),
      description: S.newsFront(city.cityName, list.total, Object.values(messages.newsCategories)),
    });
  }
  const name = messages.newsCategories[list.category];
  return seoFor({
    city,
    path: categoryPath(list.category, list.page),
    name: list.page > 1 ? messages.news.onPage(name, list.page) : name,
    description: S.newsCategory(city.cityName, name, list.total, list.newest ?? ''),
    trail: [
      { name: messages.news.title, path: NEWS_ROOT },
      ...(list.page > 1 ? [{ name, path: categoryPath(list.category) }] : []),
    ],
  });
}
