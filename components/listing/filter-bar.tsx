import Link from 'next/link';
import type { ChannelDef } from '@contracts/channels';
import { messages } from '@/lib/messages';
import { formatListPath, hasPlace, withFilter, type QueryPatch, type SearchQuery } from '@/lib/search-path';

interface Place {
  id: number;
  name: string;
  children: { id: number; name: string }[];
}

/** One row of filter options: a filter of the channel (contracts/channels.ts) with the city's options for it. */
export interface FilterRow {
  key: string;
  label: string;
  options: { code: number; label: string }[];
}

export interface FilterBarProps {
  channel: ChannelDef;
  query: SearchQuery;
  districts: Place[];
  subwayLines: Place[];
  rows: FilterRow[];
}

/** Filters as plain links (crawlable, work without script): each link is the list path with one change. */
export function FilterBar({ channel, query, districts, subwayLines, rows }: FilterBarProps) {
  const L = messages.filterLabels;
  // Any change starts again at page 1.
  const href = (patch: QueryPatch) => formatListPath(channel, { ...query, page: undefined, ...patch });
  // Region and subway exclude each other; a location choice replaces the suggestion's keyword and estate.
  const noLocation = {
    districtId: undefined,
    businessAreaId: undefined,
    lineId: undefined,
    stationId: undefined,
    estateId: undefined,
    keyword: undefined,
  };
  const toggle = (row: FilterRow, code: number, multiple: boolean) => {
    const current = query.filters[row.key] ?? [];
    const next = current.includes(code) ? current.filter((c) => c !== code) : multiple ? [...current, code] : [code];
    return formatListPath(channel, withFilter(query, row.key, next));
  };
  const district = districts.find((d) => d.id === query.districtId);
  const line = subwayLines.find((l) => l.id === query.lineId);
  const cls = (on: boolean) => (on ? 'is-active' : undefined);
  const filterRow = (row: FilterRow) => {
    const chosen = query.filters[row.key] ?? [];
    const multiple = channel.filters.find((f) => f.key === row.key)?.multiple ?? true;
    return (
      <div className="filter-row" key={row.key}>
        <span className="filter-row__label">{row.label}</span>
        <div className="filter-row__options">
          <Link href={formatListPath(channel, withFilter(query, row.key, []))} className={cls(chosen.length === 0)}>
            {L.unlimited}
          </Link>
          {row.options.map((o) => (
            <Link key={o.code} href={toggle(row, o.code, multiple)} className={cls(chosen.includes(o.code))} rel="nofollow">
              {o.label}
            </Link>
          ))}
        </div>
      </div>
    );
  };
  const anyFilter = hasPlace(query) || query.keyword || Object.values(query.filters).some((c) => c.length > 0) || query.sort;

  return (
    <div className="filter-bar">
      <div className="filter-row">
        <span className="filter-row__label">{L.district}</span>
        <div className="filter-row__options">
          <Link href={href(noLocation)} className={cls(!query.districtId && !query.lineId)}>
            {L.unlimited}
          </Link>
          {districts.map((d) => (
            <Link key={d.id} href={href({ ...noLocation, districtId: d.id })} className={cls(d.id === query.districtId)}>
              {d.name}
            </Link>
          ))}
        </div>
      </div>
      {district && district.children.length > 0 && (
        <div className="filter-row filter-row--sub">
          <span className="filter-row__label" />
          <div className="filter-row__options">
            {district.children.map((a) => (
              <Link
                key={a.id}
                href={href({ ...noLocation, districtId: district.id, businessAreaId: a.id })}
                className={cls(a.id === query.businessAreaId)}
              >
                {a.name}
              </Link>
            ))}
          </div>
        </div>
      )}
      {subwayLines.length > 0 && (
        <div className="filter-row">
          <span className="filter-row__label">{L.subway}</span>
          <div className="filter-row__options">
            {subwayLines.map((l) => (
              <Link key={l.id} href={href({ ...noLocation, lineId: l.id })} className={cls(l.id === query.lineId)}>
                {l.name}
              </Link>
            ))}
          </div>
        </div>
      )}
      {line && line.children.length > 0 && (
        <div className="filter-row filter-row--sub">
          <span className="filter-row__label" />
          <div className="filter-row__options">
            {line.children.map((s) => (
              <Link
                key={s.id}
                href={href({ ...noLocation, lineId: line.id, stationId: s.id })}
                className={cls(s.id === query.stationId)}
              >
                {s.name}
              </Link>
            ))}
          </div>
        </div>
      )}
      {rows.map(filterRow)}
      {anyFilter ? (
        <div className="filter-bar__clear">
          <Link href={channel.listPath}>{messages.clearFilters}</Link>
        </div>
      ) : null}
    </div>
  );
}
