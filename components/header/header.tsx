import Link from 'next/link';
import { CHANNEL_LIST, channelIsOn } from '@contracts/channels';
import type { City, Menu } from '@contracts/city';
import { CityPicker } from '@/components/city/city-picker';
import { getCityList, getMenus } from '@/lib/city-data';
import { messages } from '@/lib/messages';
import { requestedPath } from '@/lib/api/server';
import { UserBox } from './user-box';

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

/** The menu whose page the visitor is on: the longest jumpPage that prefixes the path (home only for '/'). */
export function activeMenu(menus: Menu[], path: string): string | undefined {
  const pathname = path.split('?')[0] ?? '/';
  let best: Menu | undefined;
  for (const m of menus) {
    const page = m.jumpPage.split('?')[0] ?? '';
    const hit = page === '/' ? pathname === '/' : pathname.startsWith(page.replace(/\/+$/, ''));
    if (hit && (!best || page.length > best.jumpPage.length)) best = m;
  }
  return best?.permiCode;
}

export async function Header({ city, active }: HeaderProps) {
  const [menus, cities, here] = await Promise.all([getMenus(city.cityCode), getCityList(), requestedPath()]);
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
          {items.map((m) => (
            <Link key={m.permiCode} href={m.jumpPage} className={m.permiCode === current ? 'is-active' : undefined}>
              {m.permiName}
            </Link>
          ))}
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
          <UserBox here={here} />
        </div>
      </div>
    </header>
  );
}
