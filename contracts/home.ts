import { z } from 'zod';
import { citySchema } from './city';
import { esfListItemSchema } from './esf';

/** /v1/index: what the home page shows for a city. */
export const homeDataSchema = z.object({
  city: citySchema,
  stats: z.object({
    esfCount: z.number().int(),
    communityCount: z.number().int(),
    agentCount: z.number().int(),
    /** Average listed unit price in the city, 元/㎡. */
    avgUnitPrice: z.number().int(),
  }),
  /** Newest second-hand listings with photos. */
  esfHot: z.array(esfListItemSchema),
  /** Communities with the most listings. */
  hotCommunities: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      districtName: z.string(),
      businessAreaName: z.string(),
      avgPrice: z.number().int(),
      onSaleCount: z.number().int(),
      coverUrl: z.string(),
    }),
  ),
});
export type HomeData = z.infer<typeof homeDataSchema>;
