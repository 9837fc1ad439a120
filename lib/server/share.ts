import 'server-only';
import { cache } from 'react';
import { channelIsOn, CHANNELS, detailPath } from '@contracts/channels';
import type { City } from '@contracts/city';
import type { CommercialChannel } from '@contracts/commercial';
import {
  fetchAgent,
  fetchArticle,
  fetchCommercialDetail,
  fetchEsfDetail,
  fetchEstateDetail,
  fetchNewHomeDetail,
  fetchRentDetail,
} from '@/lib/api/endpoints';
import { isNotFound } from '@/lib/api/errors';
import { formatArea, formatDate, formatLayout, formatTotalPrice, formatUnitPrice } from '@/lib/format';
import { cityOrigin } from '@/lib/host';
import { messages } from '@/lib/messages';
import { articlePath } from '@/lib/news-paths';
import { publicContext } from '@/lib/server/api';
import { getCityList } from '@/lib/server/city-data';
import { config } from '@/lib/server/config';
import type { ShareKind } from '@/lib/share-paths';

/**
 * What `/share` and `/validate` show of one item: read through the item's own public API (its detail
 * page's), in one shape: what it is, its facts and price in the words its page uses, its cover, and its one address
 * on its own city's host (a listing of 上海 shared from www or 北京 links to sh.…). Null when there is no such item
 * (or its city no longer has its channel): the pages answer that in words.
 */
export interface ShareCard {
  kind: ShareKind;
  id: number;
  /** 二手房, 新房, 经纪人, 资讯 …: what the item is. */
  kindName: string;
  title: string;
  /** Short facts, each a phrase: `3室1厅`, `89㎡`, `朝阳 望京`. */
  facts: string[];
  /** The price as its page shows it (`500万`, `6500元/月`, `均价58000元/㎡`), or null. */
  price: string | null;
  coverUrl: string;
  /** The item's city (null: an article of every city, shown on the host it is opened on). */
  city: City | null;
  /** Absolute address of the item's page (on its city's host), or null for an article of every city. */
  url: string | null;
  /** The page's path (on its own city's host, or on this host for an article of every city). */
  path: string;
  /** A listing's own number, publication date and agent (房源核验 shows them). */
  listing?: { listingNo: string; listedAt: string; agent: string };
}

const cityByCode = async (cityCode: string): Promise<City | null> => {
  const list = await getCityList();
  for (const g of list.all) {
    const hit = g.list.find((c) => c.cityCode === cityCode);
    if (hit) return hit;
  }
  return list.hot.find((c) => c.cityCode === cityCode) ?? null;
};

const place = (district: string, area: string) => `${district} ${area}`;

/** A home's facts as its card words them (二手房 and 租房 alike). */
type HomeDetail = Awaited<ReturnType<typeof fetchEsfDetail>> | Awaited<ReturnType<typeof fetchRentDetail>>;
const homeFacts = (d: HomeDetail) => [
  formatLayout(d.rooms, d.halls),
  formatArea(d.area),
  place(d.districtName, d.businessAreaName),
  d.communityName,
];

/** What a listing's share card shows of its record: number, listing date, agent (every channel with an agent). */
const listingProof = (d: { listingNo: string; listedAt: string; agent: { brandName: string; agentName: string } }) => ({
  listingNo: d.listingNo,
  listedAt: formatDate(d.listedAt),
  agent: `${d.agent.brandName} ${d.agent.agentName}`,
});

async function read(kind: ShareKind, id: number): Promise<Omit<ShareCard, 'city' | 'url'> & { cityCode: string | null }> {
  const ctx = await publicContext();
  const name = kind === 'agent' ? messages.share.agent : kind === 'news' ? messages.share.article : messages.channelNames[kind];
  const base = { kind, id, kindName: name };
  switch (kind) {
    case 'esf': {
      const d = await fetchEsfDetail(ctx, id);
      return {
        ...base,
        cityCode: d.cityCode,
        title: d.title,
        facts: homeFacts(d),
        price: `${formatTotalPrice(d.totalPrice)}${messages.totalPriceUnit} · ${formatUnitPrice(d.unitPrice)}`,
        coverUrl: d.coverUrl,
        path: detailPath(kind, id),
        listing: listingProof(d),
      };
    }
    case 'rent': {
      const d = await fetchRentDetail(ctx, id);
      return {
        ...base,
        cityCode: d.cityCode,
        title: d.title,
        facts: homeFacts(d),
        price: `${d.monthlyRent}${messages.rentUnit}`,
        coverUrl: d.coverUrl,
        path: detailPath(kind, id),
        listing: listingProof(d),
      };
    }
    case 'new': {
      const d = await fetchNewHomeDetail(ctx, id);
      return {
        ...base,
        cityCode: d.cityCode,
        title: d.name,
        facts: [place(d.districtName, d.businessAreaName), d.address],
        price: d.avgPrice ? messages.share.avgPrice(formatUnitPrice(d.avgPrice)) : messages.share.priceTbd,
        coverUrl: d.coverUrl,
        path: detailPath(kind, id),
      };
    }
    case 'estate': {
      const d = await fetchEstateDetail(ctx, id);
      return {
        ...base,
        cityCode: d.cityCode,
        title: d.name,
        facts: [place(d.districtName, d.businessAreaName), d.address, messages.estate.builtIn(d.buildYear)],
        price: d.avgPrice ? messages.share.avgPrice(formatUnitPrice(d.avgPrice)) : null,
        coverUrl: d.coverUrl,
        path: detailPath(kind, id),
      };
    }
    case 'agent': {
      const d = await fetchAgent(ctx, id);
      return {
        ...base,
        cityCode: d.cityCode,
        title: d.agentName,
        facts: [d.brandName, d.branchName, place(d.districtName, d.businessAreaName), messages.share.agentYears(d.years)],
        price: null,
        coverUrl: d.agentPhoto,
        path: `/agent/${id}`,
      };
    }
    case 'news': {
      const d = await fetchArticle(ctx, id);
      return {
        ...base,
        cityCode: d.cityCode,
        title: d.title,
        facts: [messages.newsCategories[d.category], d.author, formatDate(d.publishedAt)],
        price: null,
        coverUrl: d.coverUrl,
        path: articlePath(d.category, d.id),
      };
    }
    default: {
      const code: CommercialChannel = kind;
      const d = await fetchCommercialDetail(code)(ctx, id);
      return {
        ...base,
        cityCode: d.cityCode,
        title: d.title,
        facts: [formatArea(d.area), d.typeName, place(d.districtName, d.businessAreaName), d.projectName].filter(Boolean),
        price:
          d.deal === 'sale'
            ? `${formatTotalPrice(d.totalPrice)}${messages.totalPriceUnit} · ${formatUnitPrice(d.unitPrice)}`
            : `${d.monthlyRent}${messages.rentUnit}`,
        coverUrl: d.coverUrl,
        path: detailPath(kind, id),
        listing: listingProof(d),
      };
    }
  }
}

/** The card of an item, or null when it does not exist (any other failure is the error page's). */
export const loadShareCard = cache(async (kind: ShareKind, id: number): Promise<ShareCard | null> => {
  let item: Awaited<ReturnType<typeof read>>;
  try {
    item = await read(kind, id);
  } catch (err) {
    if (isNotFound(err)) return null;
    throw err;
  }
  const { cityCode, ...card } = item;
  const city = cityCode ? await cityByCode(cityCode) : null;
  if (cityCode && !city) return null;
  // A city that switched the channel off shows no page of it: nothing to share or to vouch for.
  if (city && kind in CHANNELS && !channelIsOn(city, kind as keyof typeof CHANNELS)) return null;
  return { ...card, city, url: city ? `${cityOrigin(city.cityDomain, config)}${card.path}` : null };
});
