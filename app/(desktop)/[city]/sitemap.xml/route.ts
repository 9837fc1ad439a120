import { relaySitemap, SITEMAP_INDEX_PATH } from '@/lib/server/sitemap-relay';

/** The city's sitemap index (robots.txt names it): the backend's, for the city of the host. */
export const dynamic = 'force-dynamic';

export async function GET(_request: Request, { params }: { params: Promise<{ city: string }> }) {
  return relaySitemap((await params).city, SITEMAP_INDEX_PATH, {});
}
