import { eq } from 'drizzle-orm';
import { channelIsOn } from '@contracts/channels';
import type { Db } from '../../db/client';
import { cities } from '../../db/schema';
import { notFound } from '../../http/errors';
import { homeModuleOf } from './channels/registry';

/**
 * The second-hand home or rental a visitor's action names (预约看房, 浏览, 关注), when a visitor may see it: it
 * exists and its city has the channel on, as its detail page asks. Anything else is the same 404.
 */
export async function requireListing(db: Db, businessType: 1 | 2, listingId: number): Promise<{ agentId: number }> {
  // The channel and table of the business type (1 二手房, 2 租房).
  const { code, table: t } = homeModuleOf(businessType);
  const [row] = await db
    .select({ agentId: t.agentId, city: cities })
    .from(t)
    .innerJoin(cities, eq(cities.cityCode, t.cityCode))
    .where(eq(t.id, listingId));
  if (!row || !channelIsOn(row.city, code)) throw notFound(`房源 ${listingId} `);
  return { agentId: row.agentId };
}
