import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMERCIAL_PATHS } from '@contracts/commercial';
import { CHANNEL_CODES, type ChannelCode } from '@contracts/constants';
import { ApiPath } from '@contracts/paths';
import { cities } from '../src/db/schema';
import { cityTable, findCity, requireCity } from '../src/modules/cities/cities';
import { answer, both, envelope, startHarness, type Harness } from './harness';

/**
 * One city table per database, in memory (no query per request): every route reads it; a flag changed in the database
 * shows with the next reload (every minute, or `reload()` at once), and no request queries the cities.
 */

/** Every query the app sends, as drizzle writes it. */
const queries: string[] = [];
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ logger: { logQuery: (query) => void queries.push(query) } });
});
afterAll(() => h?.close());

const LISTS: Record<ChannelCode, { conditions: string; list: string; detail: string }> = {
  esf: { conditions: ApiPath.conditionEsf, list: ApiPath.esfList, detail: ApiPath.esfDetail },
  new: { conditions: ApiPath.conditionNewHome, list: ApiPath.newHomeList, detail: ApiPath.newHomeDetail },
  rent: { conditions: ApiPath.conditionRent, list: ApiPath.rentList, detail: ApiPath.rentDetail },
  estate: { conditions: ApiPath.conditionEstate, list: ApiPath.estateList, detail: ApiPath.estateDetail },
  ...COMMERCIAL_PATHS,
};
const readsCities = (query: string) => /\bfrom "cities"/i.test(query);

describe('the city table', () => {
  it('finds a city by its six-digit code only, answers 404 for an unknown code and 400 for a domain', async () => {
    const db = h.database.db;
    expect(await findCity(db, '110000')).toMatchObject({ name: '北京', cityDomain: 'bj', isEsf: 1 });
    expect(await findCity(db, 'bj')).toBeUndefined();
    await expect(requireCity(db, '990000')).rejects.toMatchObject({ statusCode: 404 });
    for (const res of await both(h.app, ApiPath.index, { cityCode: '990000' })) {
      expect(res.statusCode).toBe(404);
      expect(envelope(res)).toMatchObject({ code: 4000000, succeed: false, msg: '城市 990000 不存在', data: null });
    }
    for (const res of await both(h.app, ApiPath.index, { cityCode: 'bj' })) {
      expect(res.statusCode).toBe(400);
      expect(envelope(res)).toMatchObject({ code: 400, succeed: false, msg: 'cityCode: 城市代码是六位数字', data: null });
    }
  });

  it('marks the city list as the same for everyone, for 60 s, so the web keeps it for the city picker', async () => {
    const res = await h.app.inject({ method: 'GET', url: ApiPath.cities });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(envelope(res)).toMatchObject({
      data: { hot: expect.arrayContaining([expect.objectContaining({ cityName: '北京' })]) },
    });
  });

  it('answers every city route from memory: not one query reads the cities table', async () => {
    await answer(h.app, ApiPath.cities);
    queries.length = 0;
    await answer(h.app, ApiPath.cities);
    await answer(h.app, ApiPath.location);
    await answer(h.app, ApiPath.menuIcon, { cityCode: '110000' });
    await answer(h.app, ApiPath.pcBottomLink, { cityCode: '110000' });
    await answer(h.app, ApiPath.index, { cityCode: '110000' });
    for (const code of CHANNEL_CODES) {
      const paths = LISTS[code];
      await answer(h.app, paths.conditions, { cityCode: '110000' });
      const page = await answer<{ list: { id: number }[] }>(h.app, paths.list, { cityCode: '110000' });
      expect(page.list.length, code).toBeGreaterThan(0);
      await answer(h.app, `${paths.detail}/${page.list[0]!.id}`);
      await answer(h.app, ApiPath.dictionary, { cityCode: '110000', channelCode: code });
      await answer(h.app, ApiPath.recommends, { cityCode: '110000', channelCode: code, keyword: '朝阳' });
    }
    // The log is the app's own: it saw the listing queries, so a cities query would have been seen too.
    expect(queries.length).toBeGreaterThan(30);
    expect(queries.filter(readsCities)).toEqual([]);
    await cityTable(h.database.db).reload();
    expect(queries.filter(readsCities).length).toBe(1);
  });

  it('shows a flag changed in the database after a reload, and not before: 上海 without rentals', async () => {
    const db = h.database.db;
    const rentalsOfSh = () => both(h.app, ApiPath.rentList, { cityCode: '310000' });
    // The district of one of its rentals: a district without any is not suggested on 租房 at all.
    const [rental] = (
      await answer<{ list: { districtName: string }[] }>(h.app, ApiPath.rentList, { cityCode: '310000', pageSize: 1 })
    ).list;
    const suggestRentals = () =>
      answer<unknown[]>(h.app, ApiPath.recommends, { cityCode: '310000', channelCode: 'rent', keyword: rental!.districtName });
    expect((await suggestRentals()).length).toBeGreaterThan(0);
    for (const res of await rentalsOfSh()) expect(res.statusCode).toBe(200);
    await db.update(cities).set({ isRent: 0 }).where(eq(cities.cityCode, '310000'));
    try {
      // Kept in memory: the change is not seen until the table is read again.
      for (const res of await rentalsOfSh()) expect(res.statusCode).toBe(200);
      await cityTable(db).reload();
      for (const res of await rentalsOfSh()) {
        expect(res.statusCode).toBe(404);
        expect(envelope(res)).toMatchObject({ code: 4000000, succeed: false, data: null });
      }
      for (const res of await both(h.app, ApiPath.conditionRent, { cityCode: '310000' })) expect(res.statusCode).toBe(404);
      expect(await suggestRentals()).toEqual([]);
      // The rest of the city answers, and its menu has lost the 租房 entry only.
      for (const res of await both(h.app, ApiPath.esfList, { cityCode: '310000' })) expect(res.statusCode).toBe(200);
      const menu = (await answer<{ permiCode: string }[]>(h.app, ApiPath.menuIcon, { cityCode: '310000' })).map(
        (m) => m.permiCode,
      );
      expect(menu).toContain('ershoufang');
      expect(menu).not.toContain('zufang');
    } finally {
      await db.update(cities).set({ isRent: 1 }).where(eq(cities.cityCode, '310000'));
      await cityTable(db).reload();
    }
    for (const res of await rentalsOfSh()) expect(res.statusCode).toBe(200);
    expect(
      (await answer<{ permiCode: string }[]>(h.app, ApiPath.menuIcon, { cityCode: '310000' })).map((m) => m.permiCode),
    ).toContain('zufang');
  });
});
