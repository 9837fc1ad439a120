import type { ChannelCode } from '../../../../contracts/constants';
import { listings, rentals } from '../../db/schema';
import type { ListingTable } from './common';

/**
 * Which table holds a channel's homes and how a count of them reads: the one place that knows it. The
 * suggestions count here (望京 · 在租12套); a channel without an entry has no homes yet.
 */
export interface ChannelStock {
  table: ListingTable;
  /** `在售12套` / `在租12套` */
  describe: (count: number) => string;
  /** spec §3 suggestion `propertyTypeName`. */
  propertyTypeName: string;
}

const forSale: ChannelStock = { table: listings, describe: (n) => `在售${n}套`, propertyTypeName: '二手房' };

export const CHANNEL_STOCK: Partial<Record<ChannelCode, ChannelStock>> = {
  esf: forSale,
  // A community search counts the homes for sale in it, as the community pages do.
  estate: forSale,
  rent: { table: rentals, describe: (n) => `在租${n}套`, propertyTypeName: '租房' },
};
