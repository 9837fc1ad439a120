import { notFound, permanentRedirect } from 'next/navigation';
import { cityOriginOf } from '@/lib/server/seo';
import { getCityList } from '@/lib/server/city-data';

/**
 * `/index{cityCode}` (spec §2 fixed route `/index{id}`, docs/web.md): a city's home by its code, e.g. `/index310000`
 * on any host is 上海's home, on its own host (308, the one address of that home). The proxy serves the address
 * here (lib/redirect-rules.ts routeAlias); a code no city has is the 404 page.
 */
export default async function CityHomeByCode({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  const list = await getCityList();
  const city = list.all.flatMap((g) => g.list).find((c) => c.cityCode === code);
  if (!city) notFound();
  permanentRedirect(`${cityOriginOf(city)}/`);
}

export { generateStaticParams } from '@/lib/server/render-on-visit';
