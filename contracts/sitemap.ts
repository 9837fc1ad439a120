import { z } from 'zod';
import { cityCodeField } from './city';

/**
 * XML sitemaps of a city (being found by search engines; docs/api.md "Sitemaps"): an index naming one file per kind and
 * part, each file at most SITEMAP_MAX_URLS addresses (the sitemaps.org limit), gzip. The web serves them on the
 * city's own host, `/sitemap.xml` and `/sitemaps/{kind}-{part}.xml.gz`, from the backend's answers.
 */
export const SITEMAP_MAX_URLS = 50_000;

/**
 * The kinds of file: the list pages worth indexing, then every detail page by channel, the agents, and the articles
 * shown in the city (its own and those of every city; sources in backend/src/modules/sitemap/sources.ts).
 */
export const SITEMAP_KINDS = [
  'lists',
  'esf',
  'rent',
  'estate',
  'new',
  'shop_sale',
  'shop_rent',
  'offices_sale',
  'offices_rent',
  'agent',
  'news',
] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

export const sitemapIndexRequestSchema = z.strictObject({ cityCode: cityCodeField() });

export const sitemapFileRequestSchema = z.strictObject({
  cityCode: cityCodeField(),
  kind: z.enum(SITEMAP_KINDS, { message: '没有这种网站地图' }),
  /** 1-based; no city has more than a few hundred files of one kind. */
  part: z.coerce.number().int().min(1, '分卷从1开始').max(1000, '没有这一分卷'),
});
export type SitemapFileRequest = z.infer<typeof sitemapFileRequestSchema>;

/** `esf-2.xml.gz` ↔ { kind: 'esf', part: 2 }: the public file name of one part. */
export const sitemapFileName = (kind: SitemapKind, part: number) => `${kind}-${part}.xml.gz`;
export function parseSitemapFileName(name: string): { kind: SitemapKind; part: number } | null {
  const m = /^([a-z_]+)-([1-9]\d{0,3})\.xml\.gz$/.exec(name);
  if (!m || !(SITEMAP_KINDS as readonly string[]).includes(m[1]!)) return null;
  return { kind: m[1] as SitemapKind, part: Number(m[2]) };
}
