import Link from 'next/link';
import type { ReactNode } from 'react';
import { UserAvatar } from '@/components/account/user-avatar';
import { Header } from '@/components/header/header';
import { requestedPath } from '@/lib/api/server';
import { getCity } from '@/lib/city-data';
import { displayName } from '@/lib/format';
import { messages } from '@/lib/messages';
import { beijingHour, personalUser } from '@/lib/personal-user';

// Every personal page reads the session: never one render for everyone (app/[city]/layout.tsx).
export const dynamic = 'force-dynamic';

/**
 * spec §2 "personal" layout: the header and the left menu with the greeting by time of day and the avatar
 * (spec §2 "Personal left menu"). The layout checks the session itself (lib/personal-user.ts), so no page under
 * it renders for a visitor, whatever the page does; the page asking again costs no second call.
 */
export default async function PersonalLayout({ children, params }: { children: ReactNode; params: Promise<{ city: string }> }) {
  const { city: domain } = await params;
  const city = await getCity(domain);
  if (!city) return null;
  const [{ user, hasPassword }, requested] = await Promise.all([personalUser(), requestedPath()]);
  const here = requested.split(/[?#]/)[0] ?? '/';
  const M = messages.personalMenu;
  const A = messages.account.menu;
  const name = displayName(user);
  const item = (href: string, label: string, className?: string) => (
    <Link href={href} className={className} aria-current={here === href ? 'page' : undefined}>
      {label}
    </Link>
  );
  return (
    <>
      <Header city={city} />
      <main className="container personal">
        <aside className="personal__menu">
          <div className="personal__hello">
            <UserAvatar avatarUrl={user.avatarUrl} sex={user.sex} size={64} label={name} />
            <p className="personal__greeting">{messages.greeting(beijingHour())}</p>
            <p className="personal__name">{name}</p>
          </div>
          <nav aria-label={messages.account.menuLabel}>
            {item('/personal/account', M.account, 'personal__group')}
            {item('/personal/account/info', A.info, 'personal__sub')}
            {item('/personal/account/changePass', hasPassword ? A.changePass : A.setPass, 'personal__sub')}
            {item('/personal/house/ershoufang', M.sell)}
            {item('/personal/house/zufang', M.rent)}
            {item('/personal/record/ershoufang', M.record)}
          </nav>
        </aside>
        <section className="personal__body">{children}</section>
      </main>
    </>
  );
}
