import type { ReactNode } from 'react';
import { SiteShell } from '@/components/layout/site-shell';

/** spec §2 "index" layout: the home page, with friendly links in the footer. */
export default async function IndexLayout({ children, params }: { children: ReactNode; params: Promise<{ city: string }> }) {
  const { city } = await params;
  return (
    <SiteShell cityDomain={city} home>
      {children}
    </SiteShell>
  );
}
