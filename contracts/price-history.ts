import { z } from 'zod';
import { id } from './fields';

/**
 * 调价记录 of one listing (table price_changes): when it was listed and every change of its headline price since,
 * oldest first. Prices in the channel's unit: 万元 for a sale (二手房, 商铺/写字楼出售), 元/月 for a rent.
 */
export const PRICE_HISTORY_CHANNELS = ['esf', 'rent', 'shop_sale', 'shop_rent', 'offices_sale', 'offices_rent'] as const;
export type PriceHistoryChannel = (typeof PRICE_HISTORY_CHANNELS)[number];

export const priceHistoryRequestSchema = z.object({
  channelCode: z.enum(PRICE_HISTORY_CHANNELS),
  id: id(),
});

export const priceChangeSchema = z.object({
  /** ISO time of the change. */
  changedAt: z.string(),
  oldPrice: z.number(),
  newPrice: z.number(),
});
export type PriceChange = z.infer<typeof priceChangeSchema>;

export const priceHistorySchema = z.object({
  /** ISO time the listing went on the market (挂牌). */
  listedAt: z.string(),
  /** Whole days since 挂牌 (上架天数), as of the answer. */
  daysOnMarket: z.number().int().nonnegative(),
  /** The price now. */
  price: z.number(),
  /** At most PRICE_HISTORY_MAX, oldest first. */
  changes: z.array(priceChangeSchema),
});
export type PriceHistory = z.infer<typeof priceHistorySchema>;

/** A listing repriced more often than this shows its latest changes (the record stays whole in the table). */
export const PRICE_HISTORY_MAX = 50;

/** A community's 二手房 whose price came down lately (its 小区 page's 近期降价), newest cut first. */
export const priceCutsRequestSchema = z.object({ estateId: id() });

export const priceCutSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  changedAt: z.string(),
  oldPrice: z.number(),
  newPrice: z.number(),
});
export type PriceCut = z.infer<typeof priceCutSchema>;

export const priceCutsSchema = z.object({ list: z.array(priceCutSchema) });
export type PriceCuts = z.infer<typeof priceCutsSchema>;

/** Cuts a 小区 page shows. */
export const PRICE_CUTS_MAX = 5;
