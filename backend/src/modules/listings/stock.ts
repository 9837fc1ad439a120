import { eq, type SQL } from 'drizzle-orm';
import type { ChannelCode } from '@contracts/constants';
import { communities, DEAL, listings, newProjects, offices, rentals, shops } from '../../db/schema';
import type { ListingTable } from './common';

/**
 * What a channel's stock is and how a count of it reads: the one place that knows it. Suggestions count here
 * (望京 · 在租12套, 望京 · 35个小区), each tab its own channel's records, as its list filtered by the place finds
 * them; every channel has an entry.
 */
export interface ChannelStock {
  table: ListingTable;
  /** The rows of `table` that are this channel's (shops for sale, not for rent); none: all of them. */
  scope?: SQL;
  /**
   * The named place a suggestion offers besides districts, areas, lines and stations: a community (angle 1),
   * a new-home project (angle 6), or none (shops and offices sit in neither).
   */
  named: 'community' | 'project' | null;
  /**
   * The named place is itself one of the channel's records (a project on 新房, a community on 小区): it is always
   * offered and describes itself (status, price). Otherwise it holds records (a community's homes) and is offered
   * only when it holds some of this channel's, as every other place is.
   */
  namedIsRecord: boolean;
  /** `在售12套` / `在租12套` / `12个楼盘` */
  describe: (count: number) => string;
  /** spec §3 suggestion `propertyTypeName`. */
  propertyTypeName: string;
}

const homesForSale: ChannelStock = {
  table: listings,
  named: 'community',
  namedIsRecord: false,
  describe: (n) => `在售${n}套`,
  propertyTypeName: '二手房',
};

export const CHANNEL_STOCK: Record<ChannelCode, ChannelStock> = {
  esf: homesForSale,
  new: { table: newProjects, named: 'project', namedIsRecord: true, describe: (n) => `${n}个楼盘`, propertyTypeName: '新房' },
  rent: { table: rentals, named: 'community', namedIsRecord: false, describe: (n) => `在租${n}套`, propertyTypeName: '租房' },
  // The 小区 list lists communities: a district counts its communities, as `/xiaoqu/dc{id}/` finds them.
  estate: {
    table: communities,
    named: 'community',
    namedIsRecord: true,
    describe: (n) => `${n}个小区`,
    propertyTypeName: '小区',
  },
  shop_sale: {
    table: shops,
    scope: eq(shops.deal, DEAL.SALE),
    named: null,
    namedIsRecord: false,
    describe: (n) => `在售${n}套`,
    propertyTypeName: '商铺',
  },
  shop_rent: {
    table: shops,
    scope: eq(shops.deal, DEAL.RENT),
    named: null,
    namedIsRecord: false,
    describe: (n) => `在租${n}套`,
    propertyTypeName: '商铺',
  },
  offices_sale: {
    table: offices,
    scope: eq(offices.deal, DEAL.SALE),
    named: null,
    namedIsRecord: false,
    describe: (n) => `在售${n}套`,
    propertyTypeName: '写字楼',
  },
  offices_rent: {
    table: offices,
    scope: eq(offices.deal, DEAL.RENT),
    named: null,
    namedIsRecord: false,
    describe: (n) => `在租${n}套`,
    propertyTypeName: '写字楼',
  },
};
