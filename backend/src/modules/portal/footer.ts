import { asc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bottomLinkSchema, optionalCityRequestSchema, type FooterLink } from '../../../../contracts/city';
import { ApiPath } from '../../../../contracts/paths';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { cities, districts, friendlyLinks } from '../../db/schema';
import { portalRoute } from '../../http/portal-route';
import { requireCity } from './cities';
import { hotCommunitiesOf } from './home';

const HOT_COMMUNITY_LINKS = 8;

/** spec §2 Footer tabs: hot cities, the city's hot second-hand / new / rent links, friendly links. */
export function registerFooter(app: FastifyInstance, db: Db, config: Config): void {
  portalRoute(app, {
    path: ApiPath.pcBottomLink,
    summary: 'Footer links: hot cities, hot second-hand / new / rent links of the city, friendly links',
    tags: ['portal'],
    input: optionalCityRequestSchema,
    output: bottomLinkSchema,
    handler: async (input) => {
      const city = await requireCity(db, input.cityCode ?? config.DEFAULT_CITY);
      const [hot, districtRows, links, communities] = await Promise.all([
        db.select().from(cities).where(isNotNull(cities.hotRank)).orderBy(asc(cities.hotRank)),
        db.select().from(districts).where(eq(districts.cityCode, city.cityCode)).orderBy(asc(districts.sort)),
        db.select().from(friendlyLinks).orderBy(asc(friendlyLinks.sort)),
        hotCommunitiesOf(db, city.cityCode, HOT_COMMUNITY_LINKS),
      ]);
      const byDistrict = (path: string, suffix: string): FooterLink[] =>
        districtRows.map((d) => ({ id: String(d.id), name: `${d.shortName}${suffix}`, url: `/${path}/dc${d.id}/` }));
      return {
        hotCity: hot.map((c) => ({ id: c.cityCode, name: c.name, url: c.cityDomain })),
        hotEsfCity: city.isEsf
          ? [
              ...communities.map((c) => ({ id: String(c.id), name: c.name, url: `/xiaoqu/xiangqing/${c.id}` })),
              ...byDistrict('ershoufang', '二手房'),
            ]
          : [],
        hotNewCity: city.isNewhouse ? byDistrict('loupan', '新房') : [],
        hotRentCity: city.isRent ? byDistrict('zufang', '租房') : [],
        outSideLink: links.map((l) => ({ id: String(l.id), name: l.name, url: l.url })),
      };
    },
  });
}
