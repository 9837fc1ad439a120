import type { Metadata } from 'next';
import { BrandUpgrade } from '@/components/errors/brand-upgrade';
import { cityOrigin } from '@/lib/host';
import { config } from '@/lib/server/config';
import { messages } from '@/lib/messages';

export const metadata: Metadata = { title: `${messages.brandUpgrade} - ${messages.brand}` };

/** spec §8 status 303: where an answer with HTTP 303 sends the visitor; links to the city's new domain. */
export default async function BrandUpgradePage({ params }: { params: Promise<{ city: string }> }) {
  const { city } = await params;
  return (
    <main className="error-shell">
      <BrandUpgrade href={`${cityOrigin(city, config)}/`} />
    </main>
  );
}
