import type { Metadata } from 'next';
import { AllCities } from '@/components/city/all-cities';
import { JsonLd } from '@/components/seo/json-ld';
import { getCity, getCityList } from '@/lib/server/city-data';
import { config } from '@/lib/server/config';
import { seoFor } from '@/lib/server/seo';
import { messages } from '@/lib/messages';

interface CitysPageProps {
  params: Promise<{ city: string }>;
}

/** The all-cities page in words: how many cities, the hot ones by name. */
async function citysSeo({ params }: CitysPageProps) {
  const [city, cities] = await Promise.all([getCity((await params).city), getCityList()]);
  if (!city) return null;
  const count = cities.all.reduce((n, g) => n + g.list.length, 0);
  const seo = seoFor({
    city,
    path: '/citys',
    name: messages.allCities,
    description: messages.seo.cities(
      count,
      cities.hot.map((c) => c.cityName),
    ),
  });
  return { ...seo, metadata: { ...seo.metadata, title: `${messages.allCities} - ${messages.brand}` } };
}

export async function generateMetadata(props: CitysPageProps): Promise<Metadata> {
  return (await citysSeo(props))?.metadata ?? { title: `${messages.allCities} - ${messages.brand}` };
}

export default async function CitysPage(props: CitysPageProps) {
  const seo = await citysSeo(props);
  return (
    <>
      <JsonLd data={seo?.jsonLd ?? []} />
      <AllCities cities={await getCityList()} settings={config} />
    </>
  );
}
