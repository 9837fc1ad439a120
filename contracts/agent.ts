import { z } from 'zod';
import { id } from './fields';

/**
 * 拨打电话 on a listing's agent card (issue 8 privacy): the agent's number is not in any page; a visitor asks for
 * it with a click, which is recorded with where it came from (spec §3 tracking fields: business type and id),
 * and gets it only while the agent can be contacted (status 1, read at that moment).
 */
export const agentPhoneRequestSchema = z.strictObject({
  agentId: id(),
  /** The channel's business type (contracts/channels.ts: 1 二手房, 2 租房, 3 新房, 4 商铺/写字楼, 5 小区). */
  businessType: z.number().int().min(1).max(5),
  /** The listing the visitor called from. */
  businessId: id(),
});
export type AgentPhoneRequest = z.infer<typeof agentPhoneRequestSchema>;

export const agentPhoneSchema = z.object({
  /** spec §3: 1 available, 2 left the job, 3 cannot be contacted. */
  status: z.number().int().min(1).max(3),
  /** The number to call; null unless the status is 1. */
  mobile: z.string().nullable(),
});
export type AgentPhone = z.infer<typeof agentPhoneSchema>;
