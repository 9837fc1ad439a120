import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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
import { BuildTurns, BuiltOnce } from './built-once';
import { detailBatches, detailCount, kindIsOn, listUrls, type SitemapUrl } from './sources';
import { sitemapIndexXml, URLSET_CLOSE, URLSET_OPEN, urlEntry } from './sitemap-xml';

/**
 * Crawlers come back daily at most; the index and files may be kept an hour by any cache in between, and are built at
 * most once an hour here (./built-once.ts).
 */
export const SHARED_FOR_S = 3600;

/**
 * What the kept files of every city may take in a backend process: 北京's eleven, 36,000 homes the largest, are
 * about 400 KiB of gzip together (docs/performance.md "Sitemaps"). Past it the least recently asked is built again.
 */
const KEPT_FILE_BYTES = 64 * 1024 * 1024;
/** The kept list of parts of every city: a few dozen entries each. */
const KEPT_PARTS_BYTES = 1024 * 1024;

/** One file of the index: its kind and part, and the newest change among its rows. */
interface FilePart {
  kind: SitemapKind;
  part: number;
  lastmod?: Date;
}

export interface SitemapOptions {
  /** Addresses per file: the protocol's 50,000 (tests make it small to see the parts). */
  perFile?: number;
}

/**
 * A city's XML sitemaps (being found by search engines; docs/api.md "Sitemaps"): the index names one file per kind and
 * part; each file is written from the database as its rows are read (sources.ts: keyset batches) and gzipped as it is
 * written. Both are built at most once an hour in a process, one build at a time (./built-once.ts), and a file the
 * index does not name is a 404 without a build. The web serves both on the city's host (app/(desktop)/[city]/sitemap.xml,
 * sitemaps/).
 */
export function registerSitemaps(app: FastifyInstance, db: Db, config: Config, options: SitemapOptions = {}): void {
  const perFile = Math.min(options.perFile ?? SITEMAP_MAX_URLS, SITEMAP_MAX_URLS);
  const originOf = (city: CityRow) =>
    cityOrigin(city.cityDomain, { protocol: config.PORTAL_PROTOCOL, rootDomain: config.PORTAL_ROOT_DOMAIN });
  const turns = new BuildTurns();
  const keptParts = new BuiltOnce<FilePart[]>(turns, SHARED_FOR_S * 1000, KEPT_PARTS_BYTES, (p) => p.length * 64);
  const keptFiles = new BuiltOnce<Buffer>(turns, SHARED_FOR_S * 1000, KEPT_FILE_BYTES, (b) => b.length);
  const partsOf = (city: CityRow) => keptParts.get(city.cityCode, () => parts(city));

  /** How many parts each kind has in the city, and the newest change in each. */
  async function parts(city: CityRow): Promise<FilePart[]> {
    const out: FilePart[] = [];
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
      const files = (await partsOf(city)).map((f) => ({
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
      const missing = () => notFound(`网站地图 ${sitemapFileName(kind, part)} `);
      if (!kindIsOn(city, kind)) throw missing();
      // Only what the index names is built: any other part is a 404 from the kept index, at no cost.
      if (!(await partsOf(city)).some((f) => f.kind === kind && f.part === part)) throw missing();
      const file = await keptFiles.get(`${city.cityCode} ${kind} ${part}`, async () => {
        const built = await buildFile(city, kind, part);
        if (!built) throw missing();
        return built;
      });
      reply
        .header('cache-control', `public, max-age=${SHARED_FOR_S}`)
        .header('content-disposition', `inline; filename="${sitemapFileName(kind, part)}"`)
        .type('application/gzip');
      return reply.send(file);
    },
  );

  /** One file, gzipped, or null when its part has no rows (fewer than when the index was built). */
  async function buildFile(city: CityRow, kind: SitemapKind, part: number): Promise<Buffer | null> {
    const batches =
      kind === 'lists'
        ? listPart(await listUrls(db, city), part, perFile)
        : detailBatches(db, kind, city.cityCode, part, perFile);
    const iterator = batches[Symbol.asyncIterator]();
    const first = await iterator.next();
    if (first.done) return null;
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
    const gzip: Buffer[] = [];
    await pipeline(Readable.from(xml()), createGzip(), async (compressed: AsyncIterable<Buffer>) => {
      for await (const chunk of compressed) gzip.push(chunk);
    });
    return Buffer.concat(gzip);
  }
}

async function* listPart(all: SitemapUrl[], part: number, perFile: number): AsyncGenerator<SitemapUrl[]> {
  const slice = all.slice((part - 1) * perFile, part * perFile);
  if (slice.length > 0) yield slice;
}
