import { band, bandsBetween, byTier, choices, type FilterBand, type FilterOption, type OptionsAt } from './bands';

/**
 * The four residential channels (二手房, 新房, 租房, 小区), each ONE declaration of its filters and sorts. Everything
 * else is derived from it:
 *   - the URL tokens and the sort range of the path codec (contracts/channels.ts → lib/search-path.ts);
 *   - the list request and the conditions answer schemas (contracts/esf.ts, new-home.ts, rent.ts, estate.ts);
 *   - the filter rows of the list and options pages (components/listing/filters/residential.ts; the row's name is
 *     lib/messages.ts filterLabels[key], which the compiler holds to the keys declared here);
 *   - the conditions answer, the WHERE and the ORDER BY (backend modules/listings/residential.ts).
 * So a new filter is one entry below. Columns are named as the channel's table names them (backend db/schema/);
 * the backend binds them to the table and the compiler refuses a column the table does not have.
 * Zod- and drizzle-free: the browser imports it through the channel registry.
 */

/** How a chosen code picks records (the backend's WHERE); codes of one filter are OR-ed, filters AND-ed. */
type Match<Col extends string> =
  /** The column's value lies in the band. */
  | { kind: 'band'; column: Col; bands: (at: OptionsAt) => FilterBand[] }
  /** The record's range [min, max] reaches into the band (a project of 280–420万 is in 200-300万 and 300-500万). */
  | { kind: 'rangeBand'; min: Col; max: Col; bands: (at: OptionsAt) => FilterBand[] }
  /** The column holds the code. */
  | { kind: 'code'; column: Col; options: FilterOption[] }
  /** The column holds the code; the last code means that many or more (五室以上). */
  | { kind: 'atLeastLast'; column: Col; options: FilterOption[] }
  /** A yes/no column: code 1 yes, code 2 no. */
  | { kind: 'yesNo'; column: Col; options: FilterOption[] }
  /** A text column holds one of the code's words (朝南: 南, 东南, 西南 or 南北). */
  | { kind: 'words'; column: Col; options: FilterOption[]; words: readonly (readonly string[])[] }
  /**
   * A text-array column (tags) holds one of the code's words; unlike the other kinds, chosen codes are AND-ed:
   * a visitor who picks 满五 and 近地铁 wants homes that are both, not either.
   */
  | { kind: 'tags'; column: Col; options: FilterOption[]; words: readonly (readonly string[])[] }
  /** The home's community's column (communities.build_year) lies in the band: a home is as old as its building. */
  | { kind: 'communityBand'; communityColumn: 'buildYear'; bands: (at: OptionsAt) => FilterBand[] }
  /**
   * The visitor's own bound of a row's column (自定义价格 `bp100ep300`): at least (`from`) or at most (`to`) the
   * number in the token, both ends included. Not a row of its own: `row` names the banded row it refines.
   */
  | { kind: 'bound'; column: Col; end: 'from' | 'to'; row: string; max: number; unit: string }
  /**
   * 降价房源: the listing's price came down (a row of price_changes with the new price below the old, of the
   * channel `channel`) within the last `days` days. One option; the list cards tag the same homes 「降价」.
   */
  | { kind: 'recentCut'; channel: 'esf' | 'rent'; days: number; options: FilterOption[] };

export type ResidentialFilter<Key extends string = string, Col extends string = string> = Match<Col> & {
  /** The list request's field and the conditions answer's row. */
  key: Key;
  /** Letters of the URL token: `{token}{code}` in the filter segment. Never a place prefix (e, dc, ta, sl, ss), pg or co. */
  token: string;
  /** Several codes OR-ed (price bands), or one at a time (整租 or 合租). */
  multiple: boolean;
  /** Shown under 更多 in the filter bar (朝向, 楼层, 装修 …), not as a row of its own. */
  more?: boolean;
};

/** A sort: its label (the conditions answer) and its column; the id breaks ties in the same direction. */
export interface ResidentialSort<Col extends string = string> {
  label: string;
  column: Col;
  dir: 'asc' | 'desc';
  /** A price that may be null (价格待定) goes last in both directions. */
  nullsLast?: boolean;
}

export interface ResidentialDecl<Key extends string = string, Col extends string = string> {
  /** Sort codes are the positions in this list: 0 is the default order. */
  sorts: readonly ResidentialSort<Col>[];
  filters: readonly ResidentialFilter<Key, Col>[];
}

// The entries below read `kind(key, token, column, choices)`: the request field, the URL letters, the table column.
// The commercial channels' declarations (contracts/commercial-filters.ts) use the same words.
export const bands = <K extends string, C extends string>(
  key: K,
  token: string,
  column: C,
  of: (at: OptionsAt) => FilterBand[],
) => ({ key, token, multiple: true, kind: 'band', column, bands: of }) as const;
export const fixed = (list: FilterBand[]) => () => list;
export const anyOf = <K extends string, C extends string>(key: K, token: string, column: C, options: FilterOption[]) =>
  ({ key, token, multiple: true, kind: 'code', column, options }) as const;
const oneOf = <K extends string, C extends string>(key: K, token: string, column: C, options: FilterOption[]) =>
  ({ key, token, multiple: false, kind: 'code', column, options }) as const;
const roomCounts = <K extends string, C extends string>(key: K, token: string, column: C, options: FilterOption[]) =>
  ({ key, token, multiple: true, kind: 'atLeastLast', column, options }) as const;
const yesOrNo = <K extends string, C extends string>(key: K, token: string, column: C, yes: string, no: string) =>
  ({ key, token, multiple: false, kind: 'yesNo', column, options: choices(yes, no) }) as const;
/** Options whose codes match words of a text column: `{ 朝南: ['南', '东南', '西南', '南北'], … }`, coded in order. */
const wordsOf = <K extends string, C extends string>(key: K, token: string, column: C, words: Record<string, string[]>) =>
  ({
    key,
    token,
    multiple: true,
    more: true,
    kind: 'words',
    column,
    options: choices(...Object.keys(words)),
    words: Object.values(words),
  }) as const;
const tagsOf = <K extends string, C extends string>(key: K, token: string, column: C, words: Record<string, string[]>) =>
  ({ ...wordsOf(key, token, column, words), kind: 'tags' }) as const;
/** The visitor's own range of a banded row: two bounds, `{from}{n}` and `{to}{n}` (bp100ep300). */
const boundsOf = <K extends string, C extends string>(
  row: string,
  [fromKey, toKey]: readonly [K, K],
  [from, to]: readonly [string, string],
  column: C,
  max: number,
  unit: string,
) =>
  [
    { key: fromKey, token: from, multiple: false, kind: 'bound', column, end: 'from', row, max, unit },
    { key: toKey, token: to, multiple: false, kind: 'bound', column, end: 'to', row, max, unit },
  ] as const;
/** How recent a cut makes a home 降价 (the filter and the cards' tag): the last 30 days, as the big portals count. */
export const RECENT_CUT_DAYS = 30;
/** The tag a list card of such a home shows, first among its tags. */
export const PRICE_CUT_TAG = '降价';
const recentCut = <K extends string>(key: K, token: string, channel: 'esf' | 'rent') =>
  ({ key, token, multiple: false, kind: 'recentCut', channel, days: RECENT_CUT_DAYS, options: choices('近30天降价') }) as const;
/** 朝向 as the big portals offer it: a home facing south-east is among both 朝南 and 朝东. */
const ORIENTATION_WORDS = {
  朝南: ['南', '东南', '西南', '南北'],
  朝北: ['北', '南北'],
  朝东: ['东', '东南', '东西'],
  朝西: ['西', '西南', '东西'],
  南北通透: ['南北'],
};
/** 楼层 by where the floor sits in the building (homeColumns floor_level). */
const FLOOR_WORDS = { 低楼层: ['低楼层'], 中楼层: ['中楼层'], 高楼层: ['高楼层'] };
export const by = <C extends string>(label: string, column: C, dir: 'asc' | 'desc', nullsLast?: true): ResidentialSort<C> => ({
  label,
  column,
  dir,
  ...(nullsLast ? { nullsLast } : {}),
});

/**
 * Build-age bands (楼龄) as the visitor reads them, stored as build-year ranges so that the list filters the
 * column directly: a community built in `year - 4` or later is 5年以内.
 */
const buildAges = ({ year }: OptionsAt): FilterBand[] => [
  band(1, '5年以内', [year - 4, null]),
  band(2, '5-10年', [year - 9, year - 4]),
  band(3, '10-15年', [year - 14, year - 9]),
  band(4, '15-20年', [year - 19, year - 14]),
  band(5, '20年以上', [null, year - 19]),
];

/** 二手房 (CHANNELS.esf, esf_listings). Money: totalPrice 万元, unitPrice 元/㎡. */
export const ESF = {
  filters: [
    bands(
      'price',
      'p',
      'totalPrice',
      byTier({
        1: bandsBetween([200, 300, 400, 500, 700, 1000], '万'),
        2: bandsBetween([100, 150, 200, 300, 400, 600], '万'),
        3: bandsBetween([50, 80, 100, 150, 200, 300], '万'),
      }),
    ),
    bands('area', 'a', 'area', fixed(bandsBetween([50, 70, 90, 110, 130, 150], '㎡'))),
    roomCounts('rooms', 'l', 'rooms', choices('一室', '二室', '三室', '四室', '五室', '五室以上')),
    // 更多
    wordsOf('orientation', 'cx', 'orientation', ORIENTATION_WORDS),
    wordsOf('floorLevel', 'lc', 'floorLevel', FLOOR_WORDS),
    wordsOf('decoration', 'zx', 'decoration', { 精装: ['精装'], 简装: ['简装'], 毛坯: ['毛坯'] }),
    {
      key: 'homeAge',
      token: 'y',
      multiple: true,
      more: true,
      kind: 'communityBand',
      communityColumn: 'buildYear',
      bands: buildAges,
    },
    { ...yesOrNo('elevator', 'dt', 'elevator', '有电梯', '无电梯'), more: true },
    // 满二: owned two years or more, which a home 满五唯一 is too.
    tagsOf('tag', 'bq', 'tags', { 满二: ['满二', '满五唯一'], 满五: ['满五唯一'], 近地铁: ['近地铁'], 随时看房: ['随时看房'] }),
    recentCut('priceCut', 'jj', 'esf'),
    // 自定义价格 and 面积 (万, ㎡).
    ...boundsOf('price', ['priceFrom', 'priceTo'], ['bp', 'ep'], 'totalPrice', 100_000, '万'),
    ...boundsOf('area', ['areaFrom', 'areaTo'], ['ba', 'ea'], 'area', 10_000, '㎡'),
  ],
  sorts: [
    by('默认排序', 'listedAt', 'desc'),
    by('最新发布', 'listedAt', 'desc'),
    by('总价从低到高', 'totalPrice', 'asc'),
    by('总价从高到低', 'totalPrice', 'desc'),
    by('单价从低到高', 'unitPrice', 'asc'),
    by('单价从高到低', 'unitPrice', 'desc'),
    by('面积从大到小', 'area', 'desc'),
  ],
} as const satisfies ResidentialDecl;

/**
 * 新房 (CHANNELS.new, new_projects). avgPrice in 元/㎡ read in 万 (new homes sell a little above the second-hand
 * level of their district, so the bands sit around 1.1× the tier's second-hand prices); a total price is the
 * cheapest and dearest layout's, 万元, null while 价格待定 (in no band).
 */
export const NEW_HOME = {
  filters: [
    bands(
      'unitPrice',
      'up',
      'avgPrice',
      byTier({
        1: bandsBetween([30000, 40000, 50000, 60000, 80000, 100000], '万/㎡', 10_000),
        2: bandsBetween([20000, 25000, 30000, 35000, 40000, 50000], '万/㎡', 10_000),
        3: bandsBetween([10000, 12000, 15000, 18000, 22000, 26000], '万/㎡', 10_000),
      }),
    ),
    {
      key: 'totalPrice',
      token: 'tp',
      multiple: true,
      kind: 'rangeBand',
      min: 'totalPriceMin',
      max: 'totalPriceMax',
      bands: byTier({
        1: bandsBetween([200, 300, 500, 800, 1000, 1500], '万'),
        2: bandsBetween([150, 200, 300, 400, 600, 1000], '万'),
        3: bandsBetween([80, 100, 150, 200, 300, 500], '万'),
      }),
    },
    // SALE_STATUS (contracts/new-home.ts) and PROPERTY_TYPE (backend/src/domain/residential-codes.ts) name these codes.
    oneOf('saleStatus', 'zt', 'saleStatus', choices('在售', '待售', '售罄')),
    anyOf('propertyType', 'wy', 'propertyType', choices('住宅', '别墅', '商住', '写字楼', '商铺')),
  ],
  // Each order is an index of new_projects read forwards or backwards, except 均价从高到低: a 价格待定 project goes
  // last there as in every price order, which the index read backwards would put first (docs/data.md).
  sorts: [
    by('默认排序', 'updatedAt', 'desc'),
    by('均价从低到高', 'avgPrice', 'asc'),
    by('均价从高到低', 'avgPrice', 'desc', true),
    by('总价从低到高', 'totalPriceMin', 'asc'),
    by('最新开盘', 'openingDate', 'desc'),
  ],
} as const satisfies ResidentialDecl;

/**
 * 租房 (CHANNELS.rent, rentals). monthlyRent in 元/月; a 合租 room and a whole flat share one scale (the low
 * bands are mostly rooms, as are the first two area bands: a room is 10–25 ㎡).
 */
export const RENT = {
  filters: [
    // RENT_TYPE (backend/src/domain/residential-codes.ts) names these codes.
    oneOf('rentType', 'rt', 'rentType', choices('整租', '合租')),
    bands(
      'rent',
      'rp',
      'monthlyRent',
      byTier({
        1: bandsBetween([2000, 3000, 4000, 5000, 7000, 10000], '元'),
        2: bandsBetween([1500, 2000, 3000, 4000, 5000, 7000], '元'),
        3: bandsBetween([1000, 1500, 2000, 2500, 3000, 4000], '元'),
      }),
    ),
    bands('area', 'a', 'area', fixed(bandsBetween([20, 40, 60, 80, 100, 130], '㎡'))),
    roomCounts('rooms', 'l', 'rooms', choices('一室', '二室', '三室', '四室及以上')),
    // 更多. dt1 有电梯, dt2 无电梯 (rentals.elevator).
    wordsOf('orientation', 'cx', 'orientation', ORIENTATION_WORDS),
    wordsOf('floorLevel', 'lc', 'floorLevel', FLOOR_WORDS),
    // Rentals are let 精装 or 简装, never bare (seed-rentals.ts, house/compose.ts).
    wordsOf('decoration', 'zx', 'decoration', { 精装: ['精装'], 简装: ['简装'] }),
    { ...yesOrNo('elevator', 'dt', 'elevator', '有电梯', '无电梯'), more: true },
    tagsOf('tag', 'bq', 'tags', {
      近地铁: ['近地铁'],
      随时看房: ['随时看房'],
      押一付一: ['押一付一'],
      独立卫生间: ['独立卫生间'],
      独立阳台: ['独立阳台'],
    }),
    recentCut('priceCut', 'jj', 'rent'),
    // 自定义租金 and 面积 (元/月, ㎡).
    ...boundsOf('rent', ['rentFrom', 'rentTo'], ['bp', 'ep'], 'monthlyRent', 999_999, '元'),
    ...boundsOf('area', ['areaFrom', 'areaTo'], ['ba', 'ea'], 'area', 10_000, '㎡'),
  ],
  sorts: [
    by('默认排序', 'listedAt', 'desc'),
    by('最新发布', 'listedAt', 'desc'),
    by('租金从低到高', 'monthlyRent', 'asc'),
    by('租金从高到低', 'monthlyRent', 'desc'),
    by('面积从小到大', 'area', 'asc'),
    by('面积从大到小', 'area', 'desc'),
  ],
} as const satisfies ResidentialDecl;

/**
 * 小区 (CHANNELS.estate, communities). Reference prices in 元/㎡, read in 万 as the big portals' 小区 filters do,
 * per tier so that each band holds a fair share of a city's communities. Every sort is exactly the columns of an
 * index (communities_city_idx, _city_price_idx, _city_year_idx); the default, by id, puts the seed's well-known
 * communities first.
 */
export const ESTATE = {
  filters: [
    bands(
      'avgPrice',
      'up',
      'avgPrice',
      byTier({
        1: bandsBetween([40_000, 50_000, 60_000, 70_000, 80_000, 100_000], '万', 10_000),
        2: bandsBetween([20_000, 25_000, 30_000, 40_000, 50_000, 60_000], '万', 10_000),
        3: bandsBetween([10_000, 12_000, 15_000, 20_000, 25_000, 30_000], '万', 10_000),
      }),
    ),
    bands('buildAge', 'y', 'buildYear', buildAges),
  ],
  sorts: [
    by('默认排序', 'id', 'asc'),
    by('均价从低到高', 'avgPrice', 'asc'),
    by('均价从高到低', 'avgPrice', 'desc'),
    by('建成年代从新到旧', 'buildYear', 'desc'),
    by('建成年代从旧到新', 'buildYear', 'asc'),
  ],
} as const satisfies ResidentialDecl;

/** The declaration of each residential channel, by channel code. */
export const RESIDENTIAL = { esf: ESF, new: NEW_HOME, rent: RENT, estate: ESTATE } as const;
export type ResidentialChannel = keyof typeof RESIDENTIAL;
export type ResidentialFilterKey = (typeof RESIDENTIAL)[ResidentialChannel]['filters'][number]['key'];

/** A filter the filter bar shows as a row of choices: any but a visitor's own bound. */
export type RowFilter<F extends ResidentialFilter = ResidentialFilter> = Exclude<F, { kind: 'bound' }>;
export type BoundFilter = Extract<ResidentialFilter, { kind: 'bound' }>;
export const isRowFilter = <F extends ResidentialFilter>(f: F): f is F & RowFilter<F> => f.kind !== 'bound';
export const isBound = (f: ResidentialFilter): f is BoundFilter => f.kind === 'bound';

/** The choices of each row of a declaration, by its key: bands where it has bands, else options. */
export type FilterRowsOf<D extends ResidentialDecl> = {
  [F in RowFilter<D['filters'][number]> as F['key']]: F extends { bands: unknown } ? FilterBand[] : FilterOption[];
};

/** The choices of a row in a city: its bands for the city's tier, or its fixed options. */
export function optionsOf(filter: RowFilter, at: OptionsAt): FilterOption[] | FilterBand[] {
  return 'bands' in filter ? filter.bands(at) : filter.options;
}

/**
 * How many codes a filter has: codes run from 1 to this (a bound: the largest number it takes). Every tier has as
 * many bands (a unit test checks), so any tier and year will do.
 */
export function codeCount(filter: ResidentialFilter): number {
  return isRowFilter(filter) ? optionsOf(filter, { priceTier: 1, year: 2000 }).length : filter.max;
}

/** The highest sort code of a declaration: its sorts are numbered from 0. */
export const maxSortOf = (decl: ResidentialDecl): number => decl.sorts.length - 1;
