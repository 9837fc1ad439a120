import type { ChannelCode } from '@contracts/constants';
import { isChannelCode } from '../listings/channels/registry';

/**
 * A saved search reads each channel from the channel registry (listings/channels/registry.ts): its list request's
 * schema and the list's own WHERE (the functions the list routes call, never a copy), so that a home matches a saved
 * search exactly when the list would show it; its `listedAt` (when a record came on the site) and its digest card.
 */

export { formatNumber } from '../listings/channels/alert-card';

/** The detail tag of a record a change names (contracts/cache-changes.ts cacheTag.detail). */
const DETAIL_TAG = /^detail:([a-z_]+):(\d+)$/;

/** The channel and id a `detail:` tag names, or null for any other tag. */
export function recordOfTag(tag: string): { channel: ChannelCode; id: number } | null {
  const m = DETAIL_TAG.exec(tag);
  if (!m || !isChannelCode(m[1]!)) return null;
  return { channel: m[1], id: Number(m[2]) };
}
