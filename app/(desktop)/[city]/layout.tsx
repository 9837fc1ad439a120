import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { AllCities } from '@/components/city/all-cities';
import { PageTracker } from '@/components/tracking/page-tracker';
import { CityProvider } from '@/lib/client/city-context';
import { getCity, getCityList } from '@/lib/server/city-data';
import { config } from '@/lib/server/config';
import { messages } from '@/lib/messages';

/**
 * Every page of a city is rendered once and served from the page cache (docs/performance.md, lib/front/page-cache/): no city is
 * built ahead (the list is the backend's), each page is rendered on its first visit, kept, and rendered again
 * once it is 50 s old (in the background, the old one served meanwhile) or at once when the backend reports a
 * change to what it shows. 50 s plus the front cache's 5 s (lib/front/page-cache/front-cache.ts) keeps a change made in
 * the database behind the API's back on screen within a minute. A page that reads the request (login,
 * personal) stays dynamic.
 */
export const revalidate = 50;
export { generateStaticParams } from '@/lib/server/render-on-visit';

export interface CityLayoutProps {
  children: ReactNode;
  params: Promise<{ city: string }>;
}

export async function generateMetadata({ params }: { params: Promise<{ city: string }> }): Promise<Metadata> {
  const { city } = await params;
  const c = await getCity(city);
  // The pages that say nothing of their own (personal, login) fall back on the city's description.
  return c
    ? { title: messages.siteTitle(c.cityName), description: messages.seo.site(c.cityName) }
    : { title: `${messages.allCities} - ${messages.brand}` };
}

/**
 * Every city page sits under this layout. An unknown city sub-domain gets the all-cities page instead
 * of its children (the proxy only checks the host's shape, not the city list).
 */
export default async function CityLayout({ children, params }: CityLayoutProps) {
  const { city: domain } = await params;
  const [city, cities] = await Promise.all([getCity(domain), getCityList()]);
  if (!city) {
    return (
      <main className="page-bare">
        <AllCities cities={cities} settings={config} notice={messages.unknownCity} />
      </main>
    );
  }
  return (
    <CityProvider
      value={{
        cityCode: city.cityCode,
        cityName: city.cityName,
        cityDomain: city.cityDomain,
        rootDomain: config.rootDomain,
        protocol: config.protocol,
      }}
    >
      {children}
      <PageTracker {...(config.statsScriptUrl ? { statsScriptUrl: config.statsScriptUrl } : {})} />
    </CityProvider>
  );
}
