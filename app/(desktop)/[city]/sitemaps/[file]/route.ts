import { parseSitemapFileName } from '@contracts/sitemap';
import { relaySitemap, SITEMAP_FILE_PATH } from '@/lib/server/sitemap-relay';

/** One file the index names, `esf-2.xml.gz`: gzip XML streamed from the backend. */
export const dynamic = 'force-dynamic';

export async function GET(_request: Request, { params }: { params: Promise<{ city: string; file: string }> }) {
  const { city, file } = await params;
  const named = parseSitemapFileName(file);
  if (!named) return new Response('没有这个网站地图', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  return relaySitemap(city, SITEMAP_FILE_PATH, { kind: named.kind, part: String(named.part) });
}
