import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMERCIAL_PATHS,
  type CommercialChannel,
  type CommercialConditions,
  type CommercialDetail,
  type CommercialListItem,
} from '@contracts/commercial';
import type { HomeData } from '@contracts/home';
import type { ConditionBand } from '@contracts/listing-common';
import { ApiPath } from '@contracts/paths';
import type { Suggestion } from '@contracts/search';
import { answer, both, envelope, startHarness, type Harness } from './harness';

/**
 * 商铺 and 写字楼 (spec §2 parameterised routes): conditions, list, detail and suggestions of shop_sale, shop_rent, offices_sale and
 * offices_rent. 天津 has no shops (isShop 0), 成都 no offices (isOffice 0): backend/src/db/seed-data/cities.ts.
 */

type Page = { total: number; page: number; pageSize: number; list: CommercialListItem[] };
const CHANNELS: CommercialChannel[] = ['shop_sale', 'shop_rent', 'offices_sale', 'offices_rent'];
const isShop = (c: CommercialChannel) => c.startsWith('shop');
const isSale = (c: CommercialChannel) => c.endsWith('sale');

let h: Harness;
const conditions = {} as Record<CommercialChannel, CommercialConditions>;
const all = {} as Record<CommercialChannel, Page>;
beforeAll(async () => {
  h = await startHarness();
  for (const c of CHANNELS) {
    conditions[c] = await answer<CommercialConditions>(h.app, COMMERCIAL_PATHS[c].conditions, { cityCode: '110000' });
    all[c] = await list(c, { pageSize: 50 });
  }
});
afterAll(() => h?.close());

const list = (c: CommercialChannel, input: Record<string, unknown>) =>
  answer<Page>(h.app, COMMERCIAL_PATHS[c].list, { cityCode: '110000', ...input });

/** The items of a page, after checking there are some (no assertion over an empty list). */
async function items(c: CommercialChannel, input: Record<string, unknown>): Promise<CommercialListItem[]> {
  const page = await list(c, { pageSize: 50, ...input });
  expect(page.list.length, `${c} ${JSON.stringify(input)}`).toBeGreaterThan(0);
  return page.list;
}

/** The price a channel sorts and bands by: the total for sale, the rent per ㎡ per day for rent. */
const priceOf = (l: CommercialListItem) => (l.deal === 'sale' ? l.totalPrice : l.dailyRent);
const inBand = (v: number, b: ConditionBand) => (b.min === null || v >= b.min) && (b.max === null || v < b.max);

describe('conditions', () => {
  it('give each channel its own filter rows: type or grade, total or daily price bands, area bands, six sorts', () => {
    expect(conditions.shop_sale.shopType!.map((o) => o.label)).toEqual([
      '住宅底商',
      '商业街',
      '购物中心',
      '临街门面',
      '写字楼配套',
    ]);
    expect(conditions.offices_rent.grade!.map((o) => o.label)).toEqual(['甲级', '乙级', '丙级']);
    for (const c of CHANNELS) {
      const got = conditions[c];
      expect(got.districts.find((d) => d.name === '朝阳区')!.children.map((a) => a.name)).toContain('望京');
      expect(got.subwayLines.length).toBeGreaterThan(0);
      expect(Boolean(got.shopType)).toBe(isShop(c));
      expect(Boolean(got.grade)).toBe(!isShop(c));
      expect(Boolean(got.totalPrice)).toBe(isSale(c));
      expect(Boolean(got.dailyPrice)).toBe(!isSale(c));
      expect(got.area).toHaveLength(7);
      expect((got.totalPrice ?? got.dailyPrice)!).toHaveLength(7);
      const price = isSale(c) ? '总价' : '单价';
      expect(got.sorts.map((s) => s.label)).toEqual([
        '默认排序',
        '最新发布',
        `${price}从低到高`,
        `${price}从高到低`,
        '面积从小到大',
        '面积从大到小',
      ]);
    }
    expect(conditions.shop_sale.totalPrice![0]).toEqual({ code: 1, label: '100万以下', min: null, max: 100 });
    expect(conditions.offices_sale.totalPrice![6]).toEqual({ code: 7, label: '3000万以上', min: 3000, max: null });
    expect(conditions.offices_rent.dailyPrice![5]).toEqual({ code: 6, label: '12-15元/㎡·天', min: 12, max: 15 });
    expect(conditions.shop_rent.area[0]).toMatchObject({ label: '20㎡以下', max: 20 });
    expect(conditions.offices_sale.area[0]).toMatchObject({ label: '100㎡以下', max: 100 });
  });

  it('give a smaller city lower price bands, on GET and POST', async () => {
    for (const c of CHANNELS) {
      for (const res of await both(h.app, COMMERCIAL_PATHS[c].conditions, { cityCode: '420100' })) {
        expect(res.statusCode).toBe(200);
        const wh = envelope<CommercialConditions>(res).data;
        const bands = (x: CommercialConditions) => (x.totalPrice ?? x.dailyPrice)!;
        expect(bands(wh)[0]!.max).toBeLessThan(bands(conditions[c])[0]!.max!);
      }
    }
  });

  it('are a 404 where the city has no such channel: 天津 has offices but no shops, 成都 shops but no offices', async () => {
    const off: [string, CommercialChannel[], CommercialChannel[]][] = [
      ['120000', ['shop_sale', 'shop_rent'], ['offices_sale', 'offices_rent']],
      ['510100', ['offices_sale', 'offices_rent'], ['shop_sale', 'shop_rent']],
    ];
    for (const [cityCode, absent, present] of off) {
      for (const c of absent) {
        for (const path of [COMMERCIAL_PATHS[c].conditions, COMMERCIAL_PATHS[c].list]) {
          for (const res of await both(h.app, path, { cityCode })) {
            expect(res.statusCode, `${cityCode} ${path}`).toBe(404);
            expect(envelope(res)).toMatchObject({ code: 4000000, succeed: false, data: null });
          }
        }
      }
      for (const c of present) {
        expect(
          (await answer<CommercialConditions>(h.app, COMMERCIAL_PATHS[c].conditions, { cityCode })).districts.length,
        ).toBeGreaterThan(0);
        expect((await answer<Page>(h.app, COMMERCIAL_PATHS[c].list, { cityCode })).total).toBeGreaterThan(0);
      }
    }
  });
});

describe.each(CHANNELS)('%s list', (c) => {
  it('shows the city newest first, 30 a page by default, in at least two pages without overlap', async () => {
    const page = all[c];
    expect(page.total).toBeGreaterThan(30);
    expect(page.list.every((l) => l.cityCode === '110000')).toBe(true);
    const times = page.list.map((l) => Date.parse(l.listedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const first = await list(c, {});
    expect(first.pageSize).toBe(30);
    expect(first.list).toHaveLength(30);
    const second = await list(c, { page: 2 });
    expect(second.total).toBe(first.total);
    expect(second.list.length).toBe(Math.min(30, first.total - 30));
    expect(new Set([...first.list, ...second.list].map((l) => l.id)).size).toBe(first.list.length + second.list.length);
    expect((await list(c, { sort: 9, pageSize: 50 })).list.map((l) => l.id)).toEqual(page.list.map((l) => l.id));
    expect((await list(c, { page: 100 })).list).toEqual([]);
  });

  it('holds only units of its own kind and deal, with the deal’s prices', () => {
    const units = all[c].list;
    expect(units.every((l) => l.kind === (isShop(c) ? 'shop' : 'office') && l.deal === (isSale(c) ? 'sale' : 'rent'))).toBe(true);
    for (const l of units) {
      if (l.deal === 'sale') {
        // 单价 is the total over the area (元/㎡), the total in 万.
        expect(Math.abs(l.unitPrice - (l.totalPrice * 10000) / l.area)).toBeLessThan(1);
        expect(l).not.toHaveProperty('monthlyRent');
      } else {
        // 月租 is the rent per ㎡ per day over 30 days.
        expect(Math.abs(l.monthlyRent - l.dailyRent * l.area * 30)).toBeLessThanOrEqual(5);
        expect(l).not.toHaveProperty('totalPrice');
      }
      expect(l.title).toContain(l.projectName);
      expect(l.floor).toBeLessThanOrEqual(l.totalFloors);
    }
  });

  it('filters its type or grade, OR-ed', async () => {
    if (isShop(c)) {
      const some = await items(c, { shopType: [1, 4] });
      expect(
        some.every((l) => l.kind === 'shop' && [1, 4].includes(l.shopType) && ['住宅底商', '临街门面'].includes(l.typeName)),
      ).toBe(true);
      expect((await list(c, { shopType: '1,4' })).total).toBeLessThan(all[c].total);
    } else {
      const a = await items(c, { grade: 1 });
      expect(a.every((l) => l.kind === 'office' && l.grade === 1 && l.typeName === '甲级')).toBe(true);
      const [g1, g2, g3] = await Promise.all([1, 2, 3].map((grade) => list(c, { grade })));
      expect(g1!.total + g2!.total + g3!.total).toBe(all[c].total);
    }
  });

  it('filters its price bands and area bands from its conditions, AND-ed across filters', async () => {
    const priceBands = (conditions[c].totalPrice ?? conditions[c].dailyPrice)!;
    const key = isSale(c) ? 'totalPrice' : 'dailyPrice';
    // The band holding the newest unit, and the one after it: both kinds of edge are met.
    const code = priceBands.find((b) => inBand(priceOf(all[c].list[0]!), b))!.code;
    const codes = [code, Math.min(7, code + 1)];
    const priced = await items(c, { [key]: codes });
    expect(priced.every((l) => codes.some((k) => inBand(priceOf(l), priceBands[k - 1]!)))).toBe(true);
    const areaCode = conditions[c].area.find((b) => inBand(all[c].list[0]!.area, b))!.code;
    const both = await items(c, { [key]: codes, area: areaCode });
    expect(
      both.every(
        (l) => inBand(l.area, conditions[c].area[areaCode - 1]!) && codes.some((k) => inBand(priceOf(l), priceBands[k - 1]!)),
      ),
    ).toBe(true);
    expect((await list(c, { [key]: codes, area: areaCode })).total).toBeLessThanOrEqual((await list(c, { [key]: codes })).total);
  });

  it('narrows by district, business area, subway line and station, and by a keyword naming a place or the project', async () => {
    const unit = all[c].list.find((l) => l.nearestStation) ?? all[c].list[0]!;
    const district = conditions[c].districts.find((d) => d.name === unit.districtName)!;
    const area = district.children.find((a) => a.name === unit.businessAreaName)!;
    expect((await items(c, { districtId: district.id })).every((l) => l.districtName === district.name)).toBe(true);
    const inArea = await items(c, { businessAreaId: area.id });
    expect(inArea.every((l) => l.businessAreaName === area.name)).toBe(true);
    expect(inArea.map((l) => l.id)).toContain(unit.id);
    if (unit.nearestStation) {
      const line = conditions[c].subwayLines.find((l) => l.name === unit.nearestStation!.lineName)!;
      const station = line.children.find((s) => s.name === unit.nearestStation!.stationName)!;
      // A line is its stations: an interchange's units seeded against another line's row of it are the line's too.
      const onLine = (s: { stationName: string } | null) => line.children.some((x) => x.name === s?.stationName);
      expect((await items(c, { lineId: line.id })).every((l) => onLine(l.nearestStation))).toBe(true);
      const atStation = await items(c, { lineId: line.id, stationId: station.id });
      expect(atStation.map((l) => l.id)).toContain(unit.id);
    }
    const byProject = await items(c, { keyword: unit.projectName });
    expect(byProject.map((l) => l.id)).toContain(unit.id);
    expect(
      byProject.every((l) =>
        `${l.projectName}${l.businessAreaName}${l.districtName}${l.nearestStation?.stationName ?? ''}`.includes(unit.projectName),
      ),
    ).toBe(true);
    expect(
      (await items(c, { keyword: area.name })).every((l) =>
        `${l.projectName}${l.businessAreaName}${l.nearestStation?.stationName ?? ''}`.includes(area.name),
      ),
    ).toBe(true);
    expect((await list(c, { keyword: '没有这样的项目' })).total).toBe(0);
    expect((await list(c, { keyword: '%' })).total).toBe(0);
  });

  const sorted = (values: number[], dir: 1 | -1) => values.every((v, i) => i === 0 || (values[i - 1]! - v) * dir <= 0);
  it.each([
    [1, (l: CommercialListItem) => Date.parse(l.listedAt), -1],
    [2, priceOf, 1],
    [3, priceOf, -1],
    [4, (l: CommercialListItem) => l.area, 1],
    [5, (l: CommercialListItem) => l.area, -1],
  ] as const)('sort %i holds over two pages and keeps the total', async (sort, key, dir) => {
    const first = await list(c, { sort });
    const second = await list(c, { sort, page: 2 });
    const values = [...first.list, ...second.list].map(key);
    expect(values.length).toBeGreaterThan(30);
    expect(new Set(values).size).toBeGreaterThan(1);
    expect(sorted(values, dir)).toBe(true);
    expect(first.total).toBe(all[c].total);
  });

  it('rejects bad input with a 400 that names the field, and an unknown city with a 404', async () => {
    const foreign = isShop(c) ? { grade: 1 } : { shopType: 1 };
    const otherDeal = isSale(c) ? { dailyPrice: 1 } : { totalPrice: 1 };
    const bad: [Record<string, unknown>, RegExp][] = [
      [foreign, /^(grade|shopType): not a filter of/],
      [otherDeal, /^(dailyPrice|totalPrice): not a filter of/],
      [isShop(c) ? { shopType: 6 } : { grade: 4 }, /^(shopType|grade)/],
      [{ [isSale(c) ? 'totalPrice' : 'dailyPrice']: 8 }, /Price/],
      [{ area: '0' }, /^area/],
      [{ page: 0 }, /^page/],
      [{ page: 101 }, /^page/],
      [{ pageSize: 51 }, /^pageSize/],
      [{ sort: 10 }, /^sort/],
      [{ keyword: '望\u0000京' }, /^keyword: .*NUL/],
      [{ cityCode: undefined }, /^cityCode/],
    ];
    for (const [input, msg] of bad) {
      const body = Object.fromEntries(Object.entries({ cityCode: '110000', ...input }).filter(([, v]) => v !== undefined));
      for (const res of await both(h.app, COMMERCIAL_PATHS[c].list, body)) {
        expect(res.statusCode, JSON.stringify(input)).toBe(400);
        expect(envelope(res)).toMatchObject({ code: 400, succeed: false, data: null });
        expect(envelope(res).msg).toMatch(msg);
      }
    }
    const [unknown] = await both(h.app, COMMERCIAL_PATHS[c].list, { cityCode: '990000' });
    expect(unknown!.statusCode).toBe(404);
    expect(envelope(unknown!).code).toBe(4000000);
  });
});

describe('sale and rent split', () => {
  it('puts half of each city’s shops and offices on each deal', async () => {
    expect(all.shop_sale.total).toBe(all.shop_rent.total);
    expect(all.offices_sale.total).toBe(all.offices_rent.total);
    const ids = (c: CommercialChannel) => new Set(all[c].list.map((l) => l.id));
    const shared = [...ids('shop_sale')].filter((id) => ids('shop_rent').has(id));
    expect(shared).toEqual([]);
  });
});

describe.each(CHANNELS)('%s detail', (c) => {
  const detail = async (id: number) => {
    const answers = await both(h.app, `${COMMERCIAL_PATHS[c].detail}/${id}`);
    expect(answers[0].statusCode).toBe(200);
    expect(envelope(answers[1]).data).toEqual(envelope(answers[0]).data);
    return envelope<CommercialDetail>(answers[0]).data;
  };

  it('shows the list item with photos, the kind’s facts, location and agent', async () => {
    for (const item of all[c].list.slice(0, 8)) {
      const d = await detail(item.id);
      expect(d).toMatchObject(item);
      expect(d.listingNo).toMatch(isShop(c) ? /^BJSP\d{8}$/ : /^BJXZL\d{8}$/);
      expect(d.photos.length).toBeGreaterThanOrEqual(4);
      expect(d.photos.at(-1)!.title).toBe('平面图');
      expect(d.coverUrl).toBe(d.photos[0]!.url);
      expect(d.description).toContain(d.projectName);
      expect(d.lat).toBeGreaterThan(39);
      expect(d.lat).toBeLessThan(41.5);
      expect(d.agent.branchName).toMatch(/店$/);
      if ('frontage' in d) {
        expect(d.frontage).toBeGreaterThanOrEqual(3.5);
        expect(d.depth).toBeGreaterThanOrEqual(4);
        expect(d.floorHeight).toBeGreaterThanOrEqual(3.5);
        expect(d.floorHeight).toBeLessThanOrEqual(6);
        expect(d.suitableTrades.length).toBeGreaterThan(0);
        expect(['营业中', '空置中']).toContain(d.operatingStatus);
        // 转让费 is the outgoing tenant's: only on a shop to let that is trading.
        if (d.deal === 'sale' || d.operatingStatus === '空置中') expect(d.transferFee).toBeNull();
        if (d.deal === 'rent') expect(d.tags.includes('无转让费')).toBe(d.transferFee === null);
      } else {
        expect(d.kind).toBe('office');
        if (d.kind === 'office') expect(d.workstations).toBeGreaterThanOrEqual(Math.floor(d.area / 12));
        expect(d.propertyFee).toBeGreaterThan(0);
        expect(d.propertyCompany).not.toBe('');
        if (d.divisible) expect(d.area).toBeGreaterThanOrEqual(400);
      }
    }
  });

  it('is a 404 for a unit of the other deal and for an unknown id, a 400 for a bad id', async () => {
    const other: CommercialChannel = isSale(c)
      ? isShop(c)
        ? 'shop_rent'
        : 'offices_rent'
      : isShop(c)
        ? 'shop_sale'
        : 'offices_sale';
    const foreignId = all[other].list[0]!.id;
    for (const id of [foreignId, 99_999_999]) {
      for (const res of await both(h.app, `${COMMERCIAL_PATHS[c].detail}/${id}`)) {
        expect(res.statusCode).toBe(404);
        expect(envelope(res)).toMatchObject({ code: 4000000, succeed: false, data: null });
      }
    }
    for (const id of ['abc', '0', '2147483648']) {
      const bad = await h.app.inject(`${COMMERCIAL_PATHS[c].detail}/${id}`);
      expect(bad.statusCode).toBe(400);
      expect(envelope(bad).msg).toMatch(/^id: /);
    }
  });
});

describe('prices at the city’s level', () => {
  it('lets 北京 甲级 offices at 8–15 元/㎡·天 and 乙级/丙级 for less', async () => {
    const a = await items('offices_rent', { grade: 1 });
    expect(a.every((l) => l.deal === 'rent' && l.dailyRent >= 8 && l.dailyRent <= 15)).toBe(true);
    const c = await items('offices_rent', { grade: 3 });
    expect(c.every((l) => l.deal === 'rent' && l.dailyRent < 8)).toBe(true);
  });

  it('sells 北京 shops dearer per ㎡ than its second-hand homes, and 武汉’s for less than 北京’s', async () => {
    const home = await answer<HomeData>(h.app, ApiPath.index, { cityCode: '110000' });
    const avgUnit = (units: CommercialListItem[]) =>
      units.reduce((s, l) => s + (l.deal === 'sale' ? l.unitPrice : 0), 0) / units.length;
    const bj = avgUnit(all.shop_sale.list);
    expect(bj).toBeGreaterThan(home.stats.avgUnitPrice);
    const wh = avgUnit((await answer<Page>(h.app, COMMERCIAL_PATHS.shop_sale.list, { cityCode: '420100', pageSize: 50 })).list);
    expect(wh).toBeLessThan(bj / 2);
  });
});

describe('suggestions', () => {
  const suggest = (cityCode: string, channelCode: string, keyword: string) =>
    answer<Suggestion[]>(h.app, ApiPath.recommends, { cityCode, channelCode, keyword });

  it.each(CHANNELS)('%s: a business area counts the units its filtered list finds (在售/在租N套)', async (c) => {
    const unit = all[c].list[0]!;
    const area = (await suggest('110000', c, unit.businessAreaName)).find(
      (s) => s.angle === 3 && s.name === unit.businessAreaName,
    )!;
    expect(area.propertyTypeName).toBe(isShop(c) ? '商铺' : '写字楼');
    const n = Number(new RegExp(`^${isSale(c) ? '在售' : '在租'}(\\d+)套$`).exec(area.describe)![1]);
    expect(n).toBeGreaterThan(0);
    expect(n).toBe((await list(c, { districtId: area.parentId, businessAreaId: area.id })).total);
  });

  it('offers no shops in 天津 and no offices in 成都, while their other channel answers', async () => {
    const [tj] = await both(h.app, COMMERCIAL_PATHS.offices_sale.conditions, { cityCode: '120000' });
    const tjDistrict = envelope<CommercialConditions>(tj!).data.districts[0]!.name;
    expect(await suggest('120000', 'shop_sale', tjDistrict)).toEqual([]);
    expect((await suggest('120000', 'offices_sale', tjDistrict)).length).toBeGreaterThan(0);
    const [cd] = await both(h.app, COMMERCIAL_PATHS.shop_rent.conditions, { cityCode: '510100' });
    const cdDistrict = envelope<CommercialConditions>(cd!).data.districts[0]!.name;
    expect(await suggest('510100', 'offices_rent', cdDistrict)).toEqual([]);
    expect((await suggest('510100', 'shop_rent', cdDistrict)).length).toBeGreaterThan(0);
  });
});
