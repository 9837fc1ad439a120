import type { CommercialChannel, CommercialDetailOf } from './commercial';
import type { ChannelCode } from './constants';
import type { EsfDetail } from './esf';
import type { EstateDetail } from './estate';
import type { NewHomeDetail } from './new-home';
import type { RentDetail } from './rent';

/**
 * What each channel's detail page tells crawlers, as facts of its detail (the web's lib/server/seo.ts turns them into
 * the title, description and JSON-LD): a listing for sale or to let (a RealEstateListing with its Offer), a community
 * (a Residence) or a new-home project (its own pages). The one place a channel's detail is read for SEO: seo.ts
 * builds from these facts and has no case per channel. Types only: the browser never loads it.
 */

/** The detail each channel's page loads (contracts/*.ts `*DetailSchema`). */
export type ChannelDetails = { esf: EsfDetail; new: NewHomeDetail; rent: RentDetail; estate: EstateDetail } & {
  [C in CommercialChannel]: CommercialDetailOf<C>;
};

/** A listing's offer as schema.org reads it: its price in 元 (a month's rent when `perMonth`), where it is. */
export interface ListingOffer {
  price: number;
  perMonth: boolean;
  street: string;
  geo?: { lat: number; lng: number };
}

/** Which sentence describes the page (lib/messages.ts seo.esf, seo.rent, seo.commercial), with what it reads. */
export type ListingWords =
  { as: 'esf'; detail: EsfDetail } | { as: 'rent'; detail: RentDetail } | { as: 'commercial'; detail: CommercialDetail };
type CommercialDetail = CommercialDetailOf<CommercialChannel>;

export type DetailSeoFacts =
  | {
      kind: 'listing';
      title: string;
      coverUrl: string;
      listedAt: string;
      area: number;
      agentBrand: string;
      offer: ListingOffer;
      words: ListingWords;
    }
  | { kind: 'residence'; detail: EstateDetail }
  | { kind: 'project'; detail: NewHomeDetail };

/** 万元 as 元, the currency schema.org's Offer states. */
const yuanOfWan = (wan: number) => Math.round(wan * 10_000);

const commercialFacts = (d: CommercialDetail): DetailSeoFacts => ({
  kind: 'listing',
  title: d.title,
  coverUrl: d.coverUrl,
  listedAt: d.listedAt,
  area: d.area,
  agentBrand: d.agent.brandName,
  offer:
    d.deal === 'sale'
      ? { price: yuanOfWan(d.totalPrice), perMonth: false, street: d.address, geo: { lat: d.lat, lng: d.lng } }
      : { price: d.monthlyRent, perMonth: true, street: d.address, geo: { lat: d.lat, lng: d.lng } },
  words: { as: 'commercial', detail: d },
});

/** Each channel's detail as SEO facts. */
export const CHANNEL_SEO: { readonly [C in ChannelCode]: (detail: ChannelDetails[C]) => DetailSeoFacts } = {
  esf: (d) => ({
    kind: 'listing',
    title: d.title,
    coverUrl: d.coverUrl,
    listedAt: d.listedAt,
    area: d.area,
    agentBrand: d.agent.brandName,
    offer: { price: yuanOfWan(d.totalPrice), perMonth: false, street: d.community.address },
    words: { as: 'esf', detail: d },
  }),
  rent: (d) => ({
    kind: 'listing',
    title: d.title,
    coverUrl: d.coverUrl,
    listedAt: d.listedAt,
    area: d.area,
    agentBrand: d.agent.brandName,
    offer: { price: d.monthlyRent, perMonth: true, street: d.community.address },
    words: { as: 'rent', detail: d },
  }),
  estate: (detail) => ({ kind: 'residence', detail }),
  new: (detail) => ({ kind: 'project', detail }),
  shop_sale: commercialFacts,
  shop_rent: commercialFacts,
  offices_sale: commercialFacts,
  offices_rent: commercialFacts,
};
