import { z } from 'zod';

import { cityCodeField } from './city';
import { Angle, CHANNEL_CODES, KEYWORD_MAX } from './constants';
import { keywordField } from './listing-common';

export { Angle, CHANNEL_CODES, KEYWORD_MAX };
export type { ChannelCode } from './constants';

export const suggestionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  angle: z.number().int().min(1).max(6),
  /** 小区 / 区域 / 商圈 / 地铁线 / 地铁站 / 楼盘 */
  angleName: z.string(),
  /** District of a business area, line of a station; 0 otherwise. */
  parentId: z.number().int(),
  /** Where it is, e.g. 朝阳-望京. */
  address: z.string(),
  /** A short line for the dropdown, e.g. 在售23套. */
  describe: z.string(),
  propertyTypeName: z.string(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

export const recommendsRequestSchema = z.object({
  cityCode: cityCodeField(),
  channelCode: z.enum(CHANNEL_CODES),
  // spec §5: blank keywords are never sent; the backend rejects them too.
  keyword: keywordField().pipe(z.string().min(1, 'keyword must not be blank')),
});
export type RecommendsRequest = z.input<typeof recommendsRequestSchema>;
