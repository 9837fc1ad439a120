import 'server-only';
import { ApiPath } from '@contracts/paths';
import { getCity } from '@/lib/server/city-data';
import { config } from '@/lib/server/config';

/**
 * The city host's sitemaps (`/sitemap.xml`, `/sitemaps/esf-1.xml.gz`) are the backend's answers passed on as they
 * stream (backend/src/modules/sitemap/): the web adds nothing but the city the host names. An unknown city, kind or
 * part is a plain 404, as a crawler expects.
 */
export async function relaySitemap(domain: string, path: string, query: Record<string, string>): Promise<Response> {
  const city = await getCity(domain);
  if (!city) return notFound();
  const url = new URL(`${config.backendUrl}${path}`);
  url.search = new URLSearchParams({ cityCode: city.cityCode, ...query }).toString();
  const answer = await fetch(url, { cache: 'no-store' }).catch(() => null);
  if (!answer) return new Response('网站地图暂时无法生成，请稍后再试', { status: 503, headers: textHeaders });
  if (answer.status === 404 || answer.status === 400) return notFound();
  if (!answer.ok || !answer.body) return new Response('网站地图暂时无法生成，请稍后再试', { status: 502, headers: textHeaders });
  const headers = new Headers({ 'content-type': answer.headers.get('content-type') ?? 'application/xml' });
  for (const name of ['cache-control', 'content-disposition']) {
    const value = answer.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(answer.body, { status: 200, headers });
}

const textHeaders = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' };
const notFound = () => new Response('没有这个网站地图', { status: 404, headers: textHeaders });

export const SITEMAP_INDEX_PATH = ApiPath.sitemapIndex;
export const SITEMAP_FILE_PATH = ApiPath.sitemapFile;
