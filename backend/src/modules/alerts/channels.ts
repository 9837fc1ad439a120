import { inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AlertHome } from '@contracts/alerts';
import { detailPath } from '@contracts/channels';
import { commercialListQueryOf, type CommercialChannel } from '@contracts/commercial';
import type { ChannelCode } from '@contracts/constants';
import { esfListQuerySchema } from '@contracts/esf';
import { estateListQuerySchema } from '@contracts/estate';
import { newHomeListQuerySchema } from '@contracts/new-home';
import { rentListQuerySchema } from '@contracts/rent';
import type { Db } from '../../db/client';
import { communities, listings, newProjects, rentals, shops } from '../../db/schema';
import { commercialList } from '../listings/commercial';
import type { ListingTable } from '../listings/common';
import { listConditions as esfWhere } from '../listings/esf';
import { listConditions as estateWhere } from '../listings/estate';
import { listConditions as newHomeWhere } from '../listings/new-home';
import { listConditions as rentWhere } from '../listings/rent';

/**
 * Each channel as a saved search needs it: the list request's schema, and the list's own WHERE (the functions the
 * list routes call, never a copy), so that a home matches a saved search exactly when the list would show it.
 * `listedAt` is when a record came on the site: a home is new to a search when it came after the search was saved
 * (records without one, projects and communities, come into a search only by a price change).
 */
export interface AlertChannel {
  table: ListingTable;
  /** The channel's list request (strict: a field of another channel is refused). */
  schema: z.ZodType<Record<string, unknown>>;
  where: (input: Record<string, unknown>, cityCode: string, priceTier: number) => SQL | undefined;
  listedAt: AnyPgColumn | null;
  /** What a digest card shows of these records (those that still exist). */
  homes: (db: Db, ids: number[]) => Promise<Map<number, AlertHome>>;
}

/** A number as the portal prints it: at most two decimals, no trailing zeros. */
export const formatNumber = (n: number) => String(Math.round(n * 100) / 100);

type Row = {
  id: number;
  title: string;
  coverUrl: string;
  rooms: number | null;
  halls: number | null;
  area: number | null;
  price: number | null;
};

function homesOf(channel: ChannelCode, unit: (price: number) => string, select: (db: Db, ids: number[]) => Promise<Row[]>) {
  return async (db: Db, ids: number[]) => {
    if (ids.length === 0) return new Map<number, AlertHome>();
    const rows = await select(db, ids);
    return new Map(
      rows.map((r): [number, AlertHome] => [
        r.id,
        {
          listingId: r.id,
          title: r.title,
          coverUrl: r.coverUrl,
          layoutText: [
            r.rooms !== null ? `${r.rooms}室${r.halls ?? 0}厅` : '',
            r.area !== null ? `${formatNumber(r.area)}㎡` : '',
          ]
            .filter(Boolean)
            .join(' '),
          priceText: r.price === null ? '价格待定' : unit(r.price),
          pcUrl: detailPath(channel, r.id),
        },
      ]),
    );
  };
}

const wan = (n: number) => `${formatNumber(n)}万`;
const perMonth = (n: number) => `${n}元/月`;
const perSqm = (n: number) => `${n}元/㎡`;

function commercial(code: CommercialChannel): AlertChannel {
  const list = commercialList(code);
  const t = list.table as typeof shops;
  const sale = code.endsWith('_sale');
  return {
    table: list.table,
    schema: commercialListQueryOf(code) as unknown as z.ZodType<Record<string, unknown>>,
    where: (input, cityCode, priceTier) => list.where(input as never, cityCode, priceTier),
    listedAt: t.listedAt,
    homes: homesOf(code, sale ? wan : perMonth, (db, ids) =>
      db
        .select({
          id: t.id,
          title: t.title,
          coverUrl: t.coverUrl,
          area: t.area,
          price: sale ? t.totalPrice : t.monthlyRent,
        })
        .from(t)
        .where(inArray(t.id, ids))
        .then((rows) => rows.map((r) => ({ ...r, rooms: null, halls: null }))),
    ),
  };
}

const schemaOf = (s: unknown) => s as z.ZodType<Record<string, unknown>>;

export const ALERT_CHANNELS: Record<ChannelCode, AlertChannel> = {
  esf: {
    table: listings,
    schema: schemaOf(esfListQuerySchema),
    where: (input, cityCode, priceTier) => esfWhere(input as never, cityCode, priceTier),
    listedAt: listings.listedAt,
    homes: homesOf('esf', wan, (db, ids) =>
      db
        .select({
          id: listings.id,
          title: listings.title,
          coverUrl: listings.coverUrl,
          rooms: listings.rooms,
          halls: listings.halls,
          area: listings.area,
          price: listings.totalPrice,
        })
        .from(listings)
        .where(inArray(listings.id, ids)),
    ),
  },
  rent: {
    table: rentals,
    schema: schemaOf(rentListQuerySchema),
    where: (input, cityCode, priceTier) => rentWhere(input as never, cityCode, priceTier),
    listedAt: rentals.listedAt,
    homes: homesOf('rent', perMonth, (db, ids) =>
      db
        .select({
          id: rentals.id,
          title: rentals.title,
          coverUrl: rentals.coverUrl,
          rooms: rentals.rooms,
          halls: rentals.halls,
          area: rentals.area,
          price: rentals.monthlyRent,
        })
        .from(rentals)
        .where(inArray(rentals.id, ids)),
    ),
  },
  new: {
    table: newProjects,
    schema: schemaOf(newHomeListQuerySchema),
    where: (input, cityCode, priceTier) => newHomeWhere(input as never, cityCode, priceTier),
    listedAt: null,
    homes: homesOf('new', perSqm, (db, ids) =>
      db
        .select({ id: newProjects.id, title: newProjects.name, coverUrl: newProjects.coverUrl, price: newProjects.avgPrice })
        .from(newProjects)
        .where(inArray(newProjects.id, ids))
        .then((rows) => rows.map((r) => ({ ...r, rooms: null, halls: null, area: null }))),
    ),
  },
  estate: {
    table: communities,
    schema: schemaOf(estateListQuerySchema),
    where: (input, cityCode, priceTier) => estateWhere(input as never, cityCode, priceTier),
    listedAt: null,
    homes: homesOf('estate', perSqm, (db, ids) =>
      db
        .select({ id: communities.id, title: communities.name, coverUrl: communities.coverUrl, price: communities.avgPrice })
        .from(communities)
        .where(inArray(communities.id, ids))
        .then((rows) => rows.map((r) => ({ ...r, rooms: null, halls: null, area: null }))),
    ),
  },
  shop_sale: commercial('shop_sale'),
  shop_rent: commercial('shop_rent'),
  offices_sale: commercial('offices_sale'),
  offices_rent: commercial('offices_rent'),
};

/** The detail tag of a record a change names (contracts/cache-changes.ts cacheTag.detail). */
const DETAIL_TAG = /^detail:([a-z_]+):(\d+)$/;

/** The channel and id a `detail:` tag names, or null for any other tag. */
export function recordOfTag(tag: string): { channel: ChannelCode; id: number } | null {
  const m = DETAIL_TAG.exec(tag);
  if (!m || !(m[1]! in ALERT_CHANNELS)) return null;
  return { channel: m[1] as ChannelCode, id: Number(m[2]) };
}
