import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { UserAvatar } from '@/components/account/user-avatar';
import { PersonalMenu } from '@/components/personal/personal-menu';
import { Header } from '@/components/header/header';
import { MAIN_ID, SkipLink } from '@/components/layout/skip-link';
import { getCity } from '@/lib/server/city-data';
import { displayName } from '@/lib/format';
import { ENTRUST_MANAGE_PATH } from '@/lib/entrust-form-state';
import { messages } from '@/lib/messages';
import { beijingHour, personalUser } from '@/lib/server/personal-user';
import '@/components/personal/personal.css';
import '@/components/viewing/viewing.css';
import '@/components/house/house.css';

// Every personal page reads the session: never one render for everyone (app/(desktop)/[city]/layout.tsx).
export const dynamic = 'force-dynamic';

/** copy.md's `{城市名}找房 - 优居` after each personal page's own name: `看房记录 - 北京找房 - 优居`. */
export async function generateMetadata({ params }: { params: Promise<{ city: string }> }): Promise<Metadata> {
  const city = await getCity((await params).city);
  if (!city) return {};
  const site = messages.siteTitle(city.cityName);
  return { title: { template: messages.pageTitle('%s', city.cityName), default: site } };
}

/**
 * spec §2 "personal" layout: the header and the left menu with the greeting by time of day and the avatar
 * (spec §2 "Personal left menu"). The layout checks the session itself (lib/server/personal-user.ts), so no page under
 * it renders for a visitor, whatever the page does; the page asking again costs no second call.
 */
export default async function PersonalLayout({ children, params }: { children: ReactNode; params: Promise<{ city: string }> }) {
  const { city: domain } = await params;
  const city = await getCity(domain);
  if (!city) return null;
  const { user, hasPassword } = await personalUser();
  const M = messages.personalMenu;
  const A = messages.account.menu;
  const name = displayName(user);
  return (
    <>
      <SkipLink />
      <Header city={city} />
      <main id={MAIN_ID} tabIndex={-1} className="container personal">
        <aside className="personal__menu">
          <div className="personal__hello">
            <UserAvatar avatarUrl={user.avatarUrl} sex={user.sex} size={64} label={name} />
            <p className="personal__greeting">{messages.greeting(beijingHour())}</p>
            <p className="personal__name">{name}</p>
          </div>
          <PersonalMenu
            label={messages.account.menuLabel}
            items={[
              { href: '/personal/account', label: M.account, className: 'personal__group' },
              { href: '/personal/account/info', label: A.info, className: 'personal__sub' },
              { href: '/personal/account/changePass', label: hasPassword ? A.changePass : A.setPass, className: 'personal__sub' },
              { href: '/personal/house/ershoufang', label: M.sell, also: ['/personal/entrust/sell'] },
              { href: '/personal/house/zufang', label: M.rent, also: ['/personal/entrust/rental'] },
              { href: '/personal/record/ershoufang', label: M.record, also: ['/personal/record/zufang'] },
              { href: ENTRUST_MANAGE_PATH, label: M.entrust, also: ['/personal/entrust/company'] },
              { href: '/personal/subscribe', label: M.subscribe },
            ]}
          />
        </aside>
        <section className="personal__body">{children}</section>
      </main>
    </>
  );
}
