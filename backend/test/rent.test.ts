import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '@contracts/paths';
import type { EsfConditions } from '@contracts/esf';
import type { RentConditions, RentDetail, RentListItem, RentListPage } from '@contracts/rent';
import type { Suggestion } from '@contracts/search';
import { answer, both, envelope, startHarness, type Harness, nonEmpty } from './harness';

/** 租房: conditions, list, detail and suggestions of the rent channel. 厦门 has no rentals (isRent 0). */

let h: Harness;
let conditions: RentConditions;
let all: RentListPage;
beforeAll(async () => {
  h = await startHarness();
  const [res] = await both(h.app, ApiPath.conditionRent, { cityCode: '110000' });
  conditions = envelope<RentConditions>(res!).data;
  all = await list({ cityCode: '110000', pageSize: 50 });
});
afterAll(() => h?.close());

const list = (input: Record<string, unknown>) => answer<RentListPage>(h.app, ApiPath.rentList, input);

/** The items of a page, after checking there are some (no assertion over an empty list). */
async function items(input: Record<string, unknown>): Promise<RentListItem[]> {
  const page = await list({ cityCode: '110000', pageSize: 50, ...input });
  expect(page.list.length).toBeGreaterThan(0);
  return page.list;
}

describe('conditions', () => {
  it('has places, lines, 整租/合租, the city tier’s rent bands, area bands, rooms up to 四室及以上 and six sorts', () => {
    expect(conditions.districts.find((d) => d.name === '朝阳区')!.children.map((c) => c.name)).toContain('望京');
    expect(conditions.subwayLines.find((l) => l.name === '13号线')!.children[0]!.name).toBe('西直门');
    expect(conditions.rentType).toEqual([
      { code: 1, label: '整租' },
      { code: 2, label: '合租' },
    ]);
    expect(conditions.rent).toHaveLength(7);
    expect(conditions.rent[0]).toEqual({ code: 1, label: '2000元以下', min: null, max: 2000 });
    expect(conditions.rent[6]).toEqual({ code: 7, label: '10000元以上', min: 10000, max: null });
    expect(conditions.area).toHaveLength(7);
    expect(conditions.area[0]).toMatchObject({ label: '20㎡以下', max: 20 });
    expect(conditions.rooms.map((r) => r.label)).toEqual(['一室', '二室', '三室', '四室及以上']);
    expect(conditions.sorts).toEqual([
      { code: 0, label: '默认排序' },
      { code: 1, label: '最新发布' },
      { code: 2, label: '租金从低到高' },
      { code: 3, label: '租金从高到低' },
      { code: 4, label: '面积从小到大' },
      { code: 5, label: '面积从大到小' },
    ]);
  });

  it('gives a smaller city lower rent bands, on GET and POST', async () => {
    for (const res of await both(h.app, ApiPath.conditionRent, { cityCode: '610100' })) {
      expect(res.statusCode).toBe(200);
      const xa = envelope<RentConditions>(res).data;
      expect(xa.rent[0]!.max).toBeLessThan(conditions.rent[0]!.max!);
      expect(xa.districts.length).toBeGreaterThan(0);
    }
  });

  it('is a 404 in 厦门, which has no rentals, while its second-hand channel answers', async () => {
    for (const path of [ApiPath.conditionRent, ApiPath.rentList]) {
      for (const cityCode of ['350200']) {
        for (const res of await both(h.app, path, { cityCode })) {
          expect(res.statusCode).toBe(404);
          expect(envelope(res)).toMatchObject({ code: 4000000, succeed: false, data: null });
        }
      }
    }
    const [esf] = await both(h.app, ApiPath.conditionEsf, { cityCode: '350200' });
    expect(envelope<EsfConditions>(esf!).data.districts.length).toBeGreaterThan(0);
    const [esfList] = await both(h.app, ApiPath.esfList, { cityCode: '350200' });
    expect(envelope<{ total: number }>(esfList!).data.total).toBeGreaterThan(0);
  });
});

describe('list', () => {
  it('shows the city newest first, 30 a page by default, and pages without overlap under a stable total', async () => {
    expect(all.list.length).toBeGreaterThan(20);
    expect(nonEmpty(all.list).every((l) => l.cityCode === '110000')).toBe(true);
    const times = all.list.map((l) => Date.parse(l.listedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await list({ cityCode: '110000' })).pageSize).toBe(30);

    const first = await list({ cityCode: '110000', pageSize: 10 });
    const second = await list({ cityCode: '110000', pageSize: 10, page: 2 });
    expect(first.list).toHaveLength(10);
    expect(second.list).toHaveLength(10);
    expect(second.total).toBe(first.total);
    expect(new Set([...first.list, ...second.list].map((l) => l.id)).size).toBe(20);
    expect([...first.list, ...second.list].map((l) => l.id)).toEqual(all.list.slice(0, 20).map((l) => l.id));
    expect((await list({ cityCode: '110000', sort: 1, pageSize: 50 })).list.map((l) => l.id)).toEqual(all.list.map((l) => l.id));
    const beyond = await list({ cityCode: '110000', page: 100 });
    expect(beyond.list).toEqual([]);
    expect(beyond.total).toBe(all.total);
  });

  it('filters 整租 and 合租; the two make up the city', async () => {
    const whole = await items({ rentType: 1 });
    const shared = await items({ rentType: '2' });
    expect(nonEmpty(whole).every((l) => l.rentType === 1)).toBe(true);
    expect(nonEmpty(shared).every((l) => l.rentType === 2 && l.area >= 10 && l.area <= 25)).toBe(true);
    const [w, s] = await Promise.all([list({ cityCode: '110000', rentType: 1 }), list({ cityCode: '110000', rentType: 2 })]);
    expect(w.total + s.total).toBe(all.total);
  });

  it('filters rent bands, OR-ed within the filter', async () => {
    const band = await items({ rent: [2, 3] });
    expect(nonEmpty(band).every((l) => l.monthlyRent >= 2000 && l.monthlyRent < 4000)).toBe(true);
    const ends = await items({ rent: '1,7' });
    expect(nonEmpty(ends).every((l) => l.monthlyRent < 2000 || l.monthlyRent >= 10000)).toBe(true);
    expect(ends.some((l) => l.monthlyRent >= 10000)).toBe(true);
    expect((await list({ cityCode: '110000', rent: [2, 3] })).total).toBeLessThan(all.total);
  });

  it('filters area bands', async () => {
    const rooms = await items({ area: 1 });
    expect(nonEmpty(rooms).every((l) => l.area < 20)).toBe(true);
    const mid = await items({ area: '3,4' });
    expect(nonEmpty(mid).every((l) => l.area >= 40 && l.area < 80)).toBe(true);
  });

  it('filters room counts; 4 means four rooms or more', async () => {
    const four = await items({ rooms: 4 });
    expect(nonEmpty(four).every((l) => l.rooms >= 4)).toBe(true);
    expect(four.some((l) => l.rooms > 4)).toBe(true);
    const oneOrFour = await items({ rooms: [1, 4] });
    expect(nonEmpty(oneOrFour).every((l) => l.rooms === 1 || l.rooms >= 4)).toBe(true);
    expect(oneOrFour.some((l) => l.rooms === 1)).toBe(true);
  });

  it('AND-s filters across kinds', async () => {
    const page = await items({ rentType: 2, rooms: [3], rent: [1, 2, 3, 4] });
    expect(nonEmpty(page).every((l) => l.rentType === 2 && l.rooms === 3 && l.monthlyRent < 5000)).toBe(true);
    const none = await list({ cityCode: '110000', rentType: 2, area: 7 });
    expect(none.total).toBe(0);
    expect(none.list).toEqual([]);
  });

  it('narrows by district, business area, subway line, station and community', async () => {
    const chaoyang = conditions.districts.find((d) => d.name === '朝阳区')!;
    const wangjing = chaoyang.children.find((c) => c.name === '望京')!;
    expect(nonEmpty(await items({ districtId: chaoyang.id })).every((l) => l.districtName === '朝阳区')).toBe(true);
    const inWangjing = await items({ businessAreaId: wangjing.id });
    expect(nonEmpty(inWangjing).every((l) => l.businessAreaName === '望京')).toBe(true);
    expect((await list({ cityCode: '110000', businessAreaId: wangjing.id })).total).toBeLessThanOrEqual(
      (await list({ cityCode: '110000', districtId: chaoyang.id })).total,
    );

    const near = all.list.find((l) => l.nearestStation)!;
    const line = conditions.subwayLines.find((l) => l.name === near.nearestStation!.lineName)!;
    const station = line.children.find((s) => s.name === near.nearestStation!.stationName)!;
    const onLine = await items({ lineId: line.id });
    expect(nonEmpty(onLine).every((l) => l.nearestStation?.lineName === line.name)).toBe(true);
    const atStation = await items({ lineId: line.id, stationId: station.id });
    expect(atStation.map((l) => l.id)).toContain(near.id);
    expect(nonEmpty(atStation).every((l) => l.nearestStation?.stationName === station.name)).toBe(true);

    const estate = await items({ estateId: all.list[0]!.communityId });
    expect(nonEmpty(estate).every((l) => l.communityId === all.list[0]!.communityId)).toBe(true);
  });

  it('matches a keyword against the places a home is in, not as a wildcard', async () => {
    const where = (l: RentListItem) =>
      `${l.communityName}${l.businessAreaName}${l.districtName}${l.nearestStation?.stationName ?? ''}`;
    const wangjing = await items({ keyword: '望京' });
    expect(nonEmpty(wangjing).every((l) => where(l).includes('望京'))).toBe(true);
    const community = all.list[0]!.communityName;
    expect((await items({ keyword: community })).map((l) => l.communityName)).toContain(community);
    expect((await list({ cityCode: '110000', keyword: '没有这样的小区' })).total).toBe(0);
    expect((await list({ cityCode: '110000', keyword: '%' })).total).toBe(0);
  });

  it('filters 有电梯 (dt1) and 无电梯 (dt2), one at a time; the two make up the city', async () => {
    expect(conditions.elevator).toEqual([
      { code: 1, label: '有电梯' },
      { code: 2, label: '无电梯' },
    ]);
    const all = await list({ cityCode: '110000' });
    const lift = await list({ cityCode: '110000', elevator: [1], pageSize: 50 });
    const stairs = await list({ cityCode: '110000', elevator: '2', pageSize: 50 });
    expect(nonEmpty(lift.list).every((l) => l.elevator)).toBe(true);
    expect(nonEmpty(stairs.list).every((l) => !l.elevator)).toBe(true);
    expect(lift.total + stairs.total).toBe(all.total);
    const wholeWithLift = await items({ rentType: [1], elevator: [1] });
    expect(wholeWithLift.every((l) => l.rentType === 1 && l.elevator)).toBe(true);
    for (const res of await both(h.app, ApiPath.rentList, { cityCode: '110000', elevator: [3] }))
      expect(res.statusCode).toBe(400);
  });

  const sorted = (values: number[], dir: 1 | -1) => nonEmpty(values).every((v, i) => i === 0 || (values[i - 1]! - v) * dir <= 0);
  it.each([
    [1, (l: RentListItem) => Date.parse(l.listedAt), -1],
    [2, (l: RentListItem) => l.monthlyRent, 1],
    [3, (l: RentListItem) => l.monthlyRent, -1],
    [4, (l: RentListItem) => l.area, 1],
    [5, (l: RentListItem) => l.area, -1],
  ] as const)('sort %i holds, and keeps the total', async (sort, key, dir) => {
    const page = await items({ sort });
    const values = page.map(key);
    expect(new Set(values).size).toBeGreaterThan(1);
    expect(sorted(values, dir)).toBe(true);
    expect((await list({ cityCode: '110000', sort, page: 2, pageSize: 10 })).total).toBe(all.total);
  });

  it('sorts the unused codes 6–9 as the default', async () => {
    expect((await list({ cityCode: '110000', sort: 9, pageSize: 50 })).list.map((l) => l.id)).toEqual(all.list.map((l) => l.id));
  });

  it('rejects bad input with 400 and an unknown city with 404', async () => {
    const bad = [
      { cityCode: '110000', rentType: 3 },
      { cityCode: '110000', rent: 8 },
      { cityCode: '110000', area: '0' },
      { cityCode: '110000', rooms: 5 },
      { cityCode: '110000', page: 0 },
      { cityCode: '110000', page: 101 },
      { cityCode: '110000', pageSize: 51 },
      { cityCode: '110000', sort: 10 },
      { cityCode: '110000', keyword: '望\u0000京' },
      { page: 1 },
    ];
    for (const input of bad) {
      for (const res of await both(h.app, ApiPath.rentList, input)) {
        expect(res.statusCode, JSON.stringify(input)).toBe(400);
        expect(envelope(res)).toMatchObject({ code: 400, succeed: false, data: null });
      }
    }
    const [nul] = await both(h.app, ApiPath.rentList, { cityCode: '110000', keyword: '\u0000' });
    expect(envelope(nul!).msg).toMatch(/^keyword: .*NUL/);
    const [unknown] = await both(h.app, ApiPath.rentList, { cityCode: '990000' });
    expect(unknown!.statusCode).toBe(404);
    expect(envelope(unknown!).code).toBe(4000000);
  });
});

describe('detail', () => {
  const FACILITIES = ['洗衣机', '空调', '冰箱', '热水器', '宽带', '床', '衣柜', '沙发', '燃气', '暖气', '电视', '可做饭'];
  const TAGS = ['近地铁', '随时看房', '押一付一', '独立卫生间', '独立阳台', '精装'];

  it.each([1, 2])(
    'shows rentType %i with terms, facilities, photos, community and agent, as the list item does',
    async (rentType) => {
      const item = (await items({ rentType }))[0]!;
      const answers = await both(h.app, `${ApiPath.rentDetail}/${item.id}`);
      expect(envelope(answers[1]).data).toEqual(envelope(answers[0]).data);
      const d = envelope<RentDetail>(answers[0]).data;
      expect(d).toMatchObject(item);
      expect(d.listingNo).toMatch(/^BJZF\d{8}$/);
      expect(d.photos.length).toBeGreaterThanOrEqual(5);
      expect(d.photos.at(-1)!.title).toBe('户型图');
      expect(d.coverUrl).toBe(d.photos[0]!.url);
      expect(d.photos[0]!.title).toBe(rentType === 1 ? '客厅' : '卧室');
      expect(d.title.startsWith(rentType === 1 ? '整租·' : '合租·')).toBe(true);
      expect(d.title).toContain(d.communityName);
      expect(d.facilities.map((f) => f.name)).toEqual(FACILITIES);
      expect(d.facilities.some((f) => f.has)).toBe(true);
      expect(['押一付三', '押一付一', '押二付三', '半年付', '年付']).toContain(d.payment);
      expect(d.deposit).toBe(d.monthlyRent * (d.payment.startsWith('押二') ? 2 : 1));
      expect(d.checkIn).toMatch(/^(随时入住|\d{4}-\d{2}-\d{2})$/);
      expect(d.leaseTerm).toMatch(/起租|短租/);
      expect(['随时看房', '需提前预约', '仅周末可看']).toContain(d.viewing);
      expect(['民水民电', '商水商电']).toContain(d.utilities);
      expect(d.tags.filter((t) => !TAGS.includes(t))).toEqual([]);
      expect(d.tags.includes('随时看房')).toBe(d.viewing === '随时看房');
      expect(d.floor).toBeGreaterThanOrEqual(1);
      expect(d.floor).toBeLessThanOrEqual(d.totalFloors);
      expect(d.elevator).toBe(d.totalFloors > 6);
      expect(d.description).toContain(d.communityName);
      expect(d.community).toMatchObject({
        id: d.communityId,
        name: d.communityName,
        districtName: d.districtName,
        businessAreaName: d.businessAreaName,
      });
      expect(d.community.lat).toBeGreaterThan(39);
      expect([1, 2, 3]).toContain(d.agent.status);
      expect(d.agent.branchName).toMatch(/店$/);
      if (rentType === 1) expect(d.monthlyRent).toBeGreaterThanOrEqual(3000);
      else expect(d.monthlyRent).toBeLessThanOrEqual(4500);
    },
  );

  it('keeps every 北京 rent within the tier’s range: 整租 3,000–20,000, 合租 1,500–4,500 元/月', async () => {
    const whole = await items({ rentType: 1 });
    const shared = await items({ rentType: 2 });
    expect(nonEmpty(whole).every((l) => l.monthlyRent >= 3000 && l.monthlyRent <= 20000)).toBe(true);
    expect(nonEmpty(shared).every((l) => l.monthlyRent >= 1500 && l.monthlyRent <= 4500)).toBe(true);
  });

  it('answers 404 / 4000000 for an unknown id and 400 for a bad one', async () => {
    for (const res of await both(h.app, `${ApiPath.rentDetail}/99999999`)) {
      expect(res.statusCode).toBe(404);
      expect(envelope(res)).toMatchObject({ code: 4000000, succeed: false, data: null });
    }
    for (const id of ['abc', '0', '2147483648']) {
      const bad = await h.app.inject(`${ApiPath.rentDetail}/${id}`);
      expect(bad.statusCode).toBe(400);
      expect(envelope(bad).msg).toMatch(/^id: /);
    }
  });
});

describe('suggestions for channel rent', () => {
  const suggest = (cityCode: string, channelCode: string, keyword: string) =>
    answer<Suggestion[]>(h.app, ApiPath.recommends, { cityCode, channelCode, keyword });

  it('counts the rentals of a place (在租N套), as the list filtered by it finds them', async () => {
    for (const keyword of ['望京', 'wj', 'wangjing']) {
      const wangjing = (await suggest('110000', 'rent', keyword)).find((s) => s.name === '望京' && s.angle === 3)!;
      expect(wangjing).toMatchObject({ angleName: '商圈', address: '朝阳-望京', propertyTypeName: '租房' });
      const n = Number(/^在租(\d+)套$/.exec(wangjing.describe)![1]);
      expect(n).toBeGreaterThan(0);
      expect(n).toBe((await list({ cityCode: '110000', businessAreaId: wangjing.id })).total);
    }
  });

  it('counts rentals for districts, communities and stations too, and sale counts stay on esf', async () => {
    const item = all.list.find((l) => l.nearestStation)!;
    const [district] = (await suggest('110000', 'rent', item.districtName)).filter((s) => s.angle === 2);
    expect(district!.describe).toBe(`在租${(await list({ cityCode: '110000', districtId: district!.id })).total}套`);
    const community = (await suggest('110000', 'rent', item.communityName)).find(
      (s) => s.angle === 1 && s.name === item.communityName,
    )!;
    expect(community.describe).toBe(`在租${(await list({ cityCode: '110000', estateId: community.id })).total}套`);
    const station = (await suggest('110000', 'rent', item.nearestStation!.stationName)).find(
      // An interchange is one suggestion naming all its lines (2号线、4号线、13号线).
      (s) => s.angle === 5 && s.address.split('、').includes(item.nearestStation!.lineName),
    )!;
    expect(station.describe).toBe(
      `在租${(await list({ cityCode: '110000', lineId: station.parentId, stationId: station.id })).total}套`,
    );

    const esf = await suggest('110000', 'esf', '望京');
    expect(esf.length).toBeGreaterThan(0);
    expect(nonEmpty(esf).every((s) => /^在售\d+套$/.test(s.describe) && s.propertyTypeName === '二手房')).toBe(true);
  });

  it('suggests nothing for rent in 厦门, which has no rentals, but places for its second-hand homes', async () => {
    // The district of one of its second-hand homes: a district without any is not suggested on 二手房 either.
    const [home] = await both(h.app, ApiPath.esfList, { cityCode: '350200', pageSize: 1 });
    const district = envelope<{ list: { districtName: string }[] }>(home!).data.list[0]!.districtName;
    expect(await suggest('350200', 'rent', district)).toEqual([]);
    expect((await suggest('350200', 'esf', district)).length).toBeGreaterThan(0);
  });
});
