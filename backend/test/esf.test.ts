import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '@contracts/paths';
import type { EsfConditions, EsfDetail, EsfListItem, EsfListPage } from '@contracts/esf';
import { answer, both, envelope, startHarness, type Harness, nonEmpty } from './harness';

let h: Harness;
let conditions: EsfConditions;
beforeAll(async () => {
  h = await startHarness();
  const [res] = await both(h.app, ApiPath.conditionEsf, { cityCode: '110000' });
  conditions = envelope<EsfConditions>(res!).data;
});
afterAll(() => h?.close());

const list = (input: Record<string, unknown>) => answer<EsfListPage>(h.app, ApiPath.esfList, input);

describe('conditions', () => {
  it('has real districts with business areas, lines with stations, seven price bands per city, area, rooms, sorts', async () => {
    expect(conditions.districts.find((d) => d.name === '朝阳区')!.children.map((c) => c.name)).toContain('望京');
    expect(conditions.subwayLines.find((l) => l.name === '13号线')!.children[0]!.name).toBe('西直门');
    expect(conditions.price).toHaveLength(7);
    expect(conditions.price[0]).toMatchObject({ code: 1, label: '200万以下', min: null, max: 200 });
    expect(conditions.price[6]).toMatchObject({ label: '1000万以上', max: null });
    expect(conditions.area.map((a) => a.label)).toEqual([
      '50㎡以下',
      '50-70㎡',
      '70-90㎡',
      '90-110㎡',
      '110-130㎡',
      '130-150㎡',
      '150㎡以上',
    ]);
    expect(conditions.rooms.map((r) => r.label)).toEqual(['一室', '二室', '三室', '四室', '五室', '五室以上']);
    expect(conditions.sorts.map((s) => s.code)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const [xa] = await both(h.app, ApiPath.conditionEsf, { cityCode: '610100' });
    expect(envelope<EsfConditions>(xa!).data.price[0]!.max).toBeLessThan(200);
  });
});

describe('list', () => {
  it('pages through the city with a stable total', async () => {
    const first = await list({ cityCode: '110000', pageSize: 10 });
    const second = await list({ cityCode: '110000', pageSize: 10, page: 2 });
    expect(first.total).toBe(second.total);
    expect(first.list).toHaveLength(10);
    expect(nonEmpty(first.list).every((l) => l.cityCode === '110000')).toBe(true);
    const ids = new Set([...first.list, ...second.list].map((l) => l.id));
    expect(ids.size).toBe(20);
    const all = await list({ cityCode: '110000' });
    expect(all.pageSize).toBe(30);
  });

  it('narrows by district and business area', async () => {
    const chaoyang = conditions.districts.find((d) => d.name === '朝阳区')!;
    const wangjing = chaoyang.children.find((c) => c.name === '望京')!;
    const byDistrict = await list({ cityCode: '110000', districtId: chaoyang.id, pageSize: 50 });
    const byArea = await list({ cityCode: '110000', businessAreaId: wangjing.id, pageSize: 50 });
    expect(nonEmpty(byDistrict.list).every((l) => l.districtName === '朝阳区')).toBe(true);
    expect(nonEmpty(byArea.list).every((l) => l.businessAreaName === '望京')).toBe(true);
    expect(byArea.total).toBeLessThanOrEqual(byDistrict.total);
    expect(byArea.total).toBeGreaterThan(0);
  });

  it('filters price and area bands (OR within a kind) and rooms', async () => {
    const page = await list({ cityCode: '110000', price: [2, 3], pageSize: 50 });
    expect(nonEmpty(page.list).every((l) => l.totalPrice >= 200 && l.totalPrice < 400)).toBe(true);
    const area = await list({ cityCode: '110000', area: '1,7', pageSize: 50 });
    expect(nonEmpty(area.list).every((l) => l.area < 50 || l.area >= 150)).toBe(true);
    const rooms = await list({ cityCode: '110000', rooms: [2, 6], pageSize: 50 });
    expect(nonEmpty(rooms.list).every((l) => l.rooms === 2 || l.rooms >= 6)).toBe(true);
    const all = await list({ cityCode: '110000' });
    expect(page.total).toBeLessThan(all.total);
  });

  it('filters by keyword over the places a home is in: community, business area, district, subway station', async () => {
    const where = (l: EsfListItem) =>
      `${l.communityName}${l.businessAreaName}${l.districtName}${l.nearestStation?.stationName ?? ''}`;
    const page = await list({ cityCode: '110000', keyword: '望京', pageSize: 50 });
    expect(page.total).toBeGreaterThan(0);
    expect(nonEmpty(page.list).every((l) => where(l).includes('望京'))).toBe(true);
    expect((await list({ cityCode: '110000', keyword: '没有这样的小区' })).total).toBe(0);

    const nearSubway = (await list({ cityCode: '110000', pageSize: 50 })).list.find((l) => l.nearestStation);
    const station = nearSubway!.nearestStation!.stationName;
    const byStation = await list({ cityCode: '110000', keyword: station, pageSize: 50 });
    expect(byStation.list.map((l) => l.id)).toContain(nearSubway!.id);
    expect(nonEmpty(byStation.list).every((l) => where(l).includes(station))).toBe(true);
  });

  it('keeps the total while paging and sorting, and the default order is newest first', async () => {
    const first = await list({ cityCode: '110000', pageSize: 10 });
    const second = await list({ cityCode: '110000', pageSize: 10, page: 2, sort: 3 });
    expect(second.total).toBe(first.total);
    const times = first.list.map((l) => Date.parse(l.listedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('filters by subway line and by community', async () => {
    // A line some home is near: the test seed is small, and a line without homes would prove nothing.
    const near = (await list({ cityCode: '110000', pageSize: 50 })).list.find((l) => l.nearestStation)!;
    const line = conditions.subwayLines.find((l) => l.name === near.nearestStation!.lineName)!;
    const page = await list({ cityCode: '110000', lineId: line.id, pageSize: 50 });
    expect(page.list.map((l) => l.id)).toContain(near.id);
    expect(nonEmpty(page.list).every((l) => l.nearestStation?.lineName === line.name)).toBe(true);
    const one = (await list({ cityCode: '110000', pageSize: 1 })).list[0]!;
    const estate = await list({ cityCode: '110000', estateId: one.communityId, pageSize: 50 });
    expect(nonEmpty(estate.list).every((l) => l.communityId === one.communityId)).toBe(true);
  });

  const sorted = (items: EsfListItem[], key: (l: EsfListItem) => number | string, dir: 1 | -1) =>
    nonEmpty(items).every(
      (l, i) => i === 0 || (key(items[i - 1]!) <= key(l) ? dir === 1 || key(items[i - 1]!) === key(l) : dir === -1),
    );
  it.each([
    [1, (l: EsfListItem) => l.listedAt, -1],
    [2, (l: EsfListItem) => l.totalPrice, 1],
    [3, (l: EsfListItem) => l.totalPrice, -1],
    [4, (l: EsfListItem) => l.unitPrice, 1],
    [5, (l: EsfListItem) => l.unitPrice, -1],
    [6, (l: EsfListItem) => l.area, -1],
  ] as const)('sort %i holds', async (sort, key, dir) => {
    const page = await list({ cityCode: '310000', sort, pageSize: 50 });
    expect(sorted(page.list, key, dir)).toBe(true);
  });

  it('tags a home only with what it has: no 「VR看房」, since no listing has a VR tour', async () => {
    // 降价: a price cut in the last 30 days (its own test: backend/test/price-history.test.ts).
    const TAGS = ['满五唯一', '满二', '近地铁', '随时看房', '新上', '降价'];
    const homes = nonEmpty((await list({ cityCode: '110000', pageSize: 50 })).list);
    expect(homes.flatMap((l) => l.tags).filter((t) => !TAGS.includes(t))).toEqual([]);
    // Not vacuous: the homes do carry tags.
    expect(homes.some((l) => l.tags.includes('随时看房'))).toBe(true);
  });

  it('rejects bad input and unknown cities', async () => {
    for (const input of [
      { cityCode: '110000', page: 101 },
      { cityCode: '110000', price: '8' },
      { cityCode: '110000', pageSize: 'many' },
      { page: 1 },
    ]) {
      for (const res of await both(h.app, ApiPath.esfList, input)) {
        expect(res.statusCode).toBe(400);
        expect(envelope(res)).toMatchObject({ code: 400, succeed: false, data: null });
      }
    }
    const [unknown] = await both(h.app, ApiPath.esfList, { cityCode: '990000' });
    expect(unknown!.statusCode).toBe(404);
    expect(envelope(unknown!).code).toBe(4000000);
  });
});

describe('detail', () => {
  it('has photos with a floor plan, consistent prices, community and agent', async () => {
    const one = (await list({ cityCode: '110000', pageSize: 1 })).list[0]!;
    for (const res of await both(h.app, `${ApiPath.esfDetail}/${one.id}`)) {
      const d = envelope<EsfDetail>(res).data;
      expect(d.id).toBe(one.id);
      expect(d.photos.length).toBeGreaterThanOrEqual(5);
      expect(d.photos.at(-1)!.title).toBe('户型图');
      expect(Math.abs(d.unitPrice - (d.totalPrice * 10000) / d.area)).toBeLessThan(1);
      expect(d.buildYear).toBe(d.community.buildYear);
      expect(d.elevator).toBe(d.totalFloors > 6);
      expect(d.community.onSaleCount).toBeGreaterThan(0);
      expect(d.community.lat).toBeGreaterThan(39);
      expect([1, 2, 3]).toContain(d.agent.status);
      expect(d.agent.branchName).toMatch(/店$/);
    }
  });
  it('answers 404 / 4000000 for an unknown id and 400 for a bad one', async () => {
    const missing = await h.app.inject(`${ApiPath.esfDetail}/99999999`);
    expect(missing.statusCode).toBe(404);
    expect(envelope(missing)).toMatchObject({ code: 4000000, succeed: false });
    const bad = await h.app.inject(`${ApiPath.esfDetail}/abc`);
    expect(bad.statusCode).toBe(400);
    expect(envelope(bad).msg).toMatch(/^id: /);
  });
});
