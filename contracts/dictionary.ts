import { z } from 'zod';
import { cityCodeField } from './city';
import { CHANNEL_CODES } from './constants';

/**
 * A channel's place dictionary (spec §2 "/dictionary"): every place of a city a channel's list can
 * be filtered to — districts, business areas and the channel's named places (communities on 二手房, 租房 and
 * 小区; new-home projects on 新房; none on shops and offices) — grouped by the first letter of their pinyin.
 * Compact on purpose: a big city has thousands of communities, so an entry is only its id and name (a business
 * area also its district, which its list path needs: dc{districtId}/ta{id}/).
 */
export const dictionaryRequestSchema = z.object({
  cityCode: cityCodeField(),
  channelCode: z.enum(CHANNEL_CODES),
});
export type DictionaryRequest = z.input<typeof dictionaryRequestSchema>;

const entrySchema = z.object({ id: z.number().int(), name: z.string() });

export const dictionaryGroupSchema = z.object({
  /** `A`–`Z`; `#` for names whose pinyin starts with neither (a digit, say). */
  letter: z.string(),
  districts: z.array(entrySchema),
  businessAreas: z.array(entrySchema.extend({ districtId: z.number().int() })),
  /** Communities or projects, as `named` says; empty where the channel has none. */
  places: z.array(entrySchema),
});
export type DictionaryGroup = z.infer<typeof dictionaryGroupSchema>;

export const dictionarySchema = z.object({
  /** What `places` are: communities (e{id} is the community), new-home projects (e{id} is the project), or none. */
  named: z.enum(['community', 'project']).nullable(),
  /** Letters in order (A–Z, then #), only those with at least one place; names in pinyin order within a letter. */
  groups: z.array(dictionaryGroupSchema),
});
export type Dictionary = z.infer<typeof dictionarySchema>;
