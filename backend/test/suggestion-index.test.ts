import { asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Angle } from '@contracts/search';
import { cities, communities, esfListings, shops } from '../src/db/schema';
import { searchNames } from '../src/db/search-names';
import { CHANNEL_STOCK } from '../src/modules/listings/stock';
import { bestMatches, createSuggestionIndex, findMatches, matcher, type Place } from '../src/modules/portal/suggestion-index';
import { warmHotCities } from '../src/modules/portal/suggestions';
import { startHarness, type Harness } from './harness';

const place = (id: number, name: string): Place => ({
  angle: Angle.ESTATE,
  id,
  name,
  ...searchNames(name),
  nameLower: name.toLowerCase(),
  parentId: 0,
  address: '',
  countedBy: 'communityId',
});
/** Places in the order the index keeps them: name length, then name (code points), then id. */
const kept = (...names: string[]) =>
  names
    .map((n, i) => place(i + 1, n))
    .sort((a, b) => [...a.name].length - [...b.name].length || (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
/** A copy of a row to insert as a new one (its id from the sequence). */
function withoutId<T extends { id: number }>(row: T): Omit<T, 'id'> {
  const copy: Partial<T> = { ...row };
  delete copy.id;
  return copy as Omit<T, 'id'>;
}
const names = (keyword: string, places: Place[], limit = 10) =>
  bestMatches(places, matcher(keyword), limit).map((r) => `${r.rank}:${r.place.name}`);

describe('matching in memory, as the SQL did', () => {
  it('ranks exact, then prefix, then contains; shorter names first within a rank, then by name', () => {
    const places = kept('花园里', '东花园', '花园', '花园小区', '东方花园', '花家地', '华远');
    expect(names('花园', places)).toEqual(['0:花园', '1:花园里', '1:花园小区', '2:东花园', '2:东方花园']);
  });

  it('matches pinyin and initials by prefix (exact pinyin or initials rank 0), not in the middle', () => {
    const places = kept('望京', '望京西园', '西望京', '王家');
    expect(names('wangjing', places)).toEqual(['0:望京', '1:望京西园']);
    expect(names('wj', places)).toEqual(['0:望京', '0:王家', '1:望京西园']);
    // Spaces and case do not matter for pinyin: the keyword is normalised as the stored pinyin is.
    expect(names('Wang Jing', places)).toEqual(['0:望京', '1:望京西园']);
  });

  it('tries contains on the name only for Chinese keywords; other keywords match the name by prefix, ignoring case', () => {
    const places = kept('SOHO现代城', '建外SOHO', 'soho尚都', '13号线', '3号线');
    // `soho` is not Chinese: no contains, so 建外SOHO is not offered; the others start with it (name and pinyin).
    expect(names('soho', places)).toEqual(['1:soho尚都', '1:SOHO现代城']);
    expect(names('SOHO现代城', places)).toEqual(['0:SOHO现代城']);
    expect(names('号线', places)).toEqual(['2:3号线', '2:13号线']);
    expect(names('3', places)).toEqual(['1:3号线']);
    // % and _ are characters like any other.
    expect(names('%', places)).toEqual([]);
  });

  it('finds by binary search and by character exactly what the scan finds', () => {
    const places = kept(
      '花园里',
      '东花园',
      '花园',
      '花园小区',
      '东方花园',
      '花家地',
      '华远',
      '望京',
      '望京西园',
      '西望京',
      '王家',
      'SOHO现代城',
      '建外SOHO',
      'soho尚都',
      '13号线',
      '3号线',
    );
    for (const keyword of [
      '花园',
      '花',
      'h',
      'hy',
      'huayuan',
      'wangjing',
      'wj',
      'Wang Jing',
      'soho',
      'SOHO',
      'SOHO现代城',
      '号线',
      '3',
      '13',
      '%',
      'x',
      'zz',
      '园',
    ])
      expect(findMatches(places, keyword, 10), keyword).toEqual(bestMatches(places, matcher(keyword), 10));
  });

  it('keeps the best of each rank when more than the limit match', () => {
    const many = kept(...Array.from({ length: 30 }, (_, i) => `望京${String(i).padStart(2, '0')}`), '望京');
    const best = names('望京', many, 10);
    expect(best[0]).toBe('0:望京');
    expect(best.slice(1)).toEqual(Array.from({ length: 9 }, (_, i) => `1:望京0${i}`));
  });
});

describe('the index against the database', () => {
  let h: Harness;
  let clock = 1_000_000;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('loads a city once, with every kind of place, and answers from memory after that', async () => {
    const index = createSuggestionIndex(h.database.db, { now: () => clock });
    const bj = await index.places('110000');
    expect(bj.district.some((d) => d.name === '朝阳区' && d.address === '朝阳')).toBe(true);
    expect(bj.area.find((a) => a.name === '望京')).toMatchObject({ address: '朝阳-望京', angle: Angle.BUSINESS_AREA });
    expect(bj.station.every((s) => s.parentId > 0 && s.address.length > 0)).toBe(true);
    expect(bj.project.every((p) => /^(在售|待售|售罄) · (均价\d+元\/㎡|价格待定)$/.test(p.describe ?? ''))).toBe(true);
    expect(bj.community.length).toBeGreaterThan(0);
    expect(await index.places('110000')).toBe(bj);
  });

  it('answers every kind of the seeded city as the scan does, for prefixes and parts of names, pinyin and initials', async () => {
    const index = createSuggestionIndex(h.database.db, { now: () => clock });
    const bj = await index.places('110000');
    const keywords = new Set(['a', 'z', ' ', 'Wang', '区', '号线', '%']);
    for (const list of Object.values(bj) as Place[][])
      for (const p of list.filter((_, i) => i % 7 === 0)) {
        const chars = [...p.name];
        keywords.add(chars.slice(0, 2).join('')).add(chars.slice(1, 3).join('')).add(chars.at(-1)!);
        keywords.add(p.pinyin.slice(0, 3)).add(p.pinyin).add(p.initials.slice(0, 2)).add(p.initials.toUpperCase());
      }
    let found = 0;
    for (const keyword of keywords)
      for (const list of Object.values(bj) as Place[][]) {
        const expected = bestMatches(list, matcher(keyword), 10);
        expect(findMatches(list, keyword, 10), keyword).toEqual(expected);
        found += expected.length;
      }
    expect(found).toBeGreaterThan(keywords.size);
  });

  it('warms the hot cities before anyone asks: their places and counts are those of the warm-up', async () => {
    const index = createSuggestionIndex(h.database.db, { now: () => clock });
    const db = h.database.db;
    const [hot] = await db.select().from(cities).where(isNotNull(cities.hotRank)).orderBy(asc(cities.hotRank)).limit(1);
    await warmHotCities(db, index);
    const [c] = await db.select().from(communities).where(eq(communities.cityCode, hot!.cityCode)).limit(1);
    await db.insert(communities).values({ ...withoutId(c!), name: '预热之后家园', ...searchNames('预热之后家园') });
    const [home] = await db.select().from(esfListings).where(eq(esfListings.cityCode, hot!.cityCode)).limit(1);
    const before = (await index.counts(hot!.cityCode, CHANNEL_STOCK.esf)).districtId.get(home!.districtId);
    await db.insert(esfListings).values(withoutId(home!));
    expect((await index.places(hot!.cityCode)).community.some((p) => p.name === '预热之后家园')).toBe(false);
    expect((await index.counts(hot!.cityCode, CHANNEL_STOCK.esf)).districtId.get(home!.districtId)).toBe(before);
    // Stopped (the app closing) before the first city: nothing is loaded.
    const stopped = createSuggestionIndex(db, { now: () => clock });
    await warmHotCities(db, stopped, () => true);
    expect((await stopped.places(hot!.cityCode)).community.some((p) => p.name === '预热之后家园')).toBe(true);
  });

  it('refreshes counts in the background once they are a minute old, never making a caller wait', async () => {
    const index = createSuggestionIndex(h.database.db, { now: () => clock });
    const db = h.database.db;
    const [home] = await db.select().from(esfListings).where(eq(esfListings.cityCode, '110000')).limit(1);
    const before = await index.counts('110000', CHANNEL_STOCK.esf);
    const n = before.communityId.get(home!.communityId)!;
    expect(n).toBeGreaterThan(0);
    expect(before.districtId.get(home!.districtId)).toBeGreaterThanOrEqual(n);

    await db.insert(esfListings).values(withoutId(home!));
    clock += 59_000;
    expect((await index.counts('110000', CHANNEL_STOCK.esf)).communityId.get(home!.communityId)).toBe(n);
    await index.settled();
    expect((await index.counts('110000', CHANNEL_STOCK.esf)).communityId.get(home!.communityId)).toBe(n);

    clock += 2_000;
    // The call that finds them stale still gets the kept counts; the refresh lands behind it.
    expect((await index.counts('110000', CHANNEL_STOCK.esf)).communityId.get(home!.communityId)).toBe(n);
    await index.settled();
    const after = await index.counts('110000', CHANNEL_STOCK.esf);
    expect(after.communityId.get(home!.communityId)).toBe(n + 1);
    expect(after.districtId.get(home!.districtId)).toBe(before.districtId.get(home!.districtId)! + 1);
    // 小区 counts communities, not homes: a district as many as it has.
    const inDistrict = await db.$count(communities, eq(communities.districtId, home!.districtId));
    expect((await index.counts('110000', CHANNEL_STOCK.estate)).districtId.get(home!.districtId)).toBe(inDistrict);
  });

  it('counts a channel within its scope (shops for sale apart from shops to let)', async () => {
    const index = createSuggestionIndex(h.database.db, { now: () => clock });
    const all = await h.database.db
      .select({ districtId: shops.districtId, deal: shops.deal })
      .from(shops)
      .where(eq(shops.cityCode, '110000'));
    const sale = await index.counts('110000', CHANNEL_STOCK.shop_sale);
    const rent = await index.counts('110000', CHANNEL_STOCK.shop_rent);
    const districtId = all[0]!.districtId;
    const inDistrict = all.filter((s) => s.districtId === districtId).length;
    expect((sale.districtId.get(districtId) ?? 0) + (rent.districtId.get(districtId) ?? 0)).toBe(inDistrict);
    expect(sale.communityId.size).toBe(0);
  });

  it('reloads places after five minutes, and at once after invalidate', async () => {
    const index = createSuggestionIndex(h.database.db, { now: () => clock });
    const db = h.database.db;
    const [c] = await db.select().from(communities).where(eq(communities.cityCode, '110000')).limit(1);
    await index.places('110000');
    await db.insert(communities).values({ ...withoutId(c!), name: '索引测试家园', ...searchNames('索引测试家园') });
    const has = async () => (await index.places('110000')).community.some((p) => p.name === '索引测试家园');

    clock += 4 * 60_000;
    expect(await has()).toBe(false);
    clock += 61_000;
    expect(await has()).toBe(false);
    await index.settled();
    expect(await has()).toBe(true);

    await db
      .update(communities)
      .set({ name: '索引改名家园', ...searchNames('索引改名家园') })
      .where(eq(communities.name, '索引测试家园'));
    index.invalidate('110000');
    expect((await index.places('110000')).community.some((p) => p.name === '索引改名家园')).toBe(true);
  });
});
