import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dictionary, DictionaryGroup } from '@contracts/dictionary';
import type { EsfConditions } from '@contracts/esf';
import { ApiPath } from '@contracts/paths';
import type { RentConditions } from '@contracts/rent';
import { businessAreas, communities, districts, newProjects } from '../src/db/schema';
import { answer, both, envelope, startHarness, type Harness } from './harness';

/**
 * /v1/dictionary (spec §2 "/dictionary"): every place of a city a channel's list can be filtered to,
 * by initial letter. "Every place links" is checked the way a visitor meets it: each entry, used as the filter
 * its link carries (dc{id}, dc{d}/ta{id}, e{id}), finds that place's homes, and the places of one kind together
 * find every home of the city.
 */

let h: Harness;
let esf: Dictionary;
let rent: Dictionary;
beforeAll(async () => {
  h = await startHarness();
  [esf, rent] = await Promise.all([
    dictionary({ cityCode: '110000', channelCode: 'esf' }),
    dictionary({ cityCode: '110000', channelCode: 'rent' }),
  ]);
});
afterAll(() => h?.close());

const dictionary = (input: Record<string, unknown>) => answer<Dictionary>(h.app, ApiPath.dictionary, input);
const all = <K extends 'districts' | 'businessAreas' | 'places'>(d: Dictionary, kind: K): DictionaryGroup[K] =>
  d.groups.flatMap((g) => g[kind]) as DictionaryGroup[K];
const total = async (path: string, input: Record<string, unknown>) =>
  (await answer<{ total: number }>(h.app, path, { cityCode: '110000', pageSize: 1, ...input })).total;

describe('dictionary of a community channel', () => {
  it('files every district, business area and community of the city once, under the letter of its stored initials', async () => {
    const db = h.database.db;
    const [districtRows, areaRows, communityRows] = await Promise.all([
      db.select().from(districts).where(eq(districts.cityCode, '110000')),
      db.select().from(businessAreas).where(eq(businessAreas.cityCode, '110000')),
      db.select().from(communities).where(eq(communities.cityCode, '110000')),
    ]);
    expect(communityRows.length).toBeGreaterThan(10);
    expect(esf.named).toBe('community');
    const byId = <T extends { id: number }>(xs: T[]) => [...xs].sort((a, b) => a.id - b.id);
    expect(byId(all(esf, 'districts'))).toEqual(byId(districtRows).map((d) => ({ id: d.id, name: d.name })));
    expect(byId(all(esf, 'businessAreas'))).toEqual(
      byId(areaRows).map((a) => ({ id: a.id, name: a.name, districtId: a.districtId })),
    );
    expect(byId(all(esf, 'places'))).toEqual(byId(communityRows).map((c) => ({ id: c.id, name: c.name })));

    const initials = new Map([...districtRows, ...areaRows, ...communityRows].map((r) => [r.name, r.initials]));
    for (const g of esf.groups) {
      for (const entry of [...g.districts, ...g.businessAreas, ...g.places])
        expect(initials.get(entry.name)![0]!.toUpperCase(), entry.name).toBe(g.letter);
    }
    // 朝阳区 (chaoyangqu) under C, 望京 (wangjing) under W.
    expect(esf.groups.find((g) => g.letter === 'C')!.districts.map((d) => d.name)).toContain('朝阳区');
    expect(esf.groups.find((g) => g.letter === 'W')!.businessAreas.map((a) => a.name)).toContain('望京');
  });

  it('orders letters A–Z with no empty group, and names by pinyin within a letter', async () => {
    const letters = esf.groups.map((g) => g.letter);
    expect(letters.length).toBeGreaterThan(10);
    expect(letters).toEqual([...letters].sort());
    expect(new Set(letters).size).toBe(letters.length);
    expect(letters.every((l) => /^[A-Z#]$/.test(l))).toBe(true);
    const pinyin = new Map(
      (await h.database.db.select().from(communities).where(eq(communities.cityCode, '110000'))).map((c) => [c.id, c.pinyin]),
    );
    for (const g of esf.groups) {
      expect(g.districts.length + g.businessAreas.length + g.places.length).toBeGreaterThan(0);
      const order = g.places.map((p) => pinyin.get(p.id)!);
      expect(order).toEqual([...order].sort());
    }
  });

  it('is the same places for 租房 and 小区, which also sit in communities', async () => {
    expect(rent).toEqual(esf);
    expect(await dictionary({ cityCode: '110000', channelCode: 'estate' })).toEqual(esf);
  });

  it('links every place to its homes: each district, area and community finds its share, and together they find the whole city', async () => {
    for (const [channel, path] of [
      [esf, ApiPath.esfList],
      [rent, ApiPath.rentList],
    ] as const) {
      const city = await total(path, {});
      expect(city).toBeGreaterThan(20);
      const sum = async (inputs: Record<string, unknown>[]) =>
        (await Promise.all(inputs.map((i) => total(path, i)))).reduce((a, b) => a + b, 0);
      // The filters each link carries (lib/search-path.ts): dc{id}, dc{districtId}/ta{id}, e{id}.
      expect(await sum(all(channel, 'districts').map((d) => ({ districtId: d.id })))).toBe(city);
      expect(await sum(all(channel, 'businessAreas').map((a) => ({ districtId: a.districtId, businessAreaId: a.id })))).toBe(
        city,
      );
      expect(await sum(all(channel, 'places').map((c) => ({ estateId: c.id })))).toBe(city);
    }
  });

  it('gives each business area the district it lies in, as the conditions do', async () => {
    const [res] = await both(h.app, ApiPath.conditionEsf, { cityCode: '110000' });
    const conditions = envelope<EsfConditions>(res!).data;
    const districtOf = new Map(conditions.districts.flatMap((d) => d.children.map((a) => [a.id, d.id] as const)));
    const areas = all(esf, 'businessAreas');
    expect(areas.length).toBe(districtOf.size);
    for (const a of areas) expect(districtOf.get(a.id), a.name).toBe(a.districtId);
  });
});

describe('dictionary of the other channels', () => {
  it('lists new-home projects on 新房, and no named places on shops and offices', async () => {
    const projects = await h.database.db
      .select({ id: newProjects.id })
      .from(newProjects)
      .where(eq(newProjects.cityCode, '110000'));
    const loupan = await dictionary({ cityCode: '110000', channelCode: 'new' });
    expect(loupan.named).toBe('project');
    expect(
      all(loupan, 'places')
        .map((p) => p.id)
        .sort((a, b) => a - b),
    ).toEqual(projects.map((p) => p.id).sort((a, b) => a - b));
    expect(all(loupan, 'districts')).toEqual(all(esf, 'districts'));
    for (const channelCode of ['shop_sale', 'shop_rent', 'offices_sale', 'offices_rent']) {
      const d = await dictionary({ cityCode: '110000', channelCode });
      expect(d.named).toBeNull();
      expect(all(d, 'places')).toEqual([]);
      expect(all(d, 'businessAreas')).toEqual(all(esf, 'businessAreas'));
      expect(d.groups.every((g) => g.districts.length + g.businessAreas.length > 0)).toBe(true);
    }
  });

  it('is a 404 where the city does not have the channel (厦门 rentals, 成都 offices, 天津 shops), like the channel’s list', async () => {
    for (const [cityCode, channelCode] of [
      ['350200', 'rent'],
      ['510100', 'offices_sale'],
      ['510100', 'offices_rent'],
      ['120000', 'shop_sale'],
    ]) {
      for (const res of await both(h.app, ApiPath.dictionary, { cityCode, channelCode })) {
        expect(res.statusCode, `${cityCode} ${channelCode}`).toBe(404);
        expect(envelope(res)).toMatchObject({ code: 4000000, succeed: false, data: null });
      }
    }
    // The same cities keep the channels they have.
    expect(all(await dictionary({ cityCode: '350200', channelCode: 'esf' }), 'places').length).toBeGreaterThan(0);
    expect(all(await dictionary({ cityCode: '510100', channelCode: 'shop_sale' }), 'districts').length).toBeGreaterThan(0);
  });
});

describe('bad input', () => {
  it('answers 400 naming the field for a missing, unknown or oversized field or a domain for a code, and 404 for an unknown city', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ cityCode: '110000' }, /^channelCode: /],
      [{ channelCode: 'esf' }, /^cityCode: /],
      [{ cityCode: '110000', channelCode: 'ESF' }, /^channelCode: /],
      [{ cityCode: '110000', channelCode: 'house' }, /^channelCode: /],
      [{ cityCode: '1'.repeat(7), channelCode: 'esf' }, /^cityCode: /],
      [{ cityCode: 'bj', channelCode: 'esf' }, /^cityCode: 城市代码是六位数字/],
      [{ cityCode: '   ', channelCode: 'esf' }, /^cityCode: /],
      [{ cityCode: '110000\u0000', channelCode: 'esf' }, /^cityCode: /],
    ];
    for (const [input, msg] of cases) {
      for (const res of await both(h.app, ApiPath.dictionary, input)) {
        expect(res.statusCode, JSON.stringify(input)).toBe(400);
        expect(envelope(res)).toMatchObject({ code: 400, succeed: false, data: null, msg: expect.stringMatching(msg) });
      }
    }
    for (const res of await both(h.app, ApiPath.dictionary, { cityCode: '990000', channelCode: 'esf' })) {
      expect(res.statusCode).toBe(404);
      expect(envelope(res)).toMatchObject({ code: 4000000, succeed: false });
    }
  });

  it('answers the rent dictionary only with places of its own city', async () => {
    const [res] = await both(h.app, ApiPath.conditionRent, { cityCode: '310000' });
    const shanghai = envelope<RentConditions>(res!).data;
    const bjDistricts = new Set(all(rent, 'districts').map((d) => d.id));
    expect(shanghai.districts.length).toBeGreaterThan(0);
    expect(shanghai.districts.some((d) => bjDistricts.has(d.id))).toBe(false);
    expect(
      all(await dictionary({ cityCode: '310000', channelCode: 'rent' }), 'districts')
        .map((d) => d.id)
        .sort((a, b) => a - b),
    ).toEqual(shanghai.districts.map((d) => d.id).sort((a, b) => a - b));
  });
});
