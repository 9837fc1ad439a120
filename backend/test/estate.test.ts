import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '@contracts/paths';
import type { EsfListPage } from '@contracts/esf';
import type { EstateConditions, EstateDetail, EstateListItem, EstateListPage } from '@contracts/estate';
import type { RentListPage } from '@contracts/rent';
import type { Suggestion } from '@contracts/search';
import { answer, both, envelope, startHarness, type Harness, nonEmpty } from './harness';

/**
 * 小区: conditions, list, detail and suggestions of the estate channel. A community's homes for sale
 * and for rent are the 二手房 and 租房 lists filtered by e{id}; 厦门 has no rentals.
 */

let h: Harness;
let conditions: EstateConditions;
let all: EstateListPage;
/** The year build ages count from: Beijing time, as the backend counts. */
const YEAR = new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();
beforeAll(async () => {
  h = await startHarness();
  const [res] = await both(h.app, ApiPath.conditionEstate, { cityCode: '110000' });
  conditions = envelope<EstateConditions>(res!).data;
  all = await list({ cityCode: '110000', pageSize: 50 });
});
afterAll(() => h?.close());

const list = (input: Record<string, unknown>) => answer<EstateListPage>(h.app, ApiPath.estateList, input);
const esfTotal = async (input: Record<string, unknown>) => (await answer<EsfListPage>(h.app, ApiPath.esfList, input)).total;
const rentTotal = async (input: Record<string, unknown>) => (await answer<RentListPage>(h.app, ApiPath.rentList, input)).total;
const detail = (id: number) => answer<EstateDetail>(h.app, `${ApiPath.estateDetail}/${id}`);

/** The items of a page, after checking there are some (no assertion over an empty list). */
async function items(input: Record<string, unknown>): Promise<EstateListItem[]> {
  const page = await list({ cityCode: '110000', pageSize: 50, ...input });
  expect(page.list.length).toBeGreaterThan(0);
  return page.list;
}

describe('conditions', () => {
  it('has places, lines, the tier’s reference-price bands in 万, five build-age bands and five sorts', () => {
    expect(conditions.districts.find((d) => d.name === '朝阳区')!.children.map((c) => c.name)).toContain('望京');
    expect(conditions.subwayLines.find((l) => l.name === '13号线')!.children[0]!.name).toBe('西直门');
    expect(conditions.avgPrice.map((b) => b.label)).toEqual([
      '4万以下',
      '4-5万',
      '5-6万',
      '6-7万',
      '7-8万',
      '8-10万',
      '10万以上',
    ]);
    expect(conditions.avgPrice[0]).toEqual({ code: 1, label: '4万以下', min: null, max: 40000 });
    expect(conditions.avgPrice[6]).toEqual({ code: 7, label: '10万以上', min: 100000, max: null });
    expect(conditions.buildAge).toEqual([
      { code: 1, label: '5年以内', min: YEAR - 4, max: null },
      { code: 2, label: '5-10年', min: YEAR - 9, max: YEAR - 4 },
      { code: 3, label: '10-15年', min: YEAR - 14, max: YEAR - 9 },
      { code: 4, label: '15-20年', min: YEAR - 19, max: YEAR - 14 },
      { code: 5, label: '20年以上', min: null, max: YEAR - 19 },
    ]);
    expect(conditions.sorts).toEqual([
      { code: 0, label: '默认排序' },
      { code: 1, label: '均价从低到高' },
      { code: 2, label: '均价从高到低' },
      { code: 3, label: '建成年代从新到旧' },
      { code: 4, label: '建成年代从旧到新' },
    ]);
  });

  it('gives a smaller city lower price bands, on GET and POST, and is a 404 for an unknown city', async () => {
    for (const res of await both(h.app, ApiPath.conditionEstate, { cityCode: '610100' })) {
      expect(res.statusCode).toBe(200);
      const xa = envelope<EstateConditions>(res).data;
      expect(xa.avgPrice[0]).toMatchObject({ label: '1万以下', max: 10000 });
      expect(xa.districts.length).toBeGreaterThan(0);
    }
    for (const res of await both(h.app, ApiPath.conditionEstate, { cityCode: '990000' })) {
      expect(res.statusCode).toBe(404);
      expect(envelope(res)).toMatchObject({ code: 4000000, succeed: false, data: null });
    }
    const [missing] = await both(h.app, ApiPath.conditionEstate, {});
    expect(missing!.statusCode).toBe(400);
    expect(envelope(missing!).msg).toMatch(/^cityCode: /);
  });
});

describe('list', () => {
  it('shows the city’s communities by id, 30 a page by default, pages without overlap under a stable total', async () => {
    expect(all.total).toBeGreaterThan(30);
    expect(nonEmpty(all.list).every((c) => c.cityCode === '110000')).toBe(true);
    const ids = all.list.map((c) => c.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    // The well-known communities of the seed come first.
    expect(all.list[0]!.name).toBe('望京西园');
    expect((await list({ cityCode: '110000' })).pageSize).toBe(30);

    const first = await list({ cityCode: '110000', pageSize: 10 });
    const second = await list({ cityCode: '110000', pageSize: 10, page: 2 });
    expect(second.total).toBe(first.total);
    expect([...first.list, ...second.list].map((c) => c.id)).toEqual(ids.slice(0, 20));
    const beyond = await list({ cityCode: '110000', page: 100 });
    expect(beyond.list).toEqual([]);
    expect(beyond.total).toBe(all.total);
  });

  it('shows on each card a reference price, a build year, a building type and a cover', () => {
    for (const c of all.list) {
      expect(c.avgPrice).toBeGreaterThan(20000);
      expect(c.avgPrice).toBeLessThan(150000);
      expect(c.buildYear).toBeGreaterThanOrEqual(1978);
      expect(c.buildYear).toBeLessThanOrEqual(YEAR);
      expect(['板楼', '塔楼', '板塔结合']).toContain(c.buildingType);
      expect(c.coverUrl).toMatch(/\.svg$/);
    }
    expect(all.list.some((c) => c.nearestStation !== null)).toBe(true);
    expect(all.list.some((c) => c.onSaleCount > 0)).toBe(true);
  });

  it('counts each card’s homes for sale and for rent as the 二手房 and 租房 lists filtered by e{id} find them', async () => {
    const sample = [...all.list.slice(0, 6), ...all.list.slice(-3)];
    expect(sample.some((c) => c.onSaleCount > 0 && c.onRentCount > 0)).toBe(true);
    for (const c of sample) {
      expect(c.onSaleCount, c.name).toBe(await esfTotal({ cityCode: '110000', estateId: c.id }));
      expect(c.onRentCount, c.name).toBe(await rentTotal({ cityCode: '110000', estateId: c.id }));
    }
  });

  it('filters reference-price bands, OR-ed within the filter', async () => {
    const band = await items({ avgPrice: [5, 6] });
    expect(nonEmpty(band).every((c) => c.avgPrice >= 70000 && c.avgPrice < 100000)).toBe(true);
    const ends = await items({ avgPrice: '3,7' });
    expect(nonEmpty(ends).every((c) => (c.avgPrice >= 50000 && c.avgPrice < 60000) || c.avgPrice >= 100000)).toBe(true);
    const [five, six, both56] = await Promise.all([
      list({ cityCode: '110000', avgPrice: 5 }),
      list({ cityCode: '110000', avgPrice: 6 }),
      list({ cityCode: '110000', avgPrice: [5, 6] }),
    ]);
    expect(both56.total).toBe(five.total + six.total);
    expect(both56.total).toBeLessThan(all.total);
  });

  it('filters build-age bands by build year; the five bands make up the city', async () => {
    const old = await items({ buildAge: 5 });
    expect(nonEmpty(old).every((c) => c.buildYear < YEAR - 19)).toBe(true);
    const mid = await items({ buildAge: '2,3' });
    expect(nonEmpty(mid).every((c) => c.buildYear >= YEAR - 14 && c.buildYear < YEAR - 4)).toBe(true);
    const totals = await Promise.all(
      [1, 2, 3, 4, 5].map(async (code) => (await list({ cityCode: '110000', buildAge: code })).total),
    );
    expect(totals.reduce((a, b) => a + b, 0)).toBe(all.total);
  });

  it('AND-s filters across kinds and with places', async () => {
    const page = await items({ buildAge: [4, 5], avgPrice: [4, 5, 6] });
    expect(nonEmpty(page).every((c) => c.buildYear < YEAR - 14 && c.avgPrice >= 60000 && c.avgPrice < 100000)).toBe(true);
    const [old, dear, oldAndDear] = await Promise.all([
      list({ cityCode: '110000', buildAge: [4, 5] }),
      list({ cityCode: '110000', avgPrice: [4, 5, 6] }),
      list({ cityCode: '110000', buildAge: [4, 5], avgPrice: [4, 5, 6] }),
    ]);
    expect(oldAndDear.total).toBeLessThan(Math.min(old.total, dear.total));
    const chaoyang = conditions.districts.find((d) => d.name === '朝阳区')!;
    const inChaoyang = await items({ districtId: chaoyang.id, buildAge: 5 });
    expect(nonEmpty(inChaoyang).every((c) => c.districtName === '朝阳区' && c.buildYear < YEAR - 19)).toBe(true);
  });

  it('narrows by district, business area, subway line, station, the community itself and a keyword', async () => {
    const chaoyang = conditions.districts.find((d) => d.name === '朝阳区')!;
    const wangjing = chaoyang.children.find((c) => c.name === '望京')!;
    expect(nonEmpty(await items({ districtId: chaoyang.id })).every((c) => c.districtName === '朝阳区')).toBe(true);
    const inWangjing = await items({ businessAreaId: wangjing.id });
    expect(nonEmpty(inWangjing).every((c) => c.businessAreaName === '望京')).toBe(true);
    expect(inWangjing.map((c) => c.name)).toContain('望京西园');

    const near = all.list.find((c) => c.nearestStation)!;
    const line = conditions.subwayLines.find((l) => l.name === near.nearestStation!.lineName)!;
    const station = line.children.find((s) => s.name === near.nearestStation!.stationName)!;
    // A line is its stations: an interchange's homes seeded against another line's row of it are the line's too.
    const onLine = (s: { stationName: string } | null) => line.children.some((x) => x.name === s?.stationName);
    expect(nonEmpty(await items({ lineId: line.id })).every((c) => onLine(c.nearestStation))).toBe(true);
    const atStation = await items({ lineId: line.id, stationId: station.id });
    expect(atStation.map((c) => c.id)).toContain(near.id);

    const one = await list({ cityCode: '110000', estateId: near.id });
    expect(one.total).toBe(1);
    expect(one.list[0]).toEqual(near);

    const named = await items({ keyword: '望京' });
    expect(
      named.every((c) =>
        `${c.name}${c.businessAreaName}${c.districtName}${c.nearestStation?.stationName ?? ''}`.includes('望京'),
      ),
    ).toBe(true);
    expect(named.map((c) => c.name)).toContain('望京西园');
    expect((await items({ keyword: '方舟苑' })).map((c) => c.name)).toEqual(['方舟苑']);
    expect((await list({ cityCode: '110000', keyword: '没有这样的小区' })).total).toBe(0);
    expect((await list({ cityCode: '110000', keyword: '%' })).total).toBe(0);
  });

  const sorted = (values: number[], dir: 1 | -1) => nonEmpty(values).every((v, i) => i === 0 || (values[i - 1]! - v) * dir <= 0);
  it.each([
    [1, (c: EstateListItem) => c.avgPrice, 1],
    [2, (c: EstateListItem) => c.avgPrice, -1],
    [3, (c: EstateListItem) => c.buildYear, -1],
    [4, (c: EstateListItem) => c.buildYear, 1],
  ] as const)('sort %i holds across pages, and keeps the total', async (sort, key, dir) => {
    const page = await items({ sort, pageSize: 20 });
    const values = page.map(key);
    expect(new Set(values).size).toBeGreaterThan(1);
    expect(sorted(values, dir)).toBe(true);
    const second = await list({ cityCode: '110000', sort, page: 2, pageSize: 20 });
    expect(second.total).toBe(all.total);
    expect(second.list.length).toBeGreaterThan(0);
    expect(sorted([...values, ...second.list.map(key)], dir)).toBe(true);
    expect(new Set([...page, ...second.list].map((c) => c.id)).size).toBe(page.length + second.list.length);
  });

  it('sorts the unused codes 5–9 as the default', async () => {
    expect((await list({ cityCode: '110000', sort: 9, pageSize: 50 })).list.map((c) => c.id)).toEqual(all.list.map((c) => c.id));
  });

  it('rejects bad input with 400 and a readable message, and an unknown city with 404', async () => {
    const bad = [
      { cityCode: '110000', avgPrice: 8 },
      { cityCode: '110000', avgPrice: '0' },
      { cityCode: '110000', buildAge: 6 },
      { cityCode: '110000', buildAge: 'old' },
      { cityCode: '110000', page: 0 },
      { cityCode: '110000', page: 101 },
      { cityCode: '110000', pageSize: 51 },
      { cityCode: '110000', sort: 10 },
      { cityCode: '110000', estateId: 0 },
      { cityCode: '110000', keyword: '望\u0000京' },
      { page: 1 },
    ];
    for (const input of bad) {
      for (const res of await both(h.app, ApiPath.estateList, input)) {
        expect(res.statusCode, JSON.stringify(input)).toBe(400);
        expect(envelope(res)).toMatchObject({ code: 400, succeed: false, data: null });
      }
    }
    const [age] = await both(h.app, ApiPath.estateList, { cityCode: '110000', buildAge: 6 });
    expect(envelope(age!).msg).toMatch(/^buildAge/);
    const [unknown] = await both(h.app, ApiPath.estateList, { cityCode: '990000' });
    expect(unknown!.statusCode).toBe(404);
    expect(envelope(unknown!).code).toBe(4000000);
  });
});

describe('detail', () => {
  it('shows the list item’s facts and every fact of the community, with a 12-month trend ending at its price', async () => {
    const item = all.list.find((c) => c.onSaleCount > 0 && c.onRentCount > 0)!;
    const answers = await both(h.app, `${ApiPath.estateDetail}/${item.id}`);
    expect(envelope(answers[1]).data).toEqual(envelope(answers[0]).data);
    const d = envelope<EstateDetail>(answers[0]).data;
    expect(d).toMatchObject(item);
    expect(d.address).toMatch(/^北京.+号$/);
    const district = conditions.districts.find((x) => x.id === d.districtId)!;
    expect(district.name).toBe(d.districtName);
    expect(district.children.find((a) => a.id === d.businessAreaId)?.name).toBe(d.businessAreaName);
    expect(d.lat).toBeGreaterThan(39);
    expect(d.propertyFee).toBeGreaterThan(0);
    expect(d.developer).not.toBe('');
    expect(d.propertyCompany).not.toBe('');
    expect(d.buildingCount).toBeGreaterThan(0);
    expect(d.households).toBeGreaterThan(d.buildingCount * 10);
    expect(d.plotRatio).toBeGreaterThan(0.5);
    expect(d.plotRatio).toBeLessThan(6);
    expect(d.greenRatio).toBeGreaterThan(0.1);
    expect(d.greenRatio).toBeLessThan(0.6);
    expect(d.photos.map((p) => p.title)).toEqual(['小区外景', '小区入口', '楼栋外观', '园林景观']);
    expect(d.photos[0]!.url).toBe(d.coverUrl);
    expect(d.description).toContain(d.name);
    expect(d.description).toContain(`${d.buildYear}年建成`);

    const now = new Date(Date.now() + 8 * 3_600_000);
    const thisMonth = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    expect(d.priceTrend).toHaveLength(12);
    expect(d.priceTrend.at(-1)).toEqual({ month: thisMonth, price: d.avgPrice });
    const months = d.priceTrend.map((p) => p.month);
    expect([...months].sort()).toEqual(months);
    expect(new Set(months).size).toBe(12);
    // A plausible year: no month moves more than 3%, the year less than 25%.
    for (let i = 1; i < 12; i++) expect(Math.abs(d.priceTrend[i]!.price / d.priceTrend[i - 1]!.price - 1)).toBeLessThan(0.03);
    expect(Math.abs(d.avgPrice / d.priceTrend[0]!.price - 1)).toBeLessThan(0.25);
  });

  it('shows a few of its newest homes for sale and for rent, and counts them as the lists filtered by e{id} do', async () => {
    const item = all.list.find((c) => c.onSaleCount > 4 && c.onRentCount > 0)!;
    const d = await detail(item.id);
    expect(d.onSaleCount).toBe(await esfTotal({ cityCode: '110000', estateId: item.id }));
    expect(d.onRentCount).toBe(await rentTotal({ cityCode: '110000', estateId: item.id }));
    expect(d.forSale).toHaveLength(4);
    expect(d.forRent).toHaveLength(Math.min(4, d.onRentCount));
    expect(
      nonEmpty([...d.forSale, ...d.forRent]).every((home) => home.communityId === d.id && home.communityName === d.name),
    ).toBe(true);
    const newest = (await answer<EsfListPage>(h.app, ApiPath.esfList, { cityCode: '110000', estateId: d.id, pageSize: 4 })).list;
    expect(d.forSale.map((home) => home.id)).toEqual(newest.map((home) => home.id));
    const rentNewest = (await answer<RentListPage>(h.app, ApiPath.rentList, { cityCode: '110000', estateId: d.id, pageSize: 4 }))
      .list;
    expect(d.forRent.map((home) => home.id)).toEqual(rentNewest.map((home) => home.id));
  });

  it('shows no homes for rent in 厦门, which has no rentals, but its homes for sale', async () => {
    const xm = await list({ cityCode: '350200', pageSize: 50 });
    expect(xm.list.length).toBeGreaterThan(0);
    expect(nonEmpty(xm.list).every((c) => c.onRentCount === 0)).toBe(true);
    const withHomes = xm.list.find((c) => c.onSaleCount > 0)!;
    const d = await detail(withHomes.id);
    expect(d.forRent).toEqual([]);
    expect(d.forSale.length).toBeGreaterThan(0);
    expect(d.cityCode).toBe('350200');
  });

  it('answers 404 / 4000000 for an unknown id and 400 for a bad one', async () => {
    for (const res of await both(h.app, `${ApiPath.estateDetail}/99999999`)) {
      expect(res.statusCode).toBe(404);
      expect(envelope(res)).toMatchObject({ code: 4000000, succeed: false, data: null });
    }
    for (const id of ['abc', '0', '-1', '2147483648']) {
      const bad = await h.app.inject(`${ApiPath.estateDetail}/${id}`);
      expect(bad.statusCode).toBe(400);
      expect(envelope(bad).msg).toMatch(/^id: /);
    }
  });
});

describe('the seed', () => {
  it('has about one community per six homes for sale in a city without well-known names, and at least twelve', async () => {
    // 成都 has no well-known communities in the seed: all its communities are composed.
    const cd = await list({ cityCode: '510100', pageSize: 1 });
    const homes = await esfTotal({ cityCode: '510100' });
    expect(cd.total).toBe(Math.max(12, Math.ceil(homes / 6)));
  });
});

describe('suggestions for channel estate', () => {
  const suggest = (keyword: string) =>
    answer<Suggestion[]>(h.app, ApiPath.recommends, { cityCode: '110000', channelCode: 'estate', keyword });

  it('offers communities labelled 小区 with their reference price, as their card shows it', async () => {
    const item = all.list.find((c) => c.avgPrice > 0)!;
    const found = (await suggest(item.name)).find((s) => s.angle === 1 && s.id === item.id)!;
    expect(found).toMatchObject({
      name: item.name,
      angleName: '小区',
      propertyTypeName: '小区',
      describe: `参考均价${item.avgPrice}元/㎡`,
    });
    expect(found.address).toBe(`${item.districtName.replace(/区$/, '')}-${item.businessAreaName}`);
  });
});
