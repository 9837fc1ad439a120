import type { ReactNode } from 'react';
import { SiteShell } from '@/components/layout/site-shell';

/** spec §2 "default" layout. */
export default async function DefaultLayout({ children, params }: { children: ReactNode; params: Promise<{ city: string }> }) {
  const { city } = await params;
  return <SiteShell cityDomain={city}>{children}</SiteShell>;
}
