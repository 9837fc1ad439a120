import { SHARED_ROOM_PREMIUM } from '@contracts/entrust-rules';
import { RENT_FACILITIES, type RentFacility } from '@contracts/entrust-rules';
import { RENT_TYPE } from '../domain/residential-codes';
import type { Prng } from './prng';
import type * as t from './schema';
import * as words from './seed-data/names';
import { agentFor, CENTRAL_HEATING, DAY, floorsOf, locationOf, photoSet, pickCommunity, type CityHomes } from './seed-homes';
import type { ROOM_TYPES } from './seed-images';

type RentalRow = typeof t.rentals.$inferInsert;

/**
 * Monthly rents a city tier allows, 元/月: a whole flat, and one room of a shared flat (合租). 北京 上海 深圳
 * from 3,000 to 20,000 for a flat and 1,500 to 4,500 for a room; lower tiers less.
 */
const RENT_RANGE: Record<number, { whole: [number, number]; room: [number, number] }> = {
  1: { whole: [3000, 20000], room: [1500, 4500] },
  2: { whole: [1800, 12000], room: [900, 3000] },
  3: { whole: [1000, 8000], room: [600, 2200] },
};

/** A room in a shared flat costs more per ㎡ than a whole flat (the entrust band uses the same premium). */
const ROOM_PREMIUM = SHARED_ROOM_PREMIUM;

const PAYMENTS: [string, number][] = [
  ['押一付三', 0.5],
  ['押一付一', 0.2],
  ['押二付三', 0.12],
  ['半年付', 0.1],
  ['年付', 0.08],
];
const LEASE_TERMS: [string, number][] = [
  ['一年起租', 0.6],
  ['半年起租', 0.22],
  ['可短租（1-6个月）', 0.12],
  ['两年起租', 0.06],
];
const VIEWINGS: [string, number][] = [
  ['随时看房', 0.5],
  ['需提前预约', 0.35],
  ['仅周末可看', 0.15],
];
const ROOM_ORIENTATIONS = ['南', '南', '东南', '西南', '东', '西', '北'];

function weighted(rng: Prng, items: [string, number][]): string {
  let roll = rng.next();
  for (const [item, p] of items) {
    if (roll < p) return item;
    roll -= p;
  }
  return items[items.length - 1]![0];
}

/** Kept within the tier's range; a rent at the edge is nudged inwards so the edges are not a spike. */
function bounded(rng: Prng, rent: number, [min, max]: [number, number], step: number): number {
  const inRange = rent < min ? min + rng.int(0, 10) * step : rent > max ? max - rng.int(0, 20) * step : rent;
  return Math.round(inRange / step) * step;
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** One rental: 60% whole flats (整租), 40% rooms in shared flats (合租). */
export function composeRental(rng: Prng, homes: CityHomes, seq: number): RentalRow {
  const { city, images, today } = homes;
  const c = pickCommunity(rng, homes);
  const whole = rng.chance(0.6);
  const range = RENT_RANGE[city.priceTier] ?? RENT_RANGE[3]!;
  // Rents vary less between districts than prices do: the square root of the price factor.
  const level = city.rentLevel * Math.sqrt(c.priceFactor) * (1 + rng.normal() * 0.06);
  let rooms: number, halls: number, baths: number, area: number, monthlyRent: number;
  if (whole) {
    const roll = rng.next();
    rooms = roll < 0.3 ? 1 : roll < 0.68 ? 2 : roll < 0.9 ? 3 : roll < 0.97 ? 4 : 5;
    const areaRange: Record<number, [number, number]> = { 1: [28, 60], 2: [50, 95], 3: [80, 140], 4: [110, 190], 5: [150, 240] };
    const [minArea, maxArea] = areaRange[rooms]!;
    area = Math.round((minArea + rng.next() * (maxArea - minArea)) * 10) / 10;
    halls = rooms === 1 ? rng.int(0, 1) : rng.int(1, 2);
    baths = rooms <= 2 ? 1 : rooms === 3 ? rng.int(1, 2) : rng.int(2, 3);
    // Small flats rent for more per ㎡.
    monthlyRent = bounded(rng, level * area * Math.pow(60 / area, 0.25), range.whole, 100);
  } else {
    const roll = rng.next();
    rooms = roll < 0.15 ? 2 : roll < 0.6 ? 3 : roll < 0.9 ? 4 : 5;
    halls = 1;
    baths = rooms <= 3 ? rng.int(1, 2) : 2;
    area = Math.round((10 + rng.next() * 15) * 10) / 10;
    monthlyRent = bounded(rng, level * area * ROOM_PREMIUM, range.room, 50);
  }
  const floors = floorsOf(rng, c.buildYear);
  const { totalFloors } = floors;
  const elevator = totalFloors > 6;
  const orientation = whole ? rng.pick(words.ORIENTATIONS) : rng.pick(ROOM_ORIENTATIONS);
  const decoration = rng.chance(0.62) ? '精装' : '简装';
  const ownBath = !whole && rng.chance(0.3);
  const ownBalcony = !whole && rng.chance(0.25);
  const payment = weighted(rng, PAYMENTS);
  const deposit = monthlyRent * (payment.startsWith('押二') ? 2 : 1);
  const checkIn = rng.chance(0.65) ? '随时入住' : isoDate(today + rng.int(3, 45) * DAY);
  const leaseTerm = weighted(rng, LEASE_TERMS);
  const viewing = weighted(rng, VIEWINGS);
  const utilities = rng.chance(0.92) ? '民水民电' : '商水商电';
  const listedDays = rng.int(0, 60);

  const has: Record<RentFacility, boolean> = {
    洗衣机: rng.chance(0.9),
    空调: rng.chance(0.92),
    冰箱: rng.chance(0.88),
    热水器: rng.chance(0.95),
    宽带: rng.chance(0.85),
    床: rng.chance(0.96),
    衣柜: rng.chance(0.92),
    沙发: rng.chance(whole ? 0.8 : 0.55),
    燃气: rng.chance(0.85),
    暖气: CENTRAL_HEATING.has(city.cityCode) ? rng.chance(0.97) : rng.chance(0.08),
    电视: rng.chance(0.5),
    可做饭: false,
  };
  has.可做饭 = has.燃气 || rng.chance(0.4);
  const facilities = RENT_FACILITIES.filter((f) => has[f]);

  const tags: string[] = [];
  if (c.station && c.station.distance <= 1000) tags.push('近地铁');
  if (viewing === '随时看房') tags.push('随时看房');
  if (payment === '押一付一') tags.push('押一付一');
  if (ownBath) tags.push('独立卫生间');
  if (ownBalcony) tags.push('独立阳台');
  if (decoration === '精装') tags.push('精装');

  const variant = rng.int(0, 3);
  const photoRooms: (typeof ROOM_TYPES)[number][] = whole
    ? ['客厅', '卧室', '厨房', '卫生间']
    : ['卧室', '客厅', '厨房', '卫生间'];
  if (whole && rooms >= 2) photoRooms.push('卧室');
  if (whole ? rng.chance(0.6) : ownBalcony) photoRooms.push('阳台');
  const photos = photoSet(images, variant, photoRooms, rooms);

  const near = c.station ? `距地铁站约${c.station.distance}米，` : '';
  const description = whole
    ? `${c.name}${rooms}室${halls}厅${baths}卫整租，面积${area}㎡，${orientation}朝向，${decoration}，${floors.floorLevel}（共${totalFloors}层）${elevator ? '，有电梯' : ''}。${near}${facilities.slice(0, 6).join('、')}齐全。${payment}，${leaseTerm}，${checkIn === '随时入住' ? '随时入住' : `${checkIn}起可入住`}。`
    : `${c.name}${rooms}居室合租中的${orientation}卧，约${area}㎡${ownBath ? '，带独立卫生间' : ''}${ownBalcony ? '，带独立阳台' : ''}，${decoration}。客厅、厨房与室友共用，${near}${payment}，${leaseTerm}。`;
  return {
    ...locationOf(city, c),
    listingNo: `${city.cityDomain.toUpperCase()}ZF${String(seq).padStart(8, '0')}`,
    title: whole ? `整租·${c.name} ${rooms}室${halls}厅 ${orientation}` : `合租·${c.name} ${rooms}居室 ${orientation}卧`,
    rentType: whole ? RENT_TYPE.WHOLE : RENT_TYPE.SHARED,
    monthlyRent,
    area,
    rooms,
    halls,
    baths,
    orientation,
    ...floors,
    decoration,
    elevator,
    tags,
    payment,
    deposit,
    checkIn,
    leaseTerm,
    viewing,
    utilities,
    facilities,
    description,
    listedAt: new Date(today - listedDays * DAY - rng.int(8, 20) * 3_600_000),
    coverUrl: photos[0]!.url,
    photos,
    agentId: agentFor(rng, c, homes),
  };
}
