import Link from 'next/link';
import type { EsfConditions } from '@contracts/esf';
import { messages } from '@/lib/messages';
import { formatListPath, type SearchQuery } from '@/lib/search-path';

export interface FilterBarProps {
  listPath: string;
  query: SearchQuery;
  conditions: EsfConditions;
}

type Multi = 'price' | 'area' | 'rooms';

/** Filters as plain links (crawlable, work without script): each link is the list path with one change. */
export function FilterBar({ listPath, query, conditions }: FilterBarProps) {
  const L = messages.filterLabels;
  // Any filter change starts again at page 1.
  const href = (patch: Partial<SearchQuery>) => formatListPath(listPath, { ...query, page: undefined, ...patch });
  // Region and subway exclude each other; a location choice replaces the suggestion's keyword and estate.
  const noLocation = { districtId: undefined, businessAreaId: undefined, lineId: undefined, stationId: undefined, estateId: undefined, keyword: undefined };
  const toggle = (kind: Multi, code: number) =>
    href({ [kind]: query[kind].includes(code) ? query[kind].filter((c) => c !== code) : [...query[kind], code] });
  const district = conditions.districts.find((d) => d.id === query.districtId);
  const line = conditions.subwayLines.find((l) => l.id === query.lineId);
  const cls = (on: boolean) => (on ? 'is-active' : undefined);
  const multiRow = (kind: Multi, label: string, options: { code: number; label: string }[]) => (
    <div className="filter-row">
      <span className="filter-row__label">{label}</span>
      <div className="filter-row__options">
        <Link href={href({ [kind]: [] })} className={cls(query[kind].length === 0)}>
          {L.unlimited}
        </Link>
        {options.map((o) => (
          <Link key={o.code} href={toggle(kind, o.code)} className={cls(query[kind].includes(o.code))} rel="nofollow">
            {o.label}
          </Link>
        ))}
      </div>
    </div>
  );
  const anyFilter =
    query.districtId || query.lineId || query.estateId || query.keyword || query.price.length || query.area.length || query.rooms.length || query.sort;

  return (
    <div className="filter-bar">
      <div className="filter-row">
        <span className="filter-row__label">{L.district}</span>
        <div className="filter-row__options">
          <Link href={href(noLocation)} className={cls(!query.districtId && !query.lineId)}>
            {L.unlimited}
          </Link>
          {conditions.districts.map((d) => (
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
              <Link key={a.id} href={href({ ...noLocation, districtId: district.id, businessAreaId: a.id })} className={cls(a.id === query.businessAreaId)}>
                {a.name}
              </Link>
            ))}
          </div>
        </div>
      )}
      {conditions.subwayLines.length > 0 && (
        <div className="filter-row">
          <span className="filter-row__label">{L.subway}</span>
          <div className="filter-row__options">
            {conditions.subwayLines.map((l) => (
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
              <Link key={s.id} href={href({ ...noLocation, lineId: line.id, stationId: s.id })} className={cls(s.id === query.stationId)}>
                {s.name}
              </Link>
            ))}
          </div>
        </div>
      )}
      {multiRow('price', L.price, conditions.price)}
      {multiRow('area', L.area, conditions.area)}
      {multiRow('rooms', L.rooms, conditions.rooms)}
      {anyFilter ? (
        <div className="filter-bar__clear">
          <Link href={listPath}>{messages.clearFilters}</Link>
        </div>
      ) : null}
    </div>
  );
}
