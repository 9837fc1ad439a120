import type { FastifyInstance } from 'fastify';
import type IP2Region from 'ip2region';
import { createRequire } from 'node:module';
import { z } from 'zod';
import { locationSchema } from '@contracts/city';
import { ApiPath } from '@contracts/paths';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { portalRoute } from '../../http/portal-route';
import { cityTable, defaultCity } from '../cities/cities';

// ip2region is CommonJS with its class on `exports.default`; Node's ESM import would hand us the exports object.
const require = createRequire(import.meta.url);

let searcher: IP2Region | undefined;

/**
 * The ip2region searcher, made once per process: it reads its IPv4 and IPv6 databases (about 11 MB) into
 * memory, which takes some 15 ms; a lookup then takes a few microseconds.
 */
function ipSearcher(): IP2Region {
  searcher ??= new (require('ip2region') as { default: typeof IP2Region }).default();
  return searcher;
}

/**
 * The portal's name of the city an address is in (深圳), or null when ip2region does not place it in a
 * Chinese city: foreign, private (内网IP), loopback, link-local or not an address at all. IPv4-mapped IPv6
 * (::ffff:a.b.c.d) is looked up as IPv4 by the library.
 */
export function cityNameOfIp(ip: string): string | null {
  let found: ReturnType<IP2Region['search']>;
  try {
    found = ipSearcher().search(ip);
  } catch {
    // The IPv6 reader throws on addresses Node accepts but it cannot parse, such as a zone id (fe80::1%eth0).
    return null;
  }
  if (!found || found.country !== '中国') return null;
  // IPv4 gives 广东省/深圳市 and 北京/北京市; IPv6 gives a municipality as province 北京市 with no city, and
  // for many addresses a province (河南省) alone, which is no city.
  const city = found.city || (found.province.endsWith('市') ? found.province : '');
  const name = city.replace(/市$/, '');
  return name === '' ? null : name;
}

/**
 * spec §7 location: the visitor's city from the client IP. `request.ip` honours X-Forwarded-For from
 * loopback only (trustProxy in app.ts): the web process on the same machine forwards the visitor's address.
 * Addresses outside the portal's cities get DEFAULT_CITY.
 */
export function registerLocation(app: FastifyInstance, db: Db, config: Config): void {
  // Load the databases at start, so the first visitor does not wait and a broken install fails early.
  ipSearcher();
  portalRoute(app, {
    path: ApiPath.location,
    summary: 'Locate the visitor by client IP (X-Forwarded-For from the web process)',
    tags: ['portal'],
    input: z.object({}),
    output: locationSchema,
    handler: async (_input, request) => {
      const name = cityNameOfIp(request.ip);
      const located = name === null ? undefined : (await cityTable(db).snapshot()).byName.get(name);
      const city = located ?? (await defaultCity(db, config.DEFAULT_CITY));
      return { cityCode: city.cityCode, cityDomain: city.cityDomain, cityName: city.name };
    },
  });
}
