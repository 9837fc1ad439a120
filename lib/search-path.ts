import { Angle, ESF_MAX_PAGE, KEYWORD_MAX } from '@contracts/constants';
import type { Suggestion } from '@contracts/search';
import type { EsfListQuery } from '@contracts/esf';

/**
 * The ONE codec for list URLs (spec §2 "Search result paths"), e.g. `/ershoufang/dc12/ta34/key望京/p3l2a1co2pg2/`.
 *
 * Grammar, one token per path segment unless noted:
 *   e{id}  estate · dc{id} district · ta{id} business area · sl{id} subway line · ss{id} station
 *   key{keyword}  URL-encoded keyword
 *   filter segment: concatenated tokens p{1-7} price band, a{1-7} area band, l{1-6} rooms (each may repeat,
 *   OR-ed), co{n} sort, pg{n} page — e.g. `p3p4l2co2pg2`.
 * Unknown or malformed tokens are ignored; parsing never throws.
 */
export interface SearchQuery {
  estateId?: number;
  districtId?: number;
  businessAreaId?: number;
  lineId?: number;
  stationId?: number;
  keyword?: string;
  /** Sorted, unique. */
  price: number[];
  area: number[];
  rooms: number[];
  sort?: number;
  page?: number;
}

export const emptyQuery = (): SearchQuery => ({ price: [], area: [], rooms: [] });

const MAX_ID = 2_147_483_647;
const LIMITS = { p: 7, a: 7, l: 6 } as const;
const MAX_SORT = 9;

const locationTokens = [
  ['e', 'estateId'],
  ['dc', 'districtId'],
  ['ta', 'businessAreaId'],
  ['sl', 'lineId'],
  ['ss', 'stationId'],
] as const;

function positiveInt(s: string, max: number): number | undefined {
  if (!/^[1-9]\d{0,9}$/.test(s)) return undefined;
  const n = Number(s);
  return n <= max ? n : undefined;
}

function safeDecode(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

function cleanKeyword(k: string | undefined): string | undefined {
  if (k === undefined) return undefined;
  const t = k.replace(/[\u0000-\u001f\u007f/]/g, '').trim().slice(0, KEYWORD_MAX).trim();
  return t.length > 0 ? t : undefined;
}

const sortedUnique = (xs: number[]) => [...new Set(xs)].sort((a, b) => a - b);

/** Filter segment: the whole segment must be made of known tokens, otherwise it is ignored. */
function parseFilterSegment(seg: string, q: SearchQuery): boolean {
  const re = /(pg|co|p|a|l)(\d{1,4})/gy;
  const found: Array<[string, number]> = [];
  let m: RegExpExecArray | null;
  let end = 0;
  while ((m = re.exec(seg)) !== null) {
    found.push([m[1]!, Number(m[2])]);
    end = re.lastIndex;
  }
  if (found.length === 0 || end !== seg.length) return false;
  for (const [kind, n] of found) {
    if (kind === 'p' || kind === 'a' || kind === 'l') {
      if (n >= 1 && n <= LIMITS[kind]) {
        const key = kind === 'p' ? 'price' : kind === 'a' ? 'area' : 'rooms';
        q[key] = sortedUnique([...q[key], n]);
      }
    } else if (kind === 'co') {
      if (n >= 0 && n <= MAX_SORT) q.sort = n;
    } else if (n >= 1 && n <= ESF_MAX_PAGE) {
      q.page = n;
    }
  }
  return true;
}

/** Segments after the list path (`['dc12', 'key%E6%9C%9B', 'p3pg2']`). Never throws. */
export function parseSearchPath(segments: readonly string[] | undefined | null): SearchQuery {
  const q = emptyQuery();
  if (!Array.isArray(segments)) return q;
  for (const raw of segments.slice(0, 12)) {
    if (typeof raw !== 'string' || raw.length === 0 || raw.length > 400) continue;
    if (raw.startsWith('key')) {
      // Next hands segments over still encoded; an already decoded keyword passes through unchanged.
      const kw = cleanKeyword(safeDecode(raw.slice(3)) ?? raw.slice(3));
      if (kw) q.keyword = kw;
      continue;
    }
    const seg = raw.toLowerCase();
    let matched = false;
    for (const [prefix, field] of locationTokens) {
      const m = new RegExp(`^${prefix}(\\d+)$`).exec(seg);
      if (m) {
        const id = positiveInt(m[1]!, MAX_ID);
        if (id !== undefined) q[field] = id;
        matched = true;
        break;
      }
    }
    if (!matched) parseFilterSegment(seg, q);
  }
  return q;
}

/** Path segments after the list path, ending with `/` (or '' for the bare list). */
export function formatSearchPath(query: Partial<SearchQuery>): string {
  const parts: string[] = [];
  for (const [prefix, field] of locationTokens) {
    const v = query[field];
    if (v !== undefined && Number.isInteger(v) && v > 0) parts.push(`${prefix}${v}`);
  }
  const kw = cleanKeyword(query.keyword);
  if (kw) parts.push(`key${encodeURIComponent(kw)}`);
  let filters = '';
  for (const [kind, key] of [['p', 'price'], ['a', 'area'], ['l', 'rooms']] as const) {
    for (const n of sortedUnique(query[key] ?? [])) if (n >= 1 && n <= LIMITS[kind]) filters += `${kind}${n}`;
  }
  if (query.sort !== undefined && query.sort > 0 && query.sort <= MAX_SORT) filters += `co${query.sort}`;
  if (query.page !== undefined && query.page > 1 && query.page <= ESF_MAX_PAGE) filters += `pg${query.page}`;
  if (filters) parts.push(filters);
  return parts.map((p) => `${p}/`).join('');
}

/** Full list path: `formatListPath('/ershoufang/', q)` → `/ershoufang/dc12/p3/`. */
export function formatListPath(listPath: string, query: Partial<SearchQuery>): string {
  return `${listPath}${formatSearchPath(query)}`;
}

/** Canonical form: what `parseSearchPath(formatSearchPath(q))` gives (sort 0 and page 1 are defaults). */
export function normalizeQuery(q: SearchQuery): SearchQuery {
  const out: SearchQuery = { price: sortedUnique(q.price), area: sortedUnique(q.area), rooms: sortedUnique(q.rooms) };
  for (const [, field] of locationTokens) if (q[field] !== undefined) out[field] = q[field];
  const kw = cleanKeyword(q.keyword);
  if (kw) out.keyword = kw;
  if (q.sort) out.sort = q.sort;
  if (q.page && q.page > 1) out.page = q.page;
  return out;
}

/** The parsed query as the esf list call takes it (contracts EsfListQuery). */
export function toEsfListQuery(cityCode: string, q: SearchQuery): EsfListQuery {
  const out: EsfListQuery = { cityCode, page: q.page ?? 1 };
  if (q.estateId) out.estateId = q.estateId;
  if (q.districtId) out.districtId = q.districtId;
  if (q.businessAreaId) out.businessAreaId = q.businessAreaId;
  if (q.lineId) out.lineId = q.lineId;
  if (q.stationId) out.stationId = q.stationId;
  if (q.keyword) out.keyword = q.keyword;
  if (q.price.length) out.price = q.price;
  if (q.area.length) out.area = q.area;
  if (q.rooms.length) out.rooms = q.rooms;
  if (q.sort) out.sort = q.sort;
  return out;
}

/** List path per search channel (spec §2 "List routes for searching"). */
export const CHANNEL_LIST_PATH = {
  esf: '/ershoufang/',
  new: '/loupan/',
  rent: '/zufang/',
  estate: '/xiaoqu/',
  shop_sale: '/sp/buy/',
  shop_rent: '/sp/rent/',
  offices_sale: '/xzl/buy/',
  offices_rent: '/xzl/rent/',
} as const;

/** Suggestion → result path (contracts/search.ts Angle comments). */
export function suggestionPath(listPath: string, s: Pick<Suggestion, 'id' | 'name' | 'angle' | 'parentId'>): string {
  switch (s.angle) {
    case Angle.ESTATE:
      return formatListPath(listPath, { estateId: s.id });
    case Angle.DISTRICT:
      return formatListPath(listPath, { districtId: s.id, keyword: s.name });
    case Angle.BUSINESS_AREA:
      return formatListPath(listPath, { districtId: s.parentId || undefined, businessAreaId: s.id, keyword: s.name });
    case Angle.SUBWAY_LINE:
      return formatListPath(listPath, { lineId: s.id, keyword: s.name });
    case Angle.SUBWAY_STATION:
      return formatListPath(listPath, { lineId: s.parentId || undefined, stationId: s.id, keyword: s.name });
    case Angle.NEW_HOME:
      return formatListPath(CHANNEL_LIST_PATH.new, { estateId: s.id });
    default:
      return formatListPath(listPath, { keyword: s.name });
  }
}

/** Enter in the search box: `key{keyword}/` of the tab's list path. */
export function keywordPath(listPath: string, keyword: string): string {
  return formatListPath(listPath, { keyword });
}
