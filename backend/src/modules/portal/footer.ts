import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CHANNELS, detailPath } from '@contracts/channels';
import { bottomLinkSchema, optionalCityRequestSchema, type FooterLink } from '@contracts/city';
import type { ChannelCode } from '@contracts/constants';
import { cityOrigin } from '@contracts/hosts';
import { ApiPath } from '@contracts/paths';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { districts, friendlyLinks } from '../../db/schema';
import { portalRoute } from '../../http/portal-route';
import { cityTable, defaultCity, requireCity } from '../cities/cities';
import { hotCommunitiesOf } from './home';

const HOT_COMMUNITY_LINKS = 8;

/** A city's address as the web builds it (contracts/hosts.ts), from this process's settings. */
const originOf = (config: Config, cityDomain: string) =>
  cityOrigin(cityDomain, { protocol: config.PORTAL_PROTOCOL, rootDomain: config.PORTAL_ROOT_DOMAIN });

/**
 * spec §2 Footer tabs: hot cities, the city's hot second-hand / new / rent links, friendly links. Every `url` is
 * absolute (contracts/city.ts): a hot city is its own sub-domain, and the city's links belong to that city even
 * when the footer is drawn on www (the exempt /about pages show the default city's footer, and a path there
 * would be sent on to the visitor's located city).
 */
export function registerFooter(app: FastifyInstance, db: Db, config: Config): void {
  portalRoute(app, {
    path: ApiPath.pcBottomLink,
    summary: 'Footer links: hot cities, hot second-hand / new / rent links of the city, friendly links',
    tags: ['portal'],
    input: optionalCityRequestSchema,
    output: bottomLinkSchema,
    handler: async (input) => {
      const city = input.cityCode ? await requireCity(db, input.cityCode) : await defaultCity(db, config.DEFAULT_CITY);
      const [{ hot }, districtRows, links, communities] = await Promise.all([
        cityTable(db).snapshot(),
        db.select().from(districts).where(eq(districts.cityCode, city.cityCode)).orderBy(asc(districts.sort)),
        db.select().from(friendlyLinks).orderBy(asc(friendlyLinks.sort)),
        hotCommunitiesOf(db, city.cityCode, HOT_COMMUNITY_LINKS),
      ]);
      const origin = originOf(config, city.cityDomain);
      // A district's list: `dc{id}/` after the channel's list path (the search-path codec, docs/web.md).
      const byDistrict = (channel: ChannelCode, suffix: string): FooterLink[] =>
        districtRows.map((d) => ({
          id: String(d.id),
          name: `${d.shortName}${suffix}`,
          url: `${origin}${CHANNELS[channel].listPath}dc${d.id}/`,
        }));
      return {
        hotCity: hot.map((c) => ({ id: c.cityCode, name: c.name, url: `${originOf(config, c.cityDomain)}/` })),
        hotEsfCity: city.isEsf
          ? [
              ...communities.map((c) => ({ id: String(c.id), name: c.name, url: `${origin}${detailPath('estate', c.id)}` })),
              ...byDistrict('esf', '二手房'),
            ]
          : [],
        hotNewCity: city.isNewhouse ? byDistrict('new', '新房') : [],
        hotRentCity: city.isRent ? byDistrict('rent', '租房') : [],
        outSideLink: links.map((l) => ({ id: String(l.id), name: l.name, url: l.url })),
      };
    },
  });
}
