import Link from 'next/link';
import { CHANNEL_LIST, channelIsOn } from '@contracts/channels';
import type { City, Menu } from '@contracts/city';
import { CityPicker } from '@/components/city/city-picker';
import { getMenus } from '@/lib/server/city-data';
import { messages } from '@/lib/messages';
import { MainNav, SectionLogo, SectionSearch } from './section';
import { UserBox } from './user-box';

export interface HeaderProps {
  city: City;
  /** permiCode highlighted whatever the path (the home layout's 'index'); otherwise the section of the path (./section.tsx). */
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

export async function Header({ city, active }: HeaderProps) {
  const menus = await getMenus(city.cityCode);
  const items = visibleMenus(menus.length ? menus : fallbackMenus(), city);
  return (
    <>
      <header className="site-header">
        <div className="site-header__inner container">
          <SectionLogo />
          <CityPicker />
          <MainNav items={items} active={active} />
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
            <UserBox />
          </div>
        </div>
      </header>
      <SectionSearch />
    </>
  );
}
