import type { ChannelDef } from '@contracts/channels';
import { messages } from '@/lib/messages';
import { boundsOf, formatListPath, withFilter, type QueryPatch, type SearchQuery } from '@/lib/search-path';
import type { FilterRow, Place } from './channel-filters';

/** One chosen condition as a chip: what it reads and the list without it. */
export interface ConditionChip {
  /** Stable within a list: the React key and the test's handle. */
  id: string;
  label: string;
  /** The list path without this condition (page 1). */
  href: string;
}

/** `100-300万`, `100万以上`, `300万以下`: a visitor's own range read as the bands of the row read. */
export function rangeLabel(from: number | undefined, to: number | undefined, unit: string): string {
  if (from !== undefined && to !== undefined) return `${from}-${to}${unit}`;
  return from !== undefined ? `${from}${unit}${messages.rangeAbove}` : `${to}${unit}${messages.rangeBelow}`;
}

/**
 * The conditions a list is filtered by, in the filter bar's order (places, keyword, each row's choices, a row's own
 * range), each with the address of the list without it. A place's keyword is only its label (lib/search-path.ts),
 * so it goes with the place; the sort and the page are no conditions.
 */
export function chosenConditions(
  channel: ChannelDef,
  query: SearchQuery,
  rows: FilterRow[],
  districts: Place[],
  subwayLines: Place[],
): ConditionChip[] {
  const href = (patch: QueryPatch) => formatListPath(channel, { ...query, page: undefined, ...patch });
  const chips: ConditionChip[] = [];
  const district = districts.find((d) => d.id === query.districtId);
  const line = subwayLines.find((l) => l.id === query.lineId);
  const noPlace = { keyword: undefined, estateId: undefined } as const;
  if (query.districtId)
    chips.push({
      id: `dc${query.districtId}`,
      label: district?.name ?? query.keyword ?? messages.filterLabels.district,
      href: href({ ...noPlace, districtId: undefined, businessAreaId: undefined }),
    });
  if (query.businessAreaId)
    chips.push({
      id: `ta${query.businessAreaId}`,
      label: district?.children.find((a) => a.id === query.businessAreaId)?.name ?? query.keyword ?? '',
      href: href({ ...noPlace, businessAreaId: undefined }),
    });
  if (query.lineId)
    chips.push({
      id: `sl${query.lineId}`,
      label: line?.name ?? query.keyword ?? messages.filterLabels.subway,
      href: href({ ...noPlace, lineId: undefined, stationId: undefined }),
    });
  if (query.stationId)
    chips.push({
      id: `ss${query.stationId}`,
      label: line?.children.find((s) => s.id === query.stationId)?.name ?? query.keyword ?? '',
      href: href({ ...noPlace, stationId: undefined }),
    });
  if (query.estateId)
    chips.push({ id: `e${query.estateId}`, label: query.keyword ?? messages.chosenEstate, href: href(noPlace) });
  const anyPlace = chips.length > 0;
  if (query.keyword && !anyPlace) chips.push({ id: 'key', label: query.keyword, href: href({ keyword: undefined }) });
  for (const row of rows) {
    for (const code of query.filters[row.key] ?? []) {
      const option = row.options.find((o) => o.code === code);
      if (!option) continue;
      const rest = (query.filters[row.key] ?? []).filter((c) => c !== code);
      chips.push({
        id: `${row.key}${code}`,
        label: option.label,
        href: formatListPath(channel, withFilter(channel, query, row.key, rest)),
      });
    }
    const bounds = boundsOf(channel, row.key);
    const from = bounds && query.filters[bounds.from.key]?.[0];
    const to = bounds && query.filters[bounds.to.key]?.[0];
    if (bounds && (from !== undefined || to !== undefined))
      chips.push({
        id: `${row.key}Range`,
        label: rangeLabel(from, to, bounds.from.bound!.unit),
        href: href({ filters: { ...query.filters, [bounds.from.key]: [], [bounds.to.key]: [] } }),
      });
  }
  return chips;
}
