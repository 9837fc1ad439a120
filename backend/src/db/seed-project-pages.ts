import { SALE_STATUS } from '@contracts/new-home';
import type { NewsKind } from '@contracts/project-pages';
import { PROPERTY_TYPE } from '../domain/residential-codes';
import { Prng } from './prng';
import * as t from './schema';
import type { ListingPhoto, ProjectPermit } from './schema';
import type { CommercialImages } from './seed-commercial-images';
import type { SeedCity } from './seed-data/cities';
import { CENTRAL_HEATING, DAY, type AreaPlace } from './seed-homes';
import type { SeedImages } from './seed-images';

type ProjectRow = typeof t.newProjects.$inferInsert;
type LayoutRow = typeof t.projectLayouts.$inferInsert;
type NewsRow = typeof t.projectNews.$inferInsert;
type PlaceRow = typeof t.places.$inferInsert;

/**
 * What a project's sub-pages show beyond the detail page (spec §2 "New-home detail"): 楼盘信息's sales and property facts and
 * pre-sale permits, the album's 交通图 and 配套图, the news feed (楼盘动态) and the schools, hospitals and
 * shopping around homes (周边). Each part draws from a generator of its own, made per city from its own seed
 * and the city code, so that the detail rows (drawn from the project generator) stay exactly as they were
 * and a city's rows do not depend on the cities before it.
 */
const NEWS_SEED = 20260106;
const PLACES_SEED = 20260107;
const INFO_SEED = 20260110;

const cityRng = (seed: number, city: SeedCity) => new Prng((seed ^ Number(city.cityCode)) >>> 0);

export interface ProjectPagesCity {
  city: SeedCity;
  districts: { id: number; name: string; shortName: string }[];
  areas: AreaPlace[];
  images: SeedImages & { commercial: CommercialImages };
  /** Midnight of the day of seeding, ms. */
  today: number;
}

/**
 * Fills the 楼盘信息 columns and the extra album kinds of `projects` (before they are inserted), and composes
 * their news and the city's places, which the caller inserts after the projects (news references its project).
 */
export function composeProjectPages(
  place: ProjectPagesCity,
  projects: ProjectRow[],
  layouts: LayoutRow[],
): { news: NewsRow[]; places: (typeof t.places.$inferInsert)[] } {
  const infoRng = cityRng(INFO_SEED, place.city);
  const newsRng = cityRng(NEWS_SEED, place.city);
  const layoutsOf = new Map<number, LayoutRow[]>();
  for (const l of layouts) layoutsOf.set(l.projectId, [...(layoutsOf.get(l.projectId) ?? []), l]);
  const news: NewsRow[] = [];
  for (const p of projects) {
    const batches = composeInfo(infoRng, place, p);
    news.push(...composeNews(newsRng, place, p, layoutsOf.get(p.id!) ?? [], batches));
  }
  return { news, places: composePlaces(cityRng(PLACES_SEED, place.city), place) };
}

// ————————————————————————————————————————— 楼盘信息 —————————————————————————————————————————

/** The short name of a city on its permits (京房售证字…); a city not listed uses its name. */
const PERMIT_PREFIX: Record<string, string> = {
  '110000': '京',
  '310000': '沪',
  '440100': '穗',
  '440300': '深',
  '330100': '杭',
  '320100': '宁',
  '510100': '蓉',
  '420100': '武',
  '120000': '津',
  '320500': '苏',
  '500000': '渝',
  '610100': '陕',
  '350200': '厦',
  '370200': '青',
};

/** A sale batch: the day it went on sale (开盘 or 加推), its buildings and its permit. */
export interface SaleBatch {
  at: number;
  buildings: string;
  permit: ProjectPermit;
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** `2026-05-18` or `2026-05` (the first of the month) → ms. */
const dayOf = (date: string) => Date.parse(date.length === 7 ? `${date}-01` : date);

/** 物业费 ranges, 元/㎡·月, by property type; a first-tier city charges more. */
const FEE_RANGE: Record<number, [number, number]> = {
  [PROPERTY_TYPE.HOME]: [2.2, 5.5],
  [PROPERTY_TYPE.VILLA]: [4.5, 10],
  [PROPERTY_TYPE.SERVICED]: [3.5, 7],
  [PROPERTY_TYPE.OFFICE]: [8, 22],
  [PROPERTY_TYPE.SHOP]: [5, 12],
};

const SALES_OFFICE_PLACES = ['商务中心', '城市展厅', '营销中心', '体验馆'];
const SIDES = ['东侧', '西侧', '南侧', '北侧', '东南角', '西北角'];

/**
 * Sets the sales office, property fee, heating, permits and the 交通图 / 配套图 photos of a project; answers its
 * sale batches (the first is the opening), which its news announce. A 待售 project has no permit yet.
 */
function composeInfo(rng: Prng, place: ProjectPagesCity, p: ProjectRow): SaleBatch[] {
  const { city, today } = place;
  const area = place.areas.find((a) => a.id === p.businessAreaId);
  const [low, high] = FEE_RANGE[p.propertyType] ?? FEE_RANGE[PROPERTY_TYPE.HOME]!;
  const tierFactor = city.priceTier === 1 ? 1.2 : city.priceTier === 2 ? 1 : 0.8;
  p.propertyFee = Math.round((low + rng.next() * (high - low)) * tierFactor * 10) / 10;
  const isHome =
    p.propertyType === PROPERTY_TYPE.HOME || p.propertyType === PROPERTY_TYPE.VILLA || p.propertyType === PROPERTY_TYPE.SERVICED;
  p.heating = CENTRAL_HEATING.has(city.cityCode)
    ? isHome || rng.chance(0.6)
      ? '集中供暖'
      : '自采暖'
    : isHome && rng.chance(0.35)
      ? '自采暖'
      : '无';
  // On site, or (in town, before building starts) in a showroom of the area.
  p.salesOffice = rng.chance(0.65)
    ? `${p.address}${p.address!.includes('交汇处') ? '（项目现场）' : rng.pick(SIDES)}`
    : `${area?.name ?? ''}${rng.pick(['路', '大街', '大道'])}${rng.int(1, 199)}号${rng.pick(SALES_OFFICE_PLACES)}${rng.int(1, 3)}层`;

  // Album: a traffic map and pictures of the shops and streets around, from the seed's existing pictures.
  const photos: ListingPhoto[] = [...(p.photos ?? [])];
  const street = place.images.commercial.photos['周边街景'];
  const mall = place.images.commercial.photos['商场中庭'];
  const v = rng.int(0, 3);
  photos.push({ url: street[v % street.length]!, title: '交通图·区位', kind: '交通图' });
  if (rng.chance(0.5)) photos.push({ url: street[(v + 1) % street.length]!, title: '交通图·周边路网', kind: '交通图' });
  photos.push({ url: mall[v % mall.length]!, title: '配套图·商业', kind: '配套图' });
  if (rng.chance(0.6)) photos.push({ url: street[(v + 2) % street.length]!, title: '配套图·街区', kind: '配套图' });
  p.photos = photos;

  if (p.saleStatus === SALE_STATUS.COMING) {
    p.permits = [];
    return [];
  }
  // Buildings: 80–200 homes each (villas: rows of a few), numbered 1# …; sold in batches, the first at the opening.
  const households = p.households ?? 500;
  const perBuilding = p.propertyType === PROPERTY_TYPE.VILLA ? rng.int(6, 16) : rng.int(80, 200);
  const buildingCount = Math.max(1, Math.min(30, Math.ceil(households / perBuilding)));
  const opened = dayOf(p.openingDate!);
  // Sold-out projects sold for a while; projects on sale add batches as time since the opening allows.
  const lastSale =
    p.saleStatus === SALE_STATUS.SOLD_OUT ? Math.min(today - 60 * DAY, opened + rng.int(300, 700) * DAY) : today - DAY;
  const room = Math.max(0, Math.floor((lastSale - opened) / (45 * DAY)));
  const wanted = 1 + Math.min(room, p.saleStatus === SALE_STATUS.SOLD_OUT ? rng.int(2, 7) : rng.int(1, 7));
  const count = Math.min(wanted, buildingCount);
  const dates = [opened];
  for (let i = 1; i < count; i++) dates.push(opened + Math.round(((lastSale - opened) * i) / count) + rng.int(-10, 10) * DAY);
  const prefix = PERMIT_PREFIX[city.cityCode] ?? city.cityName;
  const batches: SaleBatch[] = [];
  let next = 1;
  for (const [i, at] of dates.entries()) {
    const left = count - i;
    const take = i === count - 1 ? buildingCount - next + 1 : Math.max(1, Math.round((buildingCount - next + 1) / left));
    const numbers = Array.from({ length: take }, (_, k) => next + k);
    next += take;
    const buildings = numbers.length > 3 ? `${numbers[0]}#-${numbers.at(-1)}#楼` : numbers.map((n) => `${n}#`).join('、') + '楼';
    const issued = at - rng.int(4, 21) * DAY;
    const year = new Date(issued).getUTCFullYear();
    batches.push({
      at,
      buildings,
      permit: { number: `${prefix}房售证字(${year})${rng.int(12, 480)}号`, issuedAt: isoDate(issued), buildings },
    });
  }
  p.permits = batches.map((b) => b.permit);
  return batches;
}

// ————————————————————————————————————————— 楼盘动态 —————————————————————————————————————————

const K = t.PROJECT_NEWS_KIND;
const monthDay = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}年${d.getUTCMonth() + 1}月${d.getUTCDate()}日`;
};
const yearMonth = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}年${d.getUTCMonth() + 1}月`;
};
const yuan = (v: number) => v.toLocaleString('en-US');
const round100 = (v: number) => Math.round(v / 100) * 100;

/**
 * 3 to 15 news of a project, true to its status, dates and price: a 待售 project only announces its opening and,
 * if it has one, its expected price; a project on sale or sold out has its opening, each batch added (加推), the
 * price changes that led to its current average price, and its hand-over (交房) once the delivery month has come.
 */
function composeNews(rng: Prng, place: ProjectPagesCity, p: ProjectRow, layouts: LayoutRow[], batches: SaleBatch[]): NewsRow[] {
  const { today } = place;
  const name = p.name!;
  const out: NewsRow[] = [];
  // Published in office hours, yesterday at the latest: nothing is dated later than the seeding.
  const at = (day: number) => new Date(Math.min(day, today - DAY) + rng.int(9, 18) * 3_600_000 + rng.int(0, 59) * 60_000);
  const add = (kind: NewsKind, day: number, title: string, body: string) =>
    out.push({ projectId: p.id!, kind, title, body, publishedAt: at(day) });
  const areas = layouts.map((l) => l.area);
  const areaText = areas.length ? `建面约${Math.round(Math.min(...areas))}-${Math.round(Math.max(...areas))}㎡` : '';
  const roomWords = [...new Set(layouts.map((l) => l.rooms))].sort((a, b) => a - b).map((r) => (r === 0 ? '开间' : `${r}居`));
  const avg = p.avgPrice ?? null;

  if (p.saleStatus === SALE_STATUS.COMING) {
    const opening = dayOf(p.openingDate!);
    add(
      K.OPENING,
      today - rng.int(1, 20) * DAY,
      `${name}开盘预告：预计${yearMonth(opening)}开盘`,
      `${name}预计于${yearMonth(opening)}首次开盘，主推${areaText}${roomWords.join('、')}，目前售楼处已开放，可预约到访。`,
    );
    add(
      K.OPENING,
      today - rng.int(25, 60) * DAY,
      `${name}售楼处开放，启动意向登记`,
      `${name}售楼处位于${p.salesOffice}，现已开放参观，样板间同步亮相，意向客户可到现场登记。`,
    );
    if (rng.chance(0.5))
      add(
        K.OPENING,
        today - rng.int(65, 120) * DAY,
        `${name}取得项目规划许可`,
        `${name}规划${p.households}户，${p.buildingType}，容积率${p.plotRatio}，预计${yearMonth(opening)}入市。`,
      );
    if (avg !== null)
      add(
        K.PRICE,
        today - rng.int(1, 30) * DAY,
        `${name}价格曝光：预计均价约${yuan(avg)}元/㎡`,
        `据售楼处消息，${name}预计入市均价约${yuan(avg)}元/㎡，最终以备案价为准。`,
      );
    else
      add(
        K.PRICE,
        today - rng.int(1, 30) * DAY,
        `${name}价格待定，开盘前公示`,
        `${name}价格尚未公布，将在取得预售许可证后公示备案价，敬请关注。`,
      );
    return out;
  }

  // The average price over time: from the opening price to today's, one step per price change, each change in a
  // slot of its own between the opening and the last sale (or yesterday, while on sale), so they stay in order.
  const opened = batches[0]?.at ?? dayOf(p.openingDate!);
  const saleEnd = batches.at(-1)?.at ?? opened;
  const changeEnd = p.saleStatus === SALE_STATUS.SOLD_OUT ? saleEnd : today - DAY;
  const span = changeEnd - opened;
  const changes =
    avg === null || span < 4 * DAY
      ? 0
      : Math.min(Math.floor(span / (2 * DAY)), p.saleStatus === SALE_STATUS.SOLD_OUT ? rng.int(1, 4) : rng.int(1, 5));
  const prices: number[] = [];
  if (avg !== null) {
    if (changes > 0) prices.push(round100(avg * (1 + (rng.next() * 0.13 - 0.08))));
    for (let i = 1; i < changes; i++)
      prices.push(round100(prices[0]! + ((avg - prices[0]!) * i) / changes + avg * rng.normal() * 0.01));
    prices.push(avg);
  }
  const openingPrice = avg === null ? null : prices[0]!;
  const homes = () => (p.propertyType === PROPERTY_TYPE.VILLA ? rng.int(8, 40) : rng.int(60, 320));
  const priceText = (price: number | null) => (price === null ? '价格待定' : `均价约${yuan(price)}元/㎡`);

  // Before the opening: its announcement.
  const opening0 = batches[0];
  if (opening0) {
    add(
      K.OPENING,
      opening0.permit ? dayOf(opening0.permit.issuedAt) + DAY : opened - 10 * DAY,
      `${name}开盘预告：${monthDay(opened)}开盘`,
      `${name}已取得预售许可证（${opening0.permit.number}），计划于${monthDay(opened)}开盘，推出${opening0.buildings}。`,
    );
  }
  const sold = rng.int(55, 96);
  add(
    K.OPENING,
    opened,
    `${name}${rng.pick(['首次开盘', '盛大开盘', '首开'])}，推出${opening0?.buildings ?? '首批房源'}`,
    `${monthDay(opened)}，${name}首次开盘，推出${opening0?.buildings ?? '首批房源'}共${homes()}套房源，${priceText(openingPrice)}，主力户型${areaText}${roomWords.join('、')}，当日去化约${sold}%。`,
  );
  for (const b of batches.slice(1)) {
    add(
      K.NEW_BATCH,
      b.at,
      `${name}加推${b.buildings}，${homes()}套房源入市`,
      `${monthDay(b.at)}，${name}加推${b.buildings}，预售许可证${b.permit.number}，${rng.pick(['延续前期价格', '价格与前期基本持平', '户型以改善型为主', '部分楼层享折扣'])}。`,
    );
  }
  // Price changes, each in its slot after the opening.
  const slot = changes > 0 ? span / changes : 0;
  for (let i = 1; i < prices.length; i++) {
    const when = opened + Math.round(slot * (i - 0.5) + (rng.next() - 0.5) * Math.min(10 * DAY, slot / 2));
    const before = prices[i - 1]!;
    const after = prices[i]!;
    if (before === after) continue;
    const up = after > before;
    const pct = Math.abs(((after - before) / before) * 100).toFixed(1);
    add(
      K.PRICE,
      when,
      `${name}均价${up ? '上调' : '下调'}至约${yuan(after)}元/㎡`,
      `${name}备案均价由约${yuan(before)}元/㎡${up ? '上调' : '下调'}至约${yuan(after)}元/㎡，${up ? '涨幅' : '降幅'}约${pct}%。${p.totalPriceMin != null && p.totalPriceMax != null ? `目前在售户型总价约${p.totalPriceMin}-${p.totalPriceMax}万元/套。` : ''}`,
    );
  }
  // Hand-over once the delivery month has come (deliveryDate is a month).
  const delivery = dayOf(p.deliveryDate!) + rng.int(0, 27) * DAY;
  if (delivery <= today) {
    add(
      K.DELIVERY,
      delivery,
      `${name}${rng.pick(['正式交房', '如期交付', '集中交付'])}`,
      `${monthDay(delivery)}起，${name}${batches.length > 1 ? `${batches[0]!.buildings}等楼栋` : (batches[0]?.buildings ?? '')}集中交付，${p.decoration === '精装' ? '精装交付' : '毛坯交付'}，业主可携购房合同、身份证到物业服务中心办理收房手续。`,
    );
  }
  // The subscription before the opening: always in a short feed (a project without a price, opened lately).
  if (out.length < 3 || rng.chance(0.5))
    add(
      K.OPENING,
      opened - rng.int(20, 40) * DAY,
      `${name}启动认筹`,
      `${name}即将入市，现已启动认筹，${areaText}${roomWords.join('、')}，认筹客户开盘当天可优先选房。`,
    );
  return out.slice(0, 15);
}

// ————————————————————————————————————————— 周边 —————————————————————————————————————————

const DIGITS = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
/** 8 → 八, 15 → 十五, 42 → 四十二, 105 → 一百零五, 154 → 一百五十四: how school and hospital numbers are written. */
export function chineseNumber(n: number): string {
  if (n < 10) return DIGITS[n]!;
  if (n < 20) return `十${n % 10 ? DIGITS[n % 10] : ''}`;
  if (n < 100) return `${DIGITS[Math.floor(n / 10)]}十${n % 10 ? DIGITS[n % 10] : ''}`;
  const rest = n % 100;
  return `${DIGITS[Math.floor(n / 100)]}百${rest === 0 ? '' : rest < 10 ? `零${DIGITS[rest]}` : rest < 20 ? `一${chineseNumber(rest)}` : chineseNumber(rest)}`;
}

const SCHOOLS: ((c: string, d: string, a: string, n: number) => string)[] = [
  (c, d) => `${c}市${d}实验小学`,
  (_c, _d, a) => `${a}中心小学`,
  (_c, d, a) => `${d}${a}第一小学`,
  (c, _d, _a, n) => `${c}市第${chineseNumber(n)}中学`,
  (_c, d) => `${d}实验中学`,
  (_c, _d, a) => `${a}幼儿园`,
  (_c, d, a) => `${d}${a}中心幼儿园`,
  (_c, d) => `${d}外国语学校`,
  (c, _d, a) => `${c}师范大学附属${a}学校`,
  (_c, _d, a) => `${a}第二小学`,
  (_c, d, _a, n) => `${d}第${chineseNumber(1 + (n % 12))}中学`,
];
const HOSPITALS: ((c: string, d: string, a: string, n: number, short: string) => string)[] = [
  (_c, d) => `${d}人民医院`,
  (_c, d) => `${d}中医医院`,
  (_c, d) => `${d}妇幼保健院`,
  (_c, _d, a) => `${a}社区卫生服务中心`,
  (c, _d, _a, n) => `${c}市第${chineseNumber(n)}人民医院`,
  (c, _d, _a, _n, short) => `${c === '北京' ? '首都' : c}医科大学附属${short}医院`,
  (_c, d) => `${d}口腔医院`,
];
const SHOPPING = [
  '万达广场',
  '吾悦广场',
  '龙湖天街',
  '印象城',
  '华润万象汇',
  '永辉超市',
  '盒马鲜生',
  '大润发',
  '购物中心',
  '大悦城',
  '苏宁易购',
  '银泰百货',
];

/**
 * Schools, hospitals and shopping around every business area of the city (about eight an area), named from the
 * district and area: 北京市朝阳区实验小学, 望京社区卫生服务中心, 望京龙湖天街. A name is used once per city.
 */
function composePlaces(rng: Prng, place: ProjectPagesCity): PlaceRow[] {
  const { city } = place;
  const district = new Map(place.districts.map((d) => [d.id, d]));
  const used = new Set<string>();
  const rows: PlaceRow[] = [];
  const put = (kind: number, name: string, area: AreaPlace) => {
    if (used.has(name)) return;
    used.add(name);
    // About a kilometre around the area's centre, as homes and projects are.
    rows.push({
      cityCode: city.cityCode,
      kind,
      name,
      lat: area.lat + rng.normal() * 0.008,
      lng: area.lng + rng.normal() * 0.009,
    });
  };
  for (const area of place.areas) {
    const d = district.get(area.districtId);
    if (!d) continue;
    for (let i = rng.int(2, 4); i > 0; i--)
      put(t.PLACE_KIND.SCHOOL, rng.pick(SCHOOLS)(city.cityName, d.name, area.name, rng.int(1, 180)), area);
    for (let i = rng.int(1, 2); i > 0; i--)
      put(t.PLACE_KIND.HOSPITAL, rng.pick(HOSPITALS)(city.cityName, d.name, area.name, rng.int(1, 12), d.shortName), area);
    for (let i = rng.int(2, 3); i > 0; i--) {
      const brand = rng.pick(SHOPPING);
      put(t.PLACE_KIND.SHOPPING, `${area.name}${brand}`, area);
    }
  }
  return rows;
}
