import { eq } from 'drizzle-orm';
import { channelIsOn } from '@contracts/channels';
import type { Db } from '../../db/client';
import { cities, listings, rentals } from '../../db/schema';
import { notFound } from '../../http/errors';

/** contracts/channels.ts businessType → the channel and its table: 1 二手房, 2 租房. */
const CHANNEL_OF = { 1: 'esf', 2: 'rent' } as const;
const TABLE_OF = { 1: listings, 2: rentals } as const;

/**
 * The second-hand home or rental a visitor's action names (预约看房, 浏览, 关注), when a visitor may see it: it
 * exists and its city has the channel on, as its detail page asks. Anything else is the same 404.
 */
export async function requireListing(db: Db, businessType: 1 | 2, listingId: number): Promise<{ agentId: number }> {
  const t = TABLE_OF[businessType];
  const [row] = await db
    .select({ agentId: t.agentId, city: cities })
    .from(t)
    .innerJoin(cities, eq(cities.cityCode, t.cityCode))
    .where(eq(t.id, listingId));
  if (!row || !channelIsOn(row.city, CHANNEL_OF[businessType])) throw notFound(`房源 ${listingId} `);
  return { agentId: row.agentId };
}
