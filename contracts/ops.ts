import { z } from 'zod';
import { CHANNEL_CODES } from './constants';
import { cacheChangeSchema } from './cache-changes';
import { id, text } from './fields';

/**
 * The operator API (docs/operations.md): `POST ${ApiPath.opsListing}/{channel}/{id}` with
 * `Authorization: Bearer <OPS_TOKEN>`, called by `npm run ops`. Agents cannot log in (spec §6) and owners edit
 * their listings in a later issue; until then an operator changes a listing here, and the change reaches the
 * web's page caches through the change feed at once.
 */

/**
 * The channels whose records have a price to change: every channel but 小区, whose reference price is no
 * listing's (it shows on every home's detail page of the community, which no cache tag names together).
 */
export const OPS_LISTING_CHANNELS = CHANNEL_CODES.filter((c) => c !== 'estate');

export const opsListingParamsSchema = z.object({
  /** A channel code; an unknown one is a 404, as an unknown id is. */
  channel: text(32, { min: 1 }),
  id: id(),
});

/**
 * What changes: the channel's headline price, in its own unit (opsPriceRules in the backend): 二手房 total in 万元,
 * 租房 rent in 元/月, 新房 average in 元/㎡, shops and offices their total (万元) or monthly rent (元/月). The listing
 * tables have no status or visibility column yet, so there is no status to switch.
 */
export const opsListingChangeSchema = z.strictObject({
  price: z.number(),
});
export type OpsListingChange = z.input<typeof opsListingChangeSchema>;

export const opsListingResultSchema = z.object({
  channel: z.enum(CHANNEL_CODES),
  id: z.number().int(),
  title: z.string(),
  cityCode: z.string(),
  cityDomain: z.string(),
  /** The column that holds the price (`totalPrice`, `monthlyRent`, `avgPrice`) and its unit. */
  priceField: z.string(),
  unit: z.string(),
  price: z.number(),
  /** Null when the record had none (a project 价格待定). */
  previousPrice: z.number().nullable(),
  /** The change as the feed announces it (its position and tags). */
  change: cacheChangeSchema.pick({ seq: true, tags: true }),
});
export type OpsListingResult = z.infer<typeof opsListingResultSchema>;

/**
 * An agent's status (spec §3: 1 available, 2 left the job, 3 cannot be contacted): `POST ${ApiPath.opsAgent}/{id}`
 * `{status}`, `npm run ops -- agent status <id> <1|2|3>`. Agents cannot log in (spec §6): an operator records
 * that one has left. The change names the agent's pages and the pages of their listings (their agent card).
 */
export const opsAgentParamsSchema = z.object({ id: id() });
export const opsAgentChangeSchema = z.strictObject({
  status: z.number().int().min(1).max(3),
});
export type OpsAgentChange = z.input<typeof opsAgentChangeSchema>;

export const opsAgentResultSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  cityCode: z.string(),
  cityDomain: z.string(),
  status: z.number().int(),
  previousStatus: z.number().int(),
  change: cacheChangeSchema.pick({ seq: true, tags: true }),
});
export type OpsAgentResult = z.infer<typeof opsAgentResultSchema>;
