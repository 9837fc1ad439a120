import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMERCIAL_PATHS } from '@contracts/commercial';
import type { EsfConditions, EsfListItem, EsfListPage } from '@contracts/esf';
import { ApiPath } from '@contracts/paths';
import type { RentConditions, RentListItem, RentListPage } from '@contracts/rent';
import { chinaToday } from '../src/modules/listings/residential';
import { answer, both, envelope, nonEmpty, startHarness, type Harness } from './harness';

/**
 * 二手房 and 租房's 更多 filters (朝向, 楼层, 装修, 房龄, 电梯, 标签) and a visitor's own price, rent and area ranges,
 * against the seeded database: each filter keeps exactly the homes whose facts match, choices within a row are
 * OR-ed (标签 AND-ed), and a bad value is a 400 that names the field.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const BJ = { cityCode: '110000', pageSize: 50 };
const esf = (input: Record<string, unknown>) => answer<EsfListPage>(h.app, ApiPath.esfList, { ...BJ, ...input });
const rent = (input: Record<string, unknown>) => answer<RentListPage>(h.app, ApiPath.rentList, { ...BJ, ...input });

/** Every home of the page matches, the filter found some and left some out. */
async function keepsOnly<T>(
  page: Promise<{ total: number; list: T[] }>,
  all: number,
  matches: (item: T) => boolean,
): Promise<number> {
  const { total, list } = await page;
  expect(nonEmpty(list).every(matches)).toBe(true);
  expect(total).toBeLessThan(all);
  return total;
}

describe('二手房 更多', () => {
  let all: number;
  beforeAll(async () => {
    all = (await esf({})).total;
  });

  it('offers the 更多 rows in the conditions answer, and no row for a visitor’s own range', async () => {
    const [res] = await both(h.app, ApiPath.conditionEsf, { cityCode: '110000' });
    const c = envelope<EsfConditions>(res!).data;
    expect(c.orientation.map((o) => o.label)).toEqual(['朝南', '朝北', '朝东', '朝西', '南北通透']);
    expect(c.floorLevel.map((o) => o.label)).toEqual(['低楼层', '中楼层', '高楼层']);
    expect(c.decoration.map((o) => o.label)).toEqual(['精装', '简装', '毛坯']);
    expect(c.homeAge.map((o) => o.label)).toEqual(['5年以内', '5-10年', '10-15年', '15-20年', '20年以上']);
    expect(c.elevator.map((o) => o.label)).toEqual(['有电梯', '无电梯']);
    expect(c.tag.map((o) => o.label)).toEqual(['满二', '满五', '近地铁', '随时看房']);
    expect(Object.keys(c)).not.toContain('priceFrom');
  });

  it('filters 朝向 (a south-east home is 朝南 and 朝东), several OR-ed', async () => {
    const south = await keepsOnly(esf({ orientation: [1] }), all, (l: EsfListItem) =>
      ['南', '东南', '西南', '南北'].includes(l.orientation),
    );
    const through = await keepsOnly(esf({ orientation: [5] }), all, (l: EsfListItem) => l.orientation === '南北');
    const eastOrNorth = await keepsOnly(esf({ orientation: [2, 3] }), all, (l: EsfListItem) =>
      ['北', '南北', '东', '东南', '东西'].includes(l.orientation),
    );
    expect(through).toBeLessThan(south);
    expect(eastOrNorth).toBeGreaterThan((await esf({ orientation: [3] })).total);
  });

  it('filters 楼层, 装修 and 电梯', async () => {
    await keepsOnly(esf({ floorLevel: [3] }), all, (l: EsfListItem) => l.floorLevel === '高楼层');
    await keepsOnly(esf({ floorLevel: [1, 2] }), all, (l: EsfListItem) => l.floorLevel !== '高楼层');
    await keepsOnly(esf({ decoration: [3] }), all, (l: EsfListItem) => l.decoration === '毛坯');
    await keepsOnly(esf({ elevator: [2] }), all, (l: EsfListItem) => !l.elevator);
  });

  it('filters 房龄 by the community’s build year', async () => {
    const { year } = chinaToday();
    await keepsOnly(esf({ homeAge: [5] }), all, (l: EsfListItem) => l.buildYear < year - 19);
    await keepsOnly(esf({ homeAge: [2, 3] }), all, (l: EsfListItem) => l.buildYear >= year - 14 && l.buildYear < year - 4);
  });

  it('filters 标签: 满二 takes 满五唯一 homes too, and two tags must both be there', async () => {
    const two = await keepsOnly(esf({ tag: [1] }), all, (l: EsfListItem) => l.tags.some((t) => t === '满二' || t === '满五唯一'));
    const five = await keepsOnly(esf({ tag: [2] }), all, (l: EsfListItem) => l.tags.includes('满五唯一'));
    expect(five).toBeLessThan(two);
    const fiveNearSubway = await keepsOnly(
      esf({ tag: [2, 3] }),
      all,
      (l: EsfListItem) => l.tags.includes('满五唯一') && l.tags.includes('近地铁'),
    );
    expect(fiveNearSubway).toBeLessThan(five);
  });

  it('takes a visitor’s own price and area range, both ends included, either end open', async () => {
    const page = await esf({ priceFrom: [300], priceTo: [500], sort: 2 });
    expect(nonEmpty(page.list).every((l) => l.totalPrice >= 300 && l.totalPrice <= 500)).toBe(true);
    expect(page.total).toBeLessThan(all);
    await keepsOnly(esf({ priceFrom: 800 }), all, (l: EsfListItem) => l.totalPrice >= 800);
    await keepsOnly(esf({ areaTo: '60' }), all, (l: EsfListItem) => l.area <= 60);
  });

  it('refuses a bound out of range or given twice, naming the field', async () => {
    for (const input of [{ priceFrom: [0] }, { priceFrom: [100, 200] }, { areaTo: [10_001] }, { priceTo: 'cheap' }]) {
      for (const res of await both(h.app, ApiPath.esfList, { cityCode: '110000', ...input })) {
        expect(res.statusCode).toBe(400);
        expect(envelope(res).msg).toContain(Object.keys(input)[0]);
      }
    }
  });
});

describe('租房 更多', () => {
  let all: number;
  beforeAll(async () => {
    all = (await rent({})).total;
  });

  it('offers its 更多 rows: 装修 without 毛坯, its own tags', async () => {
    const [res] = await both(h.app, ApiPath.conditionRent, { cityCode: '110000' });
    const c = envelope<RentConditions>(res!).data;
    expect(c.decoration.map((o) => o.label)).toEqual(['精装', '简装']);
    expect(c.tag.map((o) => o.label)).toEqual(['近地铁', '随时看房', '押一付一', '独立卫生间', '独立阳台']);
    expect(c.orientation).toHaveLength(5);
    expect(c.floorLevel).toHaveLength(3);
  });

  it('filters 朝向, 楼层, 装修 and 标签 against the rentals', async () => {
    await keepsOnly(rent({ orientation: [4] }), all, (r: RentListItem) => ['西', '西南', '东西'].includes(r.orientation));
    await keepsOnly(rent({ floorLevel: [1] }), all, (r: RentListItem) => r.floorLevel === '低楼层');
    await keepsOnly(rent({ decoration: [2] }), all, (r: RentListItem) => r.decoration === '简装');
    await keepsOnly(rent({ tag: [4, 1] }), all, (r: RentListItem) => r.tags.includes('独立卫生间') && r.tags.includes('近地铁'));
  });

  it('takes a visitor’s own rent range, both ends included', async () => {
    const one = (await rent({})).list[0]!;
    const exact = await rent({ rentFrom: [one.monthlyRent], rentTo: [one.monthlyRent] });
    expect(exact.list.map((r) => r.id)).toContain(one.id);
    expect(exact.list.every((r) => r.monthlyRent === one.monthlyRent)).toBe(true);
    await keepsOnly(
      rent({ rentFrom: [3000], rentTo: [6000] }),
      all,
      (r: RentListItem) => r.monthlyRent >= 3000 && r.monthlyRent <= 6000,
    );
    await keepsOnly(
      rent({ rentFrom: [3000], rentType: [1] }),
      all,
      (r: RentListItem) => r.monthlyRent >= 3000 && r.rentType === 1,
    );
  });
});

describe('相似房源', () => {
  const similarOf = <T>(path: string, id: number) => answer<{ list: T[] }>(h.app, `${path}/${id}`);

  it('gives homes of the same community or business area, of a like price and a room more or less, never the home itself', async () => {
    const homes = (await esf({ sort: 0 })).list;
    let checked = 0;
    for (const home of homes.slice(0, 10)) {
      const { list } = await similarOf<EsfListItem>(ApiPath.esfSimilar, home.id);
      expect(list.length).toBeLessThanOrEqual(6);
      for (const other of list) {
        expect(other.id).not.toBe(home.id);
        expect(other.communityId === home.communityId || other.businessAreaName === home.businessAreaName).toBe(true);
        expect(Math.abs(other.totalPrice - home.totalPrice)).toBeLessThanOrEqual(home.totalPrice * 0.25 + 1e-9);
        expect(Math.abs(other.rooms - home.rooms)).toBeLessThanOrEqual(1);
      }
      // The community's own homes come first.
      const own = list.map((o) => o.communityId === home.communityId);
      expect(own).toEqual([...own].sort((a, b) => Number(b) - Number(a)));
      if (list.length > 0) checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('gives a rental only rentals let the same way (整租 or 合租)', async () => {
    let checked = 0;
    for (const home of (await rent({})).list.slice(0, 10)) {
      const { list } = await similarOf<RentListItem>(ApiPath.rentSimilar, home.id);
      for (const other of list) {
        expect(other.rentType).toBe(home.rentType);
        expect(Math.abs(other.monthlyRent - home.monthlyRent)).toBeLessThanOrEqual(home.monthlyRent * 0.25);
      }
      if (list.length > 0) checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });

  /** Each place-bound channel: its list, its similar path, and the price a like record is within a quarter of. */
  const PLACE_BOUND: [string, string, string, (r: Record<string, unknown>) => number | null][] = [
    ['小区', ApiPath.estateList, ApiPath.estateSimilar, (r) => r.avgPrice as number],
    ['新房', ApiPath.newHomeList, ApiPath.newHomeSimilar, (r) => r.avgPrice as number | null],
    ['商铺出售', COMMERCIAL_PATHS.shop_sale.list, COMMERCIAL_PATHS.shop_sale.similar, (r) => r.totalPrice as number],
    ['写字楼出租', COMMERCIAL_PATHS.offices_rent.list, COMMERCIAL_PATHS.offices_rent.similar, (r) => r.dailyRent as number],
  ];
  it.each(PLACE_BOUND)(
    'gives a %s record others of its district, of a like price',
    async (_name, listPath, similarPath, price) => {
      const records = (await answer<{ list: Record<string, unknown>[] }>(h.app, listPath, BJ)).list;
      let checked = 0;
      for (const record of records.slice(0, 10)) {
        const { list } = await similarOf<Record<string, unknown>>(similarPath, record.id as number);
        expect(list.length).toBeLessThanOrEqual(6);
        for (const other of list) {
          expect(other.id).not.toBe(record.id);
          expect(other.districtName).toBe(record.districtName);
          const [mine, theirs] = [price(record), price(other)];
          if (mine !== null) expect(Math.abs(theirs! - mine)).toBeLessThanOrEqual(mine * 0.25 + 1e-9);
        }
        // Its own business area first.
        const own = list.map((o) => o.businessAreaName === record.businessAreaName);
        expect(own).toEqual([...own].sort((a, b) => Number(b) - Number(a)));
        if (list.length > 0) checked++;
      }
      expect(checked).toBeGreaterThan(0);
    },
  );

  it('is a 404 for an unknown record and a 400 for a bad id', async () => {
    for (const path of [
      ApiPath.esfSimilar,
      ApiPath.rentSimilar,
      ApiPath.estateSimilar,
      ApiPath.newHomeSimilar,
      COMMERCIAL_PATHS.shop_rent.similar,
    ]) {
      const unknown = await h.app.inject({ method: 'GET', url: `${path}/2000000000` });
      expect(unknown.statusCode).toBe(404);
      expect(envelope(unknown).code).toBe(4000000);
      expect((await h.app.inject({ method: 'GET', url: `${path}/abc` })).statusCode).toBe(400);
    }
  });
});
