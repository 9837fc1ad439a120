import type { ReactNode } from 'react';
import { Header } from '@/components/header/header';
import { MAIN_ID, SkipLink } from '@/components/layout/skip-link';
import { getCity } from '@/lib/server/city-data';

/** spec §2 "map" layout: the header only; the map fills the rest of the window (no footer, no chat widget). */
export default async function MapLayout({ children, params }: { children: ReactNode; params: Promise<{ city: string }> }) {
  const city = await getCity((await params).city);
  if (!city) return null;
  return (
    <>
      <SkipLink />
      <Header city={city} active="map" />
      <main id={MAIN_ID} tabIndex={-1} className="site-main site-main--map">
        {children}
      </main>
    </>
  );
}
