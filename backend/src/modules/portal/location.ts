import { desc, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isIPv4 } from 'node:net';
import { z } from 'zod';
import { locationSchema } from '../../../../contracts/city';
import { ApiPath } from '../../../../contracts/paths';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { ipRanges } from '../../db/schema';
import { portalRoute } from '../../http/portal-route';
import { requireCity } from './cities';

/** IPv4 (also IPv4-mapped IPv6) as an unsigned integer; null for anything else. */
export function ipv4Number(ip: string): number | null {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (!isIPv4(v4)) return null;
  return v4.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

/**
 * spec §7 location: the visitor's city from the client IP. `request.ip` honours X-Forwarded-For from
 * loopback only (trustProxy in app.ts): the web process on the same machine forwards the visitor's address.
 * Loopback, private and unknown addresses get DEFAULT_CITY.
 */
export function registerLocation(app: FastifyInstance, db: Db, config: Config): void {
  portalRoute(app, {
    path: ApiPath.location,
    summary: 'Locate the visitor by client IP (X-Forwarded-For from the web process)',
    tags: ['portal'],
    input: z.object({}),
    output: locationSchema,
    handler: async (_input, request) => {
      const ip = ipv4Number(request.ip);
      let cityCode = config.DEFAULT_CITY;
      if (ip !== null) {
        const [range] = await db.select().from(ipRanges).where(lte(ipRanges.startIp, ip)).orderBy(desc(ipRanges.startIp)).limit(1);
        if (range && range.endIp >= ip) cityCode = range.cityCode;
      }
      const city = await requireCity(db, cityCode);
      return { cityCode: city.cityCode, cityDomain: city.cityDomain, cityName: city.name };
    },
  });
}
