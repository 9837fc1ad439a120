import Link from 'next/link';
import { CHANNEL_LIST, channelIsOn } from '@contracts/channels';
import type { City, Menu } from '@contracts/city';
import { CityPicker } from '@/components/city/city-picker';
import { getCityList, getMenus, getUser } from '@/lib/city-data';
import { displayName } from '@/lib/format';
import { loginPath } from '@/lib/redirect-rules';
import { messages } from '@/lib/messages';
import { requestedPath } from '@/lib/api/server';
import { LogoutButton } from './logout-button';

export interface HeaderProps {
  city: City;
  /** permiCode of the current section, highlighted in the menu. */
  active?: string;
}

/** Menu shown when the menu call fails (spec §7 swallows it): home, the first channel of each menu, news. */
function fallbackMenus(): Menu[] {
  const m = messages.menu;
  const channels = CHANNEL_LIST.filter((c, i) => CHANNEL_LIST.findIndex((d) => d.menuCode === c.menuCode) === i);
  return [
    { permiName: m.index, permiCode: 'index', jumpPage: '/', children: [] },
    ...channels.map((c) => ({ permiName: m[c.menuCode], permiCode: c.menuCode, jumpPage: c.listPath, children: [] })),
    { permiName: m.news, permiCode: 'news', jumpPage: '/news/', children: [] },
  ];
}

/**
 * spec §2 Header: channel entries follow the city's flags (shops and offices only where the city has them);
 * an entry goes when every channel behind it is off in the city.
 */
export function visibleMenus(menus: Menu[], city: City): Menu[] {
  const isOff = (permiCode: string) => {
    const behind = CHANNEL_LIST.filter((c) => c.menuCode === permiCode);
    return behind.length > 0 && behind.every((c) => !channelIsOn(city, c.code));
  };
  // The map has its own button.
  return menus.filter((m) => m.permiCode !== 'map' && !isOff(m.permiCode));
}

/**
 * The menu whose page the visitor is on: the longest jumpPage, its own or one of its children's, that prefixes
 * the path (home only for '/'): 商铺 is active on /sp/rent/ as on its own /sp/buy/.
 */
export function activeMenu(menus: Menu[], path: string): string | undefined {
  const pathname = path.split('?')[0] ?? '/';
  let best: { code: string; length: number } | undefined;
  for (const m of menus) {
    for (const jumpPage of [m.jumpPage, ...m.children.map((c) => c.jumpPage)]) {
      const page = jumpPage.split('?')[0] ?? '';
      const hit = page === '/' ? pathname === '/' : pathname.startsWith(page.replace(/\/+$/, ''));
      if (hit && (!best || page.length > best.length)) best = { code: m.permiCode, length: page.length };
    }
  }
  return best?.code;
}

export async function Header({ city, active }: HeaderProps) {
  const [menus, user, cities, here] = await Promise.all([getMenus(city.cityCode), getUser(), getCityList(), requestedPath()]);
  const items = visibleMenus(menus.length ? menus : fallbackMenus(), city);
  const current = active ?? activeMenu(items, here);
  return (
    <header className="site-header">
      <div className="site-header__inner container">
        <Link href="/" className="logo" aria-label={messages.brand}>
          <span className="logo__mark">优</span>
          <span className="logo__text">{messages.brand}</span>
        </Link>
        <CityPicker cities={cities} />
        <nav className="main-nav">
          {items.map((m) =>
            m.children.length === 0 ? (
              <Link key={m.permiCode} href={m.jumpPage} className={m.permiCode === current ? 'is-active' : undefined}>
                {m.permiName}
              </Link>
            ) : (
              // spec §2 Header: 商铺 and 写字楼 open their sale and rent lists (商铺出售 / 商铺出租) on hover.
              <div key={m.permiCode} className="main-nav__group">
                <Link href={m.jumpPage} className={m.permiCode === current ? 'is-active' : undefined}>
                  {m.permiName}
                </Link>
                <div className="main-nav__sub">
                  {m.children.map((c) => (
                    <Link key={c.permiCode} href={c.jumpPage}>
                      {c.permiName}
                    </Link>
                  ))}
                </div>
              </div>
            ),
          )}
        </nav>
        <div className="site-header__right">
          <Link href="/map?type=0" className="map-button">
            {messages.mapSearch}
          </Link>
          <div className="dropdown">
            <span className="dropdown__toggle">{messages.owner}</span>
            <div className="dropdown__menu">
              <Link href="/personal/entrust/sell">{messages.sellHome}</Link>
              <Link href="/personal/entrust/rental">{messages.rentOutHome}</Link>
            </div>
          </div>
          <Link href="/download" className="header-link">
            {messages.downloadApp}
          </Link>
          {user ? (
            <span className="user-box">
              <Link href="/personal/account" className="user-box__name">
                {displayName(user)}
              </Link>
              <LogoutButton />
            </span>
          ) : (
            <span className="user-box">
              <Link href={here.startsWith('/login') ? '/login' : loginPath(here)}>{messages.login}</Link>
              <span className="divider">/</span>
              <Link href={here.startsWith('/login') ? '/login' : loginPath(here)}>{messages.register}</Link>
            </span>
          )}
        </div>
      </div>
    </header>
  );
}
