import type { Storage } from '../storage';
import { Prng } from './prng';
import type * as t from './schema';
import type { SeedCity } from './seed-data/cities';
import * as words from './seed-data/names';
import type { AreaPlace, CommunityPlace } from './seed-homes';
import type { SeedImages } from './seed-images';
import { searchNames } from './search-names';

/**
 * The communities of a city (小区): about one for every six homes for sale, each with the facts a 小区
 * page shows (property company, buildings and households, plot and green ratio, a reference price and its
 * 12-month trend, photos, a description, the nearest station).
 *
 * The first ceil(homes / 25) communities are drawn from the main generator exactly as before this file existed,
 * so that the draws of every home keep their order; the communities added since and every new fact come from a
 * generator of their own (ESTATE_SEED).
 */
export const ESTATE_SEED = 20260155;

type CommunityRow = typeof t.communities.$inferInsert;
type District = { id: number; name: string };
type Station = { id: number; lineId: number; distance: number };

/** A composed community: its row (without id) and what composing its homes needs of it. */
export interface CommunityDraft {
  row: CommunityRow & { name: string; districtId: number; businessAreaId: number; lat: number; lng: number; buildYear: number };
  priceFactor: number;
  station: Station | null;
}

export interface CityCommunities {
  city: SeedCity;
  /** Homes for sale in the city: the number of communities follows it. */
  listingTotal: number;
  areas: AreaPlace[];
  districts: District[];
  /** District price level around 1 (central districts dearer). */
  districtFactor: Map<number, number>;
  /** Well-known community names per business area name. */
  known: Record<string, string[]>;
  /** The nearest station within 1.5 km walking, or null. */
  nearestStation: (at: { lat: number; lng: number }) => Station | null;
  /** Keeps a drawn point inside its district's outline (db/district-outlines.ts); draws nothing from the streams here. */
  place: <T extends { lat: number; lng: number }>(districtId: number, at: T) => T;
  images: SeedImages;
}

/** The community pictures beside the shared covers (外景): gate, gardens, a building, per colour scheme. */
export interface EstateImages {
  gate: string[];
  garden: string[];
  building: string[];
}

/** What the seed keeps for composing communities across cities: the generator and the pictures. */
export interface EstateSeeder {
  rng: Prng;
  images: EstateImages;
}

export async function estateSeeder(storage: Storage): Promise<EstateSeeder> {
  return { rng: new Prng(ESTATE_SEED), images: await writeEstateImages(storage) };
}

/** Homes for sale per community: Lianjia's 北京 lists about 11,000 communities for 80,000 homes on sale. */
const HOMES_PER_COMMUNITY = 6;
/** A small city still has a street of communities to browse. */
const MIN_COMMUNITIES = 12;

// Name parts for the communities added by this file: enough combinations for five thousand names in a city.
const HEADS = [
  ...words.COMMUNITY_HEADS,
  '金隅',
  '远洋',
  '万科',
  '保利',
  '中海',
  '华润',
  '首开',
  '龙湖',
  '融创',
  '绿地',
  '招商',
  '金地',
  '旭辉',
  '建业',
  '富力',
  '明珠',
  '银河',
  '星河',
  '恒泰',
  '永安',
  '长安',
  '新华',
  '红星',
  '建工',
  '华侨',
  '海棠',
  '玉兰',
  '丁香',
  '芳草',
  '青年',
  '学府',
  '观澜',
  '澜湾',
  '云栖',
  '悦府',
  '君悦',
  '泰和',
  '瑞景',
  '润泽',
  '阳春',
  '鸿福',
  '富贵',
  '花溪',
  '荷塘',
  '北辰',
  '南山',
  '西山',
  '东湖',
  '湖畔',
  '清河',
  '秀水',
  '安贞',
  '和谐',
  '如意',
  '吉祥',
  '百合',
  '橡树',
  '香榭',
  '柏林',
];
const TAILS = [
  ...words.COMMUNITY_TAILS,
  '东里',
  '西里',
  '南里',
  '北里',
  '园',
  '名苑',
  '雅苑',
  '景园',
  '华府',
  '府',
  '公馆',
  '国际',
  '城',
  '湾',
  '庭院',
  '佳园',
  '丽园',
  '馨园',
  '花苑',
  '家属院',
  '小镇',
  '壹号',
  '御府',
  '水岸',
  '尚城',
  '时代',
  '广场',
  '康城',
];
const PHASES = ['', '', '', '', '一期', '二期', '三期', '东区', '西区', '南区', '北区', '一区', '二区', '三区'];

/** Property companies: old 公房 blocks are often run by the housing office or by the owners themselves. */
const PROPERTY_COMPANIES = [
  '万科物业',
  '保利物业',
  '中海物业',
  '华润万象生活',
  '绿城服务',
  '龙湖智创生活',
  '招商积余',
  '金地物业',
  '碧桂园服务',
  '世茂服务',
  '长城物业',
  '新大正物业',
  '首开物业',
  '雅生活服务',
];
const OLD_PROPERTY_COMPANIES = ['房管所物业', '街道物业服务中心', '业主自管', '单位后勤物业', ...PROPERTY_COMPANIES.slice(0, 6)];

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

/**
 * The communities of one city, in insert order: the well-known names, then composed ones up to the legacy
 * count (main generator, draw for draw as before), then more up to one per six homes (estate generator), each
 * with its facts (estate generator).
 */
export function composeCommunities(rng: Prng, estate: EstateSeeder, ctx: CityCommunities): CommunityDraft[] {
  const { city, listingTotal, areas, districts, districtFactor, known, nearestStation, place, images } = ctx;
  const erng = estate.rng;
  const districtById = new Map(districts.map((d) => [d.id, d]));

  // Legacy part: names, rows and price factors drawn from `rng` in exactly the old order.
  const legacyWanted = Math.max(6, Math.ceil(listingTotal / 25));
  const drafts: { name: string; area: AreaPlace }[] = [];
  const used = new Set<string>();
  for (const area of areas) {
    for (const name of known[area.name] ?? []) {
      drafts.push({ name, area });
      used.add(name);
    }
  }
  for (let guard = 0; drafts.length < legacyWanted && guard < legacyWanted * 20; guard++) {
    const area = rng.pick(areas);
    const head = rng.chance(0.35) ? area.name : rng.pick(words.COMMUNITY_HEADS);
    const name = head + rng.pick(words.COMMUNITY_TAILS) + (rng.chance(0.2) ? `${rng.pick(['一', '二', '三'])}期` : '');
    if (used.has(name)) continue;
    used.add(name);
    drafts.push({ name, area });
  }
  const legacyRows = drafts.map(({ name, area }) => {
    const buildYear = rng.int(1985, 2022);
    const district = districtById.get(area.districtId)!;
    return {
      cityCode: city.cityCode,
      districtId: area.districtId,
      businessAreaId: area.id,
      name,
      ...searchNames(name),
      address: `${city.cityName}${district.name}${area.name}${rng.pick(['路', '街', '大街', '北路', '南路'])}${rng.int(1, 199)}号`,
      ...place(area.districtId, { lat: area.lat + rng.normal() * 0.006, lng: area.lng + rng.normal() * 0.006 }),
      buildYear,
      buildingType: rng.pick(words.BUILDING_TYPES),
      propertyFee: Math.round((buildYear < 2000 ? 0.8 + rng.next() : 1.5 + rng.next() * 4) * 10) / 10,
      developer: rng.pick(words.DEVELOPERS),
      coverUrl: rng.pick(images.covers),
    };
  });
  const legacy = legacyRows.map((row) => ({
    row,
    priceFactor: (districtFactor.get(row.districtId) ?? 1) * (0.85 + rng.next() * 0.3),
  }));

  // Added part: from the estate generator only, so the homes' draws above stay as they were.
  const wanted = Math.max(MIN_COMMUNITIES, Math.ceil(listingTotal / HOMES_PER_COMMUNITY));
  const added: typeof legacy = [];
  for (let guard = 0; legacy.length + added.length < wanted && guard < wanted * 20; guard++) {
    const area = erng.pick(areas);
    const head = erng.chance(0.3) ? area.name : erng.pick(HEADS);
    const name = head + erng.pick(TAILS) + erng.pick(PHASES);
    if (used.has(name)) continue;
    used.add(name);
    // Building went on into the 2020s; older stock dominates as in any big city.
    const buildYear = erng.chance(0.15) ? erng.int(1978, 1989) : erng.int(1990, 2024);
    const district = districtById.get(area.districtId)!;
    const row = {
      cityCode: city.cityCode,
      districtId: area.districtId,
      businessAreaId: area.id,
      name,
      ...searchNames(name),
      address: `${city.cityName}${district.name}${area.name}${erng.pick(['路', '街', '大街', '北路', '南路', '东路', '西路'])}${erng.int(1, 299)}号`,
      ...place(area.districtId, { lat: area.lat + erng.normal() * 0.007, lng: area.lng + erng.normal() * 0.007 }),
      buildYear,
      buildingType: buildYear < 2000 ? erng.pick(['板楼', '板楼', '塔楼']) : erng.pick(words.BUILDING_TYPES),
      propertyFee: round(buildYear < 2000 ? 0.5 + erng.next() * 1.2 : 1.5 + erng.next() * 4, 1),
      developer: erng.pick(words.DEVELOPERS),
      coverUrl: erng.pick(images.covers),
    };
    added.push({ row, priceFactor: (districtFactor.get(area.districtId) ?? 1) * (0.8 + erng.next() * 0.4) });
  }

  // The city's market of the last year: a monthly drift shared by its communities (2025–26: mostly soft).
  const cityDrift = -0.006 + erng.normal() * 0.002;
  return [...legacy, ...added].map(({ row, priceFactor }) => {
    const station = nearestStation(row);
    return {
      row: {
        ...row,
        ...factsOf(erng, city, row, priceFactor, station, estate.images, districtById.get(row.districtId)!.name, cityDrift),
      },
      priceFactor,
      station,
    };
  });
}

/** The facts of the 小区 page, from the estate generator. */
function factsOf(
  rng: Prng,
  city: SeedCity,
  c: {
    name: string;
    buildYear: number;
    buildingType: string;
    coverUrl: string;
    propertyFee: number;
    developer: string;
    businessAreaId: number;
  },
  priceFactor: number,
  station: Station | null,
  images: EstateImages,
  districtName: string,
  cityDrift: number,
) {
  const old = c.buildYear < 2000;
  // Walk-ups of six floors before 2000; towers and slab blocks after, two to four homes per floor and stair.
  const floors = old ? rng.int(5, 7) : c.buildingType === '塔楼' ? rng.pick([18, 24, 28, 32]) : rng.pick([6, 9, 11, 16, 18]);
  const perFloor = old ? rng.int(2, 3) * rng.int(2, 4) : c.buildingType === '板楼' ? 2 * rng.int(2, 3) : rng.int(4, 8);
  const buildingCount = old ? rng.int(4, 30) : rng.int(3, 22);
  const households = Math.round(buildingCount * floors * perFloor * (0.9 + rng.next() * 0.2));
  const plotRatio = round(
    old
      ? 1.1 + rng.next() * 1.1
      : c.buildingType === '塔楼'
        ? 2.8 + rng.next() * 1.7
        : c.buildingType === '板楼'
          ? 1.6 + rng.next() * 1.2
          : 2.2 + rng.next() * 1.3,
    2,
  );
  const greenRatio = round(old ? 0.22 + rng.next() * 0.1 : 0.3 + rng.next() * 0.12, 2);
  const propertyCompany = rng.pick(old ? OLD_PROPERTY_COMPANIES : PROPERTY_COMPANIES);
  const avgPrice = Math.round(city.unitPrice * priceFactor);
  // Rents vary less between districts than prices do, as the seed's rentals (seed-rentals.ts): the square root.
  const avgRent = Math.round(city.rentLevel * Math.sqrt(priceFactor) * 10) / 10;
  const priceTrend = trendEndingAt(rng, avgPrice, cityDrift + rng.normal() * 0.0015);
  const variant = rng.int(0, 3);
  const photos = [
    { url: c.coverUrl, title: '小区外景', kind: '外景' },
    { url: images.gate[variant]!, title: '小区入口', kind: '入口' },
    { url: images.building[(variant + 1) % 4]!, title: '楼栋外观', kind: '楼栋' },
    { url: images.garden[(variant + 2) % 4]!, title: '园林景观', kind: '景观' },
  ];
  const near = station ? `距地铁站约${station.distance}米，` : '';
  const description =
    `${c.name}位于${city.cityName}${districtName}，${c.buildYear}年建成，共${buildingCount}栋${c.buildingType}、${households}户，` +
    `容积率${plotRatio}，绿化率${Math.round(greenRatio * 100)}%。${near}物业由${propertyCompany}管理，物业费${c.propertyFee}元/㎡/月。` +
    (old ? '小区成熟，周边学校、医院、菜市场齐全，适合自住。' : '社区规划整齐，人车分流，配套商业与幼儿园步行可达。');
  return {
    propertyCompany,
    buildingCount,
    households,
    plotRatio,
    greenRatio,
    avgPrice,
    avgRent,
    priceTrend,
    photos,
    description,
    stationId: station?.id ?? null,
    lineId: station?.lineId ?? null,
    stationDistance: station?.distance ?? null,
  };
}

/** Twelve monthly prices, oldest first, ending at `price`: a steady drift with a little noise each month. */
function trendEndingAt(rng: Prng, price: number, drift: number): number[] {
  const trend = [price];
  for (let i = 0; i < 11; i++) trend.unshift(Math.round(trend[0]! / (1 + drift + rng.normal() * 0.003)));
  return trend;
}

/** Community ids by the communities' order in `drafts` (names are unique within a city). */
export function communityPlacesOf(drafts: CommunityDraft[], idByName: Map<string, number>): CommunityPlace[] {
  return drafts.map(({ row, priceFactor, station }) => ({
    id: idByName.get(row.name)!,
    name: row.name,
    districtId: row.districtId,
    businessAreaId: row.businessAreaId,
    lat: row.lat,
    lng: row.lng,
    buildYear: row.buildYear,
    priceFactor,
    station,
  }));
}

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">${body}</svg>`;
const HUES = [150, 30, 205, 350];

function gatePicture(hue: number): string {
  return svg(
    `<rect width="800" height="600" fill="hsl(${hue},45%,90%)"/><rect y="470" width="800" height="130" fill="#b9b4aa"/>` +
      `<rect x="150" y="180" width="60" height="290" fill="hsl(${hue},25%,45%)"/><rect x="590" y="180" width="60" height="290" fill="hsl(${hue},25%,45%)"/>` +
      `<rect x="130" y="150" width="540" height="70" fill="hsl(${hue},30%,35%)"/><rect x="300" y="168" width="200" height="34" fill="#f4e3b5"/>` +
      `<rect x="230" y="400" width="340" height="8" fill="#666"/><circle cx="90" cy="420" r="50" fill="#6aa35a"/><circle cx="710" cy="420" r="50" fill="#6aa35a"/>`,
  );
}

function gardenPicture(hue: number): string {
  const trees = Array.from(
    { length: 6 },
    (_, k) =>
      `<circle cx="${80 + k * 130}" cy="${300 + (k % 2) * 30}" r="${55 + (k % 3) * 10}" fill="hsl(${110 + k * 6},40%,${40 + (k % 3) * 6}%)"/>`,
  ).join('');
  return svg(
    `<rect width="800" height="600" fill="hsl(${hue},50%,92%)"/><rect y="360" width="800" height="240" fill="#8cc27a"/>` +
      `<path d="M0 520 Q400 420 800 520 L800 600 L0 600 Z" fill="#d8cbb0"/>${trees}<ellipse cx="560" cy="470" rx="120" ry="30" fill="#9fd3e8"/>`,
  );
}

function buildingPicture(hue: number): string {
  const windows: string[] = [];
  for (let r = 0; r < 9; r++)
    for (let c = 0; c < 6; c++)
      windows.push(`<rect x="${250 + c * 50}" y="${110 + r * 40}" width="30" height="22" fill="#cfe6f5"/>`);
  return svg(
    `<rect width="800" height="600" fill="hsl(${hue},55%,88%)"/><rect x="230" y="80" width="340" height="420" fill="hsl(${hue},15%,72%)"/>${windows.join('')}` +
      `<rect y="500" width="800" height="100" fill="#7fae6b"/><rect x="370" y="440" width="60" height="60" fill="hsl(${hue},20%,40%)"/>`,
  );
}

async function writeEstateImages(storage: Storage): Promise<EstateImages> {
  const store = async (key: string, body: string) => {
    await storage.put(key, Buffer.from(body, 'utf8'), 'image/svg+xml');
    return storage.publicUrl(key);
  };
  const kinds = { gate: gatePicture, garden: gardenPicture, building: buildingPicture };
  const out = {} as EstateImages;
  for (const [kind, draw] of Object.entries(kinds) as [keyof EstateImages, (hue: number) => string][]) {
    out[kind] = await Promise.all(HUES.map((hue, i) => store(`seed/community/${kind}-${i + 1}.svg`, draw(hue))));
  }
  return out;
}
