import { and, eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Angle, CHANNEL_CODES, type ChannelCode } from '@contracts/constants';
import { ApiPath } from '@contracts/paths';
import type { Suggestion } from '@contracts/search';
import { businessAreas, communities, esfListings, newProjects } from '../src/db/schema';
import { answer, nonEmpty, startHarness, type Harness } from './harness';

/**
 * Each search tab suggests what its own channel has (spec §3 suggestions): a place with the number of the channel's
 * records its list filtered by that place finds, never a place where that list is empty; the named places that are
 * records of the channel (新房's projects, 小区's communities) with their own line.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const BJ = '110000';

const suggest = (channelCode: ChannelCode, keyword: string) =>
  answer<Suggestion[]>(h.app, ApiPath.recommends, { cityCode: BJ, channelCode, keyword });

/** Each channel's list, and how its suggestions write a count of it. */
const CHANNEL_LISTS: Record<ChannelCode, { list: string; count: RegExp }> = {
  esf: { list: ApiPath.esfList, count: /^在售(\d+)套$/ },
  new: { list: ApiPath.newHomeList, count: /^(\d+)个楼盘$/ },
  rent: { list: ApiPath.rentList, count: /^在租(\d+)套$/ },
  estate: { list: ApiPath.estateList, count: /^(\d+)个小区$/ },
  shop_sale: { list: ApiPath.shopSaleList, count: /^在售(\d+)套$/ },
  shop_rent: { list: ApiPath.shopRentList, count: /^在租(\d+)套$/ },
  offices_sale: { list: ApiPath.officesSaleList, count: /^在售(\d+)套$/ },
  offices_rent: { list: ApiPath.officesRentList, count: /^在租(\d+)套$/ },
};

/** The list a suggestion leads to, as the search path codec sends it (docs/web.md "Suggestions"). */
function listFilterOf(s: Suggestion): Record<string, number> {
  switch (s.angle) {
    case Angle.DISTRICT:
      return { districtId: s.id };
    case Angle.BUSINESS_AREA:
      return { districtId: s.parentId, businessAreaId: s.id };
    case Angle.SUBWAY_LINE:
      return { lineId: s.id };
    case Angle.SUBWAY_STATION:
      return { lineId: s.parentId, stationId: s.id };
    default:
      return { estateId: s.id };
  }
}

const total = async (channel: ChannelCode, filter: Record<string, number>) =>
  (await answer<{ total: number }>(h.app, CHANNEL_LISTS[channel].list, { cityCode: BJ, pageSize: 1, ...filter })).total;

/** Keywords that bring every kind of place in 北京: districts, areas, communities and projects, lines, stations. */
const KEYWORDS = ['望京', 'wj', '朝阳', 'hd', '号线', '西'];

describe('every tab counts its own channel', () => {
  it.each(CHANNEL_CODES)('%s: each place offered shows the count its filtered list finds, never 0', async (channel) => {
    const counted: string[] = [];
    for (const keyword of KEYWORDS) {
      for (const s of await suggest(channel, keyword)) {
        const isRecord = (channel === 'new' && s.angle === Angle.NEW_HOME) || (channel === 'estate' && s.angle === Angle.ESTATE);
        if (isRecord) continue;
        const match = CHANNEL_LISTS[channel].count.exec(s.describe);
        expect(match, `${keyword}: ${s.name} ${s.describe}`).not.toBeNull();
        const n = Number(match![1]);
        expect(n, `${keyword}: ${s.name}`).toBeGreaterThan(0);
        expect(n, `${keyword}: ${s.name}`).toBe(await total(channel, listFilterOf(s)));
        counted.push(s.name);
      }
    }
    expect(counted.length).toBeGreaterThan(0);
  });

  it('小区: wj finds what 望京 finds, counted in communities, and each community shows its reference price', async () => {
    const byPinyin = await suggest('estate', 'wj');
    const byName = await suggest('estate', '望京');
    for (const list of [byPinyin, byName]) {
      const area = list.find((s) => s.angle === Angle.BUSINESS_AREA && s.name === '望京')!;
      expect(area.describe).toBe(`${await total('estate', listFilterOf(area))}个小区`);
      for (const c of nonEmpty(list.filter((s) => s.angle === Angle.ESTATE))) {
        const [card] = (
          await answer<{ list: { id: number; avgPrice: number }[] }>(h.app, ApiPath.estateList, { cityCode: BJ, estateId: c.id })
        ).list;
        expect(c.describe).toBe(card!.avgPrice > 0 ? `参考均价${card!.avgPrice}元/㎡` : '暂无参考均价');
      }
    }
  });
});

describe('places without the channel’s records are left out', () => {
  it('a business area with homes for sale but no new-home project is offered on 二手房, not on 新房', async () => {
    const db = h.database.db;
    const withProjects = db.select({ id: newProjects.businessAreaId }).from(newProjects).where(eq(newProjects.cityCode, BJ));
    const [area] = await db
      .selectDistinct({ id: businessAreas.id, name: businessAreas.name })
      .from(businessAreas)
      .innerJoin(esfListings, eq(esfListings.businessAreaId, businessAreas.id))
      .where(and(eq(businessAreas.cityCode, BJ), notInArray(businessAreas.id, withProjects)))
      .limit(1);
    expect(area).toBeDefined();
    const offered = (list: Suggestion[]) => list.some((s) => s.angle === Angle.BUSINESS_AREA && s.id === area!.id);
    expect(offered(await suggest('esf', area!.name))).toBe(true);
    expect(offered(await suggest('new', area!.name))).toBe(false);
  });

  it('the entrust form’s 小区 tab still offers a community without any home listed', async () => {
    const db = h.database.db;
    const listed = db.select({ id: esfListings.communityId }).from(esfListings);
    const [bare] = await db
      .select({ id: communities.id, name: communities.name })
      .from(communities)
      .where(and(eq(communities.cityCode, BJ), notInArray(communities.id, listed)))
      .limit(1);
    expect(bare).toBeDefined();
    expect((await suggest('esf', bare!.name)).some((s) => s.angle === Angle.ESTATE && s.id === bare!.id)).toBe(false);
    expect((await suggest('estate', bare!.name)).some((s) => s.angle === Angle.ESTATE && s.id === bare!.id)).toBe(true);
  });
});

describe('a keyword searched with Enter is read as pinyin too, as the suggestions read it', () => {
  const names = async (path: string, keyword: string) =>
    (
      await answer<{ list: { name?: string; communityName?: string }[] }>(h.app, path, { cityCode: BJ, keyword, pageSize: 50 })
    ).list.map((x) => x.name ?? x.communityName);

  it('小区: wj and wangjingxiyuan find 望京西园 by its initials and full pinyin', async () => {
    expect(await names(ApiPath.estateList, 'wj')).toContain('望京西园');
    expect(await names(ApiPath.estateList, 'wangjingxiyuan')).toEqual(['望京西园']);
    expect(await names(ApiPath.estateList, 'WJXY')).toEqual(['望京西园']);
  });

  it('二手房: wjxy finds the homes of 望京西园, as 望京西园 does', async () => {
    const byPinyin = await names(ApiPath.esfList, 'wjxy');
    expect(nonEmpty(byPinyin).every((n) => n === '望京西园')).toBe(true);
    expect(byPinyin).toEqual(await names(ApiPath.esfList, '望京西园'));
  });
});
