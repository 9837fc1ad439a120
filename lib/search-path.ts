import type { CHANNELS, ChannelDef, FilterDimension } from '@contracts/channels';
import { LIST_MAX_PAGE, type ChannelCode } from '@contracts/constants';
import {
  cleanKeyword,
  keywordOfSegment,
  locationTokens,
  MAX_ID,
  placeSegments,
  safeDecode,
  type LocationField,
} from './search-keyword';

export { keywordPath, suggestionPath } from './search-keyword';

/**
 * The ONE codec for list URLs of every channel (spec §2 "Search result paths"), driven by the channel
 * registry (contracts/channels.ts), e.g. `/ershoufang/dc12/ta34/key望京/p3l2a1co2pg2/` or `/zufang/sl4/rt1rp2/`.
 *
 * Grammar, one token per path segment unless noted:
 *   e{id}  estate (a community, or a project on 新房) · dc{id} district · ta{id} business area ·
 *   sl{id} subway line · ss{id} station · key{keyword}  URL-encoded keyword
 *   filter segment: the channel's filter tokens with their codes, concatenated (`p3p4l2`: price bands 3 or 4,
 *   two rooms), then co{n} sort and pg{n} page.
 * A place segment (dc, ta, sl, ss, e) is the search: a keyword beside it is only its label (what the search
 * box shows), never a second condition — `/sl7/key14号线/` lists the homes near line 14.
 * Unknown or malformed tokens are ignored; parsing never throws.
 */
export interface SearchQuery {
  estateId?: number;
  districtId?: number;
  businessAreaId?: number;
  lineId?: number;
  stationId?: number;
  keyword?: string;
  /** Codes per filter key of the channel (`price: [3, 4]`), sorted and unique; absent or empty: no filter. */
  filters: Record<string, number[]>;
  sort?: number;
  page?: number;
}

export type QueryPatch = Partial<Omit<SearchQuery, 'filters'>> & { filters?: Record<string, number[]> };

export const emptyQuery = (): SearchQuery => ({ filters: {} });

/** List pages of every channel stop at this page (deep pages are a crawler's, not a visitor's). */
export { LIST_MAX_PAGE };

const LOCATION = /^(e|dc|ta|sl|ss)(\d+)$/;

function positiveInt(s: string, max: number): number | undefined {
  if (!/^[1-9]\d{0,9}$/.test(s)) return undefined;
  const n = Number(s);
  return n <= max ? n : undefined;
}

const sortedUnique = (xs: readonly number[]) => [...new Set(xs)].sort((a, b) => a - b);

/** The filter-segment tokenizer of a channel: its tokens plus co and pg, longest first so `pg` is not `p`. */
const tokenizers = new Map<ChannelCode, RegExp>();
function tokenizerOf(channel: ChannelDef): RegExp {
  let re = tokenizers.get(channel.code);
  if (!re) {
    const tokens = [...channel.filters.map((f) => f.token), 'pg', 'co'].sort((a, b) => b.length - a.length);
    // Six digits: a visitor's own rent bound (`ep12000`) is a number of 元, not a code.
    re = new RegExp(`(${tokens.join('|')})(\\d{1,6})`, 'y');
    tokenizers.set(channel.code, re);
  }
  return re;
}

/** Filter segment: the whole segment must be made of the channel's tokens, otherwise it is ignored. */
function parseFilterSegment(channel: ChannelDef, seg: string, q: SearchQuery): void {
  const re = tokenizerOf(channel);
  re.lastIndex = 0;
  const found: Array<[string, number]> = [];
  let m: RegExpExecArray | null;
  let end = 0;
  while ((m = re.exec(seg)) !== null) {
    found.push([m[1]!, Number(m[2])]);
    end = re.lastIndex;
  }
  if (found.length === 0 || end !== seg.length) return;
  for (const [token, n] of found) {
    if (token === 'co') {
      // co0 is the default order, the same as no sort at all.
      if (n === 0) delete q.sort;
      else if (n <= channel.maxSort) q.sort = n;
    } else if (token === 'pg') {
      // pg1 is the first page, the same as no page at all.
      if (n === 1) delete q.page;
      else if (n >= 2 && n <= LIST_MAX_PAGE) q.page = n;
    } else {
      const dim = channel.filters.find((f) => f.token === token);
      if (!dim || n < 1 || n > dim.max) continue;
      q.filters[dim.key] = dim.multiple ? sortedUnique([...(q.filters[dim.key] ?? []), n]) : [n];
    }
  }
  orderBounds(channel, q.filters);
}

/**
 * A visitor's own range given high end first (`bp300ep100`) is the same range as `bp100ep300`: the ends are put
 * in order, so a range has one address.
 */
function orderBounds(channel: ChannelDef, filters: Record<string, number[]>): void {
  for (const from of channel.filters) {
    if (from.bound?.end !== 'from') continue;
    const to = channel.filters.find((f) => f.bound?.row === from.bound!.row && f.bound.end === 'to');
    const [low, high] = [filters[from.key]?.[0], to && filters[to.key]?.[0]];
    if (to && low !== undefined && high !== undefined && low > high) {
      filters[from.key] = [high];
      filters[to.key] = [low];
    }
  }
}

/** Segments after the channel's list path (`['dc12', 'key%E6%9C%9B', 'p3pg2']`). Never throws. */
export function parseSearchPath(channel: ChannelDef, segments: readonly string[] | undefined | null): SearchQuery {
  const q = emptyQuery();
  if (!Array.isArray(segments)) return q;
  for (const raw of segments.slice(0, 12)) {
    if (typeof raw !== 'string' || raw.length === 0 || raw.length > 400) continue;
    if (raw.startsWith('key')) {
      // Next hands segments over still encoded; an already decoded keyword passes through unchanged.
      const kw = keywordOfSegment(raw);
      if (kw) q.keyword = kw;
      continue;
    }
    const seg = raw.toLowerCase();
    const place = LOCATION.exec(seg);
    if (place) {
      const field = locationTokens.find(([prefix]) => prefix === place[1])![1];
      const id = positiveInt(place[2]!, MAX_ID);
      if (id !== undefined) q[field] = id;
      continue;
    }
    parseFilterSegment(channel, seg, q);
  }
  return q;
}

/** Path segments after the list path, ending with `/` (or '' for the bare list). */
export function formatSearchPath(channel: ChannelDef, query: QueryPatch): string {
  const parts = placeSegments(query);
  let filters = '';
  for (const dim of channel.filters) {
    const codes = sortedUnique(query.filters?.[dim.key] ?? []).filter((n) => Number.isInteger(n) && n >= 1 && n <= dim.max);
    for (const n of dim.multiple ? codes : codes.slice(-1)) filters += `${dim.token}${n}`;
  }
  if (query.sort !== undefined && query.sort > 0 && query.sort <= channel.maxSort) filters += `co${query.sort}`;
  if (query.page !== undefined && query.page > 1 && query.page <= LIST_MAX_PAGE) filters += `pg${query.page}`;
  if (filters) parts.push(filters);
  return parts.map((p) => `${p}/`).join('');
}

/** Full list path: `formatListPath(CHANNELS.esf, q)` → `/ershoufang/dc12/p3/`. */
export function formatListPath(channel: ChannelDef, query: QueryPatch): string {
  return `${channel.listPath}${formatSearchPath(channel, query)}`;
}

/**
 * Canonical form of a query: ids in range, the keyword cleaned, codes in range sorted and unique (the last one
 * for a one-at-a-time filter), sort 0 and page 1 left out as the defaults they are. The codec's round trip
 * must give exactly this (tests/unit/search-path.test.ts).
 */
export function normalizeQuery(channel: ChannelDef, q: SearchQuery): SearchQuery {
  const out = emptyQuery();
  for (const [, field] of locationTokens) {
    const v = q[field];
    if (v !== undefined && Number.isInteger(v) && v > 0 && v <= MAX_ID) out[field] = v;
  }
  const kw = cleanKeyword(q.keyword);
  if (kw) out.keyword = kw;
  for (const dim of channel.filters) {
    const codes = sortedUnique(q.filters[dim.key] ?? []).filter((n) => Number.isInteger(n) && n >= 1 && n <= dim.max);
    if (codes.length) out.filters[dim.key] = dim.multiple ? codes : codes.slice(-1);
  }
  orderBounds(channel, out.filters);
  if (q.sort !== undefined && q.sort > 0 && q.sort <= channel.maxSort) out.sort = q.sort;
  if (q.page !== undefined && q.page > 1 && q.page <= LIST_MAX_PAGE) out.page = q.page;
  return out;
}

/** The place a query searches, if any: a place segment makes the keyword a label (see the grammar above). */
export function hasPlace(q: Pick<SearchQuery, LocationField>): boolean {
  return locationTokens.some(([, field]) => q[field] !== undefined);
}

/** The filter fields of a channel's list request: its registry entry's filter keys. */
type FilterKeyOf<C extends ChannelCode> = (typeof CHANNELS)[C]['filters'][number]['key'];

/**
 * A channel's list request as the codec builds it: the city and page, places, the keyword, the sort and the
 * channel's own filter fields (`price` on 二手房, `grade` on 写字楼), each a list of codes. Typed per channel, so a
 * list call takes only its channel's request.
 */
export type ListRequest<C extends ChannelCode = ChannelCode> = C extends ChannelCode
  ? {
      cityCode: string;
      page: number;
      /** The channel's page size unless a block asks for fewer (the home's blocks). */
      pageSize?: number;
      estateId?: number;
      districtId?: number;
      businessAreaId?: number;
      lineId?: number;
      stationId?: number;
      keyword?: string;
      sort?: number;
    } & { [K in FilterKeyOf<C>]?: number[] }
  : never;

/**
 * The parsed query as the channel's list call takes it: the filter keys are the request's field names
 * (contracts/channels.ts), so nothing is copied field by field.
 */
export function toListQuery<C extends ChannelCode>(cityCode: string, channel: ChannelDef<C>, q: SearchQuery): ListRequest<C> {
  const out: Record<string, string | number | number[]> = { cityCode, page: q.page ?? 1 };
  for (const [, field] of locationTokens) {
    const v = q[field];
    if (v !== undefined) out[field] = v;
  }
  if (q.keyword && !hasPlace(q)) out.keyword = q.keyword;
  for (const dim of channel.filters) {
    const codes = q.filters[dim.key];
    if (codes?.length) out[dim.key] = codes;
  }
  if (q.sort) out.sort = q.sort;
  // Built from the channel's own filters above, so it holds only fields of ListRequest<C>.
  return out as ListRequest<C>;
}

/** The bounds of a row (bp, ep of the price row), from and to, where the channel takes a visitor's own range of it. */
export function boundsOf(channel: ChannelDef, row: string): { from: FilterDimension; to: FilterDimension } | undefined {
  const from = channel.filters.find((f) => f.bound?.row === row && f.bound.end === 'from');
  const to = channel.filters.find((f) => f.bound?.row === row && f.bound.end === 'to');
  return from && to ? { from, to } : undefined;
}

/**
 * spec-free portal rules: any filter change starts again at page 1; a row's bands and the visitor's own range of
 * it replace each other (picking 300-400万 drops 自定义 100-250万, as on the big portals).
 */
export function withFilter(channel: ChannelDef, q: SearchQuery, key: string, codes: number[]): QueryPatch {
  const bounds = boundsOf(channel, key);
  const cleared = bounds ? { [bounds.from.key]: [], [bounds.to.key]: [] } : {};
  return { ...q, page: undefined, filters: { ...q.filters, ...cleared, [key]: codes } };
}

/** The visitor's own range of a row (either end may be open); its bands are dropped. See withFilter. */
export function withRange(channel: ChannelDef, q: SearchQuery, row: string, from?: number, to?: number): QueryPatch {
  const bounds = boundsOf(channel, row);
  if (!bounds) return { ...q };
  const ends = { [bounds.from.key]: from === undefined ? [] : [from], [bounds.to.key]: to === undefined ? [] : [to] };
  return { ...q, page: undefined, filters: { ...q.filters, [row]: [], ...ends } };
}

/**
 * The list path a visitor should be on when `segs` (the path's segments after the list path, as Next hands them
 * over: decoded) are not how the codec writes their query: unknown or repeated segments, codes out of range,
 * defaults spelled out, another order. null when `segs` are already the canonical spelling. Every other
 * spelling of a list is redirected there, so a list has one address and the URL space is not endless.
 */
export function nonCanonicalListPath(channel: ChannelDef, segs: readonly string[] | undefined): string | null {
  const query = parseSearchPath(channel, segs);
  const canonical = formatListPath(channel, query);
  // Compared decoded on both sides, as parseSearchPath reads them, whether or not the router decoded them already.
  const decoded = (seg: string) => safeDecode(seg) ?? seg;
  const written = canonical.slice(channel.listPath.length).split('/').filter(Boolean).map(decoded);
  const given = (segs ?? []).map(decoded);
  return written.length === given.length && written.every((seg, i) => seg === given[i]) ? null : canonical;
}
