import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHANNEL_LIST, CHANNELS, type ChannelDef } from '@contracts/channels';
import { Angle } from '@contracts/search';
import type { z } from 'zod';
import { commercialListQueryOf } from '@contracts/commercial';
import type { ChannelCode } from '@contracts/constants';
import { esfListQuerySchema } from '@contracts/esf';
import { estateListQuerySchema } from '@contracts/estate';
import { newHomeListQuerySchema } from '@contracts/new-home';
import { rentListQuerySchema } from '@contracts/rent';
import {
  formatListPath,
  formatSearchPath,
  keywordPath,
  nonCanonicalListPath,
  normalizeQuery,
  parseSearchPath,
  suggestionPath,
  toListQuery,
  withFilter,
  withRange,
  type SearchQuery,
} from '@/lib/search-path';

/** Segments as Next hands them over: the path split on '/'. */
const segs = (path: string) => path.split('/').filter(Boolean);
const esf = CHANNELS.esf;

const id = fc.integer({ min: 1, max: 2_147_483_647 });
const keyword = fc
  .string({
    minLength: 1,
    maxLength: 50,
    unit: fc.constantFrom('望', '京', 'a', 'B', '1', ' ', '%', '#', '?', '&', '+', '号', '线', '-', '.', '~', '😀'),
  })
  // 50 UTF-16 units at most, as the backend counts, never half an emoji.
  .map((k) => k.slice(0, 50).replace(/[\uD800-\uDBFF]$/, ''))
  .filter((k) => k.trim() === k && k.length > 0 && !k.includes('/'));

/** A valid query of the channel: every filter with codes in range (one code for one-at-a-time filters). */
function validQuery(channel: ChannelDef): fc.Arbitrary<SearchQuery> {
  const filters = fc.record(
    Object.fromEntries(
      channel.filters.map((f) => [
        f.key,
        f.multiple
          ? fc.uniqueArray(fc.integer({ min: 1, max: f.max }), { maxLength: f.max })
          : fc.integer({ min: 1, max: f.max }).map((n) => [n]),
      ]),
    ),
    { requiredKeys: [] },
  );
  return fc
    .record(
      {
        estateId: id,
        districtId: id,
        businessAreaId: id,
        lineId: id,
        stationId: id,
        keyword,
        filters,
        sort: fc.integer({ min: 1, max: channel.maxSort }),
        page: fc.integer({ min: 2, max: 100 }),
      },
      { requiredKeys: ['filters'] },
    )
    .map((q) => q as SearchQuery);
}

describe('the channel registry', () => {
  it('has eight channels with their own paths, and no filter token a place or pg/co could be mistaken for', () => {
    expect(CHANNEL_LIST.map((c) => c.listPath)).toEqual([
      '/ershoufang/',
      '/loupan/',
      '/zufang/',
      '/xiaoqu/',
      '/sp/buy/',
      '/sp/rent/',
      '/xzl/buy/',
      '/xzl/rent/',
    ]);
    for (const c of CHANNEL_LIST) {
      expect(c.detailPrefix).toBe(`${c.listPath}xiangqing/`);
      const tokens = c.filters.map((f) => f.token);
      expect(new Set(tokens).size, c.code).toBe(tokens.length);
      for (const t of tokens) expect(['e', 'dc', 'ta', 'sl', 'ss', 'pg', 'co', 'key'], `${c.code}:${t}`).not.toContain(t);
      expect(new Set(c.filters.map((f) => f.key)).size, c.code).toBe(c.filters.length);
    }
  });
});

describe('search-path codec', () => {
  it('parses the spec example', () => {
    expect(parseSearchPath(esf, segs('dc12/ta34/key%E6%9C%9B%E4%BA%AC/p3l2a1co2pg2'))).toEqual({
      districtId: 12,
      businessAreaId: 34,
      keyword: '望京',
      filters: { price: [3], area: [1], rooms: [2] },
      sort: 2,
      page: 2,
    });
  });
  it('reads each channel with its own tokens', () => {
    expect(parseSearchPath(CHANNELS.rent, ['rt1rp2rp3l2'])).toMatchObject({
      filters: { rentType: [1], rent: [2, 3], rooms: [2] },
    });
    expect(parseSearchPath(CHANNELS.new, ['up2tp3zt1wy1'])).toMatchObject({
      filters: { unitPrice: [2], totalPrice: [3], saleStatus: [1], propertyType: [1] },
    });
    expect(parseSearchPath(CHANNELS.estate, ['y2up4'])).toMatchObject({ filters: { buildAge: [2], avgPrice: [4] } });
    expect(parseSearchPath(CHANNELS.shop_rent, ['lx2dp3a1'])).toMatchObject({
      filters: { shopType: [2], dailyPrice: [3], area: [1] },
    });
    // Another channel's token does not belong here: the whole segment is ignored.
    expect(parseSearchPath(esf, ['rt1p3']).filters).toEqual({});
  });
  it('reads and writes 租房’s 电梯 (dt1 有电梯, dt2 无电梯), one at a time, into the list request', () => {
    const q = parseSearchPath(CHANNELS.rent, ['dt2rt1dt1']);
    expect(q.filters).toEqual({ rentType: [1], elevator: [1] });
    expect(formatListPath(CHANNELS.rent, q)).toBe('/zufang/rt1dt1/');
    expect(toListQuery('110000', CHANNELS.rent, q)).toEqual({ cityCode: '110000', page: 1, rentType: [1], elevator: [1] });
    expect(nonCanonicalListPath(CHANNELS.rent, ['dt3'])).toBe('/zufang/');
    expect(parseSearchPath(CHANNELS.estate, ['dt1']).filters).toEqual({});
  });
  it('reads 二手房’s 更多 (朝向 cx, 楼层 lc, 装修 zx, 房龄 y, 电梯 dt, 标签 bq), several per row, in one canonical order', () => {
    const q = parseSearchPath(esf, ['bq3dt1y2zx1lc3cx2cx1bq2']);
    expect(q.filters).toEqual({
      orientation: [1, 2],
      floorLevel: [3],
      decoration: [1],
      homeAge: [2],
      elevator: [1],
      tag: [2, 3],
    });
    expect(formatListPath(esf, q)).toBe('/ershoufang/cx1cx2lc3zx1y2dt1bq2bq3/');
    expect(nonCanonicalListPath(esf, ['bq3dt1y2zx1lc3cx2cx1bq2'])).toBe('/ershoufang/cx1cx2lc3zx1y2dt1bq2bq3/');
    expect(nonCanonicalListPath(esf, ['p3cx1lc3'])).toBeNull();
    expect(toListQuery('110000', esf, q)).toMatchObject({ orientation: [1, 2], tag: [2, 3], homeAge: [2] });
    // Codes past a row's options are dropped as any other (朝向 has five, 租房's 装修 two).
    expect(nonCanonicalListPath(esf, ['cx6zx1'])).toBe('/ershoufang/zx1/');
    expect(nonCanonicalListPath(CHANNELS.rent, ['zx3'])).toBe('/zufang/');
    expect(parseSearchPath(CHANNELS.rent, ['cx5lc1zx2bq4'])).toMatchObject({
      filters: { orientation: [5], floorLevel: [1], decoration: [2], tag: [4] },
    });
  });
  it('reads a visitor’s own range (bp…ep… price or rent, ba…ea… area), ends in order, bounds in range', () => {
    expect(parseSearchPath(esf, ['bp100ep300ba60']).filters).toEqual({ priceFrom: [100], priceTo: [300], areaFrom: [60] });
    expect(formatListPath(esf, { filters: { priceTo: [300], priceFrom: [100] } })).toBe('/ershoufang/bp100ep300/');
    // High end first is the same range: one address.
    expect(parseSearchPath(esf, ['ep100bp300']).filters).toEqual({ priceFrom: [100], priceTo: [300] });
    expect(nonCanonicalListPath(esf, ['ep100bp300'])).toBe('/ershoufang/bp100ep300/');
    expect(nonCanonicalListPath(esf, ['bp0100'])).toBe('/ershoufang/bp100/');
    // Past the bound's largest number (10 000 ㎡, 100 000万), or 0: dropped.
    expect(nonCanonicalListPath(esf, ['ba10001ea0p2'])).toBe('/ershoufang/p2/');
    expect(toListQuery('110000', esf, parseSearchPath(esf, ['p2ep300']))).toEqual({
      cityCode: '110000',
      page: 1,
      price: [2],
      priceTo: [300],
    });
    // 租房: a rent of 元 a month takes six digits.
    expect(parseSearchPath(CHANNELS.rent, ['rt1bp3000ep12000']).filters).toEqual({
      rentType: [1],
      rentFrom: [3000],
      rentTo: [12000],
    });
    // Channels without a range do not read one.
    expect(parseSearchPath(CHANNELS.new, ['bp100']).filters).toEqual({});
  });
  it('lets a row’s bands and its own range replace each other, and any change start at page 1', () => {
    const q = parseSearchPath(esf, ['p2p3a1bp100ep300pg3']);
    expect(formatListPath(esf, withFilter(esf, q, 'price', [4]))).toBe('/ershoufang/p4a1/');
    expect(formatListPath(esf, withRange(esf, q, 'price', 150, undefined))).toBe('/ershoufang/a1bp150/');
    expect(formatListPath(esf, withRange(esf, q, 'area', undefined, 90))).toBe('/ershoufang/p2p3bp100ep300ea90/');
    expect(formatListPath(esf, withFilter(esf, q, 'rooms', [2]))).toBe('/ershoufang/p2p3a1l2bp100ep300/');
  });
  it('takes several bands of a kind (OR-ed), sorted and unique; one-at-a-time filters keep the last', () => {
    expect(parseSearchPath(esf, ['p4p2p4l3l1'])).toMatchObject({ filters: { price: [2, 4], rooms: [1, 3] } });
    expect(parseSearchPath(CHANNELS.rent, ['rt1rt2']).filters.rentType).toEqual([2]);
  });
  it('cuts an over-long keyword without splitting a character in two (an emoji at the 50th unit)', () => {
    for (const raw of [`key${'a'.repeat(49)}%F0%9F%98%80`, `keya${'%F0%9F%98%80'.repeat(33)}`]) {
      const q = parseSearchPath(esf, [raw]);
      expect(q.keyword!.length).toBeLessThanOrEqual(50);
      expect(() => formatListPath(esf, q)).not.toThrow();
      expect(parseSearchPath(esf, segs(formatListPath(esf, q)))).toEqual(q);
    }
  });
  it('names the canonical list path of any other spelling, and none for the canonical one', () => {
    expect(nonCanonicalListPath(esf, undefined)).toBeNull();
    expect(nonCanonicalListPath(esf, ['dc1', 'key望京', 'p1p3l2'])).toBeNull();
    expect(nonCanonicalListPath(esf, ['dictionary', 'x'])).toBe('/ershoufang/');
    expect(nonCanonicalListPath(esf, ['p3p1'])).toBe('/ershoufang/p1p3/');
    expect(nonCanonicalListPath(esf, ['pg1'])).toBe('/ershoufang/');
    expect(nonCanonicalListPath(esf, ['e0', 'pg99999999999999999999'])).toBe('/ershoufang/');
    expect(nonCanonicalListPath(CHANNELS.estate, ['y2up4'])).toBe('/xiaoqu/up4y2/');
  });
  it('accepts an already decoded keyword', () => {
    expect(parseSearchPath(esf, ['key望京']).keyword).toBe('望京');
  });
  it('ignores unknown or malformed tokens', () => {
    expect(
      parseSearchPath(esf, ['zz9', 'dc', 'dcx', 'p9', 'p3q', 'e0', 'e-1', 'key', 'key%E0%A4%A', 'pg0', 'pg101', 'co10']).filters,
    ).toEqual({});
    const q = parseSearchPath(esf, ['p8a3', 'pg500']);
    expect(q.filters).toEqual({ area: [3] });
    expect(q.page).toBeUndefined();
  });
  it('formats with trailing slashes, filters last, defaults left out', () => {
    expect(
      formatListPath(esf, { districtId: 1, keyword: '望京', filters: { price: [3, 1], rooms: [2] }, sort: 0, page: 1 }),
    ).toBe('/ershoufang/dc1/key%E6%9C%9B%E4%BA%AC/p1p3l2/');
    expect(formatListPath(esf, {})).toBe('/ershoufang/');
    expect(formatListPath(CHANNELS.offices_rent, { filters: { grade: [1], area: [2] }, page: 3 })).toBe('/xzl/rent/jb1a2pg3/');
  });
  for (const channel of CHANNEL_LIST) {
    it(`property (${channel.code}): parse(format(q)) = q for valid queries`, () => {
      fc.assert(
        fc.property(validQuery(channel), (q) => {
          expect(parseSearchPath(channel, segs(formatSearchPath(channel, q)))).toEqual(normalizeQuery(channel, q));
        }),
        { numRuns: 300, seed: 6 },
      );
    });
    it(`property (${channel.code}): parse never throws on arbitrary segments, and its output formats back stably`, () => {
      const tokens = [...channel.filters.map((f) => f.token), 'p', 'pg', 'co', 'key%', 'dc', 'e', 'rt', 'up'];
      fc.assert(
        fc.property(
          fc.array(
            fc.oneof(
              fc.string(),
              fc.string({ unit: 'binary' }),
              fc.constantFrom(...tokens),
              fc.tuple(fc.constantFrom(...tokens), fc.nat(200)).map(([t, n]) => `${t}${n}`),
            ),
          ),
          (xs) => {
            const q = parseSearchPath(channel, xs);
            expect(q).toEqual(normalizeQuery(channel, q));
            expect(parseSearchPath(channel, segs(formatSearchPath(channel, q)))).toEqual(q);
            // The list page redirects a non-canonical spelling once; the path it redirects to is canonical (no loop).
            const target = nonCanonicalListPath(channel, xs) ?? formatListPath(channel, q);
            const decoded = segs(target.slice(channel.listPath.length)).map((seg) => decodeURIComponent(seg));
            expect(nonCanonicalListPath(channel, decoded)).toBeNull();
          },
        ),
        { numRuns: 300, seed: 6 },
      );
    });
  }
  /** The list request schema the backend checks each channel's calls against. */
  const listSchemas: Record<ChannelCode, z.ZodType> = {
    esf: esfListQuerySchema,
    new: newHomeListQuerySchema,
    rent: rentListQuerySchema,
    estate: estateListQuerySchema,
    shop_sale: commercialListQueryOf('shop_sale'),
    shop_rent: commercialListQueryOf('shop_rent'),
    offices_sale: commercialListQueryOf('offices_sale'),
    offices_rent: commercialListQueryOf('offices_rent'),
  };
  for (const channel of CHANNEL_LIST) {
    it(`property (${channel.code}): the list request built from any valid query passes the channel's schema`, () => {
      const schema = listSchemas[channel.code];
      fc.assert(
        fc.property(validQuery(channel), (q) => {
          const parsed = schema.safeParse(toListQuery('110000', channel, q));
          expect(parsed.error).toBeUndefined();
        }),
        { numRuns: 300, seed: 6 },
      );
    });
  }
  it('takes a sort only within the channel’s own sort list: a higher co is not an address of the list', () => {
    expect(CHANNELS.esf.maxSort).toBe(6);
    expect(nonCanonicalListPath(esf, ['co6'])).toBeNull();
    expect(nonCanonicalListPath(esf, ['co7'])).toBe('/ershoufang/');
    expect(nonCanonicalListPath(esf, ['co8'])).toBe('/ershoufang/');
    expect(nonCanonicalListPath(CHANNELS.rent, ['rt1co6'])).toBe('/zufang/rt1/');
    expect(nonCanonicalListPath(CHANNELS.new, ['co4'])).toBeNull();
    expect(nonCanonicalListPath(CHANNELS.new, ['co5'])).toBe('/loupan/');
    expect(nonCanonicalListPath(CHANNELS.shop_sale, ['co5'])).toBeNull();
    expect(nonCanonicalListPath(CHANNELS.shop_sale, ['co9'])).toBe('/sp/buy/');
  });
  it('takes a place segment as the search and its keyword as a label only', () => {
    // A regression: `/ershoufang/sl7/key14号线/` found nothing, the keyword being searched as well as the line.
    const q = parseSearchPath(esf, segs('sl7/key14%E5%8F%B7%E7%BA%BF'));
    expect(q).toMatchObject({ lineId: 7, keyword: '14号线' });
    expect(toListQuery('110000', esf, q)).toEqual({ cityCode: '110000', page: 1, lineId: 7 });
    expect(toListQuery('110000', esf, parseSearchPath(esf, ['key望京']))).toEqual({
      cityCode: '110000',
      page: 1,
      keyword: '望京',
    });
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
  ])('%o → %s', (s, path) => expect(suggestionPath(esf, s)).toBe(path));
  it('on the 小区 tab goes to a community’s own page, and to the 小区 list for a place', () => {
    expect(suggestionPath(CHANNELS.estate, { ...base, id: 5, angle: Angle.ESTATE })).toBe('/xiaoqu/e5/');
    expect(suggestionPath(CHANNELS.rent, { ...base, id: 5, angle: Angle.ESTATE })).toBe('/zufang/e5/');
    expect(suggestionPath(CHANNELS.estate, { ...base, id: 3, angle: Angle.BUSINESS_AREA, parentId: 2 })).toBe(
      '/xiaoqu/dc2/ta3/key%E6%9C%9B%E4%BA%AC/',
    );
  });
  it('Enter goes to key{keyword}/ of the list path', () => {
    expect(keywordPath(CHANNELS.rent, ' 望京 ')).toBe('/zufang/key%E6%9C%9B%E4%BA%AC/');
  });
});
