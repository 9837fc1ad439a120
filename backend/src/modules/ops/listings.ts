import { and, eq } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { cacheTag } from '@contracts/cache-changes';
import type { ChannelCode } from '@contracts/constants';
import { ok } from '@contracts/envelope';
import { envelopeSchema } from '@contracts/envelope-schema';
import {
  OPS_LISTING_CHANNELS,
  opsListingChangeSchema,
  opsListingParamsSchema,
  opsListingResultSchema,
  type OpsListingResult,
} from '@contracts/ops';
import { ApiPath } from '@contracts/paths';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { DEAL, listings, newProjects, offices, priceChanges, rentals, shops } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { recordChange } from '../cache/changes';
import { whileChangingCounts, type ListingTable } from '../listings/common';
import type { SuggestionIndex } from '../portal/suggestion-index';
import { requireCity } from '../cities/cities';
import { opsGuard } from '../../http/ops-guard';

type OpsChannel = Exclude<ChannelCode, 'estate'>;

/** What else a price change writes in its transaction: an owner's change also moves their entrust's price (house/house.ts). */
export interface PriceChangeOptions {
  alsoInTx?: (tx: Tx, previous: number | null) => Promise<void>;
}

/** A channel's headline price as an operator sets it: its column, unit and the values it takes. */
interface PriceRule {
  field: string;
  unit: string;
  /** Words for the bad-price message: `二手房总价`. */
  name: string;
  max: number;
  /** Decimals allowed: 0 for 元 columns (integers), 2 for 万元 (to the hundred 元). */
  decimals: 0 | 2;
}

/** What a record was before its price changed: enough to answer and to name the pages it is on. */
interface Changed {
  cityCode: string;
  title: string;
  previous: number | null;
  /** The community of a home: its 小区 page lists the newest homes with their prices. */
  communityId?: number;
}

interface OpsChannelDef {
  table: ListingTable;
  price: PriceRule;
  /** Locks the record, writes the new price and what follows from it; undefined when there is no such record. */
  apply(tx: Tx, id: number, price: number): Promise<Changed | undefined>;
}

const WAN: Pick<PriceRule, 'unit' | 'decimals'> = { unit: '万元', decimals: 2 };
const YUAN_PER_MONTH: Pick<PriceRule, 'unit' | 'decimals'> = { unit: '元/月', decimals: 0 };
/** 元/㎡ from a total in 万元, as the seed writes it. */
const unitPriceOf = (totalWan: number, area: number) => Math.round((totalWan * 10_000) / area);
/** 元/㎡·天 from a monthly rent, one decimal as the seed writes it, never 0. */
const dailyRentOf = (monthly: number, area: number) => Math.max(0.1, Math.round((monthly * 10) / (area * 30)) / 10);

/** 商铺 or 写字楼 of one deal: for sale the total (and 元/㎡ with it), to let the monthly rent (and 元/㎡·天). */
function commercial(table: typeof shops | typeof offices, deal: 'sale' | 'rent', name: string): OpsChannelDef {
  const t = table as typeof shops;
  const ofDeal = (id: number) => and(eq(t.id, id), eq(t.deal, deal === 'sale' ? DEAL.SALE : DEAL.RENT));
  return {
    table,
    price:
      deal === 'sale'
        ? { field: 'totalPrice', name: `${name}总价`, max: 1_000_000, ...WAN }
        : { field: 'monthlyRent', name: `${name}月租`, max: 10_000_000, ...YUAN_PER_MONTH },
    async apply(tx, id, price) {
      const [row] = await tx
        .select({ cityCode: t.cityCode, title: t.title, area: t.area, previous: deal === 'sale' ? t.totalPrice : t.monthlyRent })
        .from(t)
        .where(ofDeal(id))
        .for('update');
      if (!row) return undefined;
      await tx
        .update(t)
        .set(
          deal === 'sale'
            ? { totalPrice: price, unitPrice: unitPriceOf(price, row.area) }
            : { monthlyRent: price, dailyRent: dailyRentOf(price, row.area) },
        )
        .where(ofDeal(id));
      return row;
    },
  };
}

/** The headline price of each channel whose records an operator may reprice (contracts/ops.ts). */
const OPS_CHANNELS: Record<OpsChannel, OpsChannelDef> = {
  esf: {
    table: listings,
    price: { field: 'totalPrice', name: '二手房总价', max: 100_000, ...WAN },
    async apply(tx, id, price) {
      const [row] = await tx
        .select({
          cityCode: listings.cityCode,
          title: listings.title,
          area: listings.area,
          previous: listings.totalPrice,
          communityId: listings.communityId,
        })
        .from(listings)
        .where(eq(listings.id, id))
        .for('update');
      if (!row) return undefined;
      await tx
        .update(listings)
        .set({ totalPrice: price, unitPrice: unitPriceOf(price, row.area) })
        .where(eq(listings.id, id));
      return row;
    },
  },
  rent: {
    table: rentals,
    price: { field: 'monthlyRent', name: '租金', max: 1_000_000, ...YUAN_PER_MONTH },
    async apply(tx, id, price) {
      const [row] = await tx
        .select({
          cityCode: rentals.cityCode,
          title: rentals.title,
          previous: rentals.monthlyRent,
          deposit: rentals.deposit,
          communityId: rentals.communityId,
        })
        .from(rentals)
        .where(eq(rentals.id, id))
        .for('update');
      if (!row) return undefined;
      // The deposit is months of rent (押一 / 押二): it keeps its months at the new rent.
      const months = Math.max(1, Math.round(row.deposit / row.previous));
      await tx
        .update(rentals)
        .set({ monthlyRent: price, deposit: price * months })
        .where(eq(rentals.id, id));
      return row;
    },
  },
  new: {
    table: newProjects,
    price: { field: 'avgPrice', name: '新房均价', unit: '元/㎡', max: 1_000_000, decimals: 0 },
    async apply(tx, id, price) {
      const [row] = await tx
        .select({ cityCode: newProjects.cityCode, title: newProjects.name, previous: newProjects.avgPrice })
        .from(newProjects)
        .where(eq(newProjects.id, id))
        .for('update');
      if (!row) return undefined;
      await tx.update(newProjects).set({ avgPrice: price }).where(eq(newProjects.id, id));
      return row;
    },
  },
  shop_sale: commercial(shops, 'sale', '商铺'),
  shop_rent: commercial(shops, 'rent', '商铺'),
  offices_sale: commercial(offices, 'sale', '写字楼'),
  offices_rent: commercial(offices, 'rent', '写字楼'),
};

const isOpsChannel = (code: string): code is OpsChannel => (OPS_LISTING_CHANNELS as readonly string[]).includes(code);

/**
 * The table whose cached counts and map entries a channel's `list:` tag makes stale: the one a price change holds
 * here. The change feed's reader drops it in every backend process (modules/cache/feed-reader.ts).
 */
export const tableOfChannel = (code: string): ListingTable | undefined =>
  isOpsChannel(code) ? OPS_CHANNELS[code].table : undefined;

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
function tagsOf(channel: OpsChannel, id: number, cityDomain: string, changed: Changed): string[] {
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
  if (!isOpsChannel(channel)) throw notFound(`房源频道 ${channel} `);
  const def = OPS_CHANNELS[channel];
  const problem = priceProblem(def.price, price);
  if (problem) throw badRequest(problem);
  // Read first for its city (a record never moves): the counts to hold are its table's in that city.
  const [located] = await db.select({ cityCode: def.table.cityCode }).from(def.table).where(eq(def.table.id, id));
  if (!located) throw notFound(`房源 ${id} `);
  const city = await requireCity(db, String(located.cityCode));
  const result = await whileChangingCounts(db, def.table, city.cityCode, () =>
    db.transaction(async (tx) => {
      const changed = await def.apply(tx, id, price);
      // Gone between the two reads, or a unit of the other deal (a shop to let under shop_sale).
      if (!changed) throw notFound(`房源 ${id} `);
      await options.alsoInTx?.(tx, changed.previous);
      // 调价记录 (price_changes): a listing's changes with their time; a project's average is no asking price.
      if (channel !== 'new' && changed.previous !== null && changed.previous !== price) {
        await tx.insert(priceChanges).values({ channel, listingId: id, oldPrice: changed.previous, newPrice: price });
      }
      const tags = tagsOf(channel, id, city.cityDomain, changed);
      const seq = await recordChange(tx, tags);
      return { changed, change: { seq, tags } };
    }),
  );
  if (channel === 'new') index.invalidate(city.cityCode);
  return {
    channel,
    id,
    title: result.changed.title,
    cityCode: city.cityCode,
    cityDomain: city.cityDomain,
    priceField: def.price.field,
    unit: def.price.unit,
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
