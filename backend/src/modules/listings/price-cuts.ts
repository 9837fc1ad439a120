import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { priceChanges } from '../../db/schema';

/**
 * 降价: the listings of a channel whose price came down lately, read from price_changes (the 调价记录 of
 * price-history.ts). Apart from price-history.ts, which reads the channel registry: the list filters and item loaders
 * the registry's modules are made of import this, so it must not import the registry back.
 */

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
