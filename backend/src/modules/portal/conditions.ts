import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { cityScopedRequestSchema } from '../../../../contracts/city';
import { esfConditionsSchema } from '../../../../contracts/esf';
import { ApiPath } from '../../../../contracts/paths';
import type { Db } from '../../db/client';
import { businessAreas, districts, subwayLines, subwayStations } from '../../db/schema';
import { portalRoute } from '../../http/portal-route';
import { requireCity } from './cities';
import { AREA_BANDS, priceBandsOf, ROOM_OPTIONS, SORTS } from './esf-bands';

export function registerConditions(app: FastifyInstance, db: Db): void {
  portalRoute(app, {
    path: ApiPath.conditionEsf,
    summary: "Second-hand filter dictionary of a city: places, lines, the city's price bands, area, rooms, sorts",
    tags: ['portal'],
    input: cityScopedRequestSchema,
    output: esfConditionsSchema,
    handler: async (input) => {
      const city = await requireCity(db, input.cityCode);
      const [districtRows, areaRows, lineRows, stationRows] = await Promise.all([
        db.select().from(districts).where(eq(districts.cityCode, city.cityCode)).orderBy(asc(districts.sort)),
        db.select().from(businessAreas).where(eq(businessAreas.cityCode, city.cityCode)).orderBy(asc(businessAreas.id)),
        db.select().from(subwayLines).where(eq(subwayLines.cityCode, city.cityCode)).orderBy(asc(subwayLines.sort)),
        db.select().from(subwayStations).where(eq(subwayStations.cityCode, city.cityCode)).orderBy(asc(subwayStations.seq)),
      ]);
      return {
        districts: districtRows.map((d) => ({
          id: d.id,
          name: d.name,
          children: areaRows.filter((a) => a.districtId === d.id).map((a) => ({ id: a.id, name: a.name })),
        })),
        subwayLines: lineRows.map((l) => ({
          id: l.id,
          name: l.name,
          children: stationRows.filter((s) => s.lineId === l.id).map((s) => ({ id: s.id, name: s.name })),
        })),
        price: priceBandsOf(city.priceTier),
        area: AREA_BANDS,
        rooms: ROOM_OPTIONS,
        sorts: SORTS.map(({ code, label }) => ({ code, label })),
      };
    },
  });
}
