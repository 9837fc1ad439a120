import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { SALE_STATUS } from '@contracts/new-home';
import type { Db } from './client';
import { Prng } from './prng';
import { DAY } from './seed-homes';
import * as t from './schema';
import { SEED_CITIES, type SeedCity } from './seed-data/cities';
import { KNOWLEDGE, QUALIFICATION, QUALIFICATION_LIFTED } from './seed-data/news-texts';

/**
 * 资讯 of the seed (spec §2 "News"), written after every other row from what the database holds:
 * - 楼市快讯: a weekly market report per city for the last WEEKS weeks (new second-hand listings and their
 *   average price against the week before, new rentals, the communities with the most new listings, the month's
 *   reference price of the city's communities, the projects' price changes of the week), with their cards;
 * - 楼盘导购: a guide per project on sale (its facts, layouts and latest news) and a round-up of the city's projects;
 * - 市场政策: per city, who may buy (news-texts.ts), and the loan and tax figures worked on the city's own prices;
 * - 知识分享: the hand-written articles of every city (cityCode null).
 * A generator of its own (NEWS_SEED), so every row seeded before stays as it was.
 */
const NEWS_SEED = 20260111;
const WEEKS = 12;
const GUIDES_PER_CITY = 6;
const AUTHORS = {
  loushikuaixun: ['优居数据研究院', '优居市场研究员 林舟', '优居市场研究员 赵一鸣'],
  shichangzhengce: ['优居政策研究组', '优居编辑 苏晴'],
  loupingdaogou: ['优居新房导购 陈默', '优居新房导购 周婷', '优居新房导购 许航'],
  zhishifenxiang: ['优居置业课堂', '优居编辑 何佳', '优居编辑 孟凡'],
} as const;

type ArticleRow = typeof t.articles.$inferInsert;
type Mention = ArticleRow['mentions'][number];

const wan = (n: number) => (Math.round(n * 10) / 10).toLocaleString('zh-CN');
const yuan = (n: number) => Math.round(n).toLocaleString('zh-CN');
const pct = (now: number, before: number) => {
  const p = ((now - before) / before) * 100;
  return `${p >= 0 ? '上涨' : '下降'}${Math.abs(p).toFixed(1)}%`;
};
const mmdd = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCMonth() + 1}月${d.getUTCDate()}日`;
};
type Row = Record<string, unknown>;
const rowsOf = (r: unknown) => (r as { rows: Row[] }).rows;

export async function seedNews(db: Db, today: number): Promise<number> {
  const rng = new Prng(NEWS_SEED);
  const rows: ArticleRow[] = [];
  // Weeks end on a Monday, 00:00 UTC (1970-01-01 was a Thursday).
  const lastMonday = today - ((Math.floor(today / DAY) + 3) % 7) * DAY;
  for (const city of SEED_CITIES) {
    const covers = (
      await db
        .select({ coverUrl: t.communities.coverUrl })
        .from(t.communities)
        .where(eq(t.communities.cityCode, city.cityCode))
        .orderBy(asc(t.communities.id))
        .limit(20)
    ).map((c) => c.coverUrl);
    rows.push(...(await marketReports(db, rng, city, lastMonday, covers)));
    if (city.isNewhouse === 1) rows.push(...(await projectGuides(db, rng, city, today)));
    rows.push(...(await policies(db, rng, city, today, covers)));
  }
  const [bj] = await db.select({ coverUrl: t.communities.coverUrl }).from(t.communities).orderBy(asc(t.communities.id)).limit(1);
  for (const k of KNOWLEDGE) {
    rows.push({
      cityCode: null,
      category: 'zhishifenxiang',
      ...k,
      author: rng.pick(AUTHORS.zhishifenxiang),
      coverUrl: bj?.coverUrl ?? '',
      mentions: [],
      status: t.ARTICLE_STATUS.PUBLISHED,
      publishedAt: new Date(today - rng.int(3, 200) * DAY + rng.int(9, 18) * 3_600_000),
    });
  }
  // Oldest first, so ids follow the publication order as an editor's would.
  rows.sort((a, b) => (a.publishedAt as Date).getTime() - (b.publishedAt as Date).getTime());
  for (let i = 0; i < rows.length; i += 200) await db.insert(t.articles).values(rows.slice(i, i + 200));
  return rows.length;
}

/** 楼市快讯: one report a week, published the Monday after at 9:00 Beijing time (01:00 UTC). */
async function marketReports(db: Db, rng: Prng, city: SeedCity, lastMonday: number, covers: string[]): Promise<ArticleRow[]> {
  const from = new Date(lastMonday - (WEEKS + 1) * 7 * DAY);
  const to = new Date(lastMonday);
  const weekOf = (col: unknown) => sql`floor(extract(epoch from (${to.toISOString()}::timestamptz - ${col})) / 604800)::int`;
  const esf = rowsOf(
    await db.execute(sql`select ${weekOf(t.esfListings.listedAt)} as w, count(*)::int as n, avg(${t.esfListings.unitPrice})::float as unit, avg(${t.esfListings.totalPrice})::float as total
      from ${t.esfListings} where ${t.esfListings.cityCode} = ${city.cityCode} and ${t.esfListings.listedAt} >= ${from.toISOString()} and ${t.esfListings.listedAt} < ${to.toISOString()} group by 1`),
  );
  const rent = rowsOf(
    await db.execute(sql`select ${weekOf(t.rentals.listedAt)} as w, count(*)::int as n, avg(${t.rentals.monthlyRent})::float as rent
      from ${t.rentals} where ${t.rentals.cityCode} = ${city.cityCode} and ${t.rentals.listedAt} >= ${from.toISOString()} and ${t.rentals.listedAt} < ${to.toISOString()} group by 1`),
  );
  const hot = rowsOf(
    await db.execute(sql`select ${weekOf(t.esfListings.listedAt)} as w, ${t.esfListings.communityId} as id, count(*)::int as n, max(${t.esfListings.id}) as newest
      from ${t.esfListings} where ${t.esfListings.cityCode} = ${city.cityCode} and ${t.esfListings.listedAt} >= ${from.toISOString()} and ${t.esfListings.listedAt} < ${to.toISOString()}
      group by 1, 2 order by 1, 3 desc, 2`),
  );
  const priceNews = await db
    .select({ projectId: t.projectNews.projectId, title: t.projectNews.title, at: t.projectNews.publishedAt })
    .from(t.projectNews)
    .innerJoin(t.newProjects, eq(t.newProjects.id, t.projectNews.projectId))
    .where(
      and(
        eq(t.newProjects.cityCode, city.cityCode),
        eq(t.projectNews.kind, t.PROJECT_NEWS_KIND.PRICE),
        gte(t.projectNews.publishedAt, from),
        lt(t.projectNews.publishedAt, to),
      ),
    )
    .orderBy(asc(t.projectNews.publishedAt));
  const communityIds = [...new Set(hot.map((h) => Number(h.id)))];
  const communities = new Map(
    (communityIds.length
      ? await db
          .select({
            id: t.communities.id,
            name: t.communities.name,
            avgPrice: t.communities.avgPrice,
            coverUrl: t.communities.coverUrl,
          })
          .from(t.communities)
          .where(inArray(t.communities.id, communityIds))
      : []
    ).map((c) => [c.id, c]),
  );
  // The reference price of the city's communities by month (the last 12, oldest first).
  const cityTrend = await db.execute(
    sql`select i, avg((price_trend->>i)::float)::float as p from communities, generate_series(0, 11) i where city_code = ${city.cityCode} and jsonb_array_length(price_trend) = 12 group by i order by i`,
  );
  const months = rowsOf(cityTrend).map((r) => Number(r.p));
  const byWeek = <T extends Row>(list: T[], w: number) => list.find((r) => Number(r.w) === w);

  const out: ArticleRow[] = [];
  for (let w = 0; w < WEEKS; w++) {
    const end = lastMonday - w * 7 * DAY;
    const start = end - 7 * DAY;
    const now = byWeek(esf, w);
    const before = byWeek(esf, w + 1);
    const rentNow = byWeek(rent, w);
    const tops = hot.filter((h) => Number(h.w) === w).slice(0, 3);
    const prices = priceNews.filter((p) => p.at.getTime() >= start && p.at.getTime() < end);
    const period = `${mmdd(start)}-${mmdd(end - DAY)}`;
    const n = Number(now?.n ?? 0);
    const blocks: string[] = [];
    const lead =
      n > 0
        ? `${period}，优居${city.cityName}站新增二手房挂牌${n}套，挂牌均价${yuan(Number(now!.unit))}元/㎡${before && Number(before.n) > 0 ? `，较前一周${pct(Number(now!.unit), Number(before.unit))}` : ''}，套均总价约${wan(Number(now!.total))}万元。`
        : `${period}，优居${city.cityName}站没有新增二手房挂牌。`;
    // The lead is the summary, shown above the text; the text starts with what it counts.
    blocks.push(
      `本周报统计${period}在优居${city.cityName}站新上架的房源，以及本月${city.cityName}小区的参考均价和新房的价格动态。`,
    );
    blocks.push('## 二手房');
    blocks.push(
      n > 0
        ? `本周新增挂牌${n}套${before ? `（前一周${Number(before.n)}套）` : ''}，挂牌均价${yuan(Number(now!.unit))}元/㎡。新增房源最多的小区：`
        : '本周没有新增挂牌的房源，可以在二手房列表中查看全部在售房源。',
    );
    if (tops.length > 0) {
      blocks.push(
        tops
          .map((h) => {
            const c = communities.get(Number(h.id));
            return `- ${c?.name ?? ''}：新增${Number(h.n)}套，小区参考均价${yuan(c?.avgPrice ?? 0)}元/㎡`;
          })
          .join('\n'),
      );
    }
    if (city.isRent === 1) {
      blocks.push('## 租房');
      blocks.push(
        rentNow
          ? `本周新增租房房源${Number(rentNow.n)}套，平均月租金${yuan(Number(rentNow.rent))}元。`
          : '本周没有新增的租房房源。',
      );
    }
    const month = 11 - Math.floor((w * 7) / 30);
    if (months.length === 12 && month >= 1) {
      blocks.push('## 小区参考均价');
      blocks.push(
        `${city.cityName}小区参考均价为${yuan(months[month]!)}元/㎡，环比${pct(months[month]!, months[month - 1]!)}；一年前为${yuan(months[0]!)}元/㎡。`,
      );
    }
    if (city.isNewhouse === 1) {
      blocks.push('## 新房价格动态');
      blocks.push(prices.length > 0 ? prices.map((p) => `- ${p.title}`).join('\n') : '本周没有楼盘调整价格。');
    }
    blocks.push('以上数据来自优居平台本周的挂牌房源，仅反映平台挂牌情况，不代表实际成交价格。');
    const mentions: Mention[] = [
      ...tops.map((h) => ({ kind: 'estate' as const, id: Number(h.id) })),
      ...tops.map((h) => ({ kind: 'esf' as const, id: Number(h.newest) })),
      ...[...new Set(prices.map((p) => p.projectId))].slice(0, 3).map((id) => ({ kind: 'new' as const, id })),
    ];
    const topName = tops[0] ? communities.get(Number(tops[0].id))?.name : undefined;
    out.push({
      cityCode: city.cityCode,
      category: 'loushikuaixun',
      title:
        n > 0
          ? `${city.cityName}楼市周报（${period}）：新增挂牌${n}套，均价${yuan(Number(now!.unit))}元/㎡`
          : `${city.cityName}楼市周报（${period}）`,
      summary: lead + (topName ? `新增挂牌最多的小区是${topName}。` : ''),
      body: blocks.join('\n\n'),
      author: rng.pick(AUTHORS.loushikuaixun),
      coverUrl: (topName ? tops.map((h) => communities.get(Number(h.id))?.coverUrl)[0] : undefined) ?? rng.pick(covers),
      tags: ['楼市周报', city.cityName, '二手房'],
      mentions,
      status: t.ARTICLE_STATUS.PUBLISHED,
      publishedAt: new Date(end + 3_600_000),
    });
  }
  return out;
}

const SALE_WORDS: Record<number, string> = { 1: '在售', 2: '待售', 3: '售罄' };

/** 楼盘导购: a guide to each of the city's newest projects on sale, and a round-up of them by price. */
async function projectGuides(db: Db, rng: Prng, city: SeedCity, today: number): Promise<ArticleRow[]> {
  const projects = await db
    .select({
      id: t.newProjects.id,
      name: t.newProjects.name,
      address: t.newProjects.address,
      avgPrice: t.newProjects.avgPrice,
      totalPriceMin: t.newProjects.totalPriceMin,
      totalPriceMax: t.newProjects.totalPriceMax,
      decoration: t.newProjects.decoration,
      developer: t.newProjects.developer,
      deliveryDate: t.newProjects.deliveryDate,
      plotRatio: t.newProjects.plotRatio,
      greenRatio: t.newProjects.greenRatio,
      households: t.newProjects.households,
      buildingType: t.newProjects.buildingType,
      propertyTypes: t.newProjects.propertyTypes,
      tags: t.newProjects.tags,
      coverUrl: t.newProjects.coverUrl,
      stationDistance: t.newProjects.stationDistance,
      station: t.subwayStations.name,
      district: t.districts.name,
      area: t.businessAreas.name,
      updatedAt: t.newProjects.updatedAt,
    })
    .from(t.newProjects)
    .innerJoin(t.districts, eq(t.districts.id, t.newProjects.districtId))
    .innerJoin(t.businessAreas, eq(t.businessAreas.id, t.newProjects.businessAreaId))
    .leftJoin(t.subwayStations, eq(t.subwayStations.id, t.newProjects.stationId))
    .where(and(eq(t.newProjects.cityCode, city.cityCode), eq(t.newProjects.saleStatus, SALE_STATUS.ON_SALE)))
    .orderBy(desc(t.newProjects.updatedAt), desc(t.newProjects.id))
    .limit(12);
  if (projects.length === 0) return [];
  const chosen = projects.slice(0, GUIDES_PER_CITY);
  const ids = chosen.map((p) => p.id);
  const layouts = await db
    .select()
    .from(t.projectLayouts)
    .where(inArray(t.projectLayouts.projectId, ids))
    .orderBy(asc(t.projectLayouts.rooms), asc(t.projectLayouts.area));
  const news = await db
    .select()
    .from(t.projectNews)
    .where(inArray(t.projectNews.projectId, ids))
    .orderBy(desc(t.projectNews.publishedAt), desc(t.projectNews.id));
  const out: ArticleRow[] = [];
  for (const p of chosen) {
    const own = layouts.filter((l) => l.projectId === p.id && l.saleStatus !== SALE_STATUS.SOLD_OUT);
    const latest = news.filter((n) => n.projectId === p.id).slice(0, 3);
    const rooms = [...new Set(own.map((l) => l.rooms))].sort((a, b) => a - b);
    const areas = own.map((l) => l.area);
    const price = p.avgPrice ? `均价约${yuan(p.avgPrice)}元/㎡` : '价格待定';
    const sizes =
      own.length > 0
        ? `在售${rooms.map((r) => `${r}居`).join('、')}，建筑面积约${Math.round(Math.min(...areas))}-${Math.round(Math.max(...areas))}㎡`
        : '户型信息待公布';
    const blocks = [
      `${p.name}位于${p.district}${p.area}，${p.address}，由${p.developer}开发，目前${SALE_WORDS[1]}，${price}${p.totalPriceMin != null && p.totalPriceMax != null ? `，总价约${wan(p.totalPriceMin)}-${wan(p.totalPriceMax)}万元/套` : ''}。${sizes}。`,
      '## 项目概况',
      [
        `- 物业类型：${p.propertyTypes.join('、')}`,
        `- 建筑类型：${p.buildingType}`,
        `- 装修情况：${p.decoration}`,
        `- 规划户数：${p.households}户，容积率${p.plotRatio}，绿化率${Math.round(p.greenRatio * 100)}%`,
        `- 交房时间：${p.deliveryDate}`,
        p.station && p.stationDistance != null
          ? `- 交通：距地铁${p.station}站约${p.stationDistance}米`
          : '- 交通：周边暂无地铁站，以公交出行为主',
      ].join('\n'),
      '## 主力户型',
      own.length > 0
        ? own
            .slice(0, 6)
            .map(
              (l) =>
                `- ${l.name}：${l.rooms}室${l.halls}厅${l.baths}卫，建筑面积约${l.area}㎡，${l.orientation}${l.totalPrice != null ? `，总价约${wan(l.totalPrice)}万元` : ''}`,
            )
            .join('\n')
        : '户型信息待开发商公布。',
    ];
    if (latest.length > 0) {
      blocks.push('## 最新动态');
      blocks.push(latest.map((n) => `- ${mmdd(n.publishedAt.getTime())}：${n.title}`).join('\n'));
    }
    blocks.push(
      `${p.tags.length > 0 ? `项目特色：${p.tags.join('、')}。` : ''}以上信息整理自优居新房频道的楼盘资料，价格与房源以售楼处实际公示为准，购房前请核对预售许可证。`,
    );
    const published = Math.min(today - DAY, p.updatedAt.getTime() + rng.int(1, 5) * DAY);
    out.push({
      cityCode: city.cityCode,
      category: 'loupingdaogou',
      title: `${p.name}怎么样？${p.district}${price}，${own.length > 0 ? `${rooms.map((r) => `${r}居`).join('/')}在售` : '最新动态'}`,
      summary: `${p.name}位于${p.district}${p.area}，${price}。${sizes}，交房时间${p.deliveryDate}。`,
      body: blocks.join('\n\n'),
      author: rng.pick(AUTHORS.loupingdaogou),
      coverUrl: p.coverUrl,
      tags: ['楼盘导购', p.district, ...p.tags.slice(0, 2)],
      mentions: [{ kind: 'new', id: p.id }],
      status: t.ARTICLE_STATUS.PUBLISHED,
      publishedAt: new Date(published + rng.int(1, 10) * 3_600_000),
    });
  }
  // The round-up: every project of the list with a price, cheapest first.
  const priced = projects.filter((p) => p.avgPrice != null).sort((a, b) => a.avgPrice! - b.avgPrice!);
  if (priced.length >= 2) {
    const avg = priced.reduce((s, p) => s + p.avgPrice!, 0) / priced.length;
    out.push({
      cityCode: city.cityCode,
      category: 'loupingdaogou',
      title: `${city.cityName}在售新盘盘点：${priced.length}个楼盘均价一览`,
      summary: `优居${city.cityName}新房频道近期更新的${priced.length}个在售楼盘，均价从${yuan(priced[0]!.avgPrice!)}元/㎡到${yuan(priced.at(-1)!.avgPrice!)}元/㎡，平均约${yuan(avg)}元/㎡。`,
      body: [
        `近期在优居${city.cityName}新房频道更新动态的在售楼盘中，有${priced.length}个已公布均价，平均约${yuan(avg)}元/㎡。按均价从低到高排列如下：`,
        priced
          .map(
            (p) =>
              `- ${p.name}（${p.district}${p.area}）：均价约${yuan(p.avgPrice!)}元/㎡${p.totalPriceMin != null && p.totalPriceMax != null ? `，总价${wan(p.totalPriceMin)}-${wan(p.totalPriceMax)}万元/套` : ''}，${p.decoration}，${p.deliveryDate}交房`,
          )
          .join('\n'),
        '## 怎么选',
        '预算有限的刚需购房者可以关注总价较低、临近地铁的项目；改善型购房者可以更多关注容积率、绿化率和户型面积。价格以售楼处公示的备案价为准。',
      ].join('\n\n'),
      author: rng.pick(AUTHORS.loupingdaogou),
      coverUrl: priced[0]!.coverUrl,
      tags: ['楼盘导购', '新盘盘点', city.cityName],
      mentions: priced.slice(0, 8).map((p) => ({ kind: 'new' as const, id: p.id })),
      status: t.ARTICLE_STATUS.PUBLISHED,
      publishedAt: new Date(today - rng.int(1, 6) * DAY + rng.int(9, 18) * 3_600_000),
    });
  }
  return out;
}

/** 市场政策: who may buy in the city, and the loan and the taxes worked on the city's own prices. */
async function policies(db: Db, rng: Prng, city: SeedCity, today: number, covers: string[]): Promise<ArticleRow[]> {
  const [stats] = await db
    .select({
      n: sql<number>`count(*)::int`,
      unit: sql<number>`coalesce(avg(${t.esfListings.unitPrice}), 0)::float`,
      total: sql<number>`coalesce(percentile_cont(0.5) within group (order by ${t.esfListings.totalPrice}), 0)::float`,
      cheapest: sql<number | null>`min(${t.esfListings.id}) filter (where ${t.esfListings.area} between 80 and 100)`,
    })
    .from(t.esfListings)
    .where(eq(t.esfListings.cityCode, city.cityCode));
  const name = city.cityName;
  const at = () => new Date(today - rng.int(10, 150) * DAY + rng.int(9, 18) * 3_600_000);
  const base = { cityCode: city.cityCode, category: 'shichangzhengce', status: t.ARTICLE_STATUS.PUBLISHED } as const;
  const restricted = QUALIFICATION[city.cityDomain];
  const out: ArticleRow[] = [
    {
      ...base,
      title: `${name}购房资格怎么查？2025年${name}住房${restricted ? '限购' : '购房'}政策解读`,
      summary: restricted
        ? `${name}仍在部分区域实行住房限购。哪些家庭可以买、能买几套、去哪里查询，一文看懂。`
        : `${name}已全面取消住房限购。不限购之后，买房还要注意哪些贷款和税费规定？`,
      body: restricted ?? QUALIFICATION_LIFTED(name),
      author: rng.pick(AUTHORS.shichangzhengce),
      coverUrl: rng.pick(covers),
      tags: ['购房资格', '限购', name],
      mentions: [],
      publishedAt: at(),
    },
  ];
  if (stats && stats.n > 0) {
    const total = stats.total;
    const loan = total * 0.8;
    const r = 0.035 / 12;
    const monthly = (loan * 10000 * r * (1 + r) ** 360) / ((1 + r) ** 360 - 1);
    const deed = (total * 10000 * 0.01) / 10000;
    out.push(
      {
        ...base,
        title: `${name}买房贷款指南：首付比例、LPR与公积金利率`,
        summary: `以${name}二手房挂牌总价的中位数${wan(total)}万元为例，算一算首付、贷款和月供。`,
        body: `优居${name}站在售二手房的挂牌总价中位数约为${wan(total)}万元，挂牌均价约${yuan(stats.unit)}元/㎡。以这样一套房为例，看看贷款买房需要准备多少钱。

## 首付

全国层面首套和二套商业性个人住房贷款的最低首付比例均为15%，各城市可以在此基础上确定本地的下限。按首付20%计算，首付约${wan(total * 0.2)}万元，贷款约${wan(loan)}万元。

## 利率与月供

商业贷款利率以5年期以上LPR（2025年5月为3.5%）为基准形成。贷款${wan(loan)}万元、期限30年、年利率3.5%、等额本息，月供约${yuan(monthly)}元。

住房公积金贷款利率更低：2025年5月起，5年以上首套为2.6%，第二套为3.075%。能用公积金的部分，优先使用公积金贷款。

## 办理要点

- 贷款额度和首付比例以${name}住房公积金管理中心和贷款银行的规定为准；
- 征信、收入流水和已有贷款都会影响审批；
- 首付资金应为自有资金，不得使用消费贷、经营贷。`,
        author: rng.pick(AUTHORS.shichangzhengce),
        coverUrl: rng.pick(covers),
        tags: ['房贷', '首付', 'LPR', name],
        mentions: stats.cheapest ? [{ kind: 'esf', id: stats.cheapest }] : [],
        publishedAt: at(),
      },
      {
        ...base,
        title: `${name}二手房交易要交哪些税？契税、增值税、个税一览`,
        summary: `在${name}买卖二手房，买方交契税，卖方视“满二”“满五唯一”交增值税和个税。以一套${wan(total)}万元的房子为例算一算。`,
        body: `在${name}买卖一套二手房，税费由买卖双方分别承担。下面以一套总价${wan(total)}万元、面积90㎡的住房为例（实际计税价格以税务部门核定为准）。

## 买方：契税

- 家庭唯一住房，140㎡及以下按1%：约${wan(deed)}万元；140㎡以上按1.5%；
- 家庭第二套住房，140㎡及以下按1%，140㎡以上按2%；
- 第三套及以上按3%。

## 卖方：增值税

个人出售购买满2年（含）的住房，免征增值税；不满2年的按5%征收率全额缴纳，这套房约${wan(total * 0.05)}万元（附加税费另计）。

## 卖方：个人所得税

出售家庭唯一、且购买满5年的住房，免征个人所得税；否则一般按差额的20%，或按全额的1%核定征收，这套房按1%约${wan(total * 0.01)}万元。

## 其他费用

登记费、交易手续费金额较小；经纪服务费按所委托机构的标准收取。交易前请与经纪人、税务部门确认最新政策。`,
        author: rng.pick(AUTHORS.shichangzhengce),
        coverUrl: rng.pick(covers),
        tags: ['税费', '契税', '满五唯一', name],
        mentions: [],
        publishedAt: at(),
      },
    );
  }
  return out;
}
