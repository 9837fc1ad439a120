import type { FastifyInstance } from 'fastify';
import { cityScopedRequestSchema } from '../../../../contracts/city';
import { esfConditionsSchema } from '../../../../contracts/esf';
import { ApiPath } from '../../../../contracts/paths';
import type { Db } from '../../db/client';
import { portalRoute } from '../../http/portal-route';
import { placesOfCity } from '../listings/common';
import { requireChannelCity } from './cities';
import { AREA_BANDS, priceBandsOf, ROOM_OPTIONS, SORTS } from './esf-bands';

export function registerConditions(app: FastifyInstance, db: Db): void {
  portalRoute(app, {
    path: ApiPath.conditionEsf,
    summary: "Second-hand filter dictionary of a city: places, lines, the city's price bands, area, rooms, sorts",
    tags: ['portal'],
    input: cityScopedRequestSchema,
    output: esfConditionsSchema,
    handler: async (input) => {
      const city = await requireChannelCity(db, input.cityCode, 'esf');
      return {
        ...(await placesOfCity(db, city.cityCode)),
        price: priceBandsOf(city.priceTier),
        area: AREA_BANDS,
        rooms: ROOM_OPTIONS,
        sorts: SORTS.map(({ code, label }) => ({ code, label })),
      };
    },
  });
}
