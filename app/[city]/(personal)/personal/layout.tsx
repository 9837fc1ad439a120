import Link from 'next/link';
import type { ReactNode } from 'react';
import { Header } from '@/components/header/header';
import { getCity } from '@/lib/city-data';
import { messages } from '@/lib/messages';

// Every personal page reads the session: never one render for everyone (app/[city]/layout.tsx).
export const dynamic = 'force-dynamic';

/** spec §2 "personal" layout: header and the left menu. */
export default async function PersonalLayout({ children, params }: { children: ReactNode; params: Promise<{ city: string }> }) {
  const { city: domain } = await params;
  const city = await getCity(domain);
  if (!city) return null;
  const M = messages.personalMenu;
  return (
    <>
      <Header city={city} />
      <main className="container personal">
        <aside className="personal__menu">
          <Link href="/personal/account">{M.account}</Link>
          <Link href="/personal/entrust/sell">{M.sell}</Link>
          <Link href="/personal/entrust/rental">{M.rent}</Link>
          <Link href="/personal/record/ershoufang">{M.record}</Link>
        </aside>
        <section className="personal__body">{children}</section>
      </main>
    </>
  );
}
