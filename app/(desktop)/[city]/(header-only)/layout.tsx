import type { ReactNode } from 'react';
import { Header } from '@/components/header/header';
import { MAIN_ID, SkipLink } from '@/components/layout/skip-link';
import { getCity } from '@/lib/server/city-data';

/**
 * spec §2 "header-only" layout: the header and the page, no footer, back-to-top or chat widget. For pages that are
 * one task the visitor came to finish (登录, choosing a city in 全部城市): the footer's link tabs and the chat would
 * only lead away from it.
 */
export default async function HeaderOnlyLayout({ children, params }: { children: ReactNode; params: Promise<{ city: string }> }) {
  const city = await getCity((await params).city);
  // The [city] layout has already shown the all-cities page for an unknown city.
  if (!city) return null;
  return (
    <>
      <SkipLink />
      <Header city={city} />
      <main id={MAIN_ID} tabIndex={-1} className="site-main site-main--header-only">
        {children}
      </main>
    </>
  );
}
