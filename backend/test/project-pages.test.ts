import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PROJECT_PHOTO_KINDS,
  SALE_STATUS,
  type NewHomeDetail,
  type NewHomeListItem,
  type NewHomeListPage,
} from '@contracts/new-home';
import { ApiPath } from '@contracts/paths';
import { AROUND_RADIUS, NEWS_KIND, type ProjectAround, type ProjectNewsPage } from '@contracts/project-pages';
import { cities, newProjects, places, subwayStations } from '../src/db/schema';
import { chineseNumber } from '../src/db/seed-project-pages';
import { haversineMetres } from '../src/modules/listings/project-pages';
import { cityTable } from '../src/modules/cities/cities';
import { answer, both, envelope, startHarness, type Harness } from './harness';

/**
 * A project's sub-pages (spec §2 "New-home detail"): 楼盘动态 (news, paged), 周边 (around) and the 楼盘信息 facts of the detail.
 */

let h: Harness;
let projects: NewHomeListItem[];
beforeAll(async () => {
  h = await startHarness();
  projects = [];
  for (const cityCode of ['110000', '310000', '440100', '440300', '330100', '320100'])
    projects.push(...(await answer<NewHomeListPage>(h.app, ApiPath.newHomeList, { cityCode, pageSize: 50 })).list);
});
afterAll(() => h?.close());

const news = (input: Record<string, unknown>) => answer<ProjectNewsPage>(h.app, ApiPath.projectNews, input);
const around = (projectId: number) => answer<ProjectAround>(h.app, ApiPath.projectAround, { projectId });
const detail = (id: number) => answer<NewHomeDetail>(h.app, `${ApiPath.newHomeDetail}/${id}`);

/** Every news item of a project, newest first. */
async function allNews(projectId: number) {
  const first = await news({ projectId });
  const rest = [];
  for (let page = 2; page <= Math.ceil(first.total / first.pageSize); page++)
    rest.push(...(await news({ projectId, page })).list);
  return { total: first.total, list: [...first.list, ...rest] };
}

describe('news (楼盘动态)', () => {
  it('pages a project’s news newest first, ten a page, the same on GET and POST', async () => {
    let big: { id: number; total: number } | undefined;
    for (const p of projects) {
      const first = await news({ projectId: p.id });
      if (first.total > 10) {
        big = { id: p.id, total: first.total };
        break;
      }
    }
    expect(big, 'a project with more than ten news').toBeDefined();
    const one = await news({ projectId: big!.id });
    const two = await news({ projectId: big!.id, page: 2 });
    expect(one).toMatchObject({ total: big!.total, page: 1, pageSize: 10 });
    expect(one.list).toHaveLength(10);
    expect(two.list).toHaveLength(big!.total - 10);
    const all = [...one.list, ...two.list];
    expect(new Set(all.map((n) => n.id)).size).toBe(all.length);
    const times = all.map((n) => Date.parse(n.publishedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Past the last page: nothing, still with the total (the web shows its 404 page).
    expect(await news({ projectId: big!.id, page: 3 })).toMatchObject({ total: big!.total, page: 3, list: [] });
  });

  it('gives every project 3 to 15 items, none in the future, true to its status, dates and price', async () => {
    const now = Date.now();
    const seen = new Set<number>();
    for (const p of projects) {
      const { total, list } = await allNews(p.id);
      expect(total, p.name).toBeGreaterThanOrEqual(3);
      expect(total, p.name).toBeLessThanOrEqual(15);
      expect(list).toHaveLength(total);
      for (const n of list) {
        seen.add(n.kind);
        expect(Date.parse(n.publishedAt), n.title).toBeLessThanOrEqual(now);
        expect(n.title).toContain(p.name);
        expect(n.body.length).toBeGreaterThan(10);
      }
      const d = await detail(p.id);
      const ofKind = (kind: number) => list.filter((n) => n.kind === kind);
      if (p.saleStatus === SALE_STATUS.COMING) {
        // A 待售 project has not opened: its 开盘 items announce the planned opening; nothing was added or handed over.
        expect(ofKind(NEWS_KIND.NEW_BATCH).concat(ofKind(NEWS_KIND.DELIVERY))).toEqual([]);
        for (const n of ofKind(NEWS_KIND.OPENING)) expect(n.title).not.toMatch(/首次开盘|盛大开盘|首开/);
        expect(d.permits).toEqual([]);
      } else {
        // Opened on its opening date, with the first permit before it.
        const opening = ofKind(NEWS_KIND.OPENING).find((n) => /首次开盘|盛大开盘|首开/.test(n.title));
        expect(opening, p.name).toBeDefined();
        expect(opening!.publishedAt.slice(0, 10)).toBe(p.openingDate);
        expect(d.permits.length).toBeGreaterThan(0);
        expect(d.permits[0]!.issuedAt <= p.openingDate).toBe(true);
        // Each 加推 has its own permit.
        expect(d.permits).toHaveLength(1 + ofKind(NEWS_KIND.NEW_BATCH).length);
        // The last price change names today's average price.
        const prices = ofKind(NEWS_KIND.PRICE);
        if (prices.length > 0 && p.avgPrice !== null) expect(prices[0]!.title).toContain(p.avgPrice.toLocaleString('en-US'));
      }
      // 交房 only after the delivery month has begun.
      for (const n of ofKind(NEWS_KIND.DELIVERY)) expect(n.publishedAt.slice(0, 7) >= d.deliveryDate).toBe(true);
    }
    expect([...seen].sort()).toEqual([1, 2, 3, 4]);
  });

  it('answers 404 for an unknown project and a project of a city without 新房', async () => {
    for (const res of await both(h.app, ApiPath.projectNews, { projectId: 99_999_999 })) {
      expect(res.statusCode).toBe(404);
      expect(envelope(res)).toMatchObject({ code: 4000000, succeed: false, msg: '楼盘 99999999 不存在' });
    }
    const [xm] = await h.database.db
      .select({ id: newProjects.id })
      .from(newProjects)
      .where(eq(newProjects.cityCode, '350200'))
      .limit(1);
    await h.database.db.update(cities).set({ isNewhouse: 0 }).where(eq(cities.cityCode, '350200'));
    await cityTable(h.database.db).reload();
    try {
      for (const url of [ApiPath.projectNews, ApiPath.projectAround]) {
        for (const res of await both(h.app, url, { projectId: xm!.id })) expect(res.statusCode, url).toBe(404);
      }
    } finally {
      await h.database.db.update(cities).set({ isNewhouse: 1 }).where(eq(cities.cityCode, '350200'));
      await cityTable(h.database.db).reload();
    }
  });

  it('answers 400 with the field for bad input', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{}, /projectId/],
      [{ projectId: 'abc' }, /projectId/],
      [{ projectId: 0 }, /projectId/],
      [{ projectId: -3 }, /projectId/],
      [{ projectId: 1.5 }, /projectId/],
      [{ projectId: 2 ** 31 }, /projectId/],
      [{ projectId: 1, page: 0 }, /page/],
      [{ projectId: 1, page: 101 }, /page/],
      [{ projectId: 1, page: 'x' }, /page/],
      [{ projectId: 1, page: 1.5 }, /page/],
      [{ projectId: 1, extra: 1 }, /extra|Unrecognized/],
    ];
    for (const [input, msg] of cases) {
      for (const res of await both(h.app, ApiPath.projectNews, input)) {
        expect(res.statusCode, JSON.stringify(input)).toBe(400);
        expect(envelope(res).msg, JSON.stringify(input)).toMatch(msg);
      }
    }
  });
});

describe('around (周边)', () => {
  it('lists stations, schools, hospitals and shopping within 3 km, nearest first, with honest distances', async () => {
    const withStations = [];
    for (const p of projects.slice(0, 40)) {
      const a = await around(p.id);
      expect(a.radius).toBe(AROUND_RADIUS);
      const d = await detail(p.id);
      for (const list of [a.stations, a.schools, a.hospitals, a.shopping]) {
        const metres = list.map((x) => x.distance);
        expect(metres).toEqual([...metres].sort((x, y) => x - y));
        for (const m of metres) expect(m).toBeLessThanOrEqual(AROUND_RADIUS);
      }
      // Check the distances against the coordinates in the database.
      for (const s of a.schools.slice(0, 3)) {
        const [row] = await h.database.db.select().from(places).where(eq(places.id, s.id));
        expect(row!.kind).toBe(1);
        expect(Math.abs(haversineMetres(d, row!) - s.distance)).toBeLessThanOrEqual(1);
      }
      for (const s of a.stations.slice(0, 2)) {
        const rows = await h.database.db.select().from(subwayStations).where(eq(subwayStations.name, s.name));
        const nearest = Math.min(...rows.filter((r) => r.cityCode === p.cityCode).map((r) => haversineMetres(d, r)));
        expect(Math.abs(nearest - s.distance)).toBeLessThanOrEqual(1);
        expect(s.lines.length).toBeGreaterThan(0);
      }
      // The nearest station the list card names (walking distance, within 1.5 km) is in 周边 too.
      if (p.nearestStation) expect(a.stations.map((s) => s.name)).toContain(p.nearestStation.stationName);
      if (a.stations.length > 0) withStations.push(a);
      expect(a.schools.length + a.hospitals.length + a.shopping.length, p.name).toBeGreaterThan(0);
    }
    expect(withStations.length).toBeGreaterThan(5);
    // Nothing beyond 3 km is left out: a place just inside counts, one outside does not (checked over all places).
    const p = projects.find((x) => x.nearestStation)!;
    const d = await detail(p.id);
    const a = await around(p.id);
    const all = await h.database.db.select().from(places).where(eq(places.cityCode, p.cityCode));
    const inside = all.filter((r) => r.kind === 3 && haversineMetres(d, r) <= AROUND_RADIUS).length;
    expect(a.shopping.length).toBe(Math.min(inside, 20));
  });

  it('answers 404 for an unknown project and 400 for bad input', async () => {
    for (const res of await both(h.app, ApiPath.projectAround, { projectId: 99_999_999 })) expect(res.statusCode).toBe(404);
    for (const input of [{}, { projectId: 'x' }, { projectId: 0 }, { projectId: 1, page: 2 }]) {
      for (const res of await both(h.app, ApiPath.projectAround, input)) expect(res.statusCode, JSON.stringify(input)).toBe(400);
    }
  });
});

describe('楼盘信息 and 相册 in the detail', () => {
  it('carries the sales office, property fee, heating, permits and every album kind', async () => {
    const kinds = new Set<string>();
    for (const p of projects.slice(0, 30)) {
      const d = await detail(p.id);
      expect(d.salesOffice.length, p.name).toBeGreaterThan(4);
      expect(d.propertyFee).toBeGreaterThan(0);
      expect(d.propertyFee).toBeLessThan(40);
      expect(['集中供暖', '自采暖', '无']).toContain(d.heating);
      for (const permit of d.permits) {
        expect(permit.number).toMatch(/^.+房售证字\(\d{4}\)\d+号$/);
        expect(permit.issuedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(permit.buildings).toMatch(/#/);
      }
      const issued = d.permits.map((x) => x.issuedAt);
      expect(issued).toEqual([...issued].sort());
      for (const g of d.photoGroups) kinds.add(g.kind);
    }
    expect([...kinds].sort()).toEqual([...PROJECT_PHOTO_KINDS].sort());
    // 北京 heats its homes.
    const bj = projects.find((p) => p.cityCode === '110000' && p.propertyType === 1)!;
    expect((await detail(bj.id)).heating).toBe('集中供暖');
  });

  it('writes school and hospital numbers in Chinese', () => {
    expect([1, 8, 10, 15, 20, 42, 100, 105, 110, 154].map(chineseNumber)).toEqual([
      '一',
      '八',
      '十',
      '十五',
      '二十',
      '四十二',
      '一百',
      '一百零五',
      '一百一十',
      '一百五十四',
    ]);
  });
});
