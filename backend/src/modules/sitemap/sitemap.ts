import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { cityOrigin } from '@contracts/hosts';
import { ApiPath } from '@contracts/paths';
import {
  SITEMAP_KINDS,
  SITEMAP_MAX_URLS,
  sitemapFileName,
  sitemapFileRequestSchema,
  sitemapIndexRequestSchema,
  type SitemapKind,
} from '@contracts/sitemap';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { requireCity, type CityRow } from '../cities/cities';
import { detailBatches, detailCount, kindIsOn, listUrls, type SitemapUrl } from './sources';
import { sitemapIndexXml, URLSET_CLOSE, URLSET_OPEN, urlEntry } from './sitemap-xml';

/** Crawlers come back daily at most; the index and files may be kept that long by any cache in between. */
const SHARED_FOR_S = 3600;

export interface SitemapOptions {
  /** Addresses per file: the protocol's 50,000 (tests make it small to see the parts). */
  perFile?: number;
}

/**
 * A city's XML sitemaps (issue 23 "Being found", docs/api.md "Sitemaps"): the index names one file per kind and
 * part; each file is written from the database as its rows are read (sources.ts: keyset batches) and gzipped on
 * the way out, never whole in memory. The web serves both on the city's host (app/[city]/sitemap.xml, sitemaps/).
 */
export function registerSitemaps(app: FastifyInstance, db: Db, config: Config, options: SitemapOptions = {}): void {
  const perFile = Math.min(options.perFile ?? SITEMAP_MAX_URLS, SITEMAP_MAX_URLS);
  const originOf = (city: CityRow) =>
    cityOrigin(city.cityDomain, { protocol: config.PORTAL_PROTOCOL, rootDomain: config.PORTAL_ROOT_DOMAIN });

  /** How many parts each kind has in the city, and the newest change in each. */
  async function parts(city: CityRow): Promise<{ kind: SitemapKind; part: number; lastmod?: Date }[]> {
    const out: { kind: SitemapKind; part: number; lastmod?: Date }[] = [];
    for (const kind of SITEMAP_KINDS) {
      if (!kindIsOn(city, kind)) continue;
      if (kind === 'lists') {
        const n = (await listUrls(db, city)).length;
        for (let p = 1; p <= Math.ceil(n / perFile); p++) out.push({ kind, part: p });
        continue;
      }
      const { count, newest } = await detailCount(db, kind, city.cityCode);
      for (let p = 1; p <= Math.ceil(count / perFile); p++) out.push({ kind, part: p, ...(newest ? { lastmod: newest } : {}) });
    }
    return out;
  }

  app.get(
    ApiPath.sitemapIndex,
    { schema: { summary: "A city's sitemap index (XML)", tags: ['portal'], querystring: sitemapIndexRequestSchema } },
    async (request, reply) => {
      const { cityCode } = request.query as { cityCode: string };
      const city = await requireCity(db, cityCode);
      const origin = originOf(city);
      const files = (await parts(city)).map((f) => ({
        loc: `${origin}/sitemaps/${sitemapFileName(f.kind, f.part)}`,
        lastmod: f.lastmod,
      }));
      reply.header('cache-control', `public, max-age=${SHARED_FOR_S}`).type('application/xml; charset=utf-8');
      return sitemapIndexXml(files);
    },
  );

  app.get(
    ApiPath.sitemapFile,
    {
      schema: {
        summary: 'One sitemap file of a city (gzip XML, streamed)',
        tags: ['portal'],
        querystring: sitemapFileRequestSchema,
      },
    },
    async (request, reply) => {
      const { cityCode, kind, part } = request.query as { cityCode: string; kind: SitemapKind; part: number };
      const city = await requireCity(db, cityCode);
      if (!kindIsOn(city, kind)) throw notFound(`网站地图 ${sitemapFileName(kind, part)} `);
      const batches =
        kind === 'lists'
          ? listPart(await listUrls(db, city), part, perFile)
          : detailBatches(db, kind, city.cityCode, part, perFile);
      // The first batch decides between a file and a 404 (a part past the last), before any byte is sent.
      const iterator = batches[Symbol.asyncIterator]();
      const first = await iterator.next();
      if (first.done) throw notFound(`网站地图 ${sitemapFileName(kind, part)} `);
      const origin = originOf(city);
      // One string per batch of rows: the stream and gzip see a few dozen chunks a file, not one per address.
      async function* xml() {
        let next: IteratorResult<SitemapUrl[]> = first;
        let head = URLSET_OPEN;
        while (!next.done) {
          yield head + next.value.map((u) => urlEntry(`${origin}${u.path}`, u.lastmod)).join('');
          head = '';
          next = await iterator.next();
        }
        yield URLSET_CLOSE;
      }
      reply
        .header('cache-control', `public, max-age=${SHARED_FOR_S}`)
        .header('content-disposition', `inline; filename="${sitemapFileName(kind, part)}"`)
        .type('application/gzip');
      return reply.send(Readable.from(xml()).pipe(createGzip()));
    },
  );
}

async function* listPart(all: SitemapUrl[], part: number, perFile: number): AsyncGenerator<SitemapUrl[]> {
  const slice = all.slice((part - 1) * perFile, part * perFile);
  if (slice.length > 0) yield slice;
}
