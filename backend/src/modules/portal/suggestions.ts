import { and, count, eq, ilike, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { channelIsOn } from '../../../../contracts/channels';
import { ApiPath } from '../../../../contracts/paths';
import { Angle, recommendsRequestSchema, suggestionSchema, type Suggestion } from '../../../../contracts/search';
import type { Db } from '../../db/client';
import { businessAreas, communities, districts, newProjects, subwayLines, subwayStations } from '../../db/schema';
import { portalRoute } from '../../http/portal-route';
import { normalize } from '../../db/search-names';
import { likeContains } from '../listings/common';
import { CHANNEL_STOCK, type ChannelStock } from '../listings/stock';
import { requireCity } from './cities';

const LIMIT = 10;
const ANGLE_NAMES: Record<number, string> = { 1: '小区', 2: '区域', 3: '商圈', 4: '地铁线', 5: '地铁站', 6: '楼盘' };

type Searchable = typeof communities | typeof newProjects | typeof districts | typeof businessAreas | typeof subwayLines | typeof subwayStations;

/**
 * spec §3 / §5 suggestions: the keyword matches a name (contains), its full pinyin (prefix) or its initials
 * (prefix), case-insensitively. Rank: 0 exact, 1 prefix, 2 contains. Prefix matches use the
 * `text_pattern_ops` indexes; a contains match on the Chinese name is only tried for keywords with CJK.
 */
function match(table: Searchable, cityCode: string, keyword: string): { where: SQL; rank: SQL<number> } {
  const key = normalize(keyword);
  const prefix = `${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const hasCjk = /[\u3400-\u9fff]/.test(keyword);
  const where = and(
    eq(table.cityCode, cityCode),
    or(
      like(table.pinyin, prefix),
      like(table.initials, prefix),
      hasCjk ? like(table.name, likeContains(keyword)) : ilike(table.name, `${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
    ),
  )!;
  const rank = sql<number>`case
    when ${table.name} = ${keyword} or ${table.pinyin} = ${key} or ${table.initials} = ${key} then 0
    when ${table.name} like ${`${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} or ${table.pinyin} like ${prefix} or ${table.initials} like ${prefix} then 1
    else 2 end`;
  return { where, rank };
}

interface Candidate extends Suggestion {
  rank: number;
}

type PlaceKey = 'communityId' | 'districtId' | 'businessAreaId' | 'lineId' | 'stationId';

/** How many of the channel's records each place has; for lines and stations, those near them. */
async function stockCounts(db: Db, stock: ChannelStock, key: PlaceKey, ids: number[]) {
  const column = stock.table[key];
  if (ids.length === 0 || !column) return new Map<number, number>();
  const rows = await db.select({ id: column, n: count() }).from(stock.table).where(and(inArray(column, ids), stock.scope)).groupBy(column);
  return new Map(rows.map((r) => [Number(r.id), r.n]));
}

const SALE_STATUS_NAMES: Record<number, string> = { 1: '在售', 2: '待售', 3: '售罄' };

/** A project's own line in the dropdown: `在售 · 均价62000元/㎡`, or `待售 · 价格待定`. */
function projectDescribe(p: { saleStatus: number; avgPrice: number | null }): string {
  return `${SALE_STATUS_NAMES[p.saleStatus] ?? ''} · ${p.avgPrice === null ? '价格待定' : `均价${p.avgPrice}元/㎡`}`;
}

export async function suggest(db: Db, cityCode: string, keyword: string, stock: ChannelStock): Promise<Suggestion[]> {
  const m = {
    community: match(communities, cityCode, keyword),
    project: match(newProjects, cityCode, keyword),
    district: match(districts, cityCode, keyword),
    area: match(businessAreas, cityCode, keyword),
    line: match(subwayLines, cityCode, keyword),
    station: match(subwayStations, cityCode, keyword),
  };
  const order = (rank: SQL<number>, name: SQL | typeof communities.name) => [rank, sql`length(${name})`, name];
  const [communityRows, projectRows, districtRows, areaRows, lineRows, stationRows] = await Promise.all([
    stock.named !== 'community'
      ? []
      : db
          .select({ c: communities, rank: m.community.rank, districtName: districts.shortName, areaName: businessAreas.name })
          .from(communities)
          .innerJoin(districts, eq(districts.id, communities.districtId))
          .innerJoin(businessAreas, eq(businessAreas.id, communities.businessAreaId))
          .where(m.community.where)
          .orderBy(...order(m.community.rank, sql`${communities.name}`))
          .limit(LIMIT),
    stock.named !== 'project'
      ? []
      : db
          .select({ p: newProjects, rank: m.project.rank, districtName: districts.shortName, areaName: businessAreas.name })
          .from(newProjects)
          .innerJoin(districts, eq(districts.id, newProjects.districtId))
          .innerJoin(businessAreas, eq(businessAreas.id, newProjects.businessAreaId))
          .where(m.project.where)
          .orderBy(...order(m.project.rank, sql`${newProjects.name}`))
          .limit(LIMIT),
    db.select({ d: districts, rank: m.district.rank }).from(districts).where(m.district.where).orderBy(...order(m.district.rank, sql`${districts.name}`)).limit(LIMIT),
    db
      .select({ a: businessAreas, rank: m.area.rank, districtName: districts.shortName })
      .from(businessAreas)
      .innerJoin(districts, eq(districts.id, businessAreas.districtId))
      .where(m.area.where)
      .orderBy(...order(m.area.rank, sql`${businessAreas.name}`))
      .limit(LIMIT),
    db.select({ l: subwayLines, rank: m.line.rank }).from(subwayLines).where(m.line.where).orderBy(...order(m.line.rank, sql`${subwayLines.name}`)).limit(LIMIT),
    db
      .select({ s: subwayStations, rank: m.station.rank, lineName: subwayLines.name })
      .from(subwayStations)
      .innerJoin(subwayLines, eq(subwayLines.id, subwayStations.lineId))
      .where(m.station.where)
      .orderBy(...order(m.station.rank, sql`${subwayStations.name}`))
      .limit(LIMIT),
  ]);
  // Every kind says how many of the channel's homes are there (在售 / 在租).
  const [byCommunity, byDistrict, byArea, byLine, byStation] = await Promise.all([
    stockCounts(db, stock, 'communityId', communityRows.map((r) => r.c.id)),
    stockCounts(db, stock, 'districtId', districtRows.map((r) => r.d.id)),
    stockCounts(db, stock, 'businessAreaId', areaRows.map((r) => r.a.id)),
    stockCounts(db, stock, 'lineId', lineRows.map((r) => r.l.id)),
    stockCounts(db, stock, 'stationId', stationRows.map((r) => r.s.id)),
  ]);
  const make = (angle: number, s: Omit<Suggestion, 'angle' | 'angleName' | 'propertyTypeName'>, rank: number): Candidate => ({
    ...s,
    angle,
    angleName: ANGLE_NAMES[angle]!,
    propertyTypeName: stock.propertyTypeName,
    rank: Number(rank),
  });
  const inStock = (n: number | undefined) => stock.describe(n ?? 0);
  const candidates: Candidate[] = [
    ...districtRows.map((r) => make(Angle.DISTRICT, { id: r.d.id, name: r.d.name, parentId: 0, address: r.d.shortName, describe: inStock(byDistrict.get(r.d.id)) }, r.rank)),
    ...areaRows.map((r) => make(Angle.BUSINESS_AREA, { id: r.a.id, name: r.a.name, parentId: r.a.districtId, address: `${r.districtName}-${r.a.name}`, describe: inStock(byArea.get(r.a.id)) }, r.rank)),
    ...projectRows.map((r) => make(Angle.NEW_HOME, { id: r.p.id, name: r.p.name, parentId: 0, address: `${r.districtName}-${r.areaName}`, describe: projectDescribe(r.p) }, r.rank)),
    ...communityRows.map((r) => make(Angle.ESTATE, { id: r.c.id, name: r.c.name, parentId: 0, address: `${r.districtName}-${r.areaName}`, describe: inStock(byCommunity.get(r.c.id)) }, r.rank)),
    ...lineRows.map((r) => make(Angle.SUBWAY_LINE, { id: r.l.id, name: r.l.name, parentId: 0, address: r.l.name, describe: inStock(byLine.get(r.l.id)) }, r.rank)),
    ...stationRows.map((r) => make(Angle.SUBWAY_STATION, { id: r.s.id, name: r.s.name, parentId: r.s.lineId, address: r.lineName, describe: inStock(byStation.get(r.s.id)) }, r.rank)),
  ];
  // Stable sort: within a rank, places (district, area) come before communities, then lines and stations.
  return candidates
    .sort((a, b) => a.rank - b.rank)
    .slice(0, LIMIT)
    .map((c) => suggestionSchema.parse(c));
}

export function registerSuggestions(app: FastifyInstance, db: Db): void {
  portalRoute(app, {
    path: ApiPath.recommends,
    summary: 'Keyword suggestions: Chinese name, full pinyin or initials (wj / wangjing / 望京)',
    tags: ['search'],
    input: recommendsRequestSchema,
    output: z.array(suggestionSchema),
    handler: async (input) => {
      const city = await requireCity(db, input.cityCode);
      // A channel the city does not have (租房 in 厦门) suggests nothing.
      return channelIsOn(city, input.channelCode) ? suggest(db, city.cityCode, input.keyword, CHANNEL_STOCK[input.channelCode]) : [];
    },
  });
}
