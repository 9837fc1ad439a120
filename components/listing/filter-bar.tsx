import Link from 'next/link';
import type { ChannelDef } from '@contracts/channels';
import type { FilterRow } from '@/lib/listing/channel-filters';
import { messages } from '@/lib/messages';
import { boundsOf, formatListPath, withFilter, type QueryPatch, type SearchQuery } from '@/lib/search-path';
import { RangeForm } from './range-form';

interface Place {
  id: number;
  name: string;
  children: { id: number; name: string }[];
}

export interface FilterBarProps {
  channel: ChannelDef;
  query: SearchQuery;
  districts: Place[];
  subwayLines: Place[];
  rows: FilterRow[];
}

/**
 * Filters as plain links (crawlable, work without script): each link is the list path with one change. A row that
 * takes several choices (OR-ed; 标签 AND-ed) marks its options as boxes to tick; the rows marked `more` fold under
 * 更多 (a native disclosure, open while one of them is chosen); a row with a visitor's own range (bp…ep…) ends with
 * its RangeForm.
 */
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
    return formatListPath(channel, withFilter(channel, query, row.key, next));
  };
  const district = districts.find((d) => d.id === query.districtId);
  const line = subwayLines.find((l) => l.id === query.lineId);
  const cls = (on: boolean) => (on ? 'is-active' : undefined);
  const filterRow = (row: FilterRow) => {
    const chosen = query.filters[row.key] ?? [];
    const multiple = channel.filters.find((f) => f.key === row.key)?.multiple ?? true;
    const bounds = boundsOf(channel, row.key);
    const from = bounds && query.filters[bounds.from.key]?.[0];
    const to = bounds && query.filters[bounds.to.key]?.[0];
    const ranged = from !== undefined || to !== undefined;
    const option = (on: boolean) => [multiple ? 'filter-option--multi' : '', on ? 'is-active' : ''].join(' ').trim() || undefined;
    return (
      <div className="filter-row" key={row.key}>
        <span className="filter-row__label">{row.label}</span>
        <div className="filter-row__options">
          <Link
            href={formatListPath(channel, withFilter(channel, query, row.key, []))}
            className={cls(chosen.length === 0 && !ranged)}
          >
            {L.unlimited}
          </Link>
          {row.options.map((o) => (
            <Link key={o.code} href={toggle(row, o.code, multiple)} className={option(chosen.includes(o.code))} rel="nofollow">
              {o.label}
            </Link>
          ))}
          {bounds ? (
            <RangeForm
              // A new address (another range chosen, or a chip removed) starts the inputs again from it.
              key={`${from}-${to}`}
              channel={channel.code}
              query={query}
              row={row.key}
              rowLabel={row.label}
              unit={bounds.from.bound!.unit}
              max={bounds.from.max}
              from={from}
              to={to}
            />
          ) : null}
        </div>
      </div>
    );
  };
  const moreRows = rows.filter((r) => r.more);
  const moreChosen = moreRows.some((r) => (query.filters[r.key] ?? []).length > 0);

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
      {rows.filter((r) => !r.more).map(filterRow)}
      {moreRows.length > 0 ? (
        <details className="filter-more" open={moreChosen}>
          <summary className="filter-more__summary">
            <span className="filter-row__label">{L.more}</span>
            <span className="filter-more__names">{moreRows.map((r) => r.label).join(' · ')}</span>
          </summary>
          {moreRows.map(filterRow)}
        </details>
      ) : null}
    </div>
  );
}
