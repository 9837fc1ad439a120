import { getCity } from '@/lib/server/city-data';
import { cityOriginOf } from '@/lib/server/seo';
import { robotsFor } from '@/lib/robots';

/** A city host's robots.txt: the rules and its sitemap index (lib/robots.ts); the proxy sends it here. */
export const revalidate = 3600;

export async function GET(_request: Request, { params }: { params: Promise<{ city: string }> }) {
  const city = await getCity((await params).city);
  return new Response(robotsFor(city ? cityOriginOf(city) : null), {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
