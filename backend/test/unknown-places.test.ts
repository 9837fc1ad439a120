import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '@contracts/envelope';
import { ApiPath } from '@contracts/paths';
import { answer, both, envelope, startHarness, type Harness } from './harness';

/**
 * A list of a place that does not exist is a 404 (docs/security.md "Made-up addresses and the page cache"): the web
 * shows its 404 page, kept 10 minutes, instead of an empty list kept a day in the shared page cache. Every channel,
 * every place a list path can name (`dc`, `ta`, `sl`, `ss`, `e`); a place of another city names nothing here either.
 */

interface Places {
  districts: Array<{ id: number; children: Array<{ id: number }> }>;
  subwayLines: Array<{ id: number; children: Array<{ id: number }> }>;
}

const CHANNELS = [
  { name: '二手房', list: ApiPath.esfList, conditions: ApiPath.conditionEsf, estateOf: 'communityId' },
  { name: '租房', list: ApiPath.rentList, conditions: ApiPath.conditionRent, estateOf: 'communityId' },
  { name: '新房', list: ApiPath.newHomeList, conditions: ApiPath.conditionNewHome, estateOf: 'id' },
  { name: '小区', list: ApiPath.estateList, conditions: ApiPath.conditionEstate, estateOf: 'id' },
  { name: '商铺出售', list: ApiPath.shopSaleList, conditions: ApiPath.conditionShopSale, estateOf: 'id' },
  { name: '商铺出租', list: ApiPath.shopRentList, conditions: ApiPath.conditionShopRent, estateOf: 'id' },
  { name: '写字楼出售', list: ApiPath.officesSaleList, conditions: ApiPath.conditionOfficesSale, estateOf: 'id' },
  { name: '写字楼出租', list: ApiPath.officesRentList, conditions: ApiPath.conditionOfficesRent, estateOf: 'id' },
] as const;

const FIELDS = ['districtId', 'businessAreaId', 'lineId', 'stationId', 'estateId'] as const;
type Field = (typeof FIELDS)[number];
/** Ids nobody has: a small one past the seed and the largest the list request takes. */
const MADE_UP = [999_999, 2_147_483_647];

let h: Harness;
/** Per channel: one real id of each field in Beijing. */
const real = new Map<string, Record<Field, number>>();

beforeAll(async () => {
  h = await startHarness();
  for (const c of CHANNELS) {
    const places = await answer<Places>(h.app, c.conditions, { cityCode: '110000' });
    const page = await answer<{ list: Array<Record<string, number>> }>(h.app, c.list, { cityCode: '110000', pageSize: 1 });
    const district = places.districts.find((d) => d.children.length > 0)!;
    const line = places.subwayLines.find((l) => l.children.length > 0)!;
    const estate = page.list[0]?.[c.estateOf];
    expect(estate, `${c.name}: a Beijing record to name`).toBeTypeOf('number');
    real.set(c.name, {
      districtId: district.id,
      businessAreaId: district.children[0]!.id,
      lineId: line.id,
      stationId: line.children[0]!.id,
      estateId: estate!,
    });
  }
}, 120_000);
afterAll(() => h?.close());

async function expectNotFound(url: string, input: Record<string, unknown>) {
  for (const res of await both(h.app, url, input)) {
    expect(res.statusCode, `${url} ${JSON.stringify(input)}: ${res.body}`).toBe(404);
    const body = envelope(res);
    expect(body.code).toBe(ResultCode.NOT_FOUND);
    expect(body.succeed).toBe(false);
    expect(body.msg).toMatch(/不存在$/);
  }
}

describe.each(CHANNELS)('$name list', (c) => {
  it.each(FIELDS)('a made-up %s is a 404 in the envelope, whatever else the request says', async (field) => {
    for (const id of MADE_UP) {
      await expectNotFound(c.list, { cityCode: '110000', [field]: id });
      await expectNotFound(c.list, { cityCode: '110000', [field]: id, keyword: '望京', page: 2 });
    }
  });

  it.each(FIELDS)('a real %s of Beijing is a list in Beijing and names nothing in 上海', async (field) => {
    const id = real.get(c.name)![field];
    const page = await answer<{ total: number }>(h.app, c.list, { cityCode: '110000', [field]: id });
    expect(page.total).toBeGreaterThanOrEqual(0);
    await expectNotFound(c.list, { cityCode: '310000', [field]: id });
  });
});
