import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Angle } from '@contracts/search';
import { esfListQuerySchema } from '@contracts/esf';
import {
  formatListPath,
  formatSearchPath,
  keywordPath,
  normalizeQuery,
  parseSearchPath,
  suggestionPath,
  toEsfListQuery,
  type SearchQuery,
} from '@/lib/search-path';

/** Segments as Next hands them over: the path split on '/'. */
const segs = (path: string) => path.split('/').filter(Boolean);

const id = fc.integer({ min: 1, max: 2_147_483_647 });
const codes = (max: number) => fc.uniqueArray(fc.integer({ min: 1, max }), { maxLength: max }).map((xs) => [...xs].sort((a, b) => a - b));
const keyword = fc
  .string({ minLength: 1, maxLength: 50, unit: fc.constantFrom('望', '京', 'a', 'B', '1', ' ', '%', '#', '?', '&', '+', '号', '线', '-', '.', '~') })
  .filter((k) => k.trim() === k && k.length > 0 && !k.includes('/'));

const validQuery: fc.Arbitrary<SearchQuery> = fc
  .record(
    {
      estateId: id,
      districtId: id,
      businessAreaId: id,
      lineId: id,
      stationId: id,
      keyword,
      price: codes(7),
      area: codes(7),
      rooms: codes(6),
      sort: fc.integer({ min: 1, max: 9 }),
      page: fc.integer({ min: 2, max: 100 }),
    },
    { requiredKeys: ['price', 'area', 'rooms'] },
  )
  .map((q) => q as SearchQuery);

describe('search-path codec', () => {
  it('parses the spec example', () => {
    expect(parseSearchPath(segs('dc12/ta34/key%E6%9C%9B%E4%BA%AC/p3l2a1co2pg2'))).toEqual({
      districtId: 12,
      businessAreaId: 34,
      keyword: '望京',
      price: [3],
      area: [1],
      rooms: [2],
      sort: 2,
      page: 2,
    });
  });
  it('takes several bands of a kind (OR-ed), sorted and unique', () => {
    expect(parseSearchPath(['p4p2p4l3l1'])).toMatchObject({ price: [2, 4], rooms: [1, 3] });
  });
  it('accepts an already decoded keyword', () => {
    expect(parseSearchPath(['key望京']).keyword).toBe('望京');
  });
  it('ignores unknown or malformed tokens', () => {
    expect(parseSearchPath(['zz9', 'dc', 'dcx', 'p9', 'p3q', 'e0', 'e-1', 'key', 'key%E0%A4%A', 'pg0', 'pg101', 'co10'])).toMatchObject({
      price: [],
      area: [],
      rooms: [],
    });
    const q = parseSearchPath(['p8a3', 'pg500']);
    expect(q.area).toEqual([3]);
    expect(q.page).toBeUndefined();
  });
  it('formats with trailing slashes, filters last, defaults left out', () => {
    expect(formatListPath('/ershoufang/', { districtId: 1, keyword: '望京', price: [3, 1], rooms: [2], sort: 0, page: 1 })).toBe(
      '/ershoufang/dc1/key%E6%9C%9B%E4%BA%AC/p1p3l2/',
    );
    expect(formatListPath('/ershoufang/', {})).toBe('/ershoufang/');
  });
  it('property: parse(format(q)) = q for valid queries', () => {
    fc.assert(
      fc.property(validQuery, (q) => {
        expect(parseSearchPath(segs(formatSearchPath(q)))).toEqual(normalizeQuery(q));
      }),
      { numRuns: 500 },
    );
  });
  it('property: parse never throws on arbitrary segments, and its output formats back stably', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.constantFrom('p', 'pg', 'key%', 'dc', 'e'))), (xs) => {
        const q = parseSearchPath(xs);
        expect(parseSearchPath(segs(formatSearchPath(q)))).toEqual(normalizeQuery(q));
      }),
      { numRuns: 500 },
    );
    expect(parseSearchPath(undefined)).toEqual({ price: [], area: [], rooms: [] });
  });
  it('property: the mapped EsfListQuery always passes the contract schema', () => {
    fc.assert(
      fc.property(validQuery, (q) => {
        expect(esfListQuerySchema.safeParse(toEsfListQuery('110000', q)).success).toBe(true);
      }),
    );
  });
});

describe('suggestion → path (contracts/search.ts Angle)', () => {
  const base = { name: '望京', parentId: 0 };
  it.each([
    [{ ...base, id: 5, angle: Angle.ESTATE }, '/ershoufang/e5/'],
    [{ ...base, id: 2, angle: Angle.DISTRICT }, '/ershoufang/dc2/key%E6%9C%9B%E4%BA%AC/'],
    [{ ...base, id: 3, angle: Angle.BUSINESS_AREA, parentId: 2 }, '/ershoufang/dc2/ta3/key%E6%9C%9B%E4%BA%AC/'],
    [{ ...base, id: 4, angle: Angle.SUBWAY_LINE }, '/ershoufang/sl4/key%E6%9C%9B%E4%BA%AC/'],
    [{ ...base, id: 7, angle: Angle.SUBWAY_STATION, parentId: 4 }, '/ershoufang/sl4/ss7/key%E6%9C%9B%E4%BA%AC/'],
    [{ ...base, id: 9, angle: Angle.NEW_HOME }, '/loupan/e9/'],
  ])('%o → %s', (s, path) => expect(suggestionPath('/ershoufang/', s)).toBe(path));
  it('Enter goes to key{keyword}/ of the list path', () => {
    expect(keywordPath('/zufang/', ' 望京 ')).toBe('/zufang/key%E6%9C%9B%E4%BA%AC/');
  });
});
