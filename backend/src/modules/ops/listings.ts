import { eq } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { cacheTag } from '@contracts/cache-changes';
import type { ChannelCode } from '@contracts/constants';
import { ok } from '@contracts/envelope';
import { envelopeSchema } from '@contracts/envelope-schema';
import { opsListingChangeSchema, opsListingParamsSchema, opsListingResultSchema, type OpsListingResult } from '@contracts/ops';
import { ApiPath } from '@contracts/paths';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { priceChanges } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { recordChange } from '../cache/changes';
import type { PriceChanged, PriceRule } from '../listings/channels/channel-module';
import { channelModule, isChannelCode } from '../listings/channels/registry';
import { whileChangingCounts } from '../listings/common';
import type { SuggestionIndex } from '../portal/suggestion-index';
import { requireCity } from '../cities/cities';
import { opsGuard } from '../../http/ops-guard';

/** What else a price change writes in its transaction: an owner's change also moves their entrust's price (house/house.ts). */
export interface PriceChangeOptions {
  alsoInTx?: (tx: Tx, previous: number | null) => Promise<void>;
}

/** A bad price in words, or null: positive, at most the rule's max, and no more decimals than its unit has. */
export function priceProblem(rule: PriceRule, price: number): string | null {
  // Exact, no tolerance: 1e-9 万元 is not "two decimals" (it would publish as 0万 and sort first).
  const decimalsOk = Number.isFinite(price) && Number(price.toFixed(rule.decimals)) === price;
  if (price > 0 && price <= rule.max && decimalsOk) return null;
  const step = rule.decimals === 0 ? '整数' : `最多 ${rule.decimals} 位小数`;
  return `price: ${rule.name}以${rule.unit}计，须大于 0、不超过 ${rule.max}，${step}`;
}

/**
 * The pages a change is on (contracts/cache-changes.ts): the channel's lists in the city (their counts and the
 * home page's block among them), the record's own page, and for a home its community's 小区 page, which shows
 * the newest homes with their prices.
 */
function tagsOf(channel: ChannelCode, id: number, cityDomain: string, changed: PriceChanged): string[] {
  const tags = [cacheTag.list(channel, cityDomain), cacheTag.detail(channel, id)];
  if (changed.communityId !== undefined) tags.push(cacheTag.detail('estate', changed.communityId));
  return tags;
}

/**
 * Changes a record's price and announces it: the update and its change commit together; the cached counts of
 * the channel's table in the city are held while they do and dropped after; a project's place in the
 * suggestions shows its average price, so its city's suggestion index is read again. The operator's command and
 * an owner's 改价 (卖房管理, house/house.ts) both come here; the owner's passes `alsoInTx` for their entrust.
 */
export async function changeListingPrice(
  db: Db,
  index: SuggestionIndex,
  channel: string,
  id: number,
  price: number,
  options: PriceChangeOptions = {},
): Promise<OpsListingResult> {
  // A channel whose module has a headline price (contracts/ops.ts OPS_LISTING_CHANNELS, a registry test checks).
  if (!isChannelCode(channel)) throw notFound(`房源频道 ${channel} `);
  const { table, price: def } = channelModule(channel);
  if (!def) throw notFound(`房源频道 ${channel} `);
  const problem = priceProblem(def.rule, price);
  if (problem) throw badRequest(problem);
  // Read first for its city (a record never moves): the counts to hold are its table's in that city.
  const [located] = await db.select({ cityCode: table.cityCode }).from(table).where(eq(table.id, id));
  if (!located) throw notFound(`房源 ${id} `);
  const city = await requireCity(db, String(located.cityCode));
  const result = await whileChangingCounts(db, table, city.cityCode, () =>
    db.transaction(async (tx) => {
      const changed = await def.apply(tx, id, price);
      // Gone between the two reads, or a unit of the other deal (a shop to let under shop_sale).
      if (!changed) throw notFound(`房源 ${id} `);
      await options.alsoInTx?.(tx, changed.previous);
      // 调价记录 (price_changes): a listing's changes with their time; a project's average is no asking price.
      if (def.history && changed.previous !== null && changed.previous !== price) {
        await tx.insert(priceChanges).values({ channel, listingId: id, oldPrice: changed.previous, newPrice: price });
      }
      const tags = tagsOf(channel, id, city.cityDomain, changed);
      const seq = await recordChange(tx, tags);
      return { changed, change: { seq, tags } };
    }),
  );
  if (def.suggested) index.invalidate(city.cityCode);
  return {
    channel,
    id,
    title: result.changed.title,
    cityCode: city.cityCode,
    cityDomain: city.cityDomain,
    priceField: def.rule.field,
    unit: def.rule.unit,
    price,
    previousPrice: result.changed.previous,
    change: result.change,
  };
}

export function registerOpsListings(
  app: FastifyInstance,
  db: Db,
  config: Pick<Config, 'OPS_TOKEN'>,
  index: SuggestionIndex,
): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    `${ApiPath.opsListing}/:channel/:id`,
    {
      onRequest: opsGuard(config),
      schema: {
        summary: "Operator: change a listing's headline price (Authorization: Bearer <OPS_TOKEN>); announced on the change feed",
        tags: ['ops'],
        params: opsListingParamsSchema,
        body: opsListingChangeSchema,
        response: { 200: envelopeSchema(opsListingResultSchema) },
      },
    },
    async (request) => {
      const { channel, id } = request.params;
      const { price } = request.body;
      return ok(await changeListingPrice(db, index, channel, id, price));
    },
  );
}
