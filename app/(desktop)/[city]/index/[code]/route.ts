import { cityOriginOf } from '@/lib/server/seo';
import { getCityList } from '@/lib/server/city-data';

/**
 * `/index{cityCode}` (spec §2 fixed route `/index{id}`, docs/web.md): a city's home by its code, e.g. `/index310000`
 * on any host is 上海's home, on its own host (308, the one address of that home). The proxy serves the address
 * here (lib/redirect-rules.ts routeAlias). A route, not a page: the answer is the redirect alone; a code no city has
 * is a 404.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  const city = (await getCityList()).all.flatMap((g) => g.list).find((c) => c.cityCode === code);
  if (!city) return new Response('没有这个城市', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  return new Response(null, {
    status: 308,
    headers: { location: `${cityOriginOf(city)}/`, 'cache-control': 'public, max-age=3600' },
  });
}
