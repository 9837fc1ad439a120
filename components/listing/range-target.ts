import { CHANNELS } from '@contracts/channels';
import type { ChannelCode } from '@contracts/constants';
import { listMessages } from '@/lib/client/list-messages';
import { formatListPath, normalizeQuery, withRange, type SearchQuery } from '@/lib/search-path';

/** '' is no bound; anything else must be a whole number 1…max. */
function readBound(text: string, max: number): number | undefined | null {
  const t = text.trim();
  if (t === '') return undefined;
  if (!/^\d+$/.test(t)) return null;
  const n = Number(t);
  return n >= 1 && n <= max ? n : null;
}

/**
 * 自定义's 确定 (components/listing/range-form.tsx): the list with the row's own range, or what is wrong with the
 * numbers. With the channel registry and the codec it loads when the form is first used (an input focused), not with
 * the list: the residential filter rows (contracts/residential.ts) are ≈2 kB gzip of first-load JS.
 */
export function rangeTarget(
  channel: ChannelCode,
  query: SearchQuery,
  row: string,
  max: number,
  low: string,
  high: string,
): { path: string } | { error: string } {
  const M = listMessages.rangeForm;
  const [a, b] = [readBound(low, max), readBound(high, max)];
  if (a === null || b === null) return { error: M.bad(max) };
  if (a === undefined && b === undefined) return { error: M.empty };
  const def = CHANNELS[channel];
  const next = withRange(def, query, row, a, b);
  return { path: formatListPath(def, normalizeQuery(def, { ...next, filters: next.filters ?? {} })) };
}
