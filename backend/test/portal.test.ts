import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '@contracts/paths';
import type { CityList, Location, Menu, BottomLinks } from '@contracts/city';
import type { Suggestion } from '@contracts/search';
import type { HomeData } from '@contracts/home';
import { buildApp } from '../src/app';
import { configWith } from '../src/config';
import { localStorage } from '../src/storage/local-storage';
import { both, envelope, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

describe('cities', () => {
  it('lists hot cities and all cities grouped A–Z, on GET and POST', async () => {
    for (const res of await both(h.app, ApiPath.cities)) {
      expect(res.statusCode).toBe(200);
      const body = envelope<CityList>(res);
      expect(body).toMatchObject({ code: 200, succeed: true });
      expect(body.data.hot[0]).toMatchObject({ cityCode: '110000', cityName: '北京', cityDomain: 'bj' });
      const initials = body.data.all.map((g) => g.initial);
      expect(initials).toEqual([...initials].sort());
      expect(body.data.all.flatMap((g) => g.list).length).toBeGreaterThanOrEqual(12);
      for (const g of body.data.all) for (const c of g.list) expect(c.initial).toBe(g.initial);
    }
  });
});

describe('location', () => {
  it('finds the city of a seeded IP range from X-Forwarded-For, and the default city on loopback', async () => {
    const [sh] = await both(h.app, ApiPath.location, {}, { 'x-forwarded-for': '116.228.1.2' });
    expect(envelope<Location>(sh!).data).toEqual({ cityCode: '310000', cityDomain: 'sh', cityName: '上海' });
    const [, local] = await both(h.app, ApiPath.location);
    expect(envelope<Location>(local!).data.cityDomain).toBe('bj');
    const [unknown] = await both(h.app, ApiPath.location, {}, { 'x-forwarded-for': '8.8.8.8' });
    expect(envelope<Location>(unknown!).data.cityDomain).toBe('bj');
  });
});

describe('menus', () => {
  it('gives 北京 shop and office menus with children, and 西安 neither', async () => {
    const [bj] = await both(h.app, ApiPath.menuIcon, { cityCode: '110000', parentId: 0, platform: 0 });
    const menus = envelope<Menu[]>(bj!).data;
    expect(menus.map((m) => m.permiName)).toEqual([
      '首页',
      '二手房',
      '新房',
      '租房',
      '小区',
      '商铺',
      '写字楼',
      '资讯',
      '地图找房',
    ]);
    expect(menus.find((m) => m.permiCode === 'sp')!.children.map((c) => c.jumpPage)).toEqual(['/sp/buy/', '/sp/rent/']);
    const [, xa] = await both(h.app, ApiPath.menuIcon, { cityCode: '610100' });
    const names = envelope<Menu[]>(xa!).data.map((m) => m.permiName);
    expect(names).not.toContain('商铺');
    expect(names).not.toContain('写字楼');
    expect(names).toContain('二手房');
  });
  it('answers 404 / 4000000 for an unknown city and 400 without cityCode', async () => {
    for (const res of await both(h.app, ApiPath.menuIcon, { cityCode: '990000' })) {
      expect(res.statusCode).toBe(404);
      expect(envelope(res)).toMatchObject({ code: 4000000, succeed: false, data: null });
    }
    for (const res of await both(h.app, ApiPath.menuIcon, {})) {
      expect(res.statusCode).toBe(400);
      expect(envelope(res).msg).toBe('cityCode: is required');
    }
  });
});

describe('footer', () => {
  const originOf = (domain: string) => `${h.config.PORTAL_PROTOCOL}://${domain}.${h.config.PORTAL_ROOT_DOMAIN}`;

  it('has hot cities, city links and friendly links; 厦门 has no rent links', async () => {
    const [res] = await both(h.app, ApiPath.pcBottomLink, { cityCode: '110000' });
    const data = envelope<BottomLinks>(res!).data;
    expect(data.hotCity[0]).toEqual({ id: '110000', name: '北京', url: 'http://bj.localhost:3000/' });
    expect(data.hotEsfCity.some((l) => /^http:\/\/bj\.localhost:3000\/xiaoqu\/xiangqing\/\d+$/.test(l.url))).toBe(true);
    expect(data.hotEsfCity.some((l) => /^http:\/\/bj\.localhost:3000\/ershoufang\/dc\d+\/$/.test(l.url))).toBe(true);
    expect(data.hotNewCity.length).toBeGreaterThan(0);
    expect(data.hotNewCity.every((l) => /^http:\/\/bj\.localhost:3000\/loupan\/dc\d+\/$/.test(l.url))).toBe(true);
    expect(data.outSideLink.length).toBeGreaterThan(0);
    expect(data.outSideLink.every((l) => /^https?:\/\/[^/]+\//.test(l.url))).toBe(true);
    const [, xm] = await both(h.app, ApiPath.pcBottomLink, { cityCode: '350200' });
    expect(envelope<BottomLinks>(xm!).data.hotRentCity).toEqual([]);
    const [empty] = await both(h.app, ApiPath.pcBottomLink);
    expect(envelope(empty!).code).toBe(200);
  });

  // A hot city answered as its bare domain (`sh`) was a relative link: /sh, or /ershoufang/xiangqing/sh on a
  // detail page, and a 404 (spec §2 Error pages).
  it("in every city's footer, every hot city links to its own sub-domain and the city's links to the city's", async () => {
    const cityList = envelope<CityList>((await both(h.app, ApiPath.cities))[0]!).data;
    const allCities = cityList.all.flatMap((g) => g.list);
    const domainOf = new Map(allCities.map((c) => [c.cityCode, c.cityDomain]));
    expect(allCities.length).toBeGreaterThanOrEqual(12);
    for (const city of allCities) {
      const data = envelope<BottomLinks>((await both(h.app, ApiPath.pcBottomLink, { cityCode: city.cityCode }))[0]!).data;
      expect(
        data.hotCity.map((l) => l.id),
        city.cityDomain,
      ).toEqual(cityList.hot.map((c) => c.cityCode));
      for (const link of data.hotCity)
        expect(link.url, `${city.cityDomain}: ${link.name}`).toBe(`${originOf(domainOf.get(link.id)!)}/`);
      const own = [...data.hotEsfCity, ...data.hotNewCity, ...data.hotRentCity];
      for (const link of own)
        expect(link.url.startsWith(`${originOf(city.cityDomain)}/`), `${city.cityDomain}: ${link.url}`).toBe(true);
    }
  });

  it('builds the links from PORTAL_PROTOCOL and PORTAL_ROOT_DOMAIN', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'yj-footer-'));
    const config = configWith({
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      PORTAL_PROTOCOL: 'https',
      PORTAL_ROOT_DOMAIN: 'youju.example',
    });
    const app = await buildApp({ db: h.database.db, config, storage: localStorage(path.join(dir, 'oss')) });
    try {
      const data = envelope<BottomLinks>((await both(app, ApiPath.pcBottomLink, { cityCode: '310000' }))[0]!).data;
      expect(data.hotCity.find((l) => l.name === '上海')?.url).toBe('https://sh.youju.example/');
      expect(data.hotEsfCity.length).toBeGreaterThan(0);
      expect(data.hotEsfCity.every((l) => l.url.startsWith('https://sh.youju.example/'))).toBe(true);
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('recommends', () => {
  it.each(['wj', 'wangjing', '望京', 'WJ'])('finds 望京 and 望京 communities for %s', async (keyword) => {
    for (const res of await both(h.app, ApiPath.recommends, { cityCode: '110000', channelCode: 'esf', keyword })) {
      const list = envelope<Suggestion[]>(res).data;
      expect(list.length).toBeLessThanOrEqual(10);
      const area = list.find((s) => s.angle === 3 && s.name === '望京');
      expect(area).toMatchObject({ address: '朝阳-望京', angleName: '商圈' });
      expect(area!.parentId).toBeGreaterThan(0);
      expect(area!.describe).toMatch(/^在售\d+套$/);
      expect(list.some((s) => s.angle === 1 && s.name.startsWith('望京'))).toBe(true);
    }
  });
  it('ranks an exact match first', async () => {
    const [res] = await both(h.app, ApiPath.recommends, { cityCode: '110000', channelCode: 'estate', keyword: '望京西园' });
    expect(envelope<Suggestion[]>(res!).data[0]).toMatchObject({ name: '望京西园', angle: 1 });
  });
  it('finds subway stations with their line as parent', async () => {
    const [res] = await both(h.app, ApiPath.recommends, { cityCode: '310000', channelCode: 'esf', keyword: 'ljz' });
    const station = envelope<Suggestion[]>(res!).data.find((s) => s.angle === 5);
    expect(station).toMatchObject({ name: '陆家嘴', address: '2号线' });
    // The count it shows is the number of listings its result page holds.
    expect(station!.describe).toMatch(/^在售\d+套$/);
    const [page] = await both(h.app, ApiPath.esfList, { cityCode: '310000', lineId: station!.parentId, stationId: station!.id });
    expect(`在售${envelope<{ total: number }>(page!).data.total}套`).toBe(station!.describe);
  });
  it('lets any cache keep a GET answer 30 s (the same for everyone), never a POST answer, a refusal or an unknown city', async () => {
    const [get, post] = await both(h.app, ApiPath.recommends, { cityCode: '110000', channelCode: 'esf', keyword: 'wj' });
    expect(get!.headers['cache-control']).toBe('public, max-age=30');
    expect(post!.headers['cache-control']).toBeUndefined();
    for (const input of [
      { cityCode: '110000', channelCode: 'esf', keyword: '   ' },
      { cityCode: '990000', channelCode: 'esf', keyword: 'wj' },
    ]) {
      const [refused] = await both(h.app, ApiPath.recommends, input);
      expect(refused!.statusCode).toBeGreaterThanOrEqual(400);
      expect(refused!.headers['cache-control']).toBeUndefined();
    }
  });
  it('rejects blank, over-long and unknown-channel input', async () => {
    for (const res of await both(h.app, ApiPath.recommends, { cityCode: '110000', channelCode: 'esf', keyword: '   ' })) {
      expect(res.statusCode).toBe(400);
      expect(envelope(res).msg).toBe('keyword: keyword must not be blank');
    }
    const [long] = await both(h.app, ApiPath.recommends, { cityCode: '110000', channelCode: 'esf', keyword: 'x'.repeat(51) });
    expect(long!.statusCode).toBe(400);
    expect(envelope(long!).msg).toMatch(/^keyword: /);
    const [channel] = await both(h.app, ApiPath.recommends, { cityCode: '110000', channelCode: 'boats', keyword: 'wj' });
    expect(envelope(channel!)).toMatchObject({ code: 400, succeed: false });
    expect(envelope(channel!).msg).toMatch(/^channelCode: /);
  });
  // Every channel suggests, counting its own stock, and a district's count is its list's total there.
  const CHANNEL_LISTS = {
    esf: [ApiPath.esfList, '二手房', /^在售\d+套$/],
    new: [ApiPath.newHomeList, '新房', /^\d+个楼盘$/],
    rent: [ApiPath.rentList, '租房', /^在租\d+套$/],
    shop_sale: [ApiPath.shopSaleList, '商铺', /^在售\d+套$/],
    shop_rent: [ApiPath.shopRentList, '商铺', /^在租\d+套$/],
    offices_sale: [ApiPath.officesSaleList, '写字楼', /^在售\d+套$/],
    offices_rent: [ApiPath.officesRentList, '写字楼', /^在租\d+套$/],
  } as const;
  it.each(Object.entries(CHANNEL_LISTS))(
    'suggests places for %s with the count its list shows',
    async (channelCode, [listPath, typeName, describe]) => {
      const [res] = await both(h.app, ApiPath.recommends, { cityCode: '110000', channelCode, keyword: '朝阳' });
      const list = envelope<Suggestion[]>(res!).data;
      expect(list.every((s) => s.propertyTypeName === typeName)).toBe(true);
      const district = list.find((s) => s.angle === 2 && s.name === '朝阳区');
      expect(district?.describe).toMatch(describe);
      const [page] = await both(h.app, listPath, { cityCode: '110000', districtId: district!.id, pageSize: 1 });
      expect(district!.describe).toContain(String(envelope<{ total: number }>(page!).data.total));
      // Communities are offered where homes sit in them; shops and offices sit in none.
      const [named] = await both(h.app, ApiPath.recommends, { cityCode: '110000', channelCode, keyword: '望京' });
      expect(envelope<Suggestion[]>(named!).data.some((s) => s.angle === 1)).toBe(
        channelCode === 'esf' || channelCode === 'rent',
      );
    },
  );
  it('suggests nothing for a channel the city does not have', async () => {
    const [res] = await both(h.app, ApiPath.recommends, { cityCode: '120000', channelCode: 'shop_sale', keyword: '和平' });
    expect(res!.statusCode).toBe(200);
    expect(envelope<Suggestion[]>(res!).data).toEqual([]);
  });
  it('treats % and _ literally', async () => {
    const [res] = await both(h.app, ApiPath.recommends, { cityCode: '110000', channelCode: 'esf', keyword: '%' });
    expect(envelope<Suggestion[]>(res!).data).toEqual([]);
  });
});

describe('list requests', () => {
  // A careless client must learn that a filter did not apply (found by the probe: it was silently ignored).
  const lists = [
    [ApiPath.esfList, 'grade'],
    [ApiPath.rentList, 'price'],
    [ApiPath.newHomeList, 'rooms'],
    [ApiPath.estateList, 'totalPrice'],
    [ApiPath.shopSaleList, 'unitPrice'],
    [ApiPath.officesRentList, 'rentType'],
  ] as const;
  it.each(lists)("%s refuses another channel's filter %s", async (listPath, foreign) => {
    for (const res of await both(h.app, listPath, { cityCode: '110000', [foreign]: '1' })) {
      expect(res.statusCode).toBe(400);
      expect(envelope(res).msg).toContain(foreign);
    }
  });
  it('refuses control characters in a keyword', async () => {
    for (const [path, extra] of [
      [ApiPath.esfList, {}],
      [ApiPath.recommends, { channelCode: 'esf' }],
    ] as const) {
      const [res] = await both(h.app, path, { cityCode: '110000', ...extra, keyword: '望\u001b京' });
      expect(res!.statusCode).toBe(400);
      expect(envelope(res!).msg).toMatch(/keyword: /);
    }
  });
});

describe('home', () => {
  it('shows counts, newest listings and hot communities of the city', async () => {
    const [res] = await both(h.app, ApiPath.index, { cityCode: '310000' });
    const data = envelope<HomeData>(res!).data;
    expect(data.city.cityName).toBe('上海');
    expect(data.stats.esfCount).toBeGreaterThan(0);
    expect(data.esfHot.every((l) => l.cityCode === '310000')).toBe(true);
    const dates = data.esfHot.map((l) => l.listedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const counts = data.hotCommunities.map((c) => c.onSaleCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('counts what the lists count: 在售二手房 is the 二手房 list’s total, 小区 the 小区 list’s', async () => {
    const total = async (path: string) =>
      envelope<{ total: number }>((await both(h.app, path, { cityCode: '110000' }))[0]!).data.total;
    const { stats } = envelope<HomeData>((await both(h.app, ApiPath.index, { cityCode: '110000' }))[0]!).data;
    expect(stats.esfCount).toBe(await total(ApiPath.esfList));
    expect(stats.communityCount).toBe(await total(ApiPath.estateList));
  });
});

describe('agent status', () => {
  it('answers the status of a seeded agent and 404 for an unknown one', async () => {
    const [detail] = await both(h.app, `${ApiPath.esfDetail}/1`);
    const agent = envelope<{ agent: { userId: number; branchId: number; status: number } }>(detail!).data.agent;
    for (const res of await both(h.app, ApiPath.agentStatus, { branchId: agent.branchId, userId: agent.userId })) {
      expect(envelope(res).data).toEqual({ status: agent.status });
    }
    const [missing] = await both(h.app, ApiPath.agentStatus, { branchId: 999999, userId: 1 });
    expect(missing!.statusCode).toBe(404);
    expect(envelope(missing!).code).toBe(4000000);
    const [bad] = await both(h.app, ApiPath.agentStatus, { branchId: 'abc', userId: 1 });
    expect(bad!.statusCode).toBe(400);
    expect(envelope(bad!).msg).toMatch(/^branchId: /);
  });
});
