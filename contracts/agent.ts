import { z } from 'zod';
import { agentCardSchema } from './listing-common';
import { id, int } from './fields';

/**
 * 拨打电话 on a listing's agent card: for the agent's privacy, their mobile is in no page and no answer; a visitor
 * asks with a click, which is recorded with where it came from (spec §3 tracking fields: business type and id),
 * and gets a virtual number (the portal's 400 line and an extension bound to that agent and device, below) only
 * while the agent can be contacted (status 1, read at that moment), within the caps per address, device and user.
 */
export const agentPhoneRequestSchema = z
  .strictObject({
    agentId: id(),
    /**
     * The channel's business type (contracts/channels.ts: 1 二手房, 2 租房, 3 新房, 4 商铺/写字楼, 5 小区), with
     * businessId; both absent for a call from the agent's own page (`/agent/{id}`, `/h5/agent`), recorded as such.
     */
    businessType: z.number().int().min(1).max(5).optional(),
    /** The listing the visitor called from: one of THIS agent's (a 404 otherwise, so the record is honest). */
    businessId: id().optional(),
    /**
     * For businessType 4, which of the four commercial channels (contracts/channels.ts businessTypeTwo: 1 商铺出售,
     * 2 商铺出租, 3 写字楼出售, 4 写字楼出租); without it either a shop or an office of the agent's with that id will do.
     */
    businessTypeTwo: z.number().int().min(1).max(4).optional(),
  })
  .refine((r) => (r.businessType === undefined) === (r.businessId === undefined), {
    message: 'businessType and businessId go together: both for a call from a listing, neither from the agent page',
    path: ['businessId'],
  })
  .refine((r) => r.businessTypeTwo === undefined || r.businessType === 4, {
    message: 'businessTypeTwo is only for businessType 4 (商铺/写字楼)',
    path: ['businessTypeTwo'],
  });
export type AgentPhoneRequest = z.infer<typeof agentPhoneRequestSchema>;

/**
 * What 拨打电话 shows instead of the agent's mobile, which is in no answer: the portal's 400 line and an extension
 * bound to this agent and this device until `expiresAt` (a telephony provider routes a call on the line to the
 * extension's agent: docs/operations.md "Virtual numbers").
 */
export const virtualNumberSchema = z.object({
  /** The portal's line, as configured (VIRTUAL_LINE), e.g. `400-800-1234`. */
  line: z.string(),
  /** The extension, fixed width (VIRTUAL_EXTENSION_DIGITS), e.g. `5678`. */
  extension: z.string(),
  /** ISO time the binding ends; until then the same device is given the same extension. */
  expiresAt: z.string(),
});
export type { VirtualNumber } from './virtual-number';

/**
 * agents.status (spec §3): 1 available, 2 left the job, 3 cannot be contacted. Only an available agent can be
 * called or written to (the chat says why not with IM_AGENT_LEFT and IM_AGENT_UNREACHABLE).
 */
export const AGENT_STATUS = { AVAILABLE: 1, LEFT: 2, UNREACHABLE: 3 } as const;
export type AgentStatus = (typeof AGENT_STATUS)[keyof typeof AGENT_STATUS];

export const agentPhoneSchema = z.object({
  /** spec §3: 1 available, 2 left the job, 3 cannot be contacted. */
  status: z.number().int().min(1).max(3),
  /** The number to call (never the agent's own mobile); null unless the status is 1. */
  virtualNumber: virtualNumberSchema.nullable(),
});
export type AgentPhone = z.infer<typeof agentPhoneSchema>;

/**
 * An agent's page (`/agent/{id}` and `/h5/agent`): `GET ${ApiPath.agentDetail}/{id}`. Everything a
 * visitor may see of an agent, never the mobile (拨打电话 asks for a virtual number, above). The service area is the agent's
 * branch's: its business area and district.
 */
export const agentProfileSchema = agentCardSchema.extend({
  /** The city the agent works in: an agent page on another city's domain is a 404, as a listing's is. */
  cityCode: z.string(),
  districtName: z.string(),
  businessAreaName: z.string(),
  /** The year the agent started in the trade. */
  careerStart: z.number().int(),
  /** 从业年限: whole years since careerStart, at least 1. */
  years: z.number().int(),
  /** How many second-hand homes and rentals the agent lists (the tabs 二手房 (n) / 租房 (n)). */
  esfCount: z.number().int(),
  rentCount: z.number().int(),
});
export type AgentProfile = z.infer<typeof agentProfileSchema>;

/** An agent's listings per page, newest first: 10, as the agent page shows them beside the card. */
export const AGENT_PAGE_SIZE = 10;
/** As deep as a channel's list goes (contracts/constants.ts LIST_MAX_PAGE). */
export const AGENT_MAX_PAGE = 100;

/**
 * One page of an agent's second-hand homes (`ApiPath.agentEsf`, answered as esfListPageSchema) or rentals
 * (`ApiPath.agentRent`, rentListPageSchema), the list items of those channels.
 */
export const agentListingsRequestSchema = z.strictObject({
  agentId: id(),
  page: int(1, AGENT_MAX_PAGE).default(1),
});
export type AgentListingsRequest = z.input<typeof agentListingsRequestSchema>;
