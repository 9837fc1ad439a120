import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
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
import { cities, communities, DEAL, listings, offices, priceChanges, rentals, shops } from '../../db/schema';
import { notFound } from '../../http/errors';
import { portalRoute } from '../../http/portal-route';

const DAY = 86_400_000;

/** A cut: a change whose new price is below the old one, within the last `days` days. */
const cutWithin = (channel: 'esf' | 'rent', days: number) =>
  and(
    eq(priceChanges.channel, channel),
    lt(priceChanges.newPrice, priceChanges.oldPrice),
    gte(priceChanges.changedAt, sql`now() - make_interval(days => ${days})`),
  );

/**
 * The ids of a channel's listings cut in price within `days` days, as a subquery: the 降价 filter's WHERE
 * (contracts/residential.ts `recentCut`), read through price_changes_recent_idx.
 */
export function recentCutIds(channel: 'esf' | 'rent', days: number): SQL {
  return sql`(select ${priceChanges.listingId} from ${priceChanges} where ${cutWithin(channel, days)})`;
}

/**
 * Which of `ids` were cut in price within `days` days: the cards' 「降价」 tag, the same rule as the filter. Its own
 * query: as a column of the items' query (an EXISTS per row) PGlite planned it as a scan of every recent cut.
 */
export async function recentlyCut(db: Db, channel: 'esf' | 'rent', days: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: priceChanges.listingId })
    .from(priceChanges)
    .where(and(cutWithin(channel, days), inArray(priceChanges.listingId, ids)));
  return new Set(rows.map((r) => r.id));
}

/** Where a channel's listing and its price are: the table, the deal of a commercial unit, the price column. */
function listingOf(channel: PriceHistoryChannel) {
  switch (channel) {
    case 'esf':
      return { table: listings, price: listings.totalPrice, deal: undefined };
    case 'rent':
      return { table: rentals, price: rentals.monthlyRent, deal: undefined };
    case 'shop_sale':
    case 'shop_rent':
    case 'offices_sale':
    case 'offices_rent': {
      const t = (channel.startsWith('shop') ? shops : offices) as typeof shops;
      const sale = channel.endsWith('sale');
      return { table: t, price: sale ? t.totalPrice : t.monthlyRent, deal: eq(t.deal, sale ? DEAL.SALE : DEAL.RENT) };
    }
  }
}

/**
 * A listing's 调价记录 as its detail page shows it: 挂牌 time, price now, and its changes oldest first (the newest
 * PRICE_HISTORY_MAX). The listing must be one a visitor may see (its city has the channel), else the same 404 as
 * its detail page.
 */
export async function priceHistoryOf(db: Db, channel: PriceHistoryChannel, id: number): Promise<PriceHistory> {
  const { table, price, deal } = listingOf(channel);
  const [row] = await db
    .select({ listedAt: table.listedAt, price, city: cities })
    .from(table)
    .innerJoin(cities, eq(cities.cityCode, table.cityCode))
    .where(deal ? and(eq(table.id, id), deal) : eq(table.id, id));
  if (!row || row.price === null || !channelIsOn(row.city, channel)) throw notFound(`房源 ${id} `);
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
      id: listings.id,
      title: listings.title,
      changedAt: priceChanges.changedAt,
      oldPrice: priceChanges.oldPrice,
      newPrice: priceChanges.newPrice,
    })
    .from(listings)
    .innerJoin(priceChanges, and(eq(priceChanges.channel, 'esf'), eq(priceChanges.listingId, listings.id)))
    .where(and(eq(listings.communityId, communityId), lt(priceChanges.newPrice, priceChanges.oldPrice)))
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
