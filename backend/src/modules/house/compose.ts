import { cacheTag } from '@contracts/cache-changes';
import type { ListingPhoto } from '../../db/schema';
import { homeChannelOf, homeDealOf, type HomeBusinessType } from '@contracts/channel-sections';
import { communities, entrusts, esfListings, rentals } from '../../db/schema';
import { CENTRAL_HEATING } from '../../db/seed-homes';
import { RENT_TYPE } from '../../domain/residential-codes';

/**
 * How an accepted entrust becomes a public listing (an owner's entrust, once accepted, is listed like any other): the row of esf_listings or rentals that the seed
 * would have composed for such a home (backend/src/db/seed.ts composeListing, seed-rentals.ts composeRental),
 * with the owner's own facts, photos and words. What an owner cannot tell us (梯户比, 供暖 outside the cities with
 * central heating, 租期) is the common value, as on most seeded homes.
 */

export type EntrustRow = typeof entrusts.$inferSelect;
export type CommunityRow = Pick<
  typeof communities.$inferSelect,
  'id' | 'name' | 'districtId' | 'businessAreaId' | 'stationId' | 'lineId' | 'stationDistance' | 'buildYear'
>;

/** An entrust's business type (1 二手房, 2 租房): its channel, table and price are its home module's (homeModuleOf). */
export type { HomeBusinessType };
export const asHomeType = (n: number): HomeBusinessType => (n === 2 ? 2 : 1);

/** 低楼层 / 中楼层 / 高楼层 by thirds of the building, as the seed's floorsOf; a basement is 低楼层. */
export function floorLevelOf(floor: number, totalFloors: number): string {
  return floor <= totalFloors / 3 ? '低楼层' : floor <= (totalFloors * 2) / 3 ? '中楼层' : '高楼层';
}

/** 元/㎡ of a total in 万元, as the seed writes it. */
export const unitPriceOf = (totalWan: number, area: number) => Math.round((totalWan * 10_000) / area);

/** The seed's titles: `望京西园 3室2厅 南北通透`, `整租·望京西园 2室1厅 南`, `合租·望京西园 3居室 南卧`. */
export function titleOf(
  e: Pick<EntrustRow, 'businessType' | 'rooms' | 'halls' | 'orientation' | 'decoration' | 'rentType'>,
  communityName: string,
): string {
  if (homeDealOf(asHomeType(e.businessType)) === 'rent') {
    return e.rentType === RENT_TYPE.SHARED
      ? `合租·${communityName} ${e.rooms}居室 ${e.orientation}卧`
      : `整租·${communityName} ${e.rooms}室${e.halls}厅 ${e.orientation}`;
  }
  const highlight = e.orientation === '南北' ? '南北通透' : e.decoration === '精装' ? '拎包入住' : '业主诚心出售';
  return `${communityName} ${e.rooms}室${e.halls}厅 ${highlight}`;
}

/** The deposit is months of rent: 押二 two, everything else one (as the seed's). */
export const depositOf = (monthlyRent: number, payment: string) => monthlyRent * (payment.startsWith('押二') ? 2 : 1);

/** The owner's photos in their order: the detail page's gallery; the card shows the first one's thumbnail. */
function photosOf(e: EntrustRow): { coverUrl: string; photos: ListingPhoto[] } {
  const photos = e.photos.map((p, i) => ({ url: p.url, title: `房源照片${i + 1}` }));
  return { coverUrl: e.photos[0]?.thumbUrl || e.photos[0]?.url || '', photos };
}

interface Composed {
  cityCode: string;
  districtId: number;
  businessAreaId: number;
  communityId: number;
  stationId: number | null;
  lineId: number | null;
  stationDistance: number | null;
  listingNo: string;
  title: string;
  area: number;
  rooms: number;
  halls: number;
  baths: number;
  orientation: string;
  floorLevel: string;
  floor: number;
  totalFloors: number;
  decoration: string;
  elevator: boolean;
  tags: string[];
  listedAt: Date;
  coverUrl: string;
  photos: ListingPhoto[];
  description: string;
  agentId: number;
}

/** The columns both tables share; `listingNo` is set from the new id once the row is in (listingNoOf). */
function homeOf(e: EntrustRow, c: CommunityRow, agentId: number, now: Date): Composed {
  const elevator = e.totalFloors > 6;
  return {
    cityCode: e.cityCode,
    districtId: c.districtId,
    businessAreaId: c.businessAreaId,
    communityId: c.id,
    stationId: c.stationId,
    lineId: c.lineId,
    stationDistance: c.stationDistance,
    listingNo: '',
    title: titleOf(e, c.name),
    area: e.area,
    rooms: e.rooms,
    halls: e.halls,
    baths: e.baths,
    orientation: e.orientation,
    floorLevel: floorLevelOf(e.floor, e.totalFloors),
    floor: e.floor,
    totalFloors: e.totalFloors,
    decoration: e.decoration,
    elevator,
    tags: [],
    listedAt: now,
    ...photosOf(e),
    description: e.description.trim(),
    agentId,
  };
}

const nearSubway = (c: CommunityRow) => c.stationDistance !== null && c.stationDistance <= 1000;

export function esfListingOf(e: EntrustRow, c: CommunityRow, agentId: number, now: Date): typeof esfListings.$inferInsert {
  const home = homeOf(e, c, agentId, now);
  const tags = [...(nearSubway(c) ? ['近地铁'] : []), '新上'];
  const description =
    home.description ||
    `${c.name}${e.rooms}室${e.halls}厅${e.baths}卫，建筑面积${e.area}㎡，${e.orientation}朝向，${e.decoration}。${c.buildYear}年建成，${home.elevator ? '电梯房' : '步梯房'}，共${e.totalFloors}层。${nearSubway(c) ? `距地铁站约${c.stationDistance}米。` : ''}业主委托出售。`;
  return {
    ...home,
    tags,
    description,
    totalPrice: e.price,
    unitPrice: unitPriceOf(e.price, e.area),
    propertyType: '普通住宅',
    ownership: '商品房',
    ladderRatio: home.elevator ? '两梯四户' : '一梯两户',
    heating: CENTRAL_HEATING.has(e.cityCode) ? '集中供暖' : '自采暖',
  };
}

export function rentalOf(e: EntrustRow, c: CommunityRow, agentId: number, now: Date): typeof rentals.$inferInsert {
  const home = homeOf(e, c, agentId, now);
  const payment = e.payment ?? '押一付三';
  const monthlyRent = Math.round(e.price);
  const whole = e.rentType !== RENT_TYPE.SHARED;
  const tags = [
    ...(nearSubway(c) ? ['近地铁'] : []),
    ...(payment === '押一付一' ? ['押一付一'] : []),
    ...(e.decoration === '精装' ? ['精装'] : []),
  ];
  const near = nearSubway(c) ? `距地铁站约${c.stationDistance}米，` : '';
  const description =
    home.description ||
    (whole
      ? `${c.name}${e.rooms}室${e.halls}厅${e.baths}卫整租，面积${e.area}㎡，${e.orientation}朝向，${e.decoration}，${home.floorLevel}（共${e.totalFloors}层）${home.elevator ? '，有电梯' : ''}。${near}${payment}，一年起租，随时入住。`
      : `${c.name}${e.rooms}居室合租中的${e.orientation}卧，约${e.area}㎡，${e.decoration}。客厅、厨房与室友共用，${near}${payment}，一年起租。`);
  return {
    ...home,
    tags,
    description,
    rentType: whole ? RENT_TYPE.WHOLE : RENT_TYPE.SHARED,
    monthlyRent,
    payment,
    deposit: depositOf(monthlyRent, payment),
    checkIn: '随时入住',
    leaseTerm: '一年起租',
    viewing: '需提前预约',
    utilities: '民水民电',
    facilities: e.facilities,
  };
}

/** The seed's listing numbers: `BJ000012345` for a home for sale, `BJZF00012345` for a rental. */
export function listingNoOf(businessType: HomeBusinessType, cityDomain: string, id: number): string {
  return homeDealOf(businessType) === 'sale'
    ? `${cityDomain.toUpperCase()}${String(id).padStart(9, '0')}`
    : `${cityDomain.toUpperCase()}ZF${String(id).padStart(8, '0')}`;
}

/**
 * The cached pages a home appearing or going away is on (contracts/cache-changes.ts, as ops/listings.ts tagsOf):
 * its channel's lists in the city with their counts, its own detail page, its community's 小区 page (which lists
 * the newest homes) and its agent's pages (which list theirs).
 */
export function homeTags(
  businessType: HomeBusinessType,
  listingId: number,
  cityDomain: string,
  communityId: number,
  agentId: number | null,
): string[] {
  const channel = homeChannelOf(businessType);
  const tags = [cacheTag.list(channel, cityDomain), cacheTag.detail(channel, listingId), cacheTag.detail('estate', communityId)];
  if (agentId !== null) tags.push(cacheTag.agent(agentId));
  return tags;
}
