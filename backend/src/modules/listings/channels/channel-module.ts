import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AlertHome } from '@contracts/alerts';
import type { ChannelCode } from '@contracts/constants';
import type { Db, Tx } from '../../../db/client';
import type { ListingTable, PlaceFilters } from '../common';

/**
 * A listing channel as the backend knows it, in one object: its table and the rows of it that are the channel's,
 * its list's WHERE, ORDER BY and items (the functions its list route calls, so whoever must agree with the list —
 * the map, a saved search — calls the same), and what the map, the suggestions, the alerts, the operator's price
 * command, the sitemap and 调价记录 need of it. Each channel is one such module (channels/*.ts) and the registry
 * (channels/registry.ts) holds them by code: no other module keeps a table keyed by channel.
 */

/** A list request's filters as the WHERE reads them: the places and keyword, and the channel's own fields. */
export type ListFilters = PlaceFilters & Readonly<Record<string, unknown>>;

/** A column of dates, and one of numbers (a price): what a select of it gives is typed. */
export type DateColumn = AnyPgColumn<{ data: Date }>;
export type NumberColumn = AnyPgColumn<{ data: number }>;

/** A channel's headline price as an operator sets it: its column, unit and the values it takes. */
export interface PriceRule {
  field: string;
  unit: string;
  /** Words for the bad-price message: `二手房总价`. */
  name: string;
  max: number;
  /** Decimals allowed: 0 for 元 columns (integers), 2 for 万元 (to the hundred 元). */
  decimals: 0 | 2;
}

/** What a record was before its price changed: enough to answer and to name the pages it is on. */
export interface PriceChanged {
  cityCode: string;
  title: string;
  previous: number | null;
  /** The community of a home: its 小区 page lists the newest homes with their prices. */
  communityId?: number;
}

/** The headline price of a channel whose records an operator (or an owner's 改价) may reprice. */
export interface HeadlinePrice {
  /** The column of the price (null on a unit of the other deal, which is not the channel's). */
  column: NumberColumn;
  rule: PriceRule;
  /** Locks the record, writes the new price and what follows from it; undefined when there is no such record. */
  apply(tx: Tx, id: number, price: number): Promise<PriceChanged | undefined>;
  /** Its changes are 调价记录 (price_changes): an asking price; a project's average is none. */
  history: boolean;
  /** The suggestions show it (a project's average price): a change reads the city's suggestion index again. */
  suggested: boolean;
}

/**
 * What a channel's stock is and how a count of it reads: suggestions count here (望京 · 在租12套, 望京 · 35个小区), each
 * tab its own channel's records, as its list filtered by the place finds them.
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

/** What 地图找房 needs beyond the list: the column its bubbles average and the walk to the nearest station. */
export interface MapFacts {
  price: AnyPgColumn;
  walk: AnyPgColumn;
}

export interface ChannelModule<Code extends ChannelCode = ChannelCode, Item extends object = object> {
  code: Code;
  /** Its name in a message to a visitor: `不是二手房列表的条件`. */
  name: string;
  table: ListingTable;
  /** The rows of `table` that are this channel's (a shop for sale, not one to let); none: all of them. */
  scope?: SQL;
  /** The channel's list request (strict: a field of another channel is refused). */
  listQuery: z.ZodType<ListFilters>;
  /** The list's WHERE: places and keyword, the channel's scope and its filters. */
  where: (input: ListFilters, cityCode: string, priceTier: number) => SQL | undefined;
  /** The list's ORDER BY of a sort code. */
  orderBy: (sort: number | undefined) => SQL[];
  /** List items by id (those that exist), and the schema each is checked against. */
  items: (db: Db, ids: number[]) => Promise<Map<number, Item>>;
  itemSchema: z.ZodType;
  stock: ChannelStock;
  /** 地图找房's facts; none: the channel is not on the map. */
  map?: MapFacts;
  /** A price of the channel in words: `520万`, `6500元/月`, `58000元/㎡`. */
  priceText: (price: number) => string;
  /** When a record came on the site (a saved search's "new"); none where records have no such date. */
  listedAt: DateColumn | null;
  /** When a record last changed (a sitemap's lastmod); none where the data has no date. */
  lastmod?: AnyPgColumn;
  /** What a digest card shows of these records (those that still exist). */
  alertCard: (db: Db, ids: number[]) => Promise<Map<number, AlertHome>>;
  /** Its headline price; none: no operator reprices it (a community's reference price follows its homes). */
  price?: HeadlinePrice;
  /** Registers its routes: conditions, list, detail, similar. */
  register: (app: FastifyInstance, db: Db) => void;
}
