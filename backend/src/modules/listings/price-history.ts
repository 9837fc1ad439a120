import { and, desc, eq, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { channelIsOn } from '@contracts/channels';
import { ApiPath } from '@contracts/paths';
import {
  PRICE_CUTS_MAX,
  PRICE_HISTORY_MAX,
  priceCutsRequestSchema,
  priceCutsSchema,
  type PriceCuts,
  priceHistoryRequestSchema,
  priceHistorySchema,
  type PriceHistory,
  type PriceHistoryChannel,
} from '@contracts/price-history';
import type { Db } from '../../db/client';
import { cities, communities, esfListings, priceChanges } from '../../db/schema';
import { notFound } from '../../http/errors';
import { portalRoute } from '../../http/portal-route';
import { channelModule } from './channels/registry';

const DAY = 86_400_000;

/**
 * A listing's 调价记录 as its detail page shows it: 挂牌 time, price now, and its changes oldest first (the newest
 * PRICE_HISTORY_MAX). The listing must be one a visitor may see (its city has the channel), else the same 404 as
 * its detail page.
 */
export async function priceHistoryOf(db: Db, channel: PriceHistoryChannel, id: number): Promise<PriceHistory> {
  // The channel's table, its rows (a shop for sale, not one to let), its asking price and listing date.
  const { table, scope, price, listedAt } = channelModule(channel);
  if (!price?.history || !listedAt) throw notFound(`房源 ${id} `);
  const [row] = await db
    .select({ listedAt, price: price.column, city: cities })
    .from(table)
    .innerJoin(cities, eq(cities.cityCode, table.cityCode))
    .where(and(eq(table.id, id), scope));
  if (!row || row.price === null || row.listedAt === null || !channelIsOn(row.city, channel)) throw notFound(`房源 ${id} `);
  const changes = await db
    .select({ changedAt: priceChanges.changedAt, oldPrice: priceChanges.oldPrice, newPrice: priceChanges.newPrice })
    .from(priceChanges)
    .where(and(eq(priceChanges.channel, channel), eq(priceChanges.listingId, id)))
    .orderBy(desc(priceChanges.changedAt), desc(priceChanges.id))
    .limit(PRICE_HISTORY_MAX);
  return {
    listedAt: row.listedAt.toISOString(),
    daysOnMarket: Math.max(0, Math.floor((Date.now() - row.listedAt.getTime()) / DAY)),
    price: row.price,
    changes: changes.reverse().map((c) => ({ ...c, changedAt: c.changedAt.toISOString() })),
  };
}

/** A community's 二手房 cut in price lately (newest first, PRICE_CUTS_MAX); 404 for an unknown community. */
export async function priceCutsOf(db: Db, communityId: number): Promise<PriceCuts> {
  const [community] = await db.select({ id: communities.id }).from(communities).where(eq(communities.id, communityId));
  if (!community) throw notFound(`小区 ${communityId} `);
  const rows = await db
    .select({
      id: esfListings.id,
      title: esfListings.title,
      changedAt: priceChanges.changedAt,
      oldPrice: priceChanges.oldPrice,
      newPrice: priceChanges.newPrice,
    })
    .from(esfListings)
    .innerJoin(priceChanges, and(eq(priceChanges.channel, 'esf'), eq(priceChanges.listingId, esfListings.id)))
    .where(and(eq(esfListings.communityId, communityId), lt(priceChanges.newPrice, priceChanges.oldPrice)))
    .orderBy(desc(priceChanges.changedAt), desc(priceChanges.id))
    .limit(PRICE_CUTS_MAX);
  return { list: rows.map((r) => ({ ...r, changedAt: r.changedAt.toISOString() })) };
}

export function registerPriceHistory(app: FastifyInstance, db: Db): void {
  portalRoute(app, {
    path: ApiPath.priceCuts,
    summary: '近期降价: a community’s second-hand homes whose price came down lately, newest first',
    tags: ['listings'],
    input: priceCutsRequestSchema,
    output: priceCutsSchema,
    handler: ({ estateId }) => priceCutsOf(db, estateId),
  });
  portalRoute(app, {
    path: ApiPath.priceHistory,
    summary: '调价记录: when a listing was listed and every change of its price since (二手房, 租房, 商铺, 写字楼)',
    tags: ['listings'],
    input: priceHistoryRequestSchema,
    output: priceHistorySchema,
    handler: ({ channelCode, id }) => priceHistoryOf(db, channelCode, id),
  });
}
