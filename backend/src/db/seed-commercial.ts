import {
  OFFICE_GRADE,
  OFFICE_GRADE_OPTIONS,
  SHOP_TYPE,
  SHOP_TYPE_OPTIONS,
  type OfficeGrade,
  type ShopTrade,
  type ShopType,
} from '../domain/commercial-codes';
import type { Prng } from './prng';
import { DEAL } from './schema';
import type * as t from './schema';
import type { SeedCity } from './seed-data/cities';
import * as names from './seed-data/commercial-names';
import { PLAN_TITLE, type CommercialImages, type CommercialPhotoTitle } from './seed-commercial-images';
import { DAY, nearestStation, type AreaPlace, type CommunityPlace, type StationPlace } from './seed-homes';

type ShopRow = typeof t.shops.$inferInsert;
type OfficeRow = typeof t.offices.$inferInsert;

/**
 * 商铺 and 写字楼 of a city (one of the eight channels), for sale and for rent, in named projects: malls, shopping streets, the shops
 * at the foot of residential communities (住宅底商), street fronts and office towers. A project sits in a
 * business area; its units share its name, address, nearest station and price level. Prices follow the city's
 * level (seed-data/cities.ts): a shop dearer per ㎡ than a flat on the same street, offices by grade; rents
 * per ㎡ per day as they are quoted in China.
 */

/**
 * Units per city and kind, at least: two list pages (30 a page) of each deal even in a small seed, so that paging
 * is there to see and test. Large seeds are far above it (200k → about 2,000 shops in 北京).
 */
export const MIN_UNITS_PER_CITY = 64;

/** What composing a city's shops and offices needs from its places (built by seedCity). */
export interface CityCommercial {
  city: SeedCity;
  areas: AreaPlace[];
  districtNames: Map<number, string>;
  communities: CommunityPlace[];
  stations: StationPlace[];
  agentsByArea: Map<number, number[]>;
  cityAgents: number[];
  images: CommercialImages;
  today: number;
  /** Keeps a drawn point inside its district's outline (db/district-outlines.ts); draws nothing from the streams here. */
  place: <T extends { lat: number; lng: number }>(districtId: number, at: T) => T;
}

/** A shopping street, mall or tower: what its units share. */
interface Project {
  name: string;
  area: AreaPlace;
  address: string;
  lat: number;
  lng: number;
  station: CommunityPlace['station'];
  stationName: string | null;
  /** Price level of the place, around 1 (central districts dearer). */
  priceFactor: number;
  totalFloors: number;
  famous: boolean;
  /** Offices: 物业公司 and 物业费 (元/㎡·月) are the tower's. */
  propertyCompany: string;
  propertyFee: number;
}

const round1 = (x: number) => Math.round(x * 10) / 10;
const between = (rng: Prng, [lo, hi]: readonly [number, number]) => lo + rng.next() * (hi - lo);
/** Areas are skewed to the small end of a range, as on the market (many 50 ㎡ shops, few 500 ㎡ ones). */
const skewedArea = (rng: Prng, [lo, hi]: readonly [number, number]) => round1(lo * Math.pow(hi / lo, Math.pow(rng.next(), 1.4)));

function weighted<T>(rng: Prng, items: readonly (readonly [T, number])[]): T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let roll = rng.next() * total;
  for (const [item, w] of items) {
    if (roll < w) return item;
    roll -= w;
  }
  return items[items.length - 1]![0];
}

/** Where a place ranks in its city, 0 (the edge, price factor about 0.6) to 1 (the centre, about 1.35), a little blurred. */
const placeRank = (rng: Prng, priceFactor: number) => Math.min(1, Math.max(0, (priceFactor - 0.6) / 0.75 + rng.normal() * 0.08));
const withinRange = ([lo, hi]: readonly [number, number], rank: number) => lo + rank * (hi - lo);

/** Commerce pays for the centre more steeply than homes do: a 国贸 tower is worth three at the city's edge. */
const centrality = (p: Project) => Math.pow(p.priceFactor, 1.3);

/** Smaller cities' shops and offices cost more against their homes than 北京's do. */
const TIER_PREMIUM: Record<number, number> = { 1: 1, 2: 1.1, 3: 1.25 };

const SHOP_TYPE_SHARE: (readonly [ShopType, number])[] = [
  [SHOP_TYPE.RESIDENTIAL_BASE, 30],
  [SHOP_TYPE.STREET, 18],
  [SHOP_TYPE.MALL, 22],
  [SHOP_TYPE.FRONTAGE, 20],
  [SHOP_TYPE.OFFICE_PODIUM, 10],
];

/** Per shop type: area range ㎡, floor height range m, unit-price and rent factors against homes, projects per area. */
const SHOP_KIND: Record<
  ShopType,
  { area: [number, number]; height: [number, number]; price: number; rent: number; perArea: number; trades: ShopTrade[] }
> = {
  [SHOP_TYPE.RESIDENTIAL_BASE]: {
    area: [30, 220],
    height: [3.6, 5.5],
    price: 1.35,
    rent: 2.0,
    perArea: 4,
    trades: ['便利超市', '生鲜果蔬', '餐饮', '美容美发', '药店', '教育培训', '母婴'],
  },
  [SHOP_TYPE.STREET]: {
    area: [20, 260],
    height: [3.8, 5.5],
    price: 1.25,
    rent: 2.4,
    perArea: 2,
    trades: ['餐饮', '零售', '咖啡茶饮', '服装鞋包', '休闲娱乐', '美容美发'],
  },
  [SHOP_TYPE.MALL]: {
    area: [25, 600],
    height: [4.5, 6],
    price: 1.1,
    rent: 2.8,
    perArea: 2,
    trades: ['零售', '服装鞋包', '餐饮', '咖啡茶饮', '母婴', '美容美发', '休闲娱乐', '教育培训', '健身'],
  },
  [SHOP_TYPE.FRONTAGE]: {
    area: [20, 260],
    height: [3.5, 6],
    price: 1.6,
    rent: 2.8,
    perArea: 3,
    trades: ['餐饮', '零售', '便利超市', '药店', '咖啡茶饮', '美容美发'],
  },
  [SHOP_TYPE.OFFICE_PODIUM]: {
    area: [30, 300],
    height: [4.2, 5.5],
    price: 1.05,
    rent: 1.9,
    perArea: 2,
    trades: ['餐饮', '咖啡茶饮', '便利超市', '健身', '零售'],
  },
};

const OFFICE_GRADE_SHARE: (readonly [OfficeGrade, number])[] = [
  [OFFICE_GRADE.A, 35],
  [OFFICE_GRADE.B, 40],
  [OFFICE_GRADE.C, 25],
];

/**
 * Per grade: area range, tower height, ㎡ per workstation, unit price against homes, 物业费 per tier (元/㎡·月)
 * and rent per tier (元/㎡·天: 北京甲级 8–15).
 */
const OFFICE_KIND: Record<
  OfficeGrade,
  {
    area: [number, number];
    floors: [number, number];
    perDesk: number;
    price: number;
    fee: Record<number, [number, number]>;
    rent: Record<number, [number, number]>;
    perArea: number;
  }
> = {
  [OFFICE_GRADE.A]: {
    area: [100, 2500],
    floors: [25, 60],
    perDesk: 8.5,
    price: 0.95,
    fee: { 1: [25, 45], 2: [15, 30], 3: [10, 22] },
    rent: { 1: [8, 15], 2: [5, 9], 3: [3.5, 6.5] },
    perArea: 2,
  },
  [OFFICE_GRADE.B]: {
    area: [60, 1200],
    floors: [15, 30],
    perDesk: 7.5,
    price: 0.62,
    fee: { 1: [12, 25], 2: [8, 16], 3: [5, 12] },
    rent: { 1: [5, 8.5], 2: [3, 5.5], 3: [2.2, 4] },
    perArea: 2,
  },
  [OFFICE_GRADE.C]: {
    area: [40, 600],
    floors: [6, 18],
    perDesk: 6.5,
    price: 0.45,
    fee: { 1: [5, 12], 2: [4, 9], 3: [2.5, 6] },
    rent: { 1: [3, 5.5], 2: [2, 3.5], 3: [1.2, 2.5] },
    perArea: 2,
  },
};

const SHOP_TYPE_NAMES = new Map(SHOP_TYPE_OPTIONS.map((o) => [o.code, o.label]));
const GRADE_NAMES = new Map(OFFICE_GRADE_OPTIONS.map((o) => [o.code, o.label]));

/** The city's projects, made when a unit first needs one, a few per business area and kind. */
class ProjectBook {
  private readonly byKey = new Map<string, Project[]>();
  private readonly used = new Set<string>();
  private readonly areaFactor = new Map<number, number>();
  private readonly communitiesOf = new Map<number, CommunityPlace[]>();
  private readonly areaWeights: (readonly [AreaPlace, number])[];

  constructor(
    private readonly rng: Prng,
    private readonly ctx: CityCommercial,
  ) {
    for (const c of ctx.communities)
      this.communitiesOf.set(c.businessAreaId, [...(this.communitiesOf.get(c.businessAreaId) ?? []), c]);
    for (const a of ctx.areas) {
      const cs = this.communitiesOf.get(a.id) ?? [];
      this.areaFactor.set(a.id, cs.length ? cs.reduce((s, c) => s + c.priceFactor, 0) / cs.length : 1);
    }
    // Commerce gathers where the city is dear: central areas have more shops and offices.
    this.areaWeights = ctx.areas.map((a) => [a, Math.pow(this.areaFactor.get(a.id) ?? 1, 2)] as const);
  }

  pickArea(): AreaPlace {
    return weighted(this.rng, this.areaWeights);
  }

  /** A project of this kind (`shop:3`, `office:1`) in the area: an existing one mostly, a new one while there are few. */
  of(
    area: AreaPlace,
    key: string,
    perArea: number,
    make: (priceFactor: number) => Omit<Project, 'area' | 'priceFactor' | 'station' | 'stationName'>,
  ): Project {
    const list = this.byKey.get(`${area.id}:${key}`) ?? [];
    this.byKey.set(`${area.id}:${key}`, list);
    if (list.length === 0 || (list.length < perArea && this.rng.chance(0.3))) {
      // Each project a little above or below its area (a landmark mall, a tired street).
      const priceFactor = (this.areaFactor.get(area.id) ?? 1) * (0.9 + this.rng.next() * 0.2);
      const drafted = make(priceFactor);
      this.used.add(drafted.name);
      const station = nearestStation(drafted, this.ctx.stations);
      list.push({
        ...drafted,
        area,
        priceFactor,
        station,
        stationName: station ? (this.ctx.stations.find((s) => s.id === station.id)?.name ?? null) : null,
      });
    }
    // The first projects of an area are its busiest.
    return list[Math.floor(list.length * Math.pow(this.rng.next(), 1.5))]!;
  }

  /** The well-known names of the area not yet used, for this kind. */
  known(area: AreaPlace, kind: 'shops' | 'offices'): string[] {
    const known = names.KNOWN_PROJECTS[this.ctx.city.cityCode]?.[area.name]?.[kind] ?? [];
    return known.filter((n) => !this.used.has(n));
  }

  /** A name not used in the city yet from `compose`; when the words run out, a later phase of one (望京天街二期). */
  fresh(compose: () => string): string {
    let name = compose();
    for (let i = 0; i < 8 && this.used.has(name); i++) name = compose();
    for (let phase = 2; this.used.has(name); phase++) name = `${name.replace(/\d+期$/, '')}${phase}期`;
    return name;
  }

  communitiesIn(area: AreaPlace): CommunityPlace[] {
    return this.communitiesOf.get(area.id) ?? [];
  }

  /** Where a project of the area stands: near the area's centre, with a street address. */
  site(area: AreaPlace): { lat: number; lng: number; address: string } {
    const road = `${area.name}${this.rng.pick(names.ROAD_SUFFIXES)}`;
    return {
      ...this.ctx.place(area.districtId, {
        lat: area.lat + this.rng.normal() * 0.005,
        lng: area.lng + this.rng.normal() * 0.005,
      }),
      address: `${this.ctx.city.cityName}${this.ctx.districtNames.get(area.districtId) ?? ''}${road}${this.rng.int(1, 299)}号`,
    };
  }
}

/** A shop type of a well-known shop project by its name: streets, tower podiums, otherwise a mall. */
function knownShopType(name: string): ShopType {
  if (/街|老街/.test(name)) return SHOP_TYPE.STREET;
  if (/SOHO|写字楼/.test(name)) return SHOP_TYPE.OFFICE_PODIUM;
  return SHOP_TYPE.MALL;
}

function shopProject(rng: Prng, book: ProjectBook, area: AreaPlace, type: ShopType): Project {
  return book.of(area, `shop:${type}`, SHOP_KIND[type].perArea, () => {
    const known = book.known(area, 'shops').find((n) => knownShopType(n) === type);
    const tails = names.SHOP_PROJECT_TAILS[type]!;
    let at = book.site(area);
    let name: string;
    let totalFloors: number;
    switch (type) {
      case SHOP_TYPE.RESIDENTIAL_BASE: {
        // The shops along a residential community's street side take its name and place.
        const communities = book.communitiesIn(area);
        const community = communities.length ? rng.pick(communities) : undefined;
        if (community) at = { ...at, lat: community.lat, lng: community.lng };
        name = book.fresh(() => `${community?.name ?? `${area.name}${rng.pick(['家园', '花园', '新村', '小区'])}`}底商`);
        totalFloors = rng.pick([6, 11, 18, 24, 28, 32]);
        break;
      }
      case SHOP_TYPE.STREET:
        name = known ?? book.fresh(() => `${area.name}${rng.pick(tails)}`);
        totalFloors = rng.int(2, 4);
        break;
      case SHOP_TYPE.MALL:
        name = known ?? book.fresh(() => `${area.name}${rng.pick(tails)}`);
        totalFloors = rng.int(4, 7);
        break;
      case SHOP_TYPE.FRONTAGE:
        name = book.fresh(() => `${area.name}${rng.pick(tails)}`);
        totalFloors = rng.int(1, 3);
        break;
      default:
        name =
          known ?? book.fresh(() => `${area.name}${rng.pick(names.OFFICE_PROJECT_TAILS[OFFICE_GRADE.A]!)}${rng.pick(tails)}`);
        totalFloors = rng.int(20, 40);
    }
    return { name, ...at, totalFloors, famous: name === known, propertyCompany: '', propertyFee: 0 };
  });
}

function officeProject(rng: Prng, book: ProjectBook, area: AreaPlace, grade: OfficeGrade, tier: number): Project {
  const kind = OFFICE_KIND[grade];
  return book.of(area, `office:${grade}`, kind.perArea, (priceFactor) => {
    // The famous towers of an area are its 甲级 ones.
    const known = grade === OFFICE_GRADE.A ? book.known(area, 'offices')[0] : undefined;
    const name =
      known ??
      book.fresh(
        () =>
          `${rng.chance(grade === OFFICE_GRADE.A ? 0.4 : 0.25) ? rng.pick(names.COMMERCIAL_BRANDS) : area.name}${rng.pick(names.OFFICE_PROJECT_TAILS[grade]!)}`,
      );
    return {
      name,
      ...book.site(area),
      totalFloors: rng.int(...kind.floors),
      famous: name === known,
      propertyCompany: rng.pick(names.OFFICE_PROPERTY_COMPANIES[grade]!),
      // A central tower charges the top of its grade's 物业费, one at the city's edge the bottom.
      propertyFee: round1(withinRange(kind.fee[tier] ?? kind.fee[3]!, placeRank(rng, priceFactor))),
    };
  });
}

/** Pictures of one colour scheme, then the plan. */
function photosOf(images: CommercialImages, rng: Prng, titles: CommercialPhotoTitle[], plans: string[]) {
  const variant = rng.int(0, 3);
  const photos = titles.map((title, k) => ({ url: images.photos[title][(variant + k) % 4]!, title: title as string }));
  photos.push({ url: plans[rng.int(0, plans.length - 1)]!, title: PLAN_TITLE });
  return photos;
}

const floorText = (floor: number, totalFloors: number) => (floor < 0 ? `地下${-floor}层` : `${floor}层（共${totalFloors}层）`);
const nearText = (p: Project) => (p.station && p.stationName ? `距地铁${p.stationName}站约${p.station.distance}米，` : '');

/** Sale price (万 and 元/㎡) from a target unit price, rounded as listings are: whole 万 above 1,000万. */
function salePrice(unitTarget: number, area: number) {
  const raw = (unitTarget * area) / 10_000;
  const totalPrice = raw >= 1000 ? Math.round(raw) : Math.max(1, round1(raw));
  return { totalPrice, unitPrice: Math.round((totalPrice * 10_000) / area), monthlyRent: null, dailyRent: null };
}

/** Rent per ㎡ per day to one decimal, and the month's rent at 30 days, to 10 元. */
function rentPrice(daily: number, area: number) {
  const dailyRent = Math.max(0.5, round1(daily));
  return { totalPrice: null, unitPrice: null, dailyRent, monthlyRent: Math.round((dailyRent * area * 30) / 10) * 10 };
}

function common(ctx: CityCommercial, rng: Prng, p: Project, deal: number) {
  const { city, today } = ctx;
  return {
    cityCode: city.cityCode,
    districtId: p.area.districtId,
    businessAreaId: p.area.id,
    deal,
    projectName: p.name,
    address: p.address,
    lat: p.lat,
    lng: p.lng,
    stationId: p.station?.id ?? null,
    lineId: p.station?.lineId ?? null,
    stationDistance: p.station?.distance ?? null,
    listedAt: new Date(today - rng.int(0, 120) * DAY - rng.int(8, 20) * 3_600_000),
    agentId: rng.pick(ctx.agentsByArea.get(p.area.id) ?? ctx.cityAgents),
  };
}

function composeShop(rng: Prng, ctx: CityCommercial, book: ProjectBook, seq: number, deal: number): ShopRow {
  const { city } = ctx;
  const shopType = weighted(rng, SHOP_TYPE_SHARE);
  const kind = SHOP_KIND[shopType];
  const p = shopProject(rng, book, book.pickArea(), shopType);
  const area = skewedArea(rng, kind.area);
  let floor = 1;
  if (shopType === SHOP_TYPE.MALL)
    floor = rng.chance(0.12) ? -1 : Math.min(p.totalFloors, 1 + Math.floor(Math.pow(rng.next(), 1.6) * p.totalFloors));
  else if (shopType === SHOP_TYPE.STREET) floor = rng.chance(0.7) ? 1 : rng.int(1, p.totalFloors);
  else if (shopType === SHOP_TYPE.RESIDENTIAL_BASE || shopType === SHOP_TYPE.OFFICE_PODIUM) floor = rng.chance(0.8) ? 1 : 2;
  const streetLevel = floor === 1;
  // A shop is about twice as deep as it is wide; a wide front is what tenants pay for.
  const frontage = round1(Math.min(24, Math.max(3.5, Math.sqrt(area / 2) * (0.7 + rng.next() * 0.6))));
  const depth = round1(Math.min(40, Math.max(4, area / frontage)));
  const floorHeight = round1(between(rng, kind.height));
  const trades = [...new Set(Array.from({ length: rng.int(2, 4) }, () => rng.pick(kind.trades)))];
  const flame = trades.includes('餐饮') && streetLevel && rng.chance(0.5);
  const operating = rng.chance(deal === DEAL.SALE ? 0.4 : 0.45);
  const operatingStatus = operating ? '营业中' : '空置中';
  const premium = TIER_PREMIUM[city.priceTier] ?? 1;
  const floorFactor = floor === 1 ? 1 : floor < 0 ? 0.7 : floor === 2 ? 0.65 : 0.55;
  const sizeFactor = Math.pow(80 / area, 0.1);
  const noise = 1 + rng.normal() * 0.06;
  const price =
    deal === DEAL.SALE
      ? salePrice(city.unitPrice * kind.price * premium * centrality(p) * floorFactor * sizeFactor * noise, area)
      : rentPrice(
          (city.rentLevel / 30) * kind.rent * premium * Math.pow(p.priceFactor, 0.8) * floorFactor * sizeFactor * noise,
          area,
        );
  // 转让费: what the outgoing tenant asks for the fit-out and the trade, on about a third of the let shops.
  const transferFee =
    deal === DEAL.RENT && operating && rng.chance(0.75)
      ? Math.min(80, Math.max(2, Math.round(area * (0.05 + rng.next() * 0.2) * (4 - city.priceTier) * 2) / 2))
      : null;
  const decoration = operating ? (rng.chance(0.6) ? '精装' : '简装') : rng.pick(['精装', '简装', '简装', '毛坯']);
  const typeName = SHOP_TYPE_NAMES.get(shopType)!;

  const tags: string[] = [];
  if (p.station && p.station.distance <= 1000) tags.push('近地铁');
  // Only a shop with its own door on the street is 临街; a mall unit faces the mall.
  if (streetLevel && (shopType === SHOP_TYPE.FRONTAGE || (shopType !== SHOP_TYPE.MALL && frontage >= 8))) tags.push('临街');
  if (flame) tags.push('可明火');
  if (deal === DEAL.SALE && operating) tags.push('带租约');
  if (deal === DEAL.SALE && rng.chance(0.6)) tags.push('独立产权');
  if (deal === DEAL.RENT && transferFee === null) tags.push('无转让费');
  if ((shopType === SHOP_TYPE.MALL || shopType === SHOP_TYPE.STREET) && rng.chance(0.5)) tags.push('人流量大');
  if (rng.chance(0.4)) tags.push('随时看房');

  const highlight =
    shopType === SHOP_TYPE.FRONTAGE
      ? frontage >= 8
        ? '双开间临街旺铺'
        : '临街旺铺'
      : shopType === SHOP_TYPE.RESIDENTIAL_BASE
        ? '成熟社区底商'
        : shopType === SHOP_TYPE.MALL
          ? `${floor < 0 ? 'B1' : `${floor}F`}铺位`
          : shopType === SHOP_TYPE.STREET
            ? '步行街旺铺'
            : '写字楼配套商铺';
  const photos = photosOf(
    ctx.images,
    rng,
    shopType === SHOP_TYPE.MALL ? ['店内', '门头', '商场中庭'] : ['门头', '店内', '周边街景'],
    ctx.images.shopPlans,
  );
  const status =
    deal === DEAL.SALE
      ? operating
        ? '现带租约出售，租金稳定'
        : '空置交付，可自营可出租'
      : operating
        ? `现正营业中${transferFee ? `，转让费${transferFee}万元` : '，无转让费'}`
        : '空铺出租，即租即用';
  return {
    ...common(ctx, rng, p, deal),
    listingNo: `${city.cityDomain.toUpperCase()}SP${String(seq).padStart(8, '0')}`,
    title: `${p.name} ${highlight} 可做${trades[0]} ${area}㎡`,
    area,
    ...price,
    floor,
    totalFloors: p.totalFloors,
    decoration,
    tags: tags.slice(0, 5),
    coverUrl: photos[0]!.url,
    photos,
    description:
      `铺位位于${p.name}（${typeName}），${ctx.districtNames.get(p.area.districtId) ?? ''}${p.area.name}，${p.address}。建筑面积${area}㎡，` +
      `面宽${frontage}米，进深${depth}米，层高${floorHeight}米，位于${floorText(floor, p.totalFloors)}，${decoration}。` +
      `适合${trades.join('、')}${flame ? '，可明火' : ''}。${nearText(p)}${status}。`,
    shopType,
    frontage,
    depth,
    floorHeight,
    suitableTrades: trades,
    transferFee,
    operatingStatus,
  };
}

function composeOffice(rng: Prng, ctx: CityCommercial, book: ProjectBook, seq: number, deal: number): OfficeRow {
  const { city } = ctx;
  const grade = weighted(rng, OFFICE_GRADE_SHARE);
  const kind = OFFICE_KIND[grade];
  const p = officeProject(rng, book, book.pickArea(), grade, city.priceTier);
  const area = skewedArea(rng, kind.area);
  const floor = rng.int(2, p.totalFloors);
  const workstations = Math.max(4, Math.round((area / kind.perDesk) * (0.85 + rng.next() * 0.25)));
  const divisible = area >= 400 && rng.chance(0.6);
  const decoration = weighted(
    rng,
    grade === OFFICE_GRADE.C
      ? [
          ['简装', 60],
          ['精装', 30],
          ['毛坯', 10],
        ]
      : [
          ['精装', grade === OFFICE_GRADE.A ? 70 : 50],
          ['简装', 35],
          ['毛坯', 10],
        ],
  );
  const furnished = deal === DEAL.RENT && decoration === '精装' && rng.chance(0.5);
  const noise = 1 + rng.normal() * 0.06;
  const [lo, hi] = kind.rent[city.priceTier] ?? kind.rent[3]!;
  // Rent by grade within the tier's range; where in it follows the place (国贸 at the top, the edge at the bottom).
  const price =
    deal === DEAL.SALE
      ? salePrice(city.unitPrice * kind.price * (TIER_PREMIUM[city.priceTier] ?? 1) * centrality(p) * noise, area)
      : rentPrice(withinRange([lo, hi], placeRank(rng, p.priceFactor)), area);
  const gradeName = GRADE_NAMES.get(grade)!;

  const tags: string[] = [];
  if (p.station && p.station.distance <= 1000) tags.push('近地铁');
  if (p.famous) tags.push('地标建筑');
  if (rng.chance(0.75)) tags.push('可注册');
  if (decoration === '精装') tags.push('精装修');
  if (furnished) tags.push('带家具');
  if (divisible) tags.push('可分割');
  if (deal === DEAL.RENT && rng.chance(0.3)) tags.push('免租期');
  if (rng.chance(0.4)) tags.push('随时看房');

  const photos = photosOf(
    ctx.images,
    rng,
    area >= 150 ? ['外立面', '办公区', '大堂', '会议室'] : ['外立面', '办公区', '大堂'],
    ctx.images.officePlans,
  );
  const terms =
    deal === DEAL.SALE
      ? '产权清晰，可按揭'
      : `${furnished ? '带办公家具，' : ''}${tags.includes('免租期') ? '可谈免租期，' : ''}租期灵活`;
  return {
    ...common(ctx, rng, p, deal),
    listingNo: `${city.cityDomain.toUpperCase()}XZL${String(seq).padStart(8, '0')}`,
    title: `${p.name} ${gradeName}写字楼 ${area}㎡ ${decoration === '精装' ? '精装修' : decoration} 可容纳${workstations}工位`,
    area,
    ...price,
    floor,
    totalFloors: p.totalFloors,
    decoration,
    tags: tags.slice(0, 5),
    coverUrl: photos[0]!.url,
    photos,
    description:
      `${p.name}，${gradeName}写字楼，位于${ctx.districtNames.get(p.area.districtId) ?? ''}${p.area.name}，${p.address}。` +
      `本单位建筑面积${area}㎡，位于${floorText(floor, p.totalFloors)}，${decoration}，可容纳约${workstations}个工位${divisible ? '，可分割出租出售' : ''}。` +
      `物业公司${p.propertyCompany}，物业费${p.propertyFee}元/㎡·月。${nearText(p)}${terms}。`,
    grade,
    workstations,
    propertyFee: p.propertyFee,
    divisible,
    propertyCompany: p.propertyCompany,
  };
}

/**
 * A city's shops and offices, every other unit for sale and for rent (exactly half each). `seq` numbers the
 * listing numbers across cities. Deterministic from `rng` alone.
 */
export function composeCommercial(
  rng: Prng,
  ctx: CityCommercial,
  counts: { shops: number; offices: number },
  seq: { shops: number; offices: number },
): { shops: ShopRow[]; offices: OfficeRow[] } {
  if (ctx.areas.length === 0) return { shops: [], offices: [] };
  const book = new ProjectBook(rng, ctx);
  const dealOf = (i: number) => (i % 2 === 0 ? DEAL.SALE : DEAL.RENT);
  const shops = Array.from({ length: counts.shops }, (_, i) => composeShop(rng, ctx, book, ++seq.shops, dealOf(i)));
  const offices = Array.from({ length: counts.offices }, (_, i) => composeOffice(rng, ctx, book, ++seq.offices, dealOf(i)));
  return { shops, offices };
}
