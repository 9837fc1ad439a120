import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { channelIsOn } from '@contracts/channels';
import { cityScopedRequestSchema } from '@contracts/city';
import {
  newHomeConditionsSchema,
  newHomeDetailSchema,
  newHomeListPageSchema,
  newHomeListQuerySchema,
  PROJECT_PHOTO_KINDS,
  type NewHomeDetail,
  type NewHomeListItem,
  type PhotoGroup,
  newHomeSimilarSchema,
} from '@contracts/new-home';
import { ApiPath } from '@contracts/paths';
import { NEW_HOME } from '@contracts/residential';
import type { Db } from '../../db/client';
import { newProjects, projectLayouts, type ListingPhoto } from '../../db/schema';
import { notFound } from '../../http/errors';
import { portalIdRoute, portalRoute } from '../../http/portal-route';
import { findCity, requireChannelCity } from '../cities/cities';
import { agentCardOf, listPager, nearestStationOf, placeConditions, placesOfCity, selectWithPlaces } from './common';
import { residentialChannel } from './residential';
import type { ListFilters } from './channels/channel-module';
import { placeLikeness, similarListings } from './similar';

/**
 * The 新房 channel (CHANNELS.new, 楼盘): /v1/condition/loupan, /v1/loupan/list and /v1/loupan/detail/{id}. Its
 * filters and sorts are its declaration's (contracts/residential.ts NEW_HOME), with the semantics of the other channels: places AND-ed, bands OR-ed within a filter and AND-ed across filters. A
 * project is a place of its own: `e{id}` is the project, and the keyword matches its name as well as the
 * places it is in. A city whose isNewhouse flag is 0 has no such channel: its conditions, list and projects
 * are a 404.
 */

/** The columns of a project its list item shows, with the place names: not the photos, description and the rest. */
function selectProjects(db: Db) {
  const p = newProjects;
  const project = {
    id: p.id,
    name: p.name,
    alias: p.alias,
    cityCode: p.cityCode,
    districtId: p.districtId,
    businessAreaId: p.businessAreaId,
    address: p.address,
    avgPrice: p.avgPrice,
    totalPriceMin: p.totalPriceMin,
    totalPriceMax: p.totalPriceMax,
    saleStatus: p.saleStatus,
    propertyType: p.propertyType,
    propertyTypes: p.propertyTypes,
    decoration: p.decoration,
    openingDate: p.openingDate,
    tags: p.tags,
    coverUrl: p.coverUrl,
    stationDistance: p.stationDistance,
    updatedAt: p.updatedAt,
  };
  return selectWithPlaces(db, newProjects, { project });
}

type ProjectRow = Awaited<ReturnType<ReturnType<typeof selectProjects>['execute']>>[number];
type LayoutSummary = Pick<NewHomeListItem, 'layoutRooms' | 'areaMin' | 'areaMax'>;

/** What the list shows of a project's layouts: `3室/4室 89-143㎡`. */
function summarize(layouts: { projectId: number; rooms: number; area: number }[]): Map<number, LayoutSummary> {
  const byProject = new Map<number, LayoutSummary>();
  for (const l of layouts) {
    const s = byProject.get(l.projectId) ?? { layoutRooms: [], areaMin: l.area, areaMax: l.area };
    if (!s.layoutRooms.includes(l.rooms)) s.layoutRooms.push(l.rooms);
    s.areaMin = Math.min(s.areaMin, l.area);
    s.areaMax = Math.max(s.areaMax, l.area);
    byProject.set(l.projectId, s);
  }
  for (const s of byProject.values()) s.layoutRooms.sort((a, b) => a - b);
  return byProject;
}

function toItem(row: ProjectRow, layouts: LayoutSummary | undefined): NewHomeListItem {
  const p = row.project;
  // The seed gives every project 3–8 layouts; a project without any is a broken database, not a visitor's mistake.
  if (!layouts) throw new Error(`project ${p.id} has no layouts`);
  return {
    id: p.id,
    name: p.name,
    alias: p.alias,
    cityCode: p.cityCode,
    districtId: p.districtId,
    districtName: row.districtName,
    businessAreaId: p.businessAreaId,
    businessAreaName: row.businessAreaName,
    address: p.address,
    avgPrice: p.avgPrice,
    totalPriceMin: p.totalPriceMin,
    totalPriceMax: p.totalPriceMax,
    saleStatus: p.saleStatus,
    propertyType: p.propertyType,
    propertyTypes: p.propertyTypes,
    decoration: p.decoration,
    openingDate: p.openingDate,
    tags: p.tags,
    coverUrl: p.coverUrl,
    ...layouts,
    nearestStation: nearestStationOf(row, p.stationDistance),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export async function itemsByIds(db: Db, ids: number[]): Promise<Map<number, NewHomeListItem>> {
  const [rows, layouts] = await Promise.all([
    selectProjects(db).where(inArray(newProjects.id, ids)),
    db
      .select({ projectId: projectLayouts.projectId, rooms: projectLayouts.rooms, area: projectLayouts.area })
      .from(projectLayouts)
      .where(inArray(projectLayouts.projectId, ids)),
  ]);
  const summaries = summarize(layouts);
  return new Map(rows.map((r) => [r.project.id, toItem(r, summaries.get(r.project.id))]));
}

/** The declaration (contracts/residential.ts NEW_HOME) on the table of projects. */
export const newHome = residentialChannel(newProjects, NEW_HOME);

/** The WHERE of the list: places and keyword (the project's own name too), then the declared filters. */
export function listConditions(input: ListFilters, cityCode: string, priceTier: number): SQL | undefined {
  return and(...placeConditions(newProjects, cityCode, input, newProjects), newHome.where(input, priceTier));
}

/** The album by kind, in the order of PROJECT_PHOTO_KINDS; a kind without photos is left out. */
function photoGroupsOf(photos: ListingPhoto[]): PhotoGroup[] {
  return PROJECT_PHOTO_KINDS.map((kind) => ({
    kind,
    photos: photos.filter((p) => p.kind === kind).map(({ url, title }) => ({ url, title })),
  })).filter((g) => g.photos.length > 0);
}

async function projectDetail(db: Db, id: number): Promise<NewHomeDetail> {
  const [row] = await selectWithPlaces(db, newProjects, { project: newProjects }).where(eq(newProjects.id, id)).limit(1);
  if (!row) throw notFound(`楼盘 ${id} `);
  const p = row.project;
  const [city, layouts, agent] = await Promise.all([
    findCity(db, p.cityCode),
    db
      .select()
      .from(projectLayouts)
      .where(eq(projectLayouts.projectId, id))
      .orderBy(asc(projectLayouts.rooms), asc(projectLayouts.area)),
    agentCardOf(db, p.agentId),
  ]);
  // A project of a city without the 新房 channel is as unknown as a project that does not exist.
  if (!city || !channelIsOn(city, 'new')) throw notFound(`楼盘 ${id} `);
  if (!agent) throw new Error(`project ${id} refers to a missing agent`);
  return {
    ...toItem(row, summarize(layouts).get(id)),
    lat: p.lat,
    lng: p.lng,
    deliveryDate: p.deliveryDate,
    developer: p.developer,
    propertyCompany: p.propertyCompany,
    plotRatio: p.plotRatio,
    greenRatio: p.greenRatio,
    households: p.households,
    parkingSpaces: p.parkingSpaces,
    rightsYears: p.rightsYears,
    buildingType: p.buildingType,
    description: p.description,
    salesOffice: p.salesOffice,
    propertyFee: p.propertyFee,
    heating: p.heating,
    permits: p.permits,
    layouts: layouts.map((l) => ({
      id: l.id,
      name: l.name,
      rooms: l.rooms,
      halls: l.halls,
      baths: l.baths,
      area: l.area,
      orientation: l.orientation,
      totalPrice: l.totalPrice,
      saleStatus: l.saleStatus,
      planUrl: l.planUrl,
      tags: l.tags,
    })),
    photoGroups: photoGroupsOf(p.photos),
    agent,
  };
}

export function registerNewHome(app: FastifyInstance, db: Db): void {
  portalRoute(app, {
    path: ApiPath.conditionNewHome,
    summary:
      "新房 filter dictionary of a city: places, lines, the city's average- and total-price bands, sale status, property type, sorts",
    tags: ['new-home'],
    input: cityScopedRequestSchema,
    output: newHomeConditionsSchema,
    handler: async (input) => {
      const city = await requireChannelCity(db, input.cityCode, 'new');
      return {
        ...(await placesOfCity(db, city.cityCode)),
        ...newHome.rows(city.priceTier),
        sorts: newHome.sorts,
      };
    },
  });

  const pageOf = listPager(db);
  portalRoute(app, {
    path: ApiPath.newHomeList,
    summary: 'New-home projects of a city: filters, sort, pages of up to 50 (10 by default, max page 100)',
    tags: ['new-home'],
    input: newHomeListQuerySchema,
    output: newHomeListPageSchema,
    handler: async (input) => {
      const city = await requireChannelCity(db, input.cityCode, 'new');
      const where = listConditions(input, city.cityCode, city.priceTier);
      return pageOf(newProjects, city.cityCode, input, where, newHome.orderBy(input.sort), (ids) => itemsByIds(db, ids));
    },
  });

  portalIdRoute(app, {
    path: ApiPath.newHomeDetail,
    summary:
      'One project with its facts (sales office, property fee, heating, pre-sale permits …), layouts (户型), photos by kind (效果图, 实景图, 样板间, 户型图, 交通图, 配套图) and consultant',
    tags: ['new-home'],
    output: newHomeDetailSchema,
    handler: (id) => projectDetail(db, id),
  });

  portalIdRoute(app, {
    path: ApiPath.newHomeSimilar,
    summary:
      '相似楼盘: up to six projects of the same district and main property type, its business area first, average price within 25% (by place alone while 价格待定)',
    tags: ['new-home'],
    output: newHomeSimilarSchema,
    handler: async (id) => {
      const [p] = await db.select().from(newProjects).where(eq(newProjects.id, id)).limit(1);
      if (!p) throw notFound(`楼盘 ${id} `);
      const like = placeLikeness(newProjects, p, { column: newProjects.avgPrice, value: p.avgPrice }, [
        eq(newProjects.propertyType, p.propertyType),
      ]);
      return { list: await similarListings(db, newProjects, like, (ids) => itemsByIds(db, ids)) };
    },
  });
}
