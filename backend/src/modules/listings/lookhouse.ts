import { and, asc, count, desc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { channelIsOn } from '@contracts/channels';
import {
  LOOKHOUSE_MEETS,
  LOOKHOUSE_RESULT_MAX,
  LOOKHOUSE_SUBWAY_METRES,
  lookhouseRequestSchema,
  lookhouseResultSchema,
  type LookhouseItem,
  type LookhouseMeet,
  type LookhouseRequest,
  type LookhouseResult,
} from '@contracts/lookhouse';
import { ApiPath } from '@contracts/paths';
import type { Db } from '../../db/client';
import { communities, districts, esfListings, newProjects, rentals, subwayStations } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { portalRoute } from '../../http/portal-route';
import { requireCity } from '../cities/cities';

/**
 * 帮我找房 (spec §2 /lookhouse/result): the budget and the districts are hard answers (a home outside them is no
 * answer at all); rooms, the must-haves and the move-in day are soft: each home is scored by how many of them it
 * meets, and among equals the one nearer the commute point (a station) comes first, then the newer. Each channel
 * gives its CANDIDATES nearest (or newest) homes within the hard answers; those are scored and the best
 * LOOKHOUSE_RESULT_MAX kept. 买房 looks among 二手房 and 新房, 租房 among rentals, as the city has those channels.
 */

const CANDIDATES = 200;
/** Metres in a degree of latitude; a degree of longitude is this times cos(latitude). */
const METRES_PER_DEGREE = 111_320;

interface Point {
  lat: number;
  lng: number;
}

/** Straight-line metres from `p` to the row's coordinates, as SQL (the small-distance approximation). */
const metresFrom = (p: Point, lat: AnyPgColumn, lng: AnyPgColumn) =>
  sql<number>`sqrt(power(${lat} - ${p.lat}, 2) + power((${lng} - ${p.lng}) * ${Math.cos((p.lat * Math.PI) / 180)}, 2)) * ${METRES_PER_DEGREE}`;

interface Candidate extends LookhouseItem {
  listedAt: number;
}

function ordered(meets: Set<LookhouseMeet>): LookhouseMeet[] {
  return LOOKHOUSE_MEETS.filter((m) => meets.has(m));
}

/** The soft answers a home asked about meets and misses. */
function judge(
  input: LookhouseRequest,
  home: { rooms: number | null; stationDistance: number | null; elevator: boolean | null; tags: string[]; checkIn?: string },
): { meets: LookhouseMeet[]; misses: LookhouseMeet[] } {
  const meets = new Set<LookhouseMeet>();
  const misses = new Set<LookhouseMeet>();
  const mark = (m: LookhouseMeet, ok: boolean) => (ok ? meets : misses).add(m);
  if (input.budgetFrom !== undefined || input.budgetTo !== undefined) meets.add('budget');
  if (input.districtIds?.length) meets.add('district');
  if (input.rooms?.length) mark('rooms', home.rooms !== null && input.rooms.includes(Math.min(home.rooms, 4)));
  const needs = new Set(input.needs ?? []);
  if (needs.has('subway')) mark('subway', home.stationDistance !== null && home.stationDistance <= LOOKHOUSE_SUBWAY_METRES);
  if (needs.has('elevator')) mark('elevator', home.elevator === true);
  if (needs.has('viewing')) mark('viewing', home.tags.includes('随时看房'));
  if (input.moveIn && home.checkIn !== undefined) mark('moveIn', home.checkIn === '随时入住' || home.checkIn <= input.moveIn);
  return { meets: ordered(meets), misses: ordered(misses) };
}

export async function lookhouse(db: Db, input: LookhouseRequest): Promise<LookhouseResult> {
  const city = await requireCity(db, input.cityCode);
  let point: (Point & { name: string }) | null = null;
  if (input.stationId !== undefined) {
    const [station] = await db
      .select({ lat: subwayStations.lat, lng: subwayStations.lng, name: subwayStations.name })
      .from(subwayStations)
      .where(and(eq(subwayStations.id, input.stationId), eq(subwayStations.cityCode, city.cityCode)));
    if (!station) throw badRequest('通勤地点不是本城市的地铁站');
    point = station;
  }
  if (input.districtIds?.length) {
    const found = await db
      .select({ id: districts.id })
      .from(districts)
      .where(and(inArray(districts.id, input.districtIds), eq(districts.cityCode, city.cityCode)));
    if (found.length !== new Set(input.districtIds).size) throw badRequest('所选区域不属于本城市');
  }
  const { budgetFrom: from, budgetTo: to } = input;
  const inBudget = (col: AnyPgColumn) => [
    from !== undefined ? gte(col, from) : undefined,
    to !== undefined ? lte(col, to) : undefined,
  ];
  const inDistricts = (col: AnyPgColumn) => (input.districtIds?.length ? inArray(col, input.districtIds) : undefined);

  const candidates: Candidate[] = [];
  let total = 0;

  if (input.deal === 'buy' || input.deal === 'rent') {
    const home = input.deal === 'buy' ? esfListings : rentals;
    const channel = input.deal === 'buy' ? 'esf' : 'rent';
    if (channelIsOn(city, channel)) {
      const price = input.deal === 'buy' ? esfListings.totalPrice : rentals.monthlyRent;
      const where = and(eq(home.cityCode, city.cityCode), ...inBudget(price), inDistricts(home.districtId));
      const distance = point ? metresFrom(point, communities.lat, communities.lng) : sql<number>`null`;
      const rows = await db
        .select({
          id: home.id,
          title: home.title,
          coverUrl: home.coverUrl,
          districtName: districts.name,
          price,
          area: home.area,
          rooms: home.rooms,
          elevator: home.elevator,
          tags: home.tags,
          stationDistance: home.stationDistance,
          listedAt: home.listedAt,
          checkIn: input.deal === 'rent' ? rentals.checkIn : sql<string | null>`null`,
          distance,
        })
        .from(home)
        .innerJoin(communities, eq(communities.id, home.communityId))
        .innerJoin(districts, eq(districts.id, home.districtId))
        .where(where)
        .orderBy(...(point ? [asc(distance)] : []), desc(home.listedAt), desc(home.id))
        .limit(CANDIDATES);
      const [n] = await db.select({ n: count() }).from(home).where(where);
      total += n?.n ?? 0;
      for (const r of rows) {
        candidates.push({
          channel,
          id: r.id,
          title: r.title,
          coverUrl: r.coverUrl,
          districtName: r.districtName,
          price: r.price,
          area: r.area,
          rooms: r.rooms,
          distance: r.distance === null ? null : Math.round(Number(r.distance)),
          listedAt: r.listedAt.getTime(),
          ...judge(input, { ...r, checkIn: r.checkIn ?? undefined }),
        });
      }
    }
  }

  if (input.deal === 'buy' && channelIsOn(city, 'new')) {
    // A project fits a budget its layouts' price range reaches into; 价格待定 fits no budget.
    const budget =
      from !== undefined || to !== undefined
        ? [
            isNotNull(newProjects.totalPriceMin),
            to !== undefined ? lte(newProjects.totalPriceMin, to) : undefined,
            from !== undefined ? gte(newProjects.totalPriceMax, from) : undefined,
          ]
        : [];
    const where = and(eq(newProjects.cityCode, city.cityCode), ...budget, inDistricts(newProjects.districtId));
    const distance = point ? metresFrom(point, newProjects.lat, newProjects.lng) : sql<number>`null`;
    const rows = await db
      .select({
        id: newProjects.id,
        title: newProjects.name,
        coverUrl: newProjects.coverUrl,
        districtName: districts.name,
        price: newProjects.totalPriceMin,
        listedAt: newProjects.updatedAt,
        distance,
      })
      .from(newProjects)
      .innerJoin(districts, eq(districts.id, newProjects.districtId))
      .where(where)
      .orderBy(...(point ? [asc(distance)] : []), desc(newProjects.updatedAt), desc(newProjects.id))
      .limit(CANDIDATES);
    const [n] = await db.select({ n: count() }).from(newProjects).where(where);
    total += n?.n ?? 0;
    for (const r of rows) {
      candidates.push({
        channel: 'new',
        id: r.id,
        title: r.title,
        coverUrl: r.coverUrl,
        districtName: r.districtName,
        price: r.price,
        area: null,
        rooms: null,
        distance: r.distance === null ? null : Math.round(Number(r.distance)),
        listedAt: r.listedAt.getTime(),
        // A project has many layouts and no one floor: only the hard answers and the commute speak for it.
        ...judge(input, { rooms: null, stationDistance: null, elevator: null, tags: [] }),
      });
    }
  }

  candidates.sort(
    (a, b) => b.meets.length - a.meets.length || (a.distance ?? 0) - (b.distance ?? 0) || b.listedAt - a.listedAt || a.id - b.id,
  );
  return {
    total,
    list: candidates.slice(0, LOOKHOUSE_RESULT_MAX).map(({ listedAt, ...item }) => (void listedAt, item)),
    stationName: point?.name ?? null,
  };
}

export function registerLookhouse(app: FastifyInstance, db: Db): void {
  portalRoute(app, {
    path: ApiPath.lookhouse,
    summary:
      '帮我找房: a city’s 二手房 and 新房 (buy) or 租房 (rent) within a budget and districts, ranked by the answers each meets and the distance to a commute station',
    tags: ['listings'],
    input: lookhouseRequestSchema,
    output: lookhouseResultSchema,
    handler: (input) => lookhouse(db, input),
  });
}
