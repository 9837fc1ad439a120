import { SALE_STATUS, type SaleStatus } from '@contracts/new-home';
import { PROPERTY_TYPE, propertyTypeName } from '../domain/residential-codes';
import type { Prng } from './prng';
import type * as t from './schema';
import type { ListingPhoto } from './schema';
import type { SeedCity } from './seed-data/cities';
import * as words from './seed-data/names';
import {
  CORNERS,
  DEVELOPER_BRANDS,
  LAYOUT_TAGS,
  PROJECT_HIGHLIGHTS,
  PROJECT_TAILS,
  PROPERTY_MANAGERS,
  REGISTERED_TAILS,
  ROAD_SUFFIXES,
} from './seed-data/project-names';
import { DAY, walkingMetres, type AreaPlace, type Place } from './seed-homes';
import type { ROOM_TYPES, SeedImages } from './seed-images';
import { searchNames } from './search-names';

type ProjectRow = typeof t.newProjects.$inferInsert;
type LayoutRow = typeof t.projectLayouts.$inferInsert;

/**
 * New-home projects (楼盘) of a city and their layouts (户型). Ids are given here, not by the serial, so that a
 * layout can name its project before either is inserted (seed.ts moves the sequence past them afterwards).
 */

/** How many projects the seed makes: one per 40 second-hand listings, over the cities by weight… */
export const LISTINGS_PER_PROJECT = 40;
/**
 * …and at least this many in every city with new homes: a 新房 list of two or three projects reads as empty,
 * and the tests (400 listings: ten projects over fourteen cities) and the browser test (3000) page through
 * 北京's 在售 projects at 10 a page.
 */
export const MIN_PROJECTS_PER_CITY = 24;

/** A city as composing its projects sees it. */
export interface CityProjects {
  city: SeedCity;
  districts: { id: number; name: string; shortName: string }[];
  /** Ordered as the districts, central first. */
  areas: AreaPlace[];
  stations: (Place & { lineId: number })[];
  /** District price level around 1 (central districts dearer), as the second-hand homes use. */
  districtFactor: Map<number, number>;
  agentsByArea: Map<number, number[]>;
  cityAgents: number[];
  images: SeedImages;
  /** Midnight of the day of seeding, ms. */
  today: number;
  /** Keeps a drawn point inside its district's outline (db/district-outlines.ts); draws nothing from the streams here. */
  place: <T extends { lat: number; lng: number }>(districtId: number, at: T) => T;
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isoMonth = (ms: number) => new Date(ms).toISOString().slice(0, 7);
const round = (v: number, step: number) => Math.round(v / step) * step;
/** Two decimals without binary noise: 2.53, not 2.5300000000000002. */
const hundredths = (v: number) => Math.round(v * 100) / 100;
/** A layout's 参考总价 in whole 万元, as developers quote it (约680万/套). */
const wan = (yuan: number) => Math.round(yuan / 10000);

interface TypeProfile {
  /** Price per ㎡ against a home of the district. */
  priceFactor: number;
  rightsYears: () => number;
  buildingType: () => string;
  plotRatio: () => number;
  greenRatio: () => number;
  households: () => number;
  /** Room counts its layouts draw from (0: 开间 / 整层 of offices and shops). */
  rooms: number[];
  decoration: () => string;
}

function profiles(rng: Prng): Record<number, TypeProfile> {
  const between = (min: number, max: number) => hundredths(min + rng.next() * (max - min));
  return {
    [PROPERTY_TYPE.HOME]: {
      priceFactor: 1,
      rightsYears: () => 70,
      buildingType: () => rng.pick(['高层', '高层', '小高层', '洋房', '板楼']),
      plotRatio: () => between(1.8, 3.5),
      greenRatio: () => between(0.3, 0.4),
      households: () => rng.int(3, 30) * 100 + rng.int(0, 99),
      rooms: [2, 3, 3, 4, 4, 5],
      decoration: () => (rng.chance(0.6) ? '精装' : '毛坯'),
    },
    [PROPERTY_TYPE.VILLA]: {
      priceFactor: 1.45,
      rightsYears: () => 70,
      buildingType: () => rng.pick(['联排别墅', '叠拼别墅', '独栋别墅']),
      plotRatio: () => between(0.6, 1.3),
      greenRatio: () => between(0.35, 0.45),
      households: () => rng.int(60, 420),
      rooms: [4, 4, 5, 5, 6],
      decoration: () => (rng.chance(0.5) ? '精装' : '毛坯'),
    },
    [PROPERTY_TYPE.SERVICED]: {
      priceFactor: 0.68,
      rightsYears: () => rng.pick([40, 50]),
      buildingType: () => rng.pick(['高层', '超高层']),
      plotRatio: () => between(3.5, 6),
      greenRatio: () => between(0.25, 0.3),
      households: () => rng.int(4, 15) * 100 + rng.int(0, 99),
      rooms: [1, 1, 2],
      decoration: () => (rng.chance(0.8) ? '精装' : '毛坯'),
    },
    [PROPERTY_TYPE.OFFICE]: {
      priceFactor: 0.75,
      rightsYears: () => 50,
      buildingType: () => rng.pick(['超高层', '高层']),
      plotRatio: () => between(4, 8),
      greenRatio: () => between(0.2, 0.3),
      households: () => rng.int(2, 8) * 100 + rng.int(0, 99),
      rooms: [0],
      decoration: () => (rng.chance(0.5) ? '精装' : '毛坯'),
    },
    [PROPERTY_TYPE.SHOP]: {
      priceFactor: 1.1,
      rightsYears: () => 40,
      buildingType: () => rng.pick(['低层', '多层']),
      plotRatio: () => between(1.5, 3),
      greenRatio: () => between(0.15, 0.25),
      households: () => rng.int(40, 300),
      rooms: [0],
      decoration: () => '毛坯',
    },
  };
}

/** 建筑面积 ranges of a layout by room count, ㎡ (0: an office floor plate or a shop unit). */
const LAYOUT_AREAS: Record<number, [number, number]> = {
  0: [60, 480],
  1: [35, 60],
  2: [68, 92],
  3: [89, 128],
  4: [120, 170],
  5: [150, 240],
  6: [220, 420],
};

function mainType(rng: Prng): number {
  const roll = rng.next();
  return roll < 0.78
    ? PROPERTY_TYPE.HOME
    : roll < 0.86
      ? PROPERTY_TYPE.VILLA
      : roll < 0.93
        ? PROPERTY_TYPE.SERVICED
        : roll < 0.97
          ? PROPERTY_TYPE.OFFICE
          : PROPERTY_TYPE.SHOP;
}

function saleStatus(rng: Prng): SaleStatus {
  const roll = rng.next();
  return roll < 0.7 ? SALE_STATUS.ON_SALE : roll < 0.88 ? SALE_STATUS.COMING : SALE_STATUS.SOLD_OUT;
}

/** The nearest station within 1.5 km walking, as homes have. */
function nearestStation(stations: CityProjects['stations'], at: { lat: number; lng: number }) {
  let best: { id: number; lineId: number; distance: number } | null = null;
  for (const s of stations) {
    const distance = walkingMetres(at, s);
    if (distance <= 1500 && (!best || distance < best.distance)) best = { id: s.id, lineId: s.lineId, distance };
  }
  return best;
}

/** A layout's album entry: its plan, titled as portals do (`A户型 3室2厅2卫 建面约120㎡`). */
function layoutTitle(l: LayoutRow): string {
  const rooms = l.rooms === 0 ? '开间' : `${l.rooms}室${l.halls}厅${l.baths}卫`;
  return `${l.name} ${rooms} 建面约${Math.round(l.area)}㎡`;
}

/**
 * `count` projects of one city, ids from `firstId`. Prices follow the district level of the second-hand homes
 * with a new-home premium; 待售 projects are mostly 价格待定 (no price yet), and the total-price range is that
 * of the layouts on sale.
 */
export function composeProjects(
  rng: Prng,
  place: CityProjects,
  count: number,
  firstId: number,
): { projects: ProjectRow[]; layouts: LayoutRow[] } {
  const { city, areas, images, today } = place;
  const byType = profiles(rng);
  const districtById = new Map(place.districts.map((d) => [d.id, d]));
  const projects: ProjectRow[] = [];
  const layouts: LayoutRow[] = [];
  const used = new Set<string>();

  for (let k = 0; k < count; k++) {
    const id = firstId + k;
    // New homes are built where land is: outer districts (listed last) get more projects than the centre.
    const area = areas[Math.floor(areas.length * Math.pow(rng.next(), 0.7))]!;
    const district = districtById.get(area.districtId)!;
    const developer = rng.pick(DEVELOPER_BRANDS);
    let name = '';
    for (let guard = 0; guard < 50 && (name === '' || used.has(name)); guard++) {
      const tail = rng.pick(PROJECT_TAILS);
      const style = rng.next();
      name = style < 0.5 ? `${developer.brand}·${tail}` : style < 0.8 ? `${developer.brand}${tail}` : `${area.name}${tail}`;
    }
    if (used.has(name)) name = `${name}${id}期`;
    used.add(name);
    const alias = rng.chance(0.3)
      ? `${area.name}${rng.pick(REGISTERED_TAILS)}${rng.chance(0.3) ? rng.pick(['一期', '二期', '三期']) : ''}`
      : '';

    const type = mainType(rng);
    const profile = byType[type]!;
    const status = saleStatus(rng);
    const priced = status === SALE_STATUS.COMING ? rng.chance(0.3) : status === SALE_STATUS.ON_SALE ? rng.chance(0.95) : true;
    // New homes sell 5–20% above the district's second-hand level.
    const level =
      city.unitPrice *
      (place.districtFactor.get(district.id) ?? 1) *
      (1.05 + rng.next() * 0.15) *
      profile.priceFactor *
      (1 + rng.normal() * 0.04);
    const avgPrice = priced ? round(level, 100) : null;
    const decoration = profile.decoration();

    // Dates: 在售 opened within the last two years, 待售 opens within nine months (a month only), 售罄 opened 2–5 years ago.
    const openedAt =
      status === SALE_STATUS.ON_SALE
        ? today - rng.int(7, 720) * DAY
        : status === SALE_STATUS.COMING
          ? today + rng.int(20, 270) * DAY
          : today - rng.int(730, 1800) * DAY;
    const openingDate = status === SALE_STATUS.COMING ? isoMonth(openedAt) : isoDate(openedAt);
    const deliveredAt = openedAt + rng.int(18, 36) * 30 * DAY;
    const delivered = deliveredAt <= today;

    // Layouts: A户型, B户型 … from the smallest, with rooms of the type, each priced at the project's level give
    // or take its floor.
    const plans = Array.from({ length: rng.int(3, 8) }, () => {
      const rooms = rng.pick(profile.rooms);
      const [minArea, maxArea] = LAYOUT_AREAS[rooms]!;
      return { rooms, area: round(minArea + rng.next() * (maxArea - minArea), 1) };
    }).sort((a, b) => a.rooms - b.rooms || a.area - b.area);
    const own: LayoutRow[] = [];
    for (const [i, { rooms, area: layoutArea }] of plans.entries()) {
      const layoutStatus =
        status === SALE_STATUS.ON_SALE
          ? rng.chance(0.8)
            ? SALE_STATUS.ON_SALE
            : rng.chance(0.5)
              ? SALE_STATUS.SOLD_OUT
              : SALE_STATUS.COMING
          : status;
      const tags = [...new Set([rng.pick(LAYOUT_TAGS), rng.pick(LAYOUT_TAGS)])];
      own.push({
        projectId: id,
        name: `${String.fromCharCode(65 + i)}户型`,
        rooms,
        halls: rooms === 0 ? 0 : rooms === 1 ? 1 : 2,
        baths: rooms === 0 ? 1 : rooms <= 2 ? 1 : rooms <= 4 ? 2 : 3,
        area: layoutArea,
        orientation: rooms === 0 ? rng.pick(['南', '东', '西', '北']) : rng.pick(['南北', '南北', '南', '东南', '西南']),
        totalPrice: avgPrice === null ? null : wan(avgPrice * layoutArea * (0.96 + rng.next() * 0.1)),
        saleStatus: layoutStatus,
        planUrl: images.floorPlans[Math.max(1, Math.min(rooms, 6)) - 1]!,
        tags: rooms === 0 ? ['得房率高'] : tags,
      });
    }
    // The range is that of the layouts on sale; a project sold out or not yet on sale shows all its layouts'.
    const onSale = own.filter((l) => l.saleStatus === SALE_STATUS.ON_SALE && l.totalPrice != null);
    const priceOf = (onSale.length ? onSale : own).map((l) => l.totalPrice).filter((v): v is number => v != null);
    const totalPriceMin = priceOf.length ? Math.min(...priceOf) : null;
    const totalPriceMax = priceOf.length ? Math.max(...priceOf) : null;
    layouts.push(...own);

    const at = place.place(area.districtId, { lat: area.lat + rng.normal() * 0.01, lng: area.lng + rng.normal() * 0.01 });
    const station = nearestStation(place.stations, at);
    const road = `${area.name}${rng.pick(ROAD_SUFFIXES)}`;
    const address = rng.chance(0.6)
      ? `${district.name}${road}${rng.int(1, 299)}号`
      : `${district.name}${road}与${rng.pick(words.COMMUNITY_HEADS)}${rng.pick(['路', '街', '大街'])}交汇处${rng.pick(CORNERS)}`;

    const types = [propertyTypeName(type)];
    if (type === PROPERTY_TYPE.HOME && rng.chance(0.2)) types.push('商铺');
    if (type === PROPERTY_TYPE.HOME && rng.chance(0.1)) types.push('别墅');
    if (type === PROPERTY_TYPE.OFFICE && rng.chance(0.4)) types.push('商铺');

    const households = profile.households();
    const parkingSpaces = Math.round(households * (type === PROPERTY_TYPE.VILLA ? 2 : 0.8 + rng.next() * 0.7));
    const plotRatio = profile.plotRatio();
    const greenRatio = profile.greenRatio();
    const minArea = Math.min(...own.map((l) => l.area));
    const maxArea = Math.max(...own.map((l) => l.area));
    const lowTotal = { 1: 400, 2: 250, 3: 120 }[city.priceTier] ?? 120;

    const tags: string[] = [];
    if (station && station.distance <= 1000) tags.push('近地铁');
    if (developer.tier === 'national') tags.push('品牌房企');
    if (totalPriceMin !== null && totalPriceMin < lowTotal && type === PROPERTY_TYPE.HOME) tags.push('低总价');
    if (delivered && status !== SALE_STATUS.SOLD_OUT) tags.push('现房');
    if (decoration === '精装') tags.push('精装修');
    if (type === PROPERTY_TYPE.HOME && minArea < 90) tags.push('小户型');
    if (type === PROPERTY_TYPE.HOME && maxArea >= 140) tags.push('改善型');
    if (plotRatio < 1.5) tags.push('低密度');
    if (rng.chance(0.25)) tags.push('公园地产');
    if (type === PROPERTY_TYPE.HOME && rng.chance(0.2)) tags.push('学区房');
    // A card shows five tags at most, the first ones being what buyers filter by first.
    tags.splice(5);

    // Album: renderings (效果图), site photos (实景图) once building has begun, show flats (样板间), plans (户型图).
    const variant = rng.int(0, 7);
    const photos: ListingPhoto[] = [];
    for (let i = 0; i < rng.int(2, 3); i++)
      photos.push({ url: images.covers[(variant + i) % images.covers.length]!, title: `效果图${i + 1}`, kind: '效果图' });
    if (status !== SALE_STATUS.COMING || rng.chance(0.4)) {
      for (let i = 0; i < rng.int(1, 3); i++)
        photos.push({
          url: images.covers[(variant + 3 + i * 2) % images.covers.length]!,
          title: `实景图${i + 1}`,
          kind: '实景图',
        });
    }
    // Show flats only where homes are sold: an office tower or a shopping street has none.
    if (type !== PROPERTY_TYPE.SHOP && type !== PROPERTY_TYPE.OFFICE) {
      const showRooms: (typeof ROOM_TYPES)[number][] = ['客厅', '卧室', '厨房', '卫生间', '餐厅'];
      for (const [i, room] of showRooms.slice(0, rng.int(3, 5)).entries()) {
        photos.push({ url: images.rooms[room][(variant + i) % 4]!, title: `样板间·${room}`, kind: '样板间' });
      }
    }
    for (const l of own) photos.push({ url: l.planUrl, title: layoutTitle(l), kind: '户型图' });

    const roomWords = [...new Set(own.map((l) => l.rooms))].sort((a, b) => a - b).map((r) => (r === 0 ? '开间' : `${r}居`));
    const description =
      `${name}位于${district.name}${area.name}板块，由${city.cityName}${developer.brand}开发，` +
      `规划${households}户，容积率${plotRatio}，绿化率${Math.round(greenRatio * 100)}%。` +
      `主力户型为建面约${Math.round(minArea)}-${Math.round(maxArea)}㎡的${roomWords.join('、')}，${decoration === '精装' ? '精装交付' : '毛坯交付'}。` +
      `${station ? `距地铁站约${station.distance}米，` : ''}${rng.pick(PROJECT_HIGHLIGHTS)}。`;

    projects.push({
      id,
      cityCode: city.cityCode,
      districtId: district.id,
      businessAreaId: area.id,
      name,
      ...searchNames(name),
      alias,
      address,
      lat: at.lat,
      lng: at.lng,
      avgPrice,
      totalPriceMin,
      totalPriceMax,
      saleStatus: status,
      propertyType: type,
      propertyTypes: types,
      decoration,
      developer: `${city.cityName}${developer.brand}${rng.pick(['房地产开发有限公司', '置业有限公司', `${area.name}置业有限公司`])}`,
      propertyCompany: developer.tier === 'national' || rng.chance(0.5) ? developer.property : rng.pick(PROPERTY_MANAGERS),
      openingDate,
      deliveryDate: isoMonth(deliveredAt),
      plotRatio,
      greenRatio,
      households,
      parkingSpaces,
      rightsYears: profile.rightsYears(),
      buildingType: profile.buildingType(),
      tags,
      coverUrl: photos[0]!.url,
      photos,
      description,
      agentId: rng.pick(place.agentsByArea.get(area.id) ?? place.cityAgents),
      stationId: station?.id ?? null,
      lineId: station?.lineId ?? null,
      stationDistance: station?.distance ?? null,
      updatedAt: new Date(today - rng.int(0, 90) * DAY - rng.int(8, 20) * 3_600_000),
    });
  }
  return { projects, layouts };
}
