import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PROJECT_PHOTO_KINDS,
  type NewHomeConditions,
  type NewHomeDetail,
  type NewHomeListItem,
  type NewHomeListPage,
} from '@contracts/new-home';
import { ApiPath } from '@contracts/paths';
import type { Suggestion } from '@contracts/search';
import type { HomeData } from '@contracts/home';
import { cities } from '../src/db/schema';
import { MIN_PROJECTS_PER_CITY } from '../src/db/seed-projects';
import { cityTable } from '../src/modules/cities/cities';
import { answer, both, envelope, startHarness, type Harness, nonEmpty } from './harness';

/**
 * 新房: conditions, list, detail and suggestions of the 楼盘 channel. Every seeded city has new homes
 * (isNewhouse 1), so the test switches 厦门's flag off in its own database to see the channel disappear.
 */

let h: Harness;
let conditions: NewHomeConditions;
/** Every 北京 project, newest news first (the test seed gives each city MIN_PROJECTS_PER_CITY). */
let all: NewHomeListPage;
beforeAll(async () => {
  h = await startHarness();
  const [res] = await both(h.app, ApiPath.conditionNewHome, { cityCode: '110000' });
  conditions = envelope<NewHomeConditions>(res!).data;
  all = await list({ cityCode: '110000', pageSize: 50 });
});
afterAll(() => h?.close());

const list = (input: Record<string, unknown>) => answer<NewHomeListPage>(h.app, ApiPath.newHomeList, input);
const suggest = (cityCode: string, keyword: string, channelCode = 'new') =>
  answer<Suggestion[]>(h.app, ApiPath.recommends, { cityCode, channelCode, keyword });
const detail = (id: number) => answer<NewHomeDetail>(h.app, `${ApiPath.newHomeDetail}/${id}`);

/** The items of a page, after checking there are some (no assertion over an empty list). */
async function items(input: Record<string, unknown>, cityCode = '110000'): Promise<NewHomeListItem[]> {
  const page = await list({ cityCode, pageSize: 50, ...input });
  expect(page.list.length, JSON.stringify(input)).toBeGreaterThan(0);
  return page.list;
}

/** A project of any seeded city that `pick` accepts: some kinds (售罄, 写字楼) are rare within one city. */
async function someProject(pick: (p: NewHomeListItem) => boolean): Promise<NewHomeListItem> {
  for (const cityCode of [
    '110000',
    '310000',
    '440100',
    '440300',
    '330100',
    '320100',
    '510100',
    '420100',
    '120000',
    '320500',
    '500000',
    '610100',
    '350200',
    '370200',
  ]) {
    const found = (await list({ cityCode, pageSize: 50 })).list.find(pick);
    if (found) return found;
  }
  throw new Error('no such project in the seed');
}

describe('conditions', () => {
  it('has places, the tier’s average- and total-price bands, 在售/待售/售罄, five property types and five sorts', () => {
    expect(conditions.districts.find((d) => d.name === '朝阳区')!.children.map((c) => c.name)).toContain('望京');
    expect(conditions.subwayLines.find((l) => l.name === '13号线')!.children[0]!.name).toBe('西直门');
    expect(conditions.unitPrice.map((b) => b.label)).toEqual([
      '3万/㎡以下',
      '3-4万/㎡',
      '4-5万/㎡',
      '5-6万/㎡',
      '6-8万/㎡',
      '8-10万/㎡',
      '10万/㎡以上',
    ]);
    expect(conditions.unitPrice[0]).toEqual({ code: 1, label: '3万/㎡以下', min: null, max: 30000 });
    expect(conditions.unitPrice[6]).toEqual({ code: 7, label: '10万/㎡以上', min: 100000, max: null });
    expect(conditions.totalPrice.map((b) => b.label)).toEqual([
      '200万以下',
      '200-300万',
      '300-500万',
      '500-800万',
      '800-1000万',
      '1000-1500万',
      '1500万以上',
    ]);
    expect(conditions.saleStatus).toEqual([
      { code: 1, label: '在售' },
      { code: 2, label: '待售' },
      { code: 3, label: '售罄' },
    ]);
    expect(conditions.propertyType.map((o) => o.label)).toEqual(['住宅', '别墅', '商住', '写字楼', '商铺']);
    expect(conditions.sorts).toEqual([
      { code: 0, label: '默认排序' },
      { code: 1, label: '均价从低到高' },
      { code: 2, label: '均价从高到低' },
      { code: 3, label: '总价从低到高' },
      { code: 4, label: '最新开盘' },
    ]);
  });

  it('gives a smaller city lower price bands, on GET and POST', async () => {
    for (const res of await both(h.app, ApiPath.conditionNewHome, { cityCode: '610100' })) {
      expect(res.statusCode).toBe(200);
      const xa = envelope<NewHomeConditions>(res).data;
      expect(xa.unitPrice[0]).toMatchObject({ label: '1万/㎡以下', max: 10000 });
      expect(xa.totalPrice[0]).toMatchObject({ label: '80万以下', max: 80 });
      expect(xa.districts.length).toBeGreaterThan(0);
    }
  });

  it('answers 404 for an unknown city and 400 without one', async () => {
    for (const res of await both(h.app, ApiPath.conditionNewHome, { cityCode: '990000' })) {
      expect(res.statusCode).toBe(404);
      expect(envelope(res)).toMatchObject({ code: 4000000, succeed: false, data: null });
    }
    for (const res of await both(h.app, ApiPath.conditionNewHome, {})) {
      expect(res.statusCode).toBe(400);
      expect(envelope(res).msg).toMatch(/^cityCode/);
    }
  });
});

describe('list', () => {
  it('shows the city’s projects, latest news first, 10 a page by default, pages without overlap under a stable total', async () => {
    expect(all.total).toBeGreaterThanOrEqual(MIN_PROJECTS_PER_CITY);
    expect(all.list.length).toBe(all.total);
    expect(nonEmpty(all.list).every((p) => p.cityCode === '110000')).toBe(true);
    const times = all.list.map((p) => Date.parse(p.updatedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const first = await list({ cityCode: '110000' });
    const second = await list({ cityCode: '110000', page: 2 });
    expect(first.pageSize).toBe(10);
    expect(first.list).toHaveLength(10);
    expect(second.list).toHaveLength(10);
    expect(second.total).toBe(first.total);
    expect([...first.list, ...second.list].map((p) => p.id)).toEqual(all.list.slice(0, 20).map((p) => p.id));
    const beyond = await list({ cityCode: '110000', page: 100 });
    expect(beyond.list).toEqual([]);
    expect(beyond.total).toBe(all.total);
  });

  it('summarises each project’s layouts (rooms and area range) and keeps its price range in order', () => {
    for (const p of all.list) {
      expect(p.layoutRooms.length).toBeGreaterThan(0);
      expect(p.layoutRooms).toEqual([...new Set(p.layoutRooms)].sort((a, b) => a - b));
      expect(p.areaMin).toBeLessThanOrEqual(p.areaMax);
      if (p.totalPriceMin !== null) expect(p.totalPriceMin).toBeLessThanOrEqual(p.totalPriceMax!);
      expect(p.name.length).toBeGreaterThan(2);
      expect(p.address.startsWith(p.districtName)).toBe(true);
    }
  });

  it('filters sale status, one at a time; the three make up the city', async () => {
    let sum = 0;
    for (const code of [1, 2, 3]) {
      const page = await list({ cityCode: '110000', saleStatus: code, pageSize: 50 });
      expect(nonEmpty(page.list).every((p) => p.saleStatus === code)).toBe(true);
      sum += page.total;
    }
    expect(sum).toBe(all.total);
    const onSale = await items({ saleStatus: '1' });
    expect(onSale.length).toBeLessThan(all.total);
  });

  it('filters property types, OR-ed; the five make up the city', async () => {
    const homes = await items({ propertyType: 1 });
    expect(nonEmpty(homes).every((p) => p.propertyType === 1 && p.propertyTypes[0] === '住宅')).toBe(true);
    const villasOrHomes = await items({ propertyType: [1, 2] });
    expect(nonEmpty(villasOrHomes).every((p) => p.propertyType <= 2)).toBe(true);
    let sum = 0;
    for (const code of [1, 2, 3, 4, 5]) sum += (await list({ cityCode: '110000', propertyType: code })).total;
    expect(sum).toBe(all.total);
  });

  it('filters average-price bands; a 价格待定 project is in none', async () => {
    const [b4, b5] = [conditions.unitPrice[3]!, conditions.unitPrice[4]!];
    const inBand = await items({ unitPrice: [4, 5] });
    expect(nonEmpty(inBand).every((p) => p.avgPrice !== null && p.avgPrice >= b4.min! && p.avgPrice < b5.max!)).toBe(true);
    expect(inBand.map((p) => p.id).sort()).toEqual(
      all.list
        .filter((p) => p.avgPrice !== null && p.avgPrice >= 50000 && p.avgPrice < 80000)
        .map((p) => p.id)
        .sort(),
    );
    const everyBand = await list({ cityCode: '110000', unitPrice: [1, 2, 3, 4, 5, 6, 7], pageSize: 50 });
    const undecided = all.list.filter((p) => p.avgPrice === null);
    expect(undecided.length).toBeGreaterThan(0);
    expect(everyBand.total).toBe(all.total - undecided.length);
    expect(everyBand.list.some((p) => p.avgPrice === null)).toBe(false);
  });

  it('filters total-price bands by the price range of the layouts reaching into the band', async () => {
    const [b3, b4] = [conditions.totalPrice[2]!, conditions.totalPrice[3]!];
    const page = await items({ totalPrice: '3,4' });
    expect(nonEmpty(page).every((p) => p.totalPriceMin! < b4.max! && p.totalPriceMax! >= b3.min!)).toBe(true);
    const reaching = all.list.filter((p) => p.totalPriceMin !== null && p.totalPriceMin < b4.max! && p.totalPriceMax! >= b3.min!);
    expect(page.map((p) => p.id).sort()).toEqual(reaching.map((p) => p.id).sort());
    expect((await list({ cityCode: '110000', totalPrice: [1, 2, 3, 4, 5, 6, 7] })).total).toBe(
      all.list.filter((p) => p.totalPriceMin !== null).length,
    );
  });

  it('AND-s filters across kinds', async () => {
    const page = await items({ saleStatus: 1, propertyType: 1, totalPrice: [3, 4, 5, 6, 7] });
    expect(nonEmpty(page).every((p) => p.saleStatus === 1 && p.propertyType === 1 && p.totalPriceMax! >= 300)).toBe(true);
    const none = await list({
      cityCode: '110000',
      saleStatus: 2,
      unitPrice: [1, 2, 3, 4, 5, 6, 7],
      propertyType: 1,
      keyword: '没有这样的楼盘',
    });
    expect(none.total).toBe(0);
    expect(none.list).toEqual([]);
  });

  it('narrows by district, business area, line, station, and e{id} as the project itself', async () => {
    const p = all.list[0]!;
    const district = conditions.districts.find((d) => d.name === p.districtName)!;
    const area = district.children.find((a) => a.name === p.businessAreaName)!;
    expect(nonEmpty(await items({ districtId: district.id })).every((x) => x.districtName === p.districtName)).toBe(true);
    const inArea = await items({ businessAreaId: area.id });
    expect(nonEmpty(inArea).every((x) => x.businessAreaName === p.businessAreaName)).toBe(true);
    expect(inArea.map((x) => x.id)).toContain(p.id);

    const near = all.list.find((x) => x.nearestStation)!;
    const line = conditions.subwayLines.find((l) => l.name === near.nearestStation!.lineName)!;
    const station = line.children.find((s) => s.name === near.nearestStation!.stationName)!;
    // A line is its stations: an interchange's projects seeded against another line's row of it are the line's too.
    const onLine = (s: { stationName: string } | null) => line.children.some((x) => x.name === s?.stationName);
    expect(nonEmpty(await items({ lineId: line.id })).every((x) => onLine(x.nearestStation))).toBe(true);
    const atStation = await items({ lineId: line.id, stationId: station.id });
    expect(atStation.map((x) => x.id)).toContain(near.id);

    const itself = await list({ cityCode: '110000', estateId: p.id });
    expect(itself.total).toBe(1);
    expect(itself.list[0]).toEqual(p);
    // Another city's project names nothing in this city: the list of it is a 404, as for an id that does not exist.
    const shanghai = (await list({ cityCode: '310000' })).list[0]!;
    const elsewhere = await h.app.inject({
      method: 'POST',
      url: ApiPath.newHomeList,
      payload: { cityCode: '110000', estateId: shanghai.id },
    });
    expect([elsewhere.statusCode, elsewhere.json().code]).toEqual([404, 4000000]);
  });

  it('matches a keyword against the project’s own name and the places it is in, not as a wildcard', async () => {
    const p = all.list[0]!;
    const byName = await items({ keyword: p.name });
    expect(byName.map((x) => x.id)).toContain(p.id);
    expect(
      nonEmpty(byName).every((x) => x.name.includes(p.name) || `${x.districtName}${x.businessAreaName}`.includes(p.name)),
    ).toBe(true);
    const prefix = await items({ keyword: p.name.slice(0, 2) });
    expect(prefix.map((x) => x.id)).toContain(p.id);
    const district = await items({ keyword: p.districtName });
    expect(nonEmpty(district).every((x) => x.districtName === p.districtName)).toBe(true);
    expect((await list({ cityCode: '110000', keyword: '没有这样的楼盘' })).total).toBe(0);
    expect((await list({ cityCode: '110000', keyword: '%' })).total).toBe(0);
  });

  const ordered = (values: number[], dir: 1 | -1) => nonEmpty(values).every((v, i) => i === 0 || (values[i - 1]! - v) * dir <= 0);
  it.each([
    [1, (p: NewHomeListItem) => p.avgPrice, 1],
    [2, (p: NewHomeListItem) => p.avgPrice, -1],
    [3, (p: NewHomeListItem) => p.totalPriceMin, 1],
  ] as const)('price sort %i holds, with 价格待定 projects last, and keeps the total', async (sort, key, dir) => {
    const page = await list({ cityCode: '110000', sort, pageSize: 50 });
    expect(page.total).toBe(all.total);
    const values = page.list.map(key);
    const priced = values.filter((v): v is number => v !== null);
    expect(new Set(priced).size).toBeGreaterThan(1);
    expect(ordered(priced, dir)).toBe(true);
    // Every null after every price.
    expect(values.slice(priced.length).every((v) => v === null)).toBe(true);
    expect(values.length).toBeGreaterThan(priced.length);
  });

  it('sorts 最新开盘 by opening date, newest (a planned month) first', async () => {
    const dates = (await list({ cityCode: '110000', sort: 4, pageSize: 50 })).list.map((p) => p.openingDate);
    expect(new Set(dates).size).toBeGreaterThan(1);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('sorts the unused codes 5–9 as the default', async () => {
    expect((await list({ cityCode: '110000', sort: 9, pageSize: 50 })).list.map((p) => p.id)).toEqual(all.list.map((p) => p.id));
    expect((await list({ cityCode: '110000', sort: 0, pageSize: 50 })).list.map((p) => p.id)).toEqual(all.list.map((p) => p.id));
  });

  it('rejects bad input with 400 and an unknown city with 404', async () => {
    const bad = [
      { cityCode: '110000', unitPrice: 8 },
      { cityCode: '110000', totalPrice: '0' },
      { cityCode: '110000', saleStatus: 4 },
      { cityCode: '110000', propertyType: 6 },
      { cityCode: '110000', propertyType: 'abc' },
      { cityCode: '110000', page: 0 },
      { cityCode: '110000', page: 101 },
      { cityCode: '110000', pageSize: 51 },
      { cityCode: '110000', sort: 10 },
      { cityCode: '110000', estateId: 0 },
      { cityCode: '110000', keyword: '万\u0000科' },
      { cityCode: '110000', keyword: 'x'.repeat(51) },
      { page: 1 },
    ];
    for (const input of bad) {
      for (const res of await both(h.app, ApiPath.newHomeList, input)) {
        expect(res.statusCode, JSON.stringify(input)).toBe(400);
        expect(envelope(res)).toMatchObject({ code: 400, succeed: false, data: null });
      }
    }
    const [wrongType] = await both(h.app, ApiPath.newHomeList, { cityCode: '110000', saleStatus: 4 });
    expect(envelope(wrongType!).msg).toMatch(/^saleStatus/);
    const [unknown] = await both(h.app, ApiPath.newHomeList, { cityCode: '990000' });
    expect(unknown!.statusCode).toBe(404);
    expect(envelope(unknown!).code).toBe(4000000);
  });
});

describe('detail', () => {
  const KINDS: readonly string[] = PROJECT_PHOTO_KINDS;
  const RIGHTS: Record<number, number[]> = { 1: [70], 2: [70], 3: [40, 50], 4: [50], 5: [40] };

  it('shows the list item’s facts with developer, dates, ratios, layouts, photos by kind and the consultant', async () => {
    const item = all.list.find((p) => p.avgPrice !== null && p.saleStatus === 1)!;
    const answers = await both(h.app, `${ApiPath.newHomeDetail}/${item.id}`);
    expect(envelope(answers[1]).data).toEqual(envelope(answers[0]).data);
    const d = envelope<NewHomeDetail>(answers[0]).data;
    expect(d).toMatchObject(item);
    expect(d.developer).toMatch(/^北京.+有限公司$/);
    expect(d.propertyCompany).toMatch(/公司$/);
    expect(d.openingDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Date.parse(d.openingDate)).toBeLessThan(Date.now());
    expect(d.deliveryDate).toMatch(/^\d{4}-\d{2}$/);
    expect(d.deliveryDate > d.openingDate.slice(0, 7)).toBe(true);
    expect(d.plotRatio).toBeGreaterThan(0.5);
    expect(d.plotRatio).toBeLessThan(8.01);
    expect(d.greenRatio).toBeGreaterThanOrEqual(0.15);
    expect(d.greenRatio).toBeLessThanOrEqual(0.45);
    expect(d.households).toBeGreaterThan(30);
    expect(d.parkingSpaces).toBeGreaterThan(0);
    expect(RIGHTS[d.propertyType]).toContain(d.rightsYears);
    expect(d.description).toContain(d.name);
    expect(d.lat).toBeGreaterThan(39);
    expect(d.lat).toBeLessThan(41.5);

    expect(d.layouts.length).toBeGreaterThanOrEqual(3);
    expect(d.layouts.length).toBeLessThanOrEqual(8);
    expect(d.layouts.map((l) => l.name).sort()).toEqual(d.layouts.map((_, i) => `${String.fromCharCode(65 + i)}户型`));
    expect([...new Set(d.layouts.map((l) => l.rooms))].sort((a, b) => a - b)).toEqual(d.layoutRooms);
    expect(Math.min(...d.layouts.map((l) => l.area))).toBe(d.areaMin);
    expect(Math.max(...d.layouts.map((l) => l.area))).toBe(d.areaMax);
    const onSale = d.layouts.filter((l) => l.saleStatus === 1).map((l) => l.totalPrice!);
    expect(onSale.length).toBeGreaterThan(0);
    expect(d.totalPriceMin).toBe(Math.min(...onSale));
    expect(d.totalPriceMax).toBe(Math.max(...onSale));
    // A layout's price is its area at about the average price (±10%).
    for (const l of d.layouts) {
      expect(l.totalPrice! * 10000).toBeGreaterThan(l.area * d.avgPrice! * 0.9);
      expect(l.totalPrice! * 10000).toBeLessThan(l.area * d.avgPrice! * 1.1);
    }

    const kinds = d.photoGroups.map((g) => g.kind);
    expect(kinds).toEqual(KINDS.filter((k) => kinds.includes(k)));
    expect(kinds[0]).toBe('效果图');
    expect(d.coverUrl).toBe(d.photoGroups[0]!.photos[0]!.url);
    const plans = d.photoGroups.find((g) => g.kind === '户型图')!.photos;
    expect(plans).toHaveLength(d.layouts.length);
    expect(plans.map((p) => p.url).sort()).toEqual(d.layouts.map((l) => l.planUrl).sort());
    expect(nonEmpty(d.photoGroups).every((g) => g.photos.length > 0)).toBe(true);

    expect([1, 2, 3]).toContain(d.agent.status);
    expect(d.agent.branchName).toMatch(/店$/);
  });

  it('shows a 价格待定 project without prices, in the list and on its page, and its layouts without prices', async () => {
    const item = all.list.find((p) => p.avgPrice === null)!;
    expect(item).toMatchObject({ avgPrice: null, totalPriceMin: null, totalPriceMax: null });
    const d = await detail(item.id);
    expect(d.layouts.length).toBeGreaterThan(0);
    expect(nonEmpty(d.layouts).every((l) => l.totalPrice === null)).toBe(true);
    expect(d.tags).not.toContain('低总价');
  });

  it('prices new homes a little above the city’s second-hand homes', async () => {
    const home = await answer<HomeData>(h.app, ApiPath.index, { cityCode: '110000' });
    const priced = all.list.filter((p) => p.avgPrice !== null && p.propertyType === 1).map((p) => p.avgPrice!);
    expect(priced.length).toBeGreaterThan(5);
    const mean = priced.reduce((s, v) => s + v, 0) / priced.length;
    expect(mean).toBeGreaterThan(home.stats.avgUnitPrice * 0.8);
    expect(mean).toBeLessThan(home.stats.avgUnitPrice * 1.6);
  });

  it('gives 售罄 and planned projects the dates and photos of their stage', async () => {
    const soldOut = await detail((await someProject((p) => p.saleStatus === 3)).id);
    expect(nonEmpty(soldOut.layouts).every((l) => l.saleStatus === 3)).toBe(true);
    expect(soldOut.avgPrice).not.toBeNull();
    const coming = await detail((await someProject((p) => p.saleStatus === 2)).id);
    expect(coming.openingDate).toMatch(/^\d{4}-\d{2}$/);
    expect(coming.openingDate >= new Date().toISOString().slice(0, 7)).toBe(true);
    expect(nonEmpty(coming.layouts).every((l) => l.saleStatus === 2)).toBe(true);
  });

  it('answers 404 / 4000000 for an unknown id and 400 for a bad one', async () => {
    for (const res of await both(h.app, `${ApiPath.newHomeDetail}/99999999`)) {
      expect(res.statusCode).toBe(404);
      expect(envelope(res)).toMatchObject({ code: 4000000, succeed: false, data: null });
    }
    for (const id of ['abc', '0', '-1', '12.html', '2147483648']) {
      const bad = await h.app.inject(`${ApiPath.newHomeDetail}/${id}`);
      expect(bad.statusCode, id).toBe(400);
      expect(envelope(bad).msg).toMatch(/^id: /);
    }
  });
});

describe('suggestions for channel new', () => {
  it('offers a project by a prefix of its name (angle 6 楼盘), and e{id} lists exactly it', async () => {
    const p = all.list.find((x) => x.avgPrice !== null && x.saleStatus === 1)!;
    const found = (await suggest('110000', p.name.slice(0, 2))).find((s) => s.angle === 6 && s.id === p.id)!;
    expect(found).toMatchObject({ name: p.name, angleName: '楼盘', propertyTypeName: '新房' });
    expect(found.describe).toBe(`在售 · 均价${p.avgPrice}元/㎡`);
    expect((await list({ cityCode: '110000', estateId: found.id })).list.map((x) => x.id)).toEqual([p.id]);
    const undecided = all.list.find((x) => x.avgPrice === null)!;
    const u = (await suggest('110000', undecided.name)).find((s) => s.angle === 6 && s.id === undecided.id)!;
    expect(u.describe).toMatch(/ · 价格待定$/);
  });

  it('counts the projects of a district (N个楼盘) as the list filtered by it finds them', async () => {
    const p = all.list[0]!;
    const district = (await suggest('110000', p.districtName)).find((s) => s.angle === 2)!;
    const n = Number(/^(\d+)个楼盘$/.exec(district.describe)![1]);
    expect(n).toBeGreaterThan(0);
    expect(n).toBe((await list({ cityCode: '110000', districtId: district.id })).total);
  });
});

describe('a city without new homes', () => {
  it('answers 404 for 厦门’s conditions, list and projects once its isNewhouse flag is 0, and suggests nothing', async () => {
    const project = (await list({ cityCode: '350200' })).list[0]!;
    // The project's own district: a district without projects is not suggested on 新房 at all.
    const district = (await answer<NewHomeConditions>(h.app, ApiPath.conditionNewHome, { cityCode: '350200' })).districts.find(
      (d) => d.name === project.districtName,
    );
    expect((await suggest('350200', district!.name)).length).toBeGreaterThan(0);
    await h.database.db.update(cities).set({ isNewhouse: 0 }).where(eq(cities.cityCode, '350200'));
    // The cities are kept in memory (cities.ts): read again, as the minute's reload would.
    await cityTable(h.database.db).reload();
    try {
      for (const path of [ApiPath.conditionNewHome, ApiPath.newHomeList]) {
        for (const res of await both(h.app, path, { cityCode: '350200' })) {
          expect(res.statusCode).toBe(404);
          expect(envelope(res)).toMatchObject({ code: 4000000, succeed: false, data: null });
        }
      }
      const [gone] = await both(h.app, `${ApiPath.newHomeDetail}/${project.id}`);
      expect(gone!.statusCode).toBe(404);
      expect(await suggest('350200', district!.name)).toEqual([]);
      // …while its second-hand channel and 北京's new homes answer.
      expect((await suggest('350200', district!.name, 'esf')).length).toBeGreaterThan(0);
      expect((await list({ cityCode: '110000' })).total).toBe(all.total);
    } finally {
      await h.database.db.update(cities).set({ isNewhouse: 1 }).where(eq(cities.cityCode, '350200'));
      await cityTable(h.database.db).reload();
    }
  });
});
