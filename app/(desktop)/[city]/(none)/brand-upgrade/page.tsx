import type { Metadata } from 'next';
import { BrandUpgrade } from '@/components/errors/brand-upgrade';
import { JsonLd } from '@/components/seo/json-ld';
import { cityOrigin } from '@/lib/host';
import { config } from '@/lib/server/config';
import { getCity } from '@/lib/server/city-data';
import { messages } from '@/lib/messages';
import { seoFor } from '@/lib/server/seo';
import type { City } from '@contracts/city';

interface BrandUpgradeProps {
  params: Promise<{ city: string }>;
}

/** A page that only sends the visitor on: no page for an index (noindex, follow). */
const upgradeSeo = (city: City) =>
  seoFor({
    city,
    path: '/brand-upgrade',
    name: messages.brandUpgrade,
    description: messages.seo.brandUpgrade(city.cityName),
    noindex: true,
  });

export async function generateMetadata({ params }: BrandUpgradeProps): Promise<Metadata> {
  const city = await getCity((await params).city);
  return city ? upgradeSeo(city).metadata : { title: `${messages.brandUpgrade} - ${messages.brand}` };
}

/** spec §8 status 303: where an answer with HTTP 303 sends the visitor; links to the city's new domain. */
export default async function BrandUpgradePage({ params }: BrandUpgradeProps) {
  const { city } = await params;
  const known = await getCity(city);
  return (
    <main className="error-shell">
      {known && <JsonLd data={upgradeSeo(known).jsonLd} />}
      <BrandUpgrade href={`${cityOrigin(city, config)}/`} />
    </main>
  );
}
