import type { ReactNode } from 'react';
import { LocatedCityPrompt } from '@/components/city/located-city-prompt';
import { Footer } from '@/components/footer/footer';
import { Header } from '@/components/header/header';
import { CHAT_DOCK_ID } from '@/lib/chat/chat-dock-place';
import { getCity } from '@/lib/server/city-data';
import { BackToTop } from './back-to-top';
import { MAIN_ID, SkipLink } from './skip-link';

export interface SiteShellProps {
  cityDomain: string;
  children: ReactNode;
  /** Home page only: friendly links in the footer (spec §2). */
  home?: boolean;
}

/**
 * spec §2 "default" layout: header, footer, back-to-top, the chat widget (its place: who is looking is read in the
 * browser, so the page stays one render for everyone); plus the located-city prompt. The home (index layout) has
 * it too; the personal layout has no widget (spec §2 lists it for the default layout only).
 */
export async function SiteShell({ cityDomain, children, home = false }: SiteShellProps) {
  const city = await getCity(cityDomain);
  // The [city] layout has already shown the all-cities page for an unknown city.
  if (!city) return null;
  return (
    <>
      <SkipLink />
      <Header city={city} active={home ? 'index' : undefined} />
      <main id={MAIN_ID} tabIndex={-1} className="site-main">
        {children}
      </main>
      <Footer city={city} withFriendlyLinks={home} />
      <BackToTop />
      <LocatedCityPrompt />
      {/* The chat widget's place: the header's user box fills it once it knows who is looking (components/chat/chat-dock.tsx). */}
      <div id={CHAT_DOCK_ID} className="chat-dock" />
    </>
  );
}
