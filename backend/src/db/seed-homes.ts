import type { Prng } from './prng';
import type { SeedCity } from './seed-data/cities';
import type { ROOM_TYPES, SeedImages } from './seed-images';

/** What composing a second-hand listing and a rental share: the community, floors, photos, the agent. */

export const DAY = 86_400_000;
/** Cities whose homes have central heating (north of the Huai river). */
export const CENTRAL_HEATING = new Set(['110000', '120000', '610100', '370200']);

export interface Place {
  id: number;
  lat: number;
  lng: number;
}
export interface StationPlace extends Place {
  lineId: number;
  name: string;
}
export interface AreaPlace extends Place {
  districtId: number;
  name: string;
}
export interface CommunityPlace extends AreaPlace {
  businessAreaId: number;
  buildYear: number;
  /** District and community price level around 1 (central districts dearer). */
  priceFactor: number;
  station: { id: number; lineId: number; distance: number } | null;
}

/** A city as composing its homes sees it: its communities, its agents, the pictures and the day of seeding. */
export interface CityHomes {
  city: SeedCity;
  communities: CommunityPlace[];
  /** Agent ids by business area (the branch named after it). */
  agentsByArea: Map<number, number[]>;
  cityAgents: number[];
  images: SeedImages;
  /** Midnight of the day of seeding, ms: listing dates count back from it. */
  today: number;
}

/** Walking metres between two points: straight-line distance times 1.3 for streets. */
export function walkingMetres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = (a.lat - b.lat) * 111_000;
  const dLng = (a.lng - b.lng) * 111_000 * Math.cos((a.lat * Math.PI) / 180);
  return Math.round(Math.hypot(dLat, dLng) * 1.3);
}

/** Popular communities have many homes on the market: a skewed pick. */
export function pickCommunity(rng: Prng, { communities }: CityHomes): CommunityPlace {
  return communities[Math.floor(communities.length * Math.pow(rng.next(), 1.7))]!;
}

/** Old communities are walk-ups of 5–7 floors; newer ones have the usual tower heights. */
export function floorsOf(rng: Prng, buildYear: number): { floor: number; totalFloors: number; floorLevel: string } {
  const totalFloors = buildYear < 2000 ? rng.int(5, 7) : rng.pick([6, 11, 18, 24, 28, 32]);
  const floor = rng.int(1, totalFloors);
  const floorLevel = floor <= totalFloors / 3 ? '低楼层' : floor <= (totalFloors * 2) / 3 ? '中楼层' : '高楼层';
  return { floor, totalFloors, floorLevel };
}

/** Room pictures of one colour scheme (`variant`), then the floor plan of a flat with `planRooms` rooms. */
export function photoSet(images: SeedImages, variant: number, rooms: (typeof ROOM_TYPES)[number][], planRooms: number) {
  const photos = rooms.map((room, k) => ({ url: images.rooms[room][(variant + k) % 4]!, title: room as string }));
  photos.push({ url: images.floorPlans[Math.min(planRooms, 6) - 1]!, title: '户型图' });
  return photos;
}

/** An agent of the community's business-area branch (望京店), else any agent of the city. */
export function agentFor(rng: Prng, community: CommunityPlace, { agentsByArea, cityAgents }: CityHomes): number {
  return rng.pick(agentsByArea.get(community.businessAreaId) ?? cityAgents);
}

/** Location ids copied from the community (so that list filters need no join), and its nearest station. */
export function locationOf(city: SeedCity, c: CommunityPlace) {
  return {
    cityCode: city.cityCode,
    districtId: c.districtId,
    businessAreaId: c.businessAreaId,
    communityId: c.id,
    stationId: c.station?.id ?? null,
    lineId: c.station?.lineId ?? null,
    stationDistance: c.station?.distance ?? null,
  };
}

/** The nearest station within walking distance (1.5 km), as a community's or a shop's `station`. */
export function nearestStation(at: { lat: number; lng: number }, stations: readonly StationPlace[]): CommunityPlace['station'] {
  let best: CommunityPlace['station'] = null;
  for (const s of stations) {
    const distance = walkingMetres(at, s);
    if (distance <= 1500 && (!best || distance < best.distance)) best = { id: s.id, lineId: s.lineId, distance };
  }
  return best;
}
