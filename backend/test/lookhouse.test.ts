import { and, count, eq, gte, inArray, lte, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LookhouseResult } from '@contracts/lookhouse';
import { ApiPath } from '@contracts/paths';
import { districts, esfListings, newProjects, rentals, subwayStations } from '../src/db/schema';
import { answer, both, envelope, nonEmpty, startHarness, type Harness } from './harness';

/**
 * 帮我找房 (GET/POST /v1/lookhouse): the budget and districts bound the homes, the soft answers rank them and each
 * home says which it meets; a commute station orders equals by distance; bad answers are a readable 400.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const ask = (input: Record<string, unknown>) =>
  answer<LookhouseResult>(h.app, ApiPath.lookhouse, { cityCode: '110000', ...input });

describe('GET/POST /v1/lookhouse', () => {
  it('买房: 二手房 and 新房 within the budget and districts, counted as the tables count them', async () => {
    const db = h.database.db;
    const two = (
      await db.selectDistinct({ id: esfListings.districtId }).from(esfListings).where(eq(esfListings.cityCode, '110000'))
    ).slice(0, 2);
    const districtIds = two.map((d) => d.id);
    const got = await ask({ deal: 'buy', budgetFrom: 300, budgetTo: 3000, districtIds });
    nonEmpty(got.list);
    const [esf] = await db
      .select({ n: count() })
      .from(esfListings)
      .where(
        and(
          eq(esfListings.cityCode, '110000'),
          gte(esfListings.totalPrice, 300),
          lte(esfListings.totalPrice, 3000),
          inArray(esfListings.districtId, districtIds),
        ),
      );
    const [projects] = await db
      .select({ n: count() })
      .from(newProjects)
      .where(
        and(
          eq(newProjects.cityCode, '110000'),
          lte(newProjects.totalPriceMin, 3000),
          gte(newProjects.totalPriceMax, 300),
          inArray(newProjects.districtId, districtIds),
        ),
      );
    expect(got.total).toBe(esf!.n + projects!.n);
    for (const item of got.list) {
      expect(['esf', 'new']).toContain(item.channel);
      expect(item.meets).toEqual(['budget', 'district']);
      if (item.channel === 'esf') {
        expect(item.price).toBeGreaterThanOrEqual(300);
        expect(item.price).toBeLessThanOrEqual(3000);
      }
    }
  });

  it('ranks by the answers met, and says truly which: rooms, 近地铁, 电梯', async () => {
    const got = await ask({ deal: 'buy', budgetTo: 800, rooms: [2], needs: ['subway', 'elevator'] });
    const list = nonEmpty(got.list);
    const met = list.map((x) => x.meets.length);
    expect(met).toEqual([...met].sort((a, b) => b - a));
    // The best meet all four; what a 二手房 says it meets is what its record holds.
    expect(list[0]!.meets).toEqual(['budget', 'rooms', 'subway', 'elevator']);
    for (const item of list.filter((x) => x.channel === 'esf')) {
      const [row] = await h.database.db.select().from(esfListings).where(eq(esfListings.id, item.id));
      expect(item.meets.includes('rooms')).toBe(row!.rooms === 2);
      expect(item.meets.includes('subway')).toBe(row!.stationDistance !== null && row!.stationDistance <= 1000);
      expect(item.meets.includes('elevator')).toBe(row!.elevator);
      expect([...item.meets, ...item.misses].sort()).toEqual(['budget', 'elevator', 'rooms', 'subway']);
    }
  });

  it('租房: rentals only, the move-in day judged by 入住, equals ordered nearer the commute station first', async () => {
    const [station] = await h.database.db
      .select({ id: subwayStations.id, name: subwayStations.name })
      .from(subwayStations)
      .where(eq(subwayStations.cityCode, '110000'))
      .limit(1);
    const got = await ask({ deal: 'rent', budgetTo: 9000, stationId: station!.id, moveIn: '2099-01-01' });
    expect(got.stationName).toBe(station!.name);
    const list = nonEmpty(got.list);
    for (const item of list) {
      expect(item.channel).toBe('rent');
      expect(item.price).toBeLessThanOrEqual(9000);
      // Every rental is free by 2099.
      expect(item.meets).toEqual(['budget', 'moveIn']);
      expect(item.distance).not.toBeNull();
    }
    const d = list.map((x) => x.distance!);
    expect(d).toEqual([...d].sort((a, b) => a - b));
    const [{ n }] = (await h.database.db
      .select({ n: count() })
      .from(rentals)
      .where(and(eq(rentals.cityCode, '110000'), lte(rentals.monthlyRent, 9000)))) as [{ n: number }];
    expect(got.total).toBe(n);
  });

  it('refuses bad answers with a readable 400', async () => {
    const [foreign] = await h.database.db
      .select({ id: subwayStations.id })
      .from(subwayStations)
      .where(ne(subwayStations.cityCode, '110000'))
      .limit(1);
    const [foreignDistrict] = await h.database.db
      .select({ id: districts.id })
      .from(districts)
      .where(ne(districts.cityCode, '110000'))
      .limit(1);
    for (const input of [
      { deal: 'sell' },
      { deal: 'buy', budgetFrom: 500, budgetTo: 300 },
      { deal: 'buy', budgetTo: 200_000 },
      { deal: 'buy', stationId: foreign!.id },
      { deal: 'buy', districtIds: [foreignDistrict!.id] },
      { deal: 'buy', needs: ['school'] },
      { deal: 'rent', moveIn: 'tomorrow' },
      { deal: 'buy', rooms: [9] },
      { deal: 'buy', districtIds: [1, 2, 3, 4, 5, 6] },
    ]) {
      for (const res of await both(h.app, ApiPath.lookhouse, { cityCode: '110000', ...input })) {
        expect(res.statusCode, JSON.stringify(input)).toBe(400);
        expect(envelope(res).msg.length).toBeGreaterThan(0);
      }
    }
  });
});
